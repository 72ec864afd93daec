import { lazy, useState, type ComponentType } from 'react';

/**
 * A component kept in a chunk of its own (loaded on first render, or ahead of it with
 * `preload`). Unlike a bare `React.lazy`, a component already loaded renders at once,
 * without suspending: the client preloads what the first view will show (the mobile
 * panel at mobile width) before hydrating, so it appears with the hydrated page.
 * Render it inside a `<Suspense>`: it suspends while its chunk loads.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (C) => (loaded = C),
      (error: unknown) => {
        pending = undefined; // the next attempt fetches again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((C) => ({ default: C })));
  function Component(props: P) {
    // Fixed per instance: switching from the lazy wrapper to the loaded type would remount it.
    const [C] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <C {...props} />;
  }
  return { Component, preload };
}
