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

declare global {
  /**
   * `true` in the client bundle (esbuild's `define`, src/render/bundle/bundleClient.ts),
   * undefined on the server: code under `typeof __DFDOCS_CLIENT__ === 'undefined'` is
   * the server's alone and compiles away in the browser. A lazy component the server
   * renders on some sites or pages only is loaded there once, when its module is first
   * evaluated (`if (typeof __DFDOCS_CLIENT__ === 'undefined') await c.preload()`), so it
   * renders at once; the browser preloads it before hydrating wherever the server
   * rendered it, so the hydrating render matches without suspending.
   */
  const __DFDOCS_CLIENT__: true | undefined;
}
