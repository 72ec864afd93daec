import { Suspense, lazy } from 'react';

/** Shown only after a crash (B52), so a chunk of its own, loaded then; the boundary's fallback waits for it. */
const ErrorPage = lazy(() => import('./ErrorPage').then((m) => ({ default: m.ErrorPage })));

/** The fallback of the error boundaries: the crash page (./ErrorPage.tsx), loaded on first use. */
export function ErrorFallback(props: { error: Error; tryAgain: () => void }) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}
