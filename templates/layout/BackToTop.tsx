import { useEffect, useRef, useState } from 'react';
import { useRouter } from '../routerContext';

/** Shown from this scroll position up (behaviours B48). */
export const BACK_TO_TOP_THRESHOLD = 300;
/** Each animation frame keeps this share of the remaining distance (B48). */
export const SCROLL_EASING = 0.85;

/**
 * "Scroll back to top" (B48): shown while the reader scrolls up past the threshold and is
 * not at the bottom; hidden on scrolling down, near the top, or after a hash navigation.
 * A click scrolls natively when the root scrolls smoothly, else eases frame by frame.
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  const { hash } = useRouter();
  const last = useRef<number | null>(null);
  const skipNext = useRef(false);
  const frame = useRef(0);

  useEffect(() => {
    const cancel = () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
    const onScroll = () => {
      const y = window.scrollY;
      const previous = last.current;
      last.current = y;
      if (previous === null) return;
      if (skipNext.current) {
        skipNext.current = false;
        return;
      }
      const up = y < previous;
      if (!up) cancel();
      if (y < BACK_TO_TOP_THRESHOLD) return setShown(false);
      if (up) {
        if (y + window.innerHeight < document.documentElement.scrollHeight) setShown(true);
      } else setShown(false);
    };
    const onHash = () => {
      skipNext.current = true;
      setShown(false);
    };
    last.current = window.scrollY;
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    return () => {
      cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);

  // A hash navigation by the client router (pushState fires no hashchange).
  useEffect(() => {
    if (!hash) return;
    skipNext.current = true;
    setShown(false);
  }, [hash]);

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
    <button type="button" aria-label="Scroll back to top" title="Scroll back to top" className={'back-to-top' + (shown ? ' back-to-top--shown' : '')} onClick={scrollToTop} tabIndex={shown ? 0 : -1} aria-hidden={shown ? undefined : true}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path fill="currentColor" d="M7.41 15.41 12 10.83l4.59 4.58L18 14l-6-6-6 6z" />
      </svg>
    </button>
  );
}
