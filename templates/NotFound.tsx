/** Shown for any unknown path (B23). */
export function NotFound() {
  return (
    <main className="page page--narrow" id="__dfdocs_main">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>The link you followed may be outdated, or the page may have moved.</p>
    </main>
  );
}
