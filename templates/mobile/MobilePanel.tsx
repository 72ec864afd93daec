import { useEffect, useRef, useState } from 'react';
import type { SidebarItem } from '../../src/shared/pageData';
import { useSite } from '../siteContext';
import { useRouter } from '../routerContext';
import { ColorModeToggle } from '../theme/ColorModeToggle';
import { Sidebar } from '../layout/Sidebar';
import { MobileNavItem } from './MobileNavItem';
import { NavbarBrand } from '../layout/NavbarBrand';

export interface MobilePanelProps {
  open: boolean;
  close: () => void;
  /** Closes and gives focus back to the hamburger (close button, Escape, backdrop). */
  dismiss: () => void;
  /** The current page's docs sidebar: the secondary menu (B40). */
  sidebar?: SidebarItem[];
}

/**
 * Keeps the panel honest while it can show (B39–B42): body scroll locked while open;
 * closed on every committed navigation; closed when the window becomes desktop-wide (the
 * panel unmounts then); and browser Back while it is open closes it and cancels the
 * navigation, so the URL stays. Here rather than in the navbar: only the panel needs it.
 */
function usePanelHonesty(open: boolean, close: () => void) {
  const { navigationCount } = useRouter();

  useEffect(() => close, [close]); // unmounted: the window became desktop-wide

  // A navigation committed since the panel mounted (it may have been opened before its chunk came).
  const shownCount = useRef(navigationCount);
  useEffect(() => {
    if (shownCount.current === navigationCount) return;
    shownCount.current = navigationCount;
    close();
  }, [navigationCount, close]);

  useEffect(() => {
    document.body.style.overflow = open ? 'hidden' : 'visible';
    return () => {
      document.body.style.overflow = 'visible';
    };
  }, [open]);

  // One capture-phase listener on window: it runs before the router's own popstate
  // listener, so stopping the event keeps the router from navigating.
  const openRef = useRef(open);
  openRef.current = open;
  const reverting = useRef(false);
  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      if (reverting.current) {
        // The popstate of our own `history.go(1)`: the URL is back where it was.
        reverting.current = false;
        e.stopImmediatePropagation();
        return;
      }
      if (!openRef.current) return;
      e.stopImmediatePropagation();
      reverting.current = true;
      openRef.current = false;
      close();
      history.go(1);
    };
    window.addEventListener('popstate', onPop, true);
    return () => window.removeEventListener('popstate', onPop, true);
  }, [close]);
}

/**
 * The mobile navigation panel (behaviours B38–B42), rendered only at mobile width after
 * hydration: a header (logo, colour toggle, close), the primary menu (every navbar item)
 * and, on docs pages, the secondary menu (the page's sidebar), shown first, with a
 * "back to main menu" button; a backdrop closes it. A lazily loaded chunk (see Navbar).
 */
export function MobilePanel({ open, close, dismiss, sidebar }: MobilePanelProps) {
  const { config } = useSite();
  const { route } = useRouter();
  const items = config.navbar.items;
  const hasSecondary = !!sidebar?.length;
  const [showSecondary, setShowSecondary] = useState(hasSecondary);
  const closeButton = useRef<HTMLButtonElement>(null);
  usePanelHonesty(open, close);

  // The secondary menu comes back on every opening; focus moves into the panel.
  useEffect(() => {
    if (!open) return;
    setShowSecondary(hasSecondary);
    closeButton.current?.focus();
  }, [open, hasSecondary]);

  const secondaryFirst = showSecondary && hasSecondary;
  return (
    <>
      <div
        className={'navbar-sidebar' + (open ? ' navbar-sidebar--open' : '')}
        id="navbar-sidebar"
        aria-hidden={open ? undefined : true}
        onKeyDown={(e) => e.key === 'Escape' && dismiss()}
      >
        <div className="navbar-sidebar__brand">
          <NavbarBrand onClick={close} />
          {config.colorMode.disableSwitch ? null : (
            <ColorModeToggle className="navbar-sidebar__toggle" />
          )}
          <button
            ref={closeButton}
            type="button"
            className="navbar-sidebar__close"
            aria-label="Close navigation bar"
            title="Close navigation bar"
            onClick={dismiss}
          >
            <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M8.24 7.5l4.63-4.63a.52.52 0 0 0-.74-.74L7.5 6.76 2.87 2.13a.52.52 0 0 0-.74.74L6.76 7.5l-4.63 4.63a.52.52 0 1 0 .74.74L7.5 8.24l4.63 4.63a.52.52 0 0 0 .74-.74L8.24 7.5z"
              />
            </svg>
          </button>
        </div>
        <div
          className={
            'navbar-sidebar__items' + (secondaryFirst ? ' navbar-sidebar__items--secondary' : '')
          }
        >
          <div className="navbar-sidebar__item navbar-sidebar__primary" hidden={secondaryFirst}>
            <ul className="menu__list">
              {items.map((item) => (
                <MobileNavItem key={item.label} item={item} route={route} onNavigate={close} />
              ))}
            </ul>
          </div>
          {hasSecondary ? (
            <div
              className="navbar-sidebar__item navbar-sidebar__secondary"
              hidden={!secondaryFirst}
            >
              {items.length ? (
                <button
                  type="button"
                  className="navbar-sidebar__back"
                  onClick={() => setShowSecondary(false)}
                >
                  ← Back to main menu
                </button>
              ) : null}
              <Sidebar
                items={sidebar!}
                route={route}
                onNavigate={close}
                className="navbar-sidebar__docs"
              />
            </div>
          ) : null}
        </div>
      </div>
      <div
        className={'navbar-sidebar__backdrop' + (open ? ' navbar-sidebar__backdrop--open' : '')}
        role="presentation"
        onClick={dismiss}
      />
    </>
  );
}
