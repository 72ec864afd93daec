/**
 * An MDX page's module rendered to its body HTML, on the build's thread: the built-in and
 * registered components, the runtime of the compiled page (`props.dfdocs.at`, see
 * recmaComponentSites.ts), islands as `<dfdocs-island>` elements holding their server
 * HTML and props, and errors thrown while rendering reported at the component's place.
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { Highlighter } from 'shiki';
import type { ClientSiteConfig } from '../../shared/config';
import { DfdocsError } from '../diagnostics';
import { SiteProvider } from '../../../templates/siteContext';
import { CodeSampleContext, type CodeSample } from '../../../templates/markdown/Code';
import { Tabs as TabsTemplate, Tab, resetTabIds } from '../../../templates/markdown/Tabs';
import { Admonition as AdmonitionTemplate } from '../../../templates/markdown/Admonition';
import { BUILT_INS } from '../../../templates/mdx/builtins';
import { highlightReactPageCode } from '../pages/reactPageCode';
import { ISLAND_TAG, SLOT_TAG } from '../../shared/islands';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** A static part of the page (rehypeStaticHtml.ts): its HTML, in a tag taken out after rendering. */
const RAW_TAG = 'dfdocs-raw';
const RAW_TAGS = new RegExp(`</?${RAW_TAG}>`, 'g');
const withoutRawTags = (html: string) => html.replace(RAW_TAGS, '');

function DfdocsRaw({ html }: { html: string }) {
  return createElement(RAW_TAG, { dangerouslySetInnerHTML: { __html: html } });
}

const RUNTIME_COMPONENTS = {
  DfdocsRaw,
  DfdocsAdmonition: AdmonitionTemplate,
  DfdocsTabs: TabsTemplate,
  DfdocsTab: ({ default: isDefault, ...props }: { default?: string; label: string }) =>
    createElement(Tab, { ...props, default: isDefault === 'true' }),
};

/** A place in the page, as `dfdocs:at` gives it: `Name@line:column`. */
function placeOf(at: string): { name: string; line: number; column: number } {
  const m = /^(.*)@(\d+):(\d+)$/.exec(at);
  return { name: m?.[1] ?? at, line: Number(m?.[2] ?? 1), column: Number(m?.[3] ?? 1) };
}

