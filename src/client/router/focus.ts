import { SKIP_REGION_ID } from '../../shared/documentIds';

/** B25: after a push without a hash, focus the skip-link region so Tab reaches "Skip to main content" first. */
export function resetFocus(): void {
  const region = document.getElementById(SKIP_REGION_ID);
  if (!region) return;
  region.tabIndex = -1;
  region.focus({ preventScroll: true });
  region.removeAttribute('tabindex');
}
