import type { RefObject } from 'react';

/** Each animation frame keeps this share of the remaining distance (B48). */
export const SCROLL_EASING = 0.85;

/**
 * The "Scroll back to top" button (B48), shown by ./BackToTop.tsx. A click scrolls
 * natively when the root scrolls smoothly, else eases frame by frame; `frame` holds the
 * pending animation frame, which the tracker cancels when the reader scrolls down.
 */
export function BackToTopButton({ shown, frame }: { shown: boolean; frame: RefObject<number> }) {
  const scrollToTop = () => {
    if (getComputedStyle(document.documentElement).scrollBehavior === 'smooth') {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    const step = () => {
      const y = document.documentElement.scrollTop;
      if (y > 0) {
        frame.current = requestAnimationFrame(step);
        window.scrollTo(0, Math.floor(y * SCROLL_EASING));
      } else frame.current = 0;
    };
    cancelAnimationFrame(frame.current);
    step();
  };

  return (
    <button
      type="button"
      aria-label="Scroll back to top"
      title="Scroll back to top"
      className={'back-to-top' + (shown ? ' back-to-top--shown' : '')}
      onClick={scrollToTop}
      tabIndex={shown ? 0 : -1}
      aria-hidden={shown ? undefined : true}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z" />
      </svg>
    </button>
  );
}
