/**
 * The dev error overlay: a modal panel in a shadow root (the site's CSS cannot reach it,
 * nor it the site's), listing each problem with its file, line, message, a code frame
 * and the hint. Built with textContent only: messages are never parsed as HTML.
 */
import type { OverlayError } from '../protocol';

const HOST_ID = 'dfdocs-dev-overlay';

const CSS = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(15, 17, 21, .55); overflow-y: auto; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.panel { --bg: #ffffff; --fg: #1c1e21; --muted: #5f6368; --border: #e3e5e8; --frame: #f6f7f9; --accent: #d62d20; --loc: #1a5fb4;
  box-sizing: border-box; max-width: 56rem; margin: 4rem auto; padding: 1.25rem 1.5rem 1rem; background: var(--bg); color: var(--fg);
  border-radius: 10px; border-top: 4px solid var(--accent); box-shadow: 0 12px 40px rgba(0,0,0,.35); }
.panel.warnings-only { --accent: #b26a00; }
:host([data-theme="dark"]) .panel { --bg: #1b1b1d; --fg: #e3e3e3; --muted: #a0a4ab; --border: #34363b; --frame: #111214; --accent: #ff6b5e; --loc: #8ab4f8; }
:host([data-theme="dark"]) .panel.warnings-only { --accent: #f0b352; }
.code.warning { color: #b26a00; }
:host([data-theme="dark"]) .code.warning { color: #f0b352; }
header { display: flex; align-items: center; justify-content: space-between; gap: 1rem; }
h2 { margin: 0; font-size: 1.05rem; font-weight: 600; color: var(--accent); }
button { font: inherit; font-size: 1.4rem; line-height: 1; width: 2rem; height: 2rem; border: 1px solid var(--border); border-radius: 6px; background: transparent; color: var(--muted); cursor: pointer; }
button:hover, button:focus-visible { color: var(--fg); border-color: var(--muted); }
article { padding: .9rem 0; border-bottom: 1px solid var(--border); }
article:last-of-type { border-bottom: 0; }
.code { margin: 0 0 .2rem; font: 600 .75rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--muted); }
.message { margin: 0 0 .35rem; font-size: 1.05rem; font-weight: 600; white-space: pre-wrap; overflow-wrap: anywhere; }
.location { margin: 0 0 .5rem; font: .9rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--loc); overflow-wrap: anywhere; }
pre { margin: .25rem 0 .6rem; padding: .75rem 1rem; background: var(--frame); border: 1px solid var(--border); border-radius: 6px; overflow-x: auto; font: .85rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.hint, .note { margin: .25rem 0 0; color: var(--muted); font-size: .9rem; }
.hint strong { color: var(--fg); font-weight: 600; }
footer { margin-top: .5rem; padding-top: .75rem; border-top: 1px solid var(--border); color: var(--muted); font-size: .85rem; }
@media (max-width: 600px) { .panel { margin: .75rem; padding: 1rem; } .message { font-size: 1rem; } }
`;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

let dismissed = '';

function errorArticle(e: OverlayError): HTMLElement {
  const article = el('article');
  article.append(
    el(
      'p',
      e.severity === 'warning' ? 'code warning' : 'code',
      e.severity === 'warning' ? `warning ${e.code}` : e.code,
    ),
  );
  article.append(el('p', 'message', e.message));
  if (e.file) article.append(el('p', 'location', `${e.file}:${e.line ?? 1}:${e.column ?? 1}`));
  if (e.frame) article.append(el('pre', 'frame', e.frame));
  if (e.hint) {
    const hint = el('p', 'hint');
    hint.append(el('strong', undefined, 'Fix: '), e.hint);
    article.append(hint);
  }
  if (e.note) article.append(el('p', 'note', e.note));
  return article;
}

export function hideOverlay(): void {
  document.getElementById(HOST_ID)?.remove();
}

/** Shows (or refreshes) the overlay; a list the writer dismissed stays hidden until it changes. */
export function showOverlay(errors: OverlayError[]): void {
  const key = JSON.stringify(errors);
  if (key === dismissed) return;
  let host = document.getElementById(HOST_ID);
  if (!host) {
    host = el('div');
    host.id = HOST_ID;
    host.attachShadow({ mode: 'open' });
    document.body.append(host);
  }
  host.dataset.theme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
  const shadow = host.shadowRoot!;
  shadow.replaceChildren();
  const style = el('style', undefined, CSS);
  const backdrop = el('div', 'backdrop');
  const panel = el('section', 'panel');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-labelledby', 'dfdocs-dev-overlay-title');
  const header = el('header');
  const warnings = errors.filter((e) => e.severity === 'warning').length;
  const failures = errors.length - warnings;
  const count = (n: number, word: string) => (n === 1 ? `1 ${word}` : `${n} ${word}s`);
  const title = el(
    'h2',
    undefined,
    `dfdocs dev: ${[
      failures ? count(failures, 'error') : '',
      warnings ? count(warnings, 'warning') : '',
    ]
      .filter(Boolean)
      .join(', ')}`,
  );
  if (!failures) panel.classList.add('warnings-only');
  title.id = 'dfdocs-dev-overlay-title';
  const close = el('button', undefined, '×');
  close.type = 'button';
  close.setAttribute('aria-label', 'Dismiss');
  close.title = 'Dismiss (Esc)';
  const dismiss = () => {
    dismissed = key;
    hideOverlay();
    removeEventListener('keydown', onKey);
  };
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key === 'Escape') dismiss();
  };
  close.addEventListener('click', dismiss);
  addEventListener('keydown', onKey);
  header.append(title, close);
  panel.append(
    header,
    ...errors.map(errorArticle),
    el(
      'footer',
      undefined,
      'Fix the file and save: this closes by itself, and the server keeps running. Esc dismisses it.',
    ),
  );
  backdrop.append(panel);
  shadow.append(style, backdrop);
}
