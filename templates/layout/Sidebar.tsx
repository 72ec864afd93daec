import type { SidebarItem } from '../../src/shared/pageData';
import { Link } from '../Link';

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((c) => containsRoute(c, route));
}

function Items({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <ul className="menu__list">
      {items.map((item) => (
        <li key={item.label + (item.href ?? '')} className="menu__item">
          {item.type === 'link' ? (
            <Link to={item.href} className={'menu__link' + (item.href === route ? ' menu__link--active' : '')} aria-current={item.href === route ? 'page' : undefined}>
              {item.label}
            </Link>
          ) : (
            <>
              {item.href ? (
                <Link to={item.href} className={'menu__link menu__link--category' + (item.href === route ? ' menu__link--active' : '') + (containsRoute(item, route) ? ' menu__link--open' : '')} aria-current={item.href === route ? 'page' : undefined}>
                  {item.label}
                </Link>
              ) : (
                <span className="menu__link menu__link--category">{item.label}</span>
              )}
              <Items items={item.items} route={route} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The docs sidebar (a nav landmark named "Docs sidebar"). */
export function Sidebar({ items, route }: { items: SidebarItem[]; route: string }) {
  return (
    <nav className="sidebar menu" aria-label="Docs sidebar">
      <Items items={items} route={route} />
    </nav>
  );
}
