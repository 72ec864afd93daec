import { Children, isValidElement, type ReactNode, type ReactElement } from 'react';

interface TabProps {
  label: string;
  /** What the tab stands for (Docusaurus's `value`): tabs of one group with the same value switch together. */
  value?: string;
  /** Shown first (Docusaurus's `default`); otherwise the first tab is. */
  default?: boolean;
  children?: ReactNode;
}

/** One tab's panel; only meaningful inside `Tabs`. */
export function Tab({ children }: TabProps) {
  return <>{children}</>;
}

let tabsCounter = 0;

/**
 * Tabs rendered as an accessible tablist (server-side); switching happens by event
 * delegation in the client (`data-tabs`), so pages with tabs need no extra component code.
 * With a `groupId`, choosing a tab chooses the tab of the same value in every group of
 * that id (on the page, and on pages read later: the choice is stored under Docusaurus's
 * key `docusaurus.tab.<groupId>`); with a `queryString`, the choice is also read from and
 * written to that query parameter of the URL (see src/client/tabGroups.ts).
 */
export function Tabs({
  children,
  id,
  groupId,
  queryString,
}: {
  children?: ReactNode;
  id?: string;
  groupId?: string;
  queryString?: string;
}) {
  const tabs = Children.toArray(children).filter(
    (c): c is ReactElement<TabProps> =>
      isValidElement(c) && typeof (c.props as TabProps).label === 'string',
  );
  const base = id ?? `tabs-${++tabsCounter}`;
  const chosen = Math.max(
    0,
    tabs.findIndex((t) => t.props.default),
  );
  return (
    <div
      className="tabs"
      data-tabs=""
      data-group-id={groupId || undefined}
      data-query-string={queryString || undefined}
    >
      <div role="tablist" className="tabs__list">
        {tabs.map((t, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-controls={`${base}-panel-${i}`}
            aria-selected={i === chosen}
            tabIndex={i === chosen ? 0 : -1}
            className="tabs__tab"
            data-value={t.props.value ?? t.props.label}
          >
            {t.props.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={i}
          role="tabpanel"
          id={`${base}-panel-${i}`}
          aria-labelledby={`${base}-tab-${i}`}
          hidden={i !== chosen}
          className="tabs__panel"
        >
          {t.props.children}
        </div>
      ))}
    </div>
  );
}

/** Restarts tab ids for each page so output is deterministic. */
export function resetTabIds() {
  tabsCounter = 0;
}
