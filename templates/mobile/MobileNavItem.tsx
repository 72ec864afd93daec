import { useState, type ReactNode } from 'react';
import type { NavbarItem } from '../../src/shared/config';
import { Link } from '../Link';
import { Collapsible } from '../layout/Collapsible';
import { NavIcon, isItemActive, target } from '../layout/navbarItems';

/** A navbar item in the mobile panel's primary menu; dropdowns become collapsible sublists. */
export function MobileNavItem({
  item,
  route,
  onNavigate,
}: {
  item: NavbarItem;
  route: string;
  onNavigate: () => void;
}): ReactNode {
  const active = isItemActive(item, route);
  const [collapsed, setCollapsed] = useState(!active);
  if (!item.items?.length) {
    return (
      <li className="menu__item">
        <Link
          to={target(item)}
          className={
            'menu__link' +
            (item.icon ? ' menu__link--with-icon' : '') +
            (active ? ' menu__link--active' : '')
          }
          aria-current={active && item.to ? 'page' : undefined}
          aria-label={item.ariaLabel}
          onClick={onNavigate}
        >
          {item.icon ? <NavIcon icon={item.icon} /> : null}
          <span>{item.label}</span>
        </Link>
      </li>
    );
  }
  return (
    <li className={'menu__item menu__item--category' + (collapsed ? ' menu__item--collapsed' : '')}>
      <button
        type="button"
        className={
          'menu__link menu__link--category menu__link--button' +
          (active ? ' menu__link--active-trail' : '')
        }
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((c) => !c)}
      >
        <span>{item.label}</span>
        <svg
          className="menu__caret-icon"
          viewBox="0 0 24 24"
          width="16"
          height="16"
          aria-hidden="true"
        >
          <path fill="currentColor" d="M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z" />
        </svg>
      </button>
      <Collapsible as="ul" className="menu__list menu__list--nested" collapsed={collapsed}>
        {item.to ? (
          <MobileNavItem
            item={{ ...item, items: undefined }}
            route={route}
            onNavigate={onNavigate}
          />
        ) : null}
        {item.items.map((child) => (
          <MobileNavItem key={child.label} item={child} route={route} onNavigate={onNavigate} />
        ))}
      </Collapsible>
    </li>
  );
}
