import { Fragment } from 'react';
import { jsx, jsxs } from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import type { Root } from 'hast';
import { CodeBlock } from '../../../templates/markdown/CodeBlock';
import { Admonition } from '../../../templates/markdown/Admonition';
import { Tabs, Tab, resetTabIds } from '../../../templates/markdown/Tabs';

/** The custom elements the markdown plugins emit, rendered by template components. */
const components = {
  codeblock: CodeBlock,
  admonition: Admonition,
  tabs: Tabs,
  tab: Tab,
} as unknown as Components;

/** hast → React elements (hast-util-to-jsx-runtime) → HTML: the page body. */
export function renderHastToHtml(tree: Root): string {
  resetTabIds();
  const element = toJsxRuntime(tree, { Fragment, jsx, jsxs, components, passNode: false });
  return renderToString(element);
}
