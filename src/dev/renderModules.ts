/**
 * The rendering code dev mode can reload: the same functions `dfdocs build` uses, gathered
 * in one entry so that a template (or render code) change is picked up by bundling this
 * file afresh with esbuild and importing the result (Node cannot forget an imported
 * module). Everything with state worth keeping (the highlighter, React) stays outside.
 */
export { renderPage } from '../render/pages/renderPage';
// renderPage in two halves: a markdown page's body renders while the client is still bundled.
export { renderRouteBody, completeRoute } from '../render/executor/pool/pipeline';
export { finish } from '../render/pages/renderRoute';
export { createMarkdownRenderer } from '../render/markdown/processor';
export { slotOverrides } from '../../templates/slots';
