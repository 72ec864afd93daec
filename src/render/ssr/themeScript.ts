import type { ColorModeConfig } from '../../shared/config';

/**
 * The inline script that runs before first paint (B1, B11): picks the theme from the
 * `docusaurus-theme` query parameter, the stored `theme`, the system preference (when
 * respected) or the default, and flags a dismissed announcement bar so CSS hides it.
 */
export function themeBootstrapScript(colorMode: ColorModeConfig): string {
  const respect = colorMode.respectPrefersColorScheme && !colorMode.disableSwitch ? 1 : 0;
  const def = colorMode.defaultMode === 'dark' ? 'dark' : 'light';
  return `(function(){var d=document.documentElement;function g(k){try{return localStorage.getItem(k)}catch(e){return null}}var t=null;try{t=new URLSearchParams(location.search).get('docusaurus-theme')}catch(e){}t=t||g('theme');if(!t&&${respect}){if(matchMedia('(prefers-color-scheme: dark)').matches)t='dark';else if(matchMedia('(prefers-color-scheme: light)').matches)t='light'}d.setAttribute('data-theme',t||'${def}');d.setAttribute('data-announcement-bar-initially-dismissed',g('docusaurus.announcement.dismiss')==='true'?'true':'false')})();`;
}

/**
 * The base-URL issue banner (B59): only on the home route, shown when the client
 * global never appeared (scripts failed to load, usually a wrong baseUrl).
 */
export function baseUrlBannerScript(baseUrl: string): string {
  const shown = JSON.stringify(baseUrl + (baseUrl === '/' ? ' (default value)' : ''));
  return `document.addEventListener('DOMContentLoaded',function(){if(window.dfdocs!==undefined)return;var c=document.createElement('div');c.id='__docusaurus-base-url-issue-banner-container';var p=location.pathname.replace(/\\/?$/,'/');c.innerHTML='<div id="__docusaurus-base-url-issue-banner" style="border:thick solid red;background:#fa5252;color:#fff;margin:20px;padding:20px;font-size:20px"><p style="font-weight:bold">Your site did not load properly.</p><p>A very common reason is a wrong site baseUrl configuration.</p><p>Current configured baseUrl = <span></span></p><p>We suggest trying baseUrl = <span></span></p></div>';var s=c.querySelectorAll('span');s[0].textContent=${shown};s[1].textContent=p;document.body.prepend(c)});`;
}
