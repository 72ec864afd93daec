import { createContext, useContext, type ReactNode } from 'react';
import type { ClientSiteConfig } from '../src/shared/config';
import type { SidebarsData } from '../src/shared/pageData';

/** A hook used outside its provider: a developer-facing error (behaviours B54). */
export class ReactContextError extends Error {
  constructor(hook: string, provider: string) {
    super(`Hook ${hook} is called outside the <${provider}>.`);
    this.name = 'ReactContextError';
  }
}

export interface SiteContextValue {
  config: ClientSiteConfig;
  sidebars: SidebarsData;
}

// One context per process, however many copies of this module are bundled: React pages
// (pages/*.tsx) are compiled into their own bundle, and a Link in one of them must read the
// provider that the renderer set up.
const CONTEXT_KEY = Symbol.for('dfdocs.siteContext');
const registry = globalThis as typeof globalThis & {
  [CONTEXT_KEY]?: ReturnType<typeof createContext<SiteContextValue | null>>;
};
const SiteContext = (registry[CONTEXT_KEY] ??= createContext<SiteContextValue | null>(null));

export function SiteProvider({
  value,
  children,
}: {
  value: SiteContextValue;
  children: ReactNode;
}) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const v = useContext(SiteContext);
  if (!v) throw new ReactContextError('useSite', 'SiteProvider');
  return v;
}
