import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { NavbarItem } from '../../src/shared/config';
import { Link } from '../Link';
import { Collapsible } from './Collapsible';

/** Whether a navbar item (or one of its children) holds the current route. */
export function isItemActive(item: NavbarItem, route: string): boolean {
  if (item.items?.some((c) => isItemActive(c, route))) return true;
  const base = (item.activeBasePath ?? item.to ?? '').replace(/\/$/, '');
  if (!base) return false;
  if (base === '/' || base === '') return route === '/';
  return route === base || route.startsWith(base + '/');
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
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M18.24 2.25h3.31l-7.23 8.26 8.5 11.24h-6.66l-5.21-6.82-5.97 6.82H1.67l7.73-8.84L1.25 2.25h6.83l4.71 6.23 5.45-6.23Zm-1.16 17.52h1.83L7.08 4.13H5.12l11.96 15.64Z" />
    </svg>
  );
}

const target = (item: NavbarItem) => item.to ?? item.href ?? '#';

/** One desktop navbar link: text, or an icon named by `ariaLabel`. */
export function NavbarLink({ item, route, className = 'navbar__link' }: { item: NavbarItem; route: string; className?: string }) {
  const active = isItemActive(item, route);
  return (
    <Link to={target(item)} className={className + (active ? ` ${className}--active` : '') + (item.icon ? ` ${className}--icon` : '')} aria-current={active && item.to ? 'page' : undefined} aria-label={item.icon ? (item.ariaLabel ?? item.label) : item.ariaLabel} title={item.icon ? (item.ariaLabel ?? item.label) : undefined}>
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
  const labelClass = 'navbar__link navbar__dropdown-label' + (active ? ' navbar__link--active' : '');
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      setOpen((o) => !o);
    } else if (e.key === 'Escape') setOpen(false);
  };
  const caret = (
    <svg className="navbar__dropdown-caret" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
      <path fill="currentColor" d="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z" />
    </svg>
  );
  return (
    <div ref={ref} className={'navbar__dropdown' + (open ? ' navbar__dropdown--open' : '')} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      {item.to ? (
        <Link to={item.to} className={labelClass} aria-haspopup="true" aria-expanded={open} onKeyDown={onKeyDown}>
          {item.label}
          {caret}
        </Link>
      ) : (
        <button type="button" className={labelClass} aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
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

/** A navbar item in the mobile panel's primary menu; dropdowns become collapsible sublists. */
export function MobileNavItem({ item, route, onNavigate }: { item: NavbarItem; route: string; onNavigate: () => void }): ReactNode {
  const active = isItemActive(item, route);
  const [collapsed, setCollapsed] = useState(!active);
  if (!item.items?.length) {
    return (
      <li className="menu__item">
        <Link to={target(item)} className={'menu__link' + (active ? ' menu__link--active' : '')} aria-current={active && item.to ? 'page' : undefined} aria-label={item.ariaLabel} onClick={onNavigate}>
          {item.icon ? <NavIcon icon={item.icon} /> : null}
          <span>{item.label}</span>
        </Link>
      </li>
    );
  }
  return (
    <li className={'menu__item menu__item--category' + (collapsed ? ' menu__item--collapsed' : '')}>
      <button type="button" className={'menu__link menu__link--category menu__link--button' + (active ? ' menu__link--active-trail' : '')} aria-expanded={!collapsed} onClick={() => setCollapsed((c) => !c)}>
        <span>{item.label}</span>
        <svg className="menu__caret-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path fill="currentColor" d="M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z" />
        </svg>
      </button>
      <Collapsible as="ul" className="menu__list menu__list--nested" collapsed={collapsed}>
        {item.to ? <MobileNavItem item={{ ...item, items: undefined }} route={route} onNavigate={onNavigate} /> : null}
        {item.items.map((child) => (
          <MobileNavItem key={child.label} item={child} route={route} onNavigate={onNavigate} />
        ))}
      </Collapsible>
    </li>
  );
}
