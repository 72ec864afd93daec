import { useEffect, useId, useState } from 'react';
import type { TocItem } from '../../src/shared/pageData';
import { useWindowSize } from '../hooks/useWindowSize';
import { Collapsible } from './Collapsible';

/**
 * The heading the reader is at (behaviours B45): the first heading whose top is below
 * the navbar, if it lies in the top half of the viewport, else the one before it; the
 * last heading when none is below the navbar.
 */
export function activeHeadingIndex(
  tops: { top: number; bottom: number }[],
  navbarHeight: number,
  viewportHeight: number,
): number {
  const next = tops.findIndex((r) => r.top >= navbarHeight);
  if (next === -1) return tops.length - 1;
  const r = tops[next]!;
  if (r.top > 0 && r.bottom < viewportHeight / 2) return next;
  return next - 1;
}

const NO_HEADINGS: TocItem[] = [];

function useActiveHeading(toc: TocItem[]): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (!toc.length) return undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      const headings = toc
        .map((t) => document.getElementById(t.id))
        .filter((h): h is HTMLElement => h !== null);
      const navbar = document.querySelector<HTMLElement>('.navbar');
      const i = activeHeadingIndex(
        headings.map((h) => h.getBoundingClientRect()),
        navbar ? navbar.getBoundingClientRect().height : 0,
        window.innerHeight,
      );
      setActive(i >= 0 ? headings[i]!.id : undefined);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [toc]);
  return active;
}

/**
 * A long desktop TOC scrolls in its own box (the entry's offset parent): its active entry
 * is kept in view there, to the middle once it has left it, never by scrolling the page.
 */
function keepInBox(entry: HTMLElement | null) {
  const box = entry?.closest<HTMLElement>('.toc--desktop');
  if (!box) return;
  const half = box.clientHeight / 2;
  if (Math.abs(entry!.offsetTop - box.scrollTop - half) > half - 32)
    box.scrollTop = entry!.offsetTop - half;
}

function TocList({
  toc,
  active,
  onFollow,
}: {
  toc: TocItem[];
  active?: string;
  onFollow?: () => void;
}) {
  const min = Math.min(...toc.map((t) => t.level));
  return (
    <ul className="toc__list">
      {toc.map((t) => (
        <li key={t.id} className={`toc__item toc__item--depth${t.level - min}`}>
          <a
            href={`#${t.id}`}
            className={
              'table-of-contents__link' +
              (t.id === active ? ' table-of-contents__link--active' : '')
            }
            aria-current={t.id === active ? 'location' : undefined}
            ref={t.id === active ? keepInBox : undefined}
            onClick={onFollow}
          >
            {t.value}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The desktop table of contents: a sticky right column (in the server HTML; gone on mobile). */
export function DesktopToc({ toc }: { toc: TocItem[] }) {
  const size = useWindowSize();
  const active = useActiveHeading(size === 'mobile' ? NO_HEADINGS : toc);
  if (!toc.length || size === 'mobile') return null;
  return (
    <nav className="toc toc--desktop" aria-labelledby="toc-title">
      <p className="toc__title" id="toc-title">
        On this page
      </p>
      <TocList toc={toc} active={active} />
    </nav>
  );
}

/** The mobile table of contents: a collapsed "On this page" button (hidden at desktop width). */
export function MobileToc({ toc }: { toc: TocItem[] }) {
  const [collapsed, setCollapsed] = useState(true);
  const size = useWindowSize();
  const listId = 'toc' + useId();
  const active = useActiveHeading(collapsed || size === 'desktop' ? NO_HEADINGS : toc);
  if (!toc.length || size === 'desktop') return null;
  return (
    <div className={'toc-mobile' + (collapsed ? '' : ' toc-mobile--open')}>
      <button
        type="button"
        className="toc-mobile__button"
        aria-expanded={!collapsed}
        aria-controls={collapsed ? undefined : listId}
        onClick={() => setCollapsed((c) => !c)}
      >
        On this page
        <span aria-hidden="true" className="icon icon--caret toc-mobile__caret" />
      </button>
      <Collapsible collapsed={collapsed} lazy className="toc-mobile__content" id={listId}>
        <nav aria-label="On this page">
          <TocList toc={toc} active={active} onFollow={() => setCollapsed(true)} />
        </nav>
      </Collapsible>
    </div>
  );
}
