import type { MouseEvent } from 'react';
import { SKIP_REGION_ID } from '../../src/shared/documentIds';

/** Id of the main wrapper: the skip link's target and its fallback (B49, the spec's id). */
export const MAIN_WRAPPER_ID = '__docusaurus_skipToContent_fallback';

/**
 * Focuses `el` through a temporary tabindex, leaving the URL alone. The tabindex goes
 * when focus leaves: removing it at once would make the browser drop focus to <body>.
 */
export function programmaticFocus(el: HTMLElement): void {
  const had = el.hasAttribute('tabindex');
  if (!had) {
    el.setAttribute('tabindex', '-1');
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  }
  el.focus();
}

/**
 * "Skip to main content" (B49): the first focusable element, off-screen until focused.
 * Without JavaScript it is a plain in-page link; with it, a click focuses the first
 * `<main>` (else the wrapper) and leaves the URL alone. The region is also where the
 * router puts focus after a navigation (B25).
 */
export function SkipToContent() {
  const onClick = (e: MouseEvent) => {
    e.preventDefault();
    const target =
      document.querySelector<HTMLElement>('main') ?? document.getElementById(MAIN_WRAPPER_ID);
    if (target) programmaticFocus(target);
  };
  return (
    <section aria-label="Skip to main content" className="skip-to-content" id={SKIP_REGION_ID}>
      <a href={`#${MAIN_WRAPPER_ID}`} className="skip-to-content__link" onClick={onClick}>
        Skip to main content
      </a>
    </section>
  );
}
