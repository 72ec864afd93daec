/**
 * The page's server-rendered body. Markdown and React pages are rendered to HTML at
 * build time, so the browser never downloads the components or data that produced them;
 * interactive bits inside (copy buttons, tabs) work by event delegation.
 */
export function PageBody({ html }: { html: string }) {
  return <div className="markdown" data-page-body="" dangerouslySetInnerHTML={{ __html: html }} />;
}
