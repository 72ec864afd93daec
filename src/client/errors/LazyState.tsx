import { useEffect, useState } from 'react';

/** Loader default delay (spec §9): a load that ends sooner shows nothing. */
export const LOADER_DELAY_MS = 200;

function DelayedLoading() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  if (!shown) return null;
  return (
    <div className="lazy-loading" role="status">
      <span className="lazy-loading__spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}

/**
 * B53: the page slot while a route loaded after the page was shown is on its way
 * (nothing for 200 ms, then a loading indicator) or after it failed (the error and
 * a Retry button that loads it again).
 */
export function LazyState({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  if (error === undefined) return <DelayedLoading />;
  return (
    <div className="lazy-error" role="alert">
      <p className="lazy-error__title">This page could not be loaded.</p>
      <p className="lazy-error__message">{String(error)}</p>
      <button type="button" className="lazy-error__retry" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
