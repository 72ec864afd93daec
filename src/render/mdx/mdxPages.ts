/**
 * MDX pages on a render thread: compiled (compileMdx.ts), made a module (mdxModule.ts)
 * and rendered (mdxRuntime.tsx) into what renderRoute needs of a page body. Made once per
 * thread; nothing of MDX loads until the first `.mdx` page renders.
 */
import { statSync } from 'node:fs';
import type { Highlighter } from 'shiki';
import type { ClientSiteConfig } from '../../shared/config';
import type { MarkdownOptions } from '../markdown/processor';
import type { HighlightCache } from '../markdown/highlightCache';
import { defaultExport } from '../modules/siteBundle';
import { BUILT_INS } from '../../../templates/mdx/builtins';
import { createMdxCompiler, type MdxCompiled } from './compileMdx';
import { BUILT_INS_KEY, loadMdxModule } from './mdxModule';
import { renderMdxPage } from './mdxRuntime';

/** A file a rendered page depends on, as it was then: a cached page is reused only while each is unchanged. */
export interface PageInput {
  file: string;
  stamp: string;
}

export const stampOf = (file: string): string => {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return '-';
  }
};

/** Whether the files a cached page depended on are as they were. */
export const inputsUnchanged = (inputs: PageInput[] | undefined): boolean =>
  (inputs ?? []).every((i) => stampOf(i.file) === i.stamp);

export interface MdxBody extends Omit<MdxCompiled, 'code'> {
  html: string;
  inputs: PageInput[];
}

export interface MdxPagesOptions extends MarkdownOptions {
  /** The site's root (or a getter of it, in a render worker). */
  root: string | (() => string | undefined);
  clientConfig: ClientSiteConfig;
  /** The URL of the site's compiled `mdx.components` module (see registeredComponents.ts), if it has one. */
  componentsUrl?: string;
  /** The absolute path of that module, for islands among its components. */
  componentsModule?: string;
  /** Highlights what `<CodeBlock>` elements hold. */
  highlighterOf: () => Promise<Highlighter>;
}

/** The registered components as the module exports them: by name, and the names of a default object's. */
async function loadRegistered(url: string | undefined): Promise<Record<string, unknown>> {
  if (!url) return {};
  const [ns] = ((await import(url)) as { default: Record<string, unknown>[] }).default;
  const out: Record<string, unknown> = {};
  const d = ns && defaultExport(ns);
  if (d && typeof d === 'object') Object.assign(out, d);
  for (const [k, v] of Object.entries(ns ?? {})) if (k !== 'default') out[k] = v;
  return out;
}

export function createMdxPages(options: MdxPagesOptions) {
  (globalThis as Record<symbol, unknown>)[Symbol.for(BUILT_INS_KEY)] = BUILT_INS;
  const rootOf = () => (typeof options.root === 'function' ? options.root() : options.root) ?? '.';
  let registered: Promise<Record<string, unknown>> | undefined;
  const registeredNow = () => (registered ??= loadRegistered(options.componentsUrl));
  let namesOf: { names: Set<string>; module?: string } = { names: new Set() };
  const compile = createMdxCompiler({ ...options, registered: () => namesOf });

  return async function renderMdx(
    body: string,
    page: { sourcePath: string; absPath: string },
    highlightCache?: HighlightCache,
  ): Promise<MdxBody> {
    const components = await registeredNow();
    namesOf = { names: new Set(Object.keys(components)), module: options.componentsModule };
    const compiled = await compile(body, page.sourcePath, page.absPath, highlightCache);
    const root = rootOf();
    const module = await loadMdxModule(compiled, page, root);
    const t0 = performance.now();
    const html = await renderMdxPage({
      Content: module.Content,
      registered: components,
      sourcePath: page.sourcePath,
      clientConfig: options.clientConfig,
      highlighter: options.highlighterOf,
    });
    const { code: _code, ...rest } = compiled;
    return {
      ...rest,
      html,
      inputs: module.inputs.map((file) => ({ file, stamp: stampOf(file) })),
      timings: { ...rest.timings, markdown: rest.timings.markdown + performance.now() - t0 },
    };
  };
}

export type MdxPages = ReturnType<typeof createMdxPages>;
