import { use, useEffect, useId, useState, type MouseEvent } from 'react';
import type { SidebarCategory, SidebarItem } from '../../src/shared/pageData';
import { Link } from '../Link';
import { Collapsible } from './Collapsible';
import { useSidebarItemsCheck } from '../validate';
import { useSite } from '../siteContext';
import { PrerenderedSidebarContext } from './prerenderedSidebar';

export interface SidebarProps {
  items: SidebarItem[];
  /** Route of the page shown. */
  route: string;
  /** Called when a link is followed (the mobile panel closes on it, B41). */
  onNavigate?: () => void;
  className?: string;
}

export function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && routesUnder(item).has(route);
}

// Every rendered category asks whether the current page is under it: walking its subtree
// each time made a page's sidebar cost grow with the whole site (10,000 pages: 200
// categories of 50 pages on every page). The routes under a category are gathered once.
const routesByCategory = new WeakMap<SidebarCategory, Set<string>>();

/** The routes of every item below a category, at any depth. */
function routesUnder(category: SidebarCategory): Set<string> {
  let routes = routesByCategory.get(category);
  if (!routes) {
    routes = new Set();
    for (const child of category.items) {
      if (child.href !== undefined) routes.add(child.href);
      if (child.type === 'category') for (const r of routesUnder(child)) routes.add(r);
    }
    routesByCategory.set(category, routes);
  }
  return routes;
}

function Caret() {
  return <span aria-hidden="true" className="icon icon--caret menu__caret-icon" />;
}

function Category({
  item,
  route,
  onNavigate,
}: {
  item: SidebarCategory;
  route: string;
  onNavigate?: () => void;
}) {
  const active = containsRoute(item, route);
  const isCurrent = item.href === route;
  // B43: only the category holding the current page starts expanded; categories never
  // collapse each other.
  const [collapsed, setCollapsed] = useState(!active);
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
  const toggle = () => setCollapsed((c) => !c);
  const listId = 'sidebar' + useId();
  const onLinkClick = (e: MouseEvent) => {
    // Following a category's own link expands it; clicking it on its own page toggles.
    if (isCurrent) {
      e.preventDefault();
      toggle();
      return;
    }
    setCollapsed(false);
    onNavigate?.();
  };
  const verb = collapsed ? 'Expand' : 'Collapse';
  return (
    <li className={'menu__item menu__item--category' + (collapsed ? ' menu__item--collapsed' : '')}>
      <div className="menu__category">
        {item.href ? (
          <>
            <Link
              to={item.href}
              className={
                'menu__link menu__link--category' +
                (active ? ' menu__link--active-trail' : '') +
                (isCurrent ? ' menu__link--active' : '')
              }
              aria-current={isCurrent ? 'page' : undefined}
              onClick={onLinkClick}
            >
              {item.label}
            </Link>
            <button
              type="button"
              className="menu__caret"
              aria-label={`${verb} sidebar category '${item.label}'`}
              title={`${verb} sidebar category '${item.label}'`}
              aria-expanded={!collapsed}
              aria-controls={collapsed ? undefined : listId}
              onClick={toggle}
            >
              <Caret />
            </button>
          </>
        ) : (
          <button
            type="button"
            className={
              'menu__link menu__link--category menu__link--button' +
              (active ? ' menu__link--active-trail' : '')
            }
            aria-expanded={!collapsed}
            aria-controls={collapsed ? undefined : listId}
            onClick={toggle}
          >
            <span>{item.label}</span>
            <Caret />
          </button>
        )}
      </div>
      <Collapsible
        lazy
        as="ul"
        className="menu__list menu__list--nested"
        collapsed={collapsed}
        id={listId}
      >
        <Items
          items={item.items}
          owner={`the sidebar category "${item.label}"`}
          route={route}
          onNavigate={onNavigate}
        />
      </Collapsible>
    </li>
  );
}

function Items({
  items,
  owner,
  route,
  onNavigate,
}: {
  items: SidebarItem[];
  owner: string;
  route: string;
  onNavigate?: () => void;
}) {
  useSidebarItemsCheck(items, owner);
  return (
    <>
      {items.map((item) =>
        item.type === 'link' ? (
          <li key={'l' + item.href} className="menu__item">
            <Link
              to={item.href}
              className={'menu__link' + (item.href === route ? ' menu__link--active' : '')}
              aria-current={item.href === route ? 'page' : undefined}
              onClick={onNavigate}
            >
              {item.label}
            </Link>
          </li>
        ) : (
          <Category
            key={'c' + item.label + (item.href ?? '')}
            item={item}
            route={route}
            onNavigate={onNavigate}
          />
        ),
      )}
    </>
  );
}

/** The docs sidebar (a `nav` named "Docs sidebar", B43). */
export function Sidebar({ items, route, onNavigate, className }: SidebarProps) {
  const navClass = 'sidebar menu' + (className ? ' ' + className : '');
  // Called in the browser too: a useId call shapes the ids of the categories below it.
  const treeId = useId();
  const { config } = useSite();
  // On the server, the render side may already have this sidebar's HTML (see
  // prerenderedSidebar.ts); the browser never has it, so this compiles away there.
  if (typeof __DFDOCS_CLIENT__ === 'undefined') {
    const kept = use(PrerenderedSidebarContext)?.lookup(
      { items, baseUrl: config.baseUrl, className: navClass, treeId },
      route,
    );
    if (kept !== undefined)
      return (
        <nav
          className={navClass}
          aria-label="Docs sidebar"
          dangerouslySetInnerHTML={{ __html: kept }}
        />
      );
  }
  return (
    <nav className={navClass} aria-label="Docs sidebar">
      <ul className="menu__list">
        <Items items={items} owner="the docs sidebar" route={route} onNavigate={onNavigate} />
      </ul>
    </nav>
  );
}
