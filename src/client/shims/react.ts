/**
 * The client bundle's view of `react` (bundleClient.ts redirects our own `react` imports
 * here). React ships CommonJS, so each bundled module would reach every hook through
 * an interop object (`(0, r.useState)(…)`); re-exported as ES bindings, calls minify to a
 * bare name. Add a name here when templates or the client start using it.
 */
import * as React from 'react';

export const {
  Component,
  Suspense,
  createContext,
  lazy,
  use,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
export default React;
