import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { NavbarItem } from '../../src/shared/config';
import { Link } from '../Link';
import { isItemActive, NavbarLink } from './navbarItems';

/**
 * A desktop dropdown (B47): opens on hover (CSS) or on click/Enter on its label, which
 * carries `aria-haspopup` and `aria-expanded`; closes on a mouse press, touch or focus
 * outside it. Only sites with dropdowns render it: in the browser it is a chunk of its own
 * (see ./Navbar.tsx).
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