/** Why a value cannot reach the browser as JSON, or undefined when it can. */
function unserialisable(value: unknown, path: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${value}`;
  if (typeof value === 'undefined') return undefined;
  if (typeof value === 'function') return `${path} is a function`;
  if (typeof value !== 'object') return `${path} is a ${typeof value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const why = unserialisable(value[i], `${path}[${i}]`);
      if (why) return why;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return `${path} is ${(value as object).constructor?.name ?? 'an object'} (a React element or class instance)`;
  if ('$$typeof' in (value as object)) return `${path} is a React element`;
  for (const [k, v] of Object.entries(value)) {
    const why = unserialisable(v, `${path}.${k}`);
    if (why) return why;
  }
  return undefined;
}

interface PageRun {
  sourcePath: string;
  /** Diagnosing a failed render: each component site becomes a wrapper named after its place. */
  diagnose: boolean;
}

const islandsByComponent = new WeakMap<object, Map<string, AnyComponent>>();
const namedByComponent = new WeakMap<object, Map<string, AnyComponent>>();

function memo(
  table: WeakMap<object, Map<string, AnyComponent>>,
  type: object,
  key: string,
  make: () => AnyComponent,
): AnyComponent {
  let byKey = table.get(type);
  if (!byKey) table.set(type, (byKey = new Map()));
  let c = byKey.get(key);
  if (!c) byKey.set(key, (c = make()));
  return c;
}

/** The island around a component: its HTML rendered on its own (as the browser will hydrate it) and its props as JSON. */
function islandOf(
  type: AnyComponent,
  island: string,
  at: string,
  sourcePath: string,
): AnyComponent {
  const [id, hydrate] = island.split(':') as [string, string];
  return memo(islandsByComponent, type, `${sourcePath}\0${island}@${at}`, () => {
    function Island({ children, ...props }: { children?: ReactNode } & Record<string, unknown>) {
      const why = unserialisable(props, 'props');
      if (why) {
        const { name, line, column } = placeOf(at);
        throw new DfdocsError({
          code: 'MdxIslandProps',
          severity: 'error',
          message: `the island <${name}> gets a prop the browser cannot be given: ${why}`,
          hint: 'an island\u2019s props are written into the page as JSON: give it strings, numbers, booleans, arrays and plain objects',
          file: sourcePath,
          line,
          column,
        });
      }
      // What the page puts inside it is HTML the island shows where it renders `children`.
      const slot =
        children === undefined || children === null || children === false
          ? undefined
          : withoutRawTags(renderToStaticMarkup(createElement(Fragment, null, children)));
      const inner = renderToString(
        createElement(
          type,
          props,
          slot === undefined
            ? undefined
            : createElement(SLOT_TAG, { dangerouslySetInnerHTML: { __html: slot } }),
        ),
      );
      return createElement(ISLAND_TAG, {
        'data-island': id,
        'data-hydrate': hydrate,
        'data-props': JSON.stringify(props),
        dangerouslySetInnerHTML: { __html: inner },
      });
    }
    return Island as AnyComponent;
  });
}

/** A pass-through component named after a component's place (its name shows in React's component stack). */
function namedAfter(type: AnyComponent, at: string): AnyComponent {
  return memo(namedByComponent, type, at, () => {
    const named = { [at]: (props: Record<string, unknown>) => createElement(type, props) }[at]!;
    return named as AnyComponent;
  });
}

export interface MdxPageInput {
  /** The page module's default export. */
  Content: ComponentType<Record<string, unknown>>;
  /** The site's registered components (config `mdx.components`). */
  registered: Record<string, unknown>;
  sourcePath: string;
  clientConfig: ClientSiteConfig;
  highlighter: () => Promise<Highlighter>;
}

/** The page's body HTML. Throws a diagnostic at the component that threw (`MdxComponentThrew`). */
export async function renderMdxPage(input: MdxPageInput): Promise<string> {
  const components = { ...BUILT_INS, ...input.registered, ...RUNTIME_COMPONENTS };
  let current: PageRun = { sourcePath: input.sourcePath, diagnose: false };
  const at = (type: AnyComponent, place: string, island?: string): AnyComponent => {
    const run = current;
    let out = island ? islandOf(type, island, place, run.sourcePath) : type;
    if (run.diagnose) out = namedAfter(out, place);
    return out;
  };
  const samples: CodeSample[] = [];
  const { Content } = input;
  const page = () => (
    <SiteProvider value={{ config: input.clientConfig, sidebars: {} }}>
      <CodeSampleContext.Provider value={(s) => samples.push(s) - 1}>
        <Content components={components} dfdocs={{ at }} />
      </CodeSampleContext.Provider>
    </SiteProvider>
  );
  let html: string;
  try {
    resetTabIds();
    html = renderToStaticMarkup(page());
  } catch (err) {
    if (err instanceof DfdocsError) throw err;
    current = { sourcePath: input.sourcePath, diagnose: true };
    const place = await placeOfThrow(page);
    const { name, line, column } = place ? placeOf(place) : { name: '', line: 1, column: 1 };
    const message = (err as Error)?.message ?? String(err);
    throw new DfdocsError({
      code: 'MdxComponentThrew',
      severity: 'error',
      message: place
        ? `<${name}> threw while rendering: ${message}`
        : `the page threw while rendering: ${message}`,
      hint: 'fix the component, or the props the page gives it (run with --verbose for the stack)',
      file: input.sourcePath,
      line,
      column,
      cause: err,
    });
  }
  return highlightReactPageCode(withoutRawTags(html), samples, input.highlighter);
}

/** The innermost component site on the way to an error: rendered again, React's component stack names it. */
async function placeOfThrow(page: () => ReactNode): Promise<string | undefined> {
  const { prerenderToNodeStream } = await import('react-dom/static');
  let stack = '';
  try {
    const { prelude } = await prerenderToNodeStream(page(), {
      onError(_error: unknown, info: { componentStack?: string }) {
        stack ||= info.componentStack ?? '';
      },
    });
    prelude.resume();
  } catch {
    // the error itself: the stack was recorded first
  }
  return /\n\s*at (\S+@\d+:\d+)[\s(]/.exec(stack)?.[1];
}
