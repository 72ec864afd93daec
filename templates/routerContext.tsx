import { createContext, useContext, type ReactNode } from 'react';

/**
 * What templates know of the router: the current location and a way to navigate.
 * The server provides a static value; the client router (src/client) a live one.
 */
export interface RouterValue {
  /** Route of the page shown, without the base URL. */
  route: string;
  hash: string;
  navigate: (href: string) => void;
  /** Bumps on every committed navigation (menus close on it). */
  navigationCount: number;
}

const RouterContext = createContext<RouterValue | null>(null);

export function RouterProvider({ value, children }: { value: RouterValue; children: ReactNode }) {
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const v = useContext(RouterContext);
  if (!v) throw new Error('Hook useRouter is called outside the <RouterProvider>.');
  return v;
}
