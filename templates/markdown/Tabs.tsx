import { Children, isValidElement, type ReactNode, type ReactElement } from 'react';

interface TabProps {
  label: string;
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
 */
export function Tabs({ children, id }: { children?: ReactNode; id?: string }) {
  const tabs = Children.toArray(children).filter(
    (c): c is ReactElement<TabProps> =>
      isValidElement(c) && typeof (c.props as TabProps).label === 'string',
  );
  const base = id ?? `tabs-${++tabsCounter}`;
  return (
    <div className="tabs" data-tabs="">
      <div role="tablist" className="tabs__list">
        {tabs.map((t, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-controls={`${base}-panel-${i}`}
            aria-selected={i === 0}
            tabIndex={i === 0 ? 0 : -1}
            className="tabs__tab"
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
          hidden={i !== 0}
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
