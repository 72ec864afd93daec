import { useSyncExternalStore } from 'react';

/** Desktop iff the window is wider than this many CSS pixels (behaviours B37). */
export const DESKTOP_MIN_WIDTH = 997;

/** `ssr` on the server and during hydration (desktop markup is rendered then, B37). */
export type WindowSize = 'desktop' | 'mobile' | 'ssr';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const snapshot = (): WindowSize => (window.innerWidth >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile');

/** The layout the window calls for, re-checked on every resize. */
export function useWindowSize(): WindowSize {
  return useSyncExternalStore(subscribe, snapshot, () => 'ssr');
}
