import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import type { SidebarItem } from '../../src/shared/pageData';
import { useSite } from '../siteContext';
import { lazyComponent } from '../lazyComponent';
import { useRouter } from '../routerContext';
import { useHydrated } from '../hooks/useHydrated';
import { useWindowSize } from '../hooks/useWindowSize';
import { ColorModeToggle } from '../theme/ColorModeToggle';
import { NavbarBrand } from './NavbarBrand';
import type { ClientSiteConfig, NavbarItem } from '../../src/shared/config';
import { NavbarLink } from './navbarItems';

/**
 * Only ever rendered in the browser at mobile width, so a chunk of its own: the client
 * preloads it before hydrating at that width (src/client/hydrate.tsx), else it loads when
 * the window first becomes narrow.
 */
const mobilePanel = lazyComponent(() => import('../mobile/MobilePanel').then((m) => m.MobilePanel));
const MobilePanel = mobilePanel.Component;
export const preloadMobilePanel = mobilePanel.preload;

/** An item with children is a dropdown (B47). */
const isDropdown = (item: NavbarItem | null) => !!item?.items?.length;
/**
 * Whether the site's navbar has dropdowns: the client then preloads them before hydrating.
 * Read before the app checks the data, so malformed data is left for the render to report (B52).
 */
export const hasDropdowns = (config: ClientSiteConfig) => {
  const items: unknown = config.navbar?.items;
  return Array.isArray(items) && items.some(isDropdown);
};

/**
 * Only sites whose navbar has dropdowns render one: in the browser a chunk of its own,
 * preloaded before hydrating by those sites; the server loads it here, once.
 */
const dropdown = lazyComponent(() => import('./NavbarDropdown').then((m) => m.NavbarDropdown));
if (typeof __DFDOCS_CLIENT__ === 'undefined') await dropdown.preload();
const NavbarDropdown = dropdown.Component;
export const preloadNavbarDropdown = dropdown.preload;

export interface NavbarProps {
  /** The current page's docs sidebar (the mobile panel's secondary menu). */
  sidebar?: SidebarItem[];
  /** Extra controls at the right end (the search button), kept visible on mobile. */
  children?: ReactNode;
}

/** The top navigation bar: brand, left items, right items, colour toggle, extra controls. */
export function Navbar({ sidebar, children }: NavbarProps) {
  const { config } = useSite();
  const { route } = useRouter();
  const hydrated = useHydrated();
  const isMobile = useWindowSize() === 'mobile';
  // The mobile panel's (B38–B42); it keeps it in step with the page (see MobilePanel.tsx).
  const [open, setOpen] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), [setOpen]);
  const dismiss = useCallback(() => {
    setOpen(false);
    hamburger.current?.focus();
  }, [setOpen]);
  const left = config.navbar.items.filter((i) => i.position === 'left');
  const right = config.navbar.items.filter((i) => i.position === 'right');
  const item = (i: (typeof left)[number]) =>
    isDropdown(i) ? (
      <NavbarDropdown key={i.label} item={i} route={route} />
    ) : (
      <NavbarLink key={i.label} item={i} route={route} />
    );
  return (
    <nav className={'navbar' + (open ? ' navbar--panel-open' : '')} aria-label="Main">
      <div className="navbar__inner">
        <div className="navbar__items">
          <button
            ref={hamburger}
            type="button"
            className="navbar__toggle"
            aria-label="Toggle navigation bar"
            title="Toggle navigation bar"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true" className="icon icon--menu" />
          </button>
          <NavbarBrand />
          <div className="navbar__links">{left.map(item)}</div>
        </div>
        <div className="navbar__items navbar__items--right">
          <div className="navbar__links">{right.map(item)}</div>
          {config.colorMode.disableSwitch ? null : (
            <ColorModeToggle className="navbar__color-toggle" />
          )}
          {children}
        </div>
      </div>
      {hydrated && isMobile ? (
        <Suspense fallback={null}>
          <MobilePanel open={open} close={close} dismiss={dismiss} sidebar={sidebar} />
        </Suspense>
      ) : null}
    </nav>
  );
}
