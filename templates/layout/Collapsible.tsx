import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type TransitionEvent,
} from 'react';

/** Height-transition duration for `height` px of content (behaviours B44; 360 px → 327 ms). */
export function collapseDuration(height: number, reducedMotion = false): number {
  if (reducedMotion) return 1;
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

const COLLAPSED: CSSProperties = { display: 'none', overflow: 'hidden', height: '0px' };
const EXPANDED: CSSProperties = { display: 'block', overflow: 'visible', height: 'auto' };

function applyStyle(el: HTMLElement, collapsed: boolean) {
  const s = collapsed ? COLLAPSED : EXPANDED;
  el.style.display = s.display as string;
  el.style.overflow = s.overflow as string;
  el.style.height = s.height as string;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// Layout effects warn on the server; nothing here runs there anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

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
 * reader prefers reduced motion. Collapsed means `display:none; height:0; overflow:hidden`.
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
      return undefined;
    }
    const transition = () => {
      const height = el.scrollHeight;
      el.style.transition = `height ${collapseDuration(height, prefersReducedMotion())}ms ease-in-out`;
      el.style.height = `${height}px`;
    };
    el.style.willChange = 'height';
    let inner = 0;
    const outer = requestAnimationFrame(() => {
      if (shownCollapsed) {
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
  const ssrStyle = typeof window === 'undefined' && shownCollapsed ? COLLAPSED : undefined;
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
