import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type TransitionEvent,
} from 'react';

const COLLAPSED: CSSProperties = { display: 'none', overflow: 'hidden', height: '0px' };
const EXPANDED: CSSProperties = { display: 'block', overflow: 'visible', height: 'auto' };

function applyStyle(el: HTMLElement, collapsed: boolean) {
  Object.assign(el.style, collapsed ? COLLAPSED : EXPANDED);
}

/** The animation: a chunk of its own, fetched once a Collapsible has mounted (before any toggle). */
let animation: Promise<typeof import('./collapseAnimation')> | undefined;
const loadAnimation = () =>
  (animation ??= import('./collapseAnimation').catch((error: unknown) => {
    animation = undefined; // the next toggle fetches again
    throw error;
  }));

// Layout effects warn on the server; nothing here runs there anyway.
const useIsomorphicLayoutEffect =
  typeof __DFDOCS_CLIENT__ === 'undefined' ? useEffect : useLayoutEffect;

export interface CollapsibleProps {
  collapsed: boolean;
  /** Render the children only once first expanded (sidebar categories, as Docusaurus does). */
  lazy?: boolean;
  as?: 'ul' | 'div';
  className?: string;
  id?: string;
  children: ReactNode;
}

/**
 * Content that expands and collapses with an animated height (B44): no animation on
 * mount; `ease-in-out` over a duration computed from the content height; 1 ms when the
 * reader prefers reduced motion (./collapseAnimation.ts). Collapsed means `display:none; height:0; overflow:hidden`.
 */
export function Collapsible({
  collapsed,
  lazy = false,
  as = 'div',
  className,
  id,
  children,
}: CollapsibleProps) {
  const [mounted, setMounted] = useState(!lazy || !collapsed);
  // A lazily mounted list first renders collapsed, so its first expansion animates too.
  const [shownCollapsed, setShownCollapsed] = useState(collapsed);
  const ref = useRef<HTMLElement>(null);
  const first = useRef(true);

  useIsomorphicLayoutEffect(() => {
    if (!collapsed) setMounted(true);
  }, [collapsed]);
  useIsomorphicLayoutEffect(() => {
    if (mounted) setShownCollapsed(collapsed);
  }, [mounted, collapsed]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    if (first.current) {
      first.current = false;
      applyStyle(el, shownCollapsed);
      loadAnimation().catch(() => {});
      return undefined;
    }
    let cancel: (() => void) | undefined;
    let cancelled = false;
    loadAnimation().then(
      (m) => {
        if (!cancelled) cancel = m.animateCollapse(el, shownCollapsed);
      },
      () => applyStyle(el, shownCollapsed), // not animated, but shown or hidden
    );
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [shownCollapsed]);

  if (!mounted) return null;
  const onTransitionEnd = (e: TransitionEvent<HTMLElement>) => {
    if (e.propertyName !== 'height' || e.target !== ref.current) return;
    applyStyle(ref.current, shownCollapsed);
    ref.current.style.transition = '';
    ref.current.style.willChange = '';
  };
  const Tag = as;
  // The server writes the collapsed styles inline so nothing shows before hydration; in the
  // browser the effect above owns the element's style (React must not reset it mid-animation).
  const ssrStyle =
    typeof __DFDOCS_CLIENT__ === 'undefined' && shownCollapsed ? COLLAPSED : undefined;
  return (
    <Tag
      ref={ref as never}
      id={id}
      className={className}
      style={ssrStyle}
      onTransitionEnd={onTransitionEnd}
      suppressHydrationWarning
    >
      {children}
    </Tag>
  );
}
