import { createContext } from 'react';
import type { SidebarItem } from '../../src/shared/pageData';

/** What a sidebar's HTML depends on, besides the route. */
export interface SidebarShape {
  items: SidebarItem[];
  baseUrl: string;
  className: string;
  /** The sidebar's `useId` (the ids of its categories derive from it). */
  treeId: string;
}

/**
 * Sidebar HTML the server already has: the inner HTML of a sidebar of `shape` showing
 * `route`, or undefined (the sidebar renders as usual). The render side provides one
 * (src/render/ssr/sidebarHtmlCache.ts, where and how it is kept is its business); the
 * browser provides none.
 */
export interface PrerenderedSidebars {
  lookup(shape: SidebarShape, route: string): string | undefined;
}

export const PrerenderedSidebarContext = /* @__PURE__ */ createContext<
  PrerenderedSidebars | undefined
>(undefined);
