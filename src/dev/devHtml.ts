import { API_PENDING_QUERY, DEV_CLIENT } from './protocol';
import type { OverlayError } from './protocol';

const devScript = (src: string) => `<script type="module" src="${src}"></script>`;
const DEV_SCRIPT = devScript(DEV_CLIENT);

/**
 * Adds the dev client to a rendered document, just before `</body>` (outside the hydrated
 * root). `apiPending`: served while the API reference was loading (see `API_PENDING_QUERY`).
 */
export function withDevClient(document: string, apiPending = false): string {
  const script = apiPending ? devScript(`${DEV_CLIENT}?${API_PENDING_QUERY}`) : DEV_SCRIPT;
  const at = document.lastIndexOf('</body>');
  return at === -1 ? document + script : document.slice(0, at) + script + document.slice(at);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page shown when a route has never rendered: the problems in plain HTML (readable
 * without JavaScript), and the dev client, which shows the overlay and reloads once fixed.
 */
export function errorDocument(errors: OverlayError[]): string {
  const items = errors
    .map(
      (e) =>
        `<li><code>${escape(e.file ? `${e.file}:${e.line ?? 1}:${e.column ?? 1}` : e.code)}</code> ${escape(e.message)}${e.hint ? ` — ${escape(e.hint)}` : ''}</li>`,
    )
    .join('');
  return (
    '<!DOCTYPE html><html lang="en" data-dfdocs-dev-error="true"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0">' +
    '<title>Error | dfdocs dev</title><meta name="color-scheme" content="light dark"></head>' +
    '<body style="font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;max-width:60rem">' +
    '<h1 style="font-size:1.4rem">This page could not be rendered</h1>' +
    `<ul>${items}</ul><p>Fix the file and save: the page reloads by itself.</p>` +
    DEV_SCRIPT +
    '</body></html>'
  );
}
