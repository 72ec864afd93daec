import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyComponent } from '../lazyComponent';
import { useRouter } from '../routerContext';

/** Shown from this scroll position up (behaviours B48). */
export const BACK_TO_TOP_THRESHOLD = 300;

/** The button and its scrolling: a chunk of its own, loaded the first time the button shows. */
const Button = lazyComponent(() =>
  import('./BackToTopButton').then((m) => m.BackToTopButton),
).Component;

/**
 * "Scroll back to top" (B48): shown while the reader scrolls up past the threshold and is
 * not at the bottom; hidden on scrolling down, near the top, or after a hash navigation.
 * This part only tracks the scrolling; the button (./BackToTopButton.tsx) is loaded the
 * first time it shows.
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  const [used, setUsed] = useState(false);
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
        if (y + window.innerHeight < document.documentElement.scrollHeight) {
          setShown(true);
          setUsed(true);
        }
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

  return used ? (
    <Suspense fallback={null}>
      <Button shown={shown} frame={frame} />
    </Suspense>
  ) : null;
}
