/**
 * The height animation of ./Collapsible.tsx (behaviours B44): a chunk of its own, since
 * only a toggle needs it (Collapsible fetches it once it has mounted).
 */

/** Height-transition duration for `height` px of content (360 px → 327 ms). */
export function collapseDuration(height: number, reducedMotion = false): number {
  if (reducedMotion) return 1;
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Animates `el`'s height towards `collapsed` over `ease-in-out` (Collapsible's
 * `transitionend` handler then sets the end state). Returns the cancel.
 */
export function animateCollapse(el: HTMLElement, collapsed: boolean): () => void {
  const transition = () => {
    const height = el.scrollHeight;
    el.style.transition = `height ${collapseDuration(height, prefersReducedMotion())}ms ease-in-out`;
    el.style.height = `${height}px`;
  };
  el.style.willChange = 'height';
  let inner = 0;
  const outer = requestAnimationFrame(() => {
    if (collapsed) {
      transition();
      inner = requestAnimationFrame(() => {
        el.style.height = '0px';
        el.style.overflow = 'hidden';
      });
    } else {
      el.style.display = 'block';
      inner = requestAnimationFrame(transition);
    }
  });
  return () => {
    cancelAnimationFrame(outer);
    cancelAnimationFrame(inner);
  };
}
