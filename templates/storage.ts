/**
 * `localStorage`, fail-safe (behaviours B28): when the browser refuses storage (privacy
 * modes, sandboxed iframes, quota), one warning is logged and every read returns null
 * and every write is dropped, so preferences last for the session only.
 * Keys keep Docusaurus's names (interface.md) so a migrated site keeps readers' choices.
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
} as const;

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  del(key: string): void;
}

let warned = false;
function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(
    'dfdocs: browser storage is not available, so preferences last for this visit only.',
    error,
  );
}

/**
 * `run` applied to the page's storage; `fallback` on the server, without storage, or
 * when the browser refuses it (reaching it or using it throws).
 */
function safely<T>(run: (storage: Storage) => T, fallback: T): T {
  if (typeof window === 'undefined') return fallback;
  try {
    const local = window.localStorage;
    return local ? run(local) : fallback;
  } catch (error) {
    warnOnce(error);
    return fallback;
  }
}

export const storage: SafeStorage = {
  get: (key) => safely((s) => s.getItem(key), null),
  set: (key, value) => safely((s) => s.setItem(key, value), undefined),
  del: (key) => safely((s) => s.removeItem(key), undefined),
};

/** Calls `listener` when another tab changes `key` (the `storage` event). Returns the unsubscribe. */
export function listenStorage(
  key: string,
  listener: (newValue: string | null) => void,
): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === key) listener(e.newValue);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
