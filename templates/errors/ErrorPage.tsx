import { useEffect } from 'react';

/** The error and its causes, outermost first. */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let e: unknown = error;
  while (e !== undefined && e !== null && chain.length < 20 && !chain.includes(e)) {
    chain.push(e);
    e = e instanceof Error ? e.cause : undefined;
  }
  return chain;
}

/** The messages of an error's cause chain, joined as Docusaurus prints them (B52). */
export function errorChainMessage(error: unknown): string {
  return errorChain(error)
    .map((e) => (e instanceof Error ? e.message : String(e)))
    .join('\n\nCause:\n');
}

/**
 * What a crashed page shows (B52): the title "Page Error", "This page crashed.", a
 * "Try again" button and the message chain. The previous title comes back on recovery.
 */
export function ErrorPage({ error, tryAgain }: { error: Error; tryAgain: () => void }) {
  useEffect(() => {
    const previous = document.title;
    document.title = 'Page Error';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main className="error-page">
      <h1>This page crashed.</h1>
      <p className="error-page__lead">
        Something went wrong while showing this page. Trying again often helps; if it does not, the
        message below says what failed.
      </p>
      <button type="button" className="button button--primary" onClick={tryAgain}>
        Try again
      </button>
      <p className="error-page__message" style={{ whiteSpace: 'pre-wrap' }}>
        {errorChainMessage(error)}
      </p>
    </main>
  );
}
