import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AnnouncementBarConfig } from '../../src/shared/config';
import { ReactContextError } from '../siteContext';
import { storage, STORAGE_KEYS } from '../storage';

export interface AnnouncementValue {
  /** The bar is configured and not dismissed. */
  isActive: boolean;
  close: () => void;
}

/** The id an early Docusaurus release stored under a misspelt default (B12). */
const LEGACY_DEFAULT_ID = 'annoucement-bar';
const DEFAULT_ID = 'announcement-bar';
/** Set on `<html>` by the bootstrap script (src/render/ssr/themeScript.ts, B11). */
export const INITIALLY_DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

const isDismissedInStorage = () => storage.get(STORAGE_KEYS.announcementDismiss) === 'true';
const setDismissedInStorage = (dismissed: boolean) =>
  storage.set(STORAGE_KEYS.announcementDismiss, String(dismissed));

const AnnouncementContext = createContext<AnnouncementValue | null>(null);

/**
 * The announcement-bar store (behaviours B10–B13). The server and the hydrating render
 * show the bar (CSS hides it before paint when the bootstrap script found it dismissed,
 * B11); on mount the stored id is compared with the configured one: a new announcement
 * resets the dismissal.
 */
export function AnnouncementProvider({
  config,
  children,
}: {
  config: AnnouncementBarConfig | undefined;
  children: ReactNode;
}) {
  const [isClosed, setClosed] = useState(false);
  const id = config?.id;

  useEffect(() => {
    if (id === undefined) return;
    let viewedId = storage.get(STORAGE_KEYS.announcementId);
    if (viewedId === LEGACY_DEFAULT_ID) viewedId = DEFAULT_ID;
    const isNew = viewedId !== id;
    storage.set(STORAGE_KEYS.announcementId, id);
    if (isNew) setDismissedInStorage(false);
    const closed = !isNew && isDismissedInStorage();
    setClosed(closed);
    // The bootstrap script's flag hides the bar with CSS; a new announcement must show.
    if (!closed) document.documentElement.setAttribute(INITIALLY_DISMISSED_ATTRIBUTE, 'false');
  }, [id]);

  const close = useCallback(() => {
    setDismissedInStorage(true);
    setClosed(true);
  }, []);

  const value = useMemo(
    () => ({ isActive: !!config && !isClosed, close }),
    [config, isClosed, close],
  );
  return <AnnouncementContext.Provider value={value}>{children}</AnnouncementContext.Provider>;
}

/** Whether the bar shows, and how to close it; throws outside `<AnnouncementProvider>` (B54). */
export function useAnnouncementBar(): AnnouncementValue {
  const value = useContext(AnnouncementContext);
  if (!value) throw new ReactContextError('useAnnouncementBar', 'AnnouncementProvider');
  return value;
}
