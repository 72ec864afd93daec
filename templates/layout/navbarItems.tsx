import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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

/**
 * A desktop dropdown (B47): opens on hover (CSS) or on click/Enter on its label, which
 * carries `aria-haspopup` and `aria-expanded`; closes on a mouse press, touch or focus
 * outside it.
 */
export function NavbarDropdown({ item, route }: { item: NavbarItem; route: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: Event) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('touchstart', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('touchstart', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);
  const active = isItemActive(item, route);
  const labelClass =
    'navbar__link navbar__dropdown-label' + (active ? ' navbar__link--active' : '');
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      setOpen((o) => !o);
    } else if (e.key === 'Escape') setOpen(false);
  };
  const caret = (
    <span aria-hidden="true" className="icon icon--caret-down navbar__dropdown-caret" />
  );
  return (
    <div
      ref={ref}
      className={'navbar__dropdown' + (open ? ' navbar__dropdown--open' : '')}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
    >
      {item.to ? (
        <Link
          to={item.to}
          className={labelClass}
          aria-haspopup="true"
          aria-expanded={open}
          onKeyDown={onKeyDown}
        >
          {item.label}
          {caret}
        </Link>
      ) : (
        <button
          type="button"
          className={labelClass}
          aria-haspopup="true"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {item.label}
          {caret}
        </button>
      )}
      <ul className="navbar__dropdown-menu">
        {(item.items ?? []).map((child) => (
          <li key={child.label}>
            <NavbarLink item={child} route={route} className="navbar__dropdown-link" />
          </li>
        ))}
      </ul>
    </div>
  );
}
