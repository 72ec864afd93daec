import { Link } from './Link';
import { useSite } from './siteContext';
import { slotOverrides } from './slots';

/**
 * The content of the page shown for any unknown path (B23). Like React pages, it is
 * rendered at build time into the 404 page's body (src/render/pages/renderRoute.tsx),
 * so the browser never downloads this component; App shows that body.
 */
export function NotFoundBody({ docsRoute }: { docsRoute?: string }) {
  const { config } = useSite();
  const { path, mainDocId } = config.docs.version;
  // The main doc's route (it may differ from `<docs path>/<id>`: an index doc, a slug).
  const docs = docsRoute ?? `${path.replace(/\/$/, '')}/${mainDocId}`;
  // The site's own content, if it has one (config `components.notFound`, see ./slots.ts).
  if (typeof __DFDOCS_SLOTS__ === 'undefined' || __DFDOCS_SLOTS__) {
    const Override = slotOverrides.notFound;
    if (Override) return <Override config={config} docsRoute={docsRoute} />;
  }
  return (
    <>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The link you followed may be outdated, or the page may have moved. Try the navigation above,
        or start again from one of these:
      </p>
      <div className="not-found__actions">
        <Link to="/" className="button button--primary">
          Home page
        </Link>
        {docsRoute !== undefined || mainDocId ? (
          <Link to={docs} className="button button--secondary">
            Read the docs
          </Link>
        ) : null}
      </div>
    </>
  );
}
