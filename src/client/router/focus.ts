/** B25: after a push without a hash, focus the skip-link region so Tab reaches "Skip to main content" first. */
export function resetFocus(): void {
  const region = document.querySelector<HTMLElement>(
    '[role="region"][aria-label="Skip to main content"]',
  );
  if (!region) return;
  region.tabIndex = -1;
  region.focus({ preventScroll: true });
  region.removeAttribute('tabindex');
}
