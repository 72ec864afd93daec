import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ColorModeConfig } from '../../src/shared/config';
import { ReactContextError } from '../siteContext';
import { listenStorage, storage, STORAGE_KEYS } from '../storage';

export type ColorMode = 'light' | 'dark';

export interface ColorModeValue {
  colorMode: ColorMode;
  /** A mode stores it; `null` deletes the stored choice and derives the mode again (B5). */
  setColorMode: (mode: ColorMode | null) => void;
}

/** Anything but `dark` is light (B3). */
export const coerceColorMode = (value: string | null | undefined): ColorMode =>
  value === 'dark' ? 'dark' : 'light';

const ColorModeContext = createContext<ColorModeValue | null>(null);

// Runs before paint in the browser and is a no-op on the server (no warning there).
const useIsomorphicLayoutEffect =
  typeof __DFDOCS_CLIENT__ === 'undefined' ? useEffect : useLayoutEffect;

function systemMode(): ColorMode {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The colour mode store (behaviours B3–B8). The server and the hydrating render use
 * `defaultMode`; right after hydration the mode becomes what the inline bootstrap script
 * chose (B1), coerced, and `<html data-theme>` is rewritten with it.
 */
export function ColorModeProvider({
  config,
  children,
}: {
  config: ColorModeConfig;
  children: ReactNode;
}) {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = config;
  const [colorMode, setState] = useState<ColorMode>(coerceColorMode(defaultMode));

  const setColorMode = useCallback(
    (mode: ColorMode | null, options: { persist?: boolean } = {}) => {
      const next =
        mode ?? (respectPrefersColorScheme ? systemMode() : coerceColorMode(defaultMode));
      document.documentElement.setAttribute('data-theme', next);
      setState(next);
      if (mode === null) storage.del(STORAGE_KEYS.theme);
      else if (options.persist !== false) storage.set(STORAGE_KEYS.theme, mode);
    },
    [defaultMode, respectPrefersColorScheme],
  );

  // B3: adopt the bootstrap script's choice (never stored: it may come from the query string, B2).
  useIsomorphicLayoutEffect(() => {
    setColorMode(coerceColorMode(document.documentElement.getAttribute('data-theme')), {
      persist: false,
    });
  }, [setColorMode]);

  // B8: a disabled switch forgets any stored choice (the page keeps its mode until reload).
  useEffect(() => {
    if (disableSwitch) storage.del(STORAGE_KEYS.theme);
  }, [disableSwitch]);

  // B6: another tab stored a mode; a removed key (null) is ignored.
  useEffect(() => {
    if (disableSwitch) return undefined;
    return listenStorage(STORAGE_KEYS.theme, (value) => {
      if (value !== null) setColorMode(coerceColorMode(value));
    });
  }, [disableSwitch, setColorMode]);

  // B7: a system change resets the choice, except while printing and at the first change
  // after printing (printing emulates a light scheme in some browsers).
  const previousMediaIsPrint = useRef(false);
  useEffect(() => {
    if (disableSwitch && !respectPrefersColorScheme) return undefined;
    const mql = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => {
      const printing = window.matchMedia('print').matches;
      if (printing || previousMediaIsPrint.current) {
        previousMediaIsPrint.current = printing;
        return;
      }
      setColorMode(null);
    };
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [disableSwitch, respectPrefersColorScheme, setColorMode]);

  const value = useMemo<ColorModeValue>(
    () => ({ colorMode, setColorMode: (m) => setColorMode(m) }),
    [colorMode, setColorMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

/** The current colour mode and its setter; throws outside `<ColorModeProvider>` (B54). */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new ReactContextError('useColorMode', 'ColorModeProvider');
  return value;
}
