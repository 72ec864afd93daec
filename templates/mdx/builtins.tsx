/**
 * The components every MDX page has without importing them, with the props Docusaurus's
 * give them (so a page moved from Docusaurus keeps working), rendered by the same
 * templates as the markdown syntax for them: `<Tabs>`/`<TabItem>` (`:::tabs`),
 * `<Admonition>` (`:::note`), `<Details>` (`:::details`), `<CodeBlock>` (a fence).
 * Server-side only: like a markdown page's, an MDX page's body reaches the browser as HTML.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Tabs as TabsTemplate, Tab } from '../markdown/Tabs';
import { Admonition as AdmonitionTemplate } from '../markdown/Admonition';
import { Details } from '../markdown/Details';
import { Code } from '../markdown/Code';

interface TabItemProps {
  value?: string;
  label?: string;
  default?: boolean;
  children?: ReactNode;
}

/** One tab of `<Tabs>`; it renders its content (the tabs read its props). */
export function TabItem({ children }: TabItemProps) {
  return <>{children}</>;
}

/**
 * Tabs: each `<TabItem value label default>` child is a tab. `values` (`[{ value, label }]`)
 * names them, `defaultValue` chooses the first shown, `groupId` switches groups together,
 * `queryString` keeps the choice in the URL (`true`: under the group's id).
 */
export function Tabs({
  children,
  groupId,
  queryString,
  defaultValue,
  values,
}: {
  children?: ReactNode;
  groupId?: string;
  queryString?: string | boolean;
  defaultValue?: string;
  values?: { value: string; label?: string }[];
}) {
  const labels = new Map((values ?? []).map((v) => [v.value, v.label ?? v.value]));
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> =>
    isValidElement(c),
  );
  return (
    <TabsTemplate
      groupId={groupId}
      queryString={queryString === true ? groupId : queryString || undefined}
    >
      {items.map((item, i) => {
        const { value, label, children: content } = item.props;
        return (
          <Tab
            key={i}
            label={(value !== undefined ? labels.get(value) : undefined) ?? label ?? value ?? 'Tab'}
            value={value}
            default={
              defaultValue !== undefined ? defaultValue === value : Boolean(item.props.default)
            }
          >
            {content}
          </Tab>
        );
      })}
    </TabsTemplate>
  );
}

/** A callout: `type` is note, tip, info, warning, caution or danger; the title defaults to the type. */
export function Admonition({
  type = 'note',
  title,
  children,
}: {
  type?: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <AdmonitionTemplate type={type} title={title ?? type.toUpperCase()}>
      {children}
    </AdmonitionTemplate>
  );
}

export { Details };

/** A highlighted code block: the code as its child (a string), `language` and `title` as a fence's. */
export function CodeBlock({
  children,
  language,
  title,
}: {
  children?: ReactNode;
  language?: string;
  title?: string;
}) {
  const code = Children.toArray(children)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : ''))
    .join('')
    .replace(/\n$/, '');
  return <Code code={code} lang={language} title={title} />;
}

export const BUILT_INS = { Tabs, TabItem, Admonition, Details, CodeBlock };
