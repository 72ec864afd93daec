import type { NavbarItem } from '../../src/shared/config';
import { Link } from '../Link';
import { useSite } from '../siteContext';
import { useRouter } from '../routerContext';

function isActive(item: NavbarItem, route: string): boolean {
  const base = (item.activeBasePath ?? item.to ?? '').replace(/\/$/, '');
  if (!base || base === '/') return false;
  return route === base || route.startsWith(base + '/');
}

function NavbarLink({ item, route }: { item: NavbarItem; route: string }) {
  const active = isActive(item, route);
  return (
    <Link to={item.to ?? item.href ?? '#'} className={'navbar__link' + (active ? ' navbar__link--active' : '')} aria-current={active ? 'page' : undefined} aria-label={item.ariaLabel} title={item.ariaLabel}>
      {item.icon ? <NavIcon icon={item.icon} /> : item.label}
    </Link>
  );
}

export function NavIcon({ icon }: { icon: 'github' | 'social' }) {
  if (icon === 'github') {
    return (
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 .5C5.65.5.5 5.65.5 12c0 5.08 3.29 9.39 7.86 10.91.58.1.79-.25.79-.56v-2c-3.2.7-3.87-1.36-3.87-1.36-.52-1.33-1.28-1.69-1.28-1.69-1.05-.72.08-.7.08-.7 1.16.08 1.77 1.19 1.77 1.19 1.03 1.77 2.7 1.26 3.36.96.1-.75.4-1.26.73-1.55-2.55-.29-5.24-1.28-5.24-5.69 0-1.26.45-2.29 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.8 1.19 1.83 1.19 3.09 0 4.42-2.7 5.39-5.26 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 23.5 12C23.5 5.65 18.35.5 12 .5Z" />
      </svg>
    );
  }
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z" />
    </svg>
  );
}

/** The top navigation bar: logo and title, left items, right items. */
export function Navbar({ children }: { children?: React.ReactNode }) {
  const { config } = useSite();
  const { route } = useRouter();
  const left = config.navbar.items.filter((i) => i.position === 'left');
  const right = config.navbar.items.filter((i) => i.position === 'right');
  return (
    <nav className="navbar" aria-label="Main">
      <div className="navbar__inner">
        <div className="navbar__items">
          <Link to="/" className="navbar__brand">
            {config.logo ? <img className="navbar__logo" src={config.logo.src} alt={config.logo.alt} width="32" height="32" /> : null}
            <b className="navbar__title">{config.navbar.title ?? config.title}</b>
          </Link>
          {left.map((item) => (
            <NavbarLink key={item.label} item={item} route={route} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          {right.map((item) => (
            <NavbarLink key={item.label} item={item} route={route} />
          ))}
          {children}
        </div>
      </div>
    </nav>
  );
}
