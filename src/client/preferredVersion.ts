/**
 * B27: the preferred docs version lives under `docs-preferred-version-default`; a stored
 * name that is not a version of the docs is deleted on mount. Storage goes through the
 * shared fail-safe wrapper (B28: one warning when the browser refuses it).
 */
import { storage } from '../../templates/storage';

export const PREFERRED_VERSION_KEY = 'docs-preferred-version-default';

export function dropUnknownPreferredVersion(versions: string[]): void {
  const stored = storage.get(PREFERRED_VERSION_KEY);
  if (stored !== null && !versions.includes(stored)) storage.del(PREFERRED_VERSION_KEY);
}
