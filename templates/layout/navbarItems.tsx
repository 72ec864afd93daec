import type { NavbarItem } from '../../src/shared/config';
import { Link } from '../Link';

/** Whether a navbar item (or one of its children) holds the current route. */
export function isItemActive(item: NavbarItem, route: string): boolean {
  if (item.items?.some((c) => isItemActive(c, route))) return true;
  const base = (item.activeBasePath ?? item.to ?? '').replace(/\/$/, '');
  if (!base) return false;
  if (base === '/' || base === '') return route === '/';
  return route === base || route.startsWith(base + '/');
}

/** An icon navbar item's picture (drawn by the stylesheet: `.icon--github`, `.icon--social`). */
export function NavIcon({ icon }: { icon: 'github' | 'social' }) {
  return <span aria-hidden="true" className={`icon icon--${icon}`} />;
}

export const target = (item: NavbarItem) => item.to ?? item.href ?? '#';

/** One desktop navbar link: text, or an icon named by `ariaLabel`. */
export function NavbarLink({
  item,
  route,
  className = 'navbar__link',
}: {
  item: NavbarItem;
  route: string;
  className?: string;
}) {
  const active = isItemActive(item, route);
  return (
    <Link
      to={target(item)}
      className={
        className +
        (active ? ` ${className}--active` : '') +
        (item.icon ? ` ${className}--icon` : '')
      }
      aria-current={active && item.to ? 'page' : undefined}
      aria-label={item.icon ? (item.ariaLabel ?? item.label) : item.ariaLabel}
      title={item.icon ? (item.ariaLabel ?? item.label) : undefined}
    >
      {item.icon ? <NavIcon icon={item.icon} /> : item.label}
    </Link>
  );
}
