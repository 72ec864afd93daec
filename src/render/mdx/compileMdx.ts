/**
 * `.mdx` pages compiled with @mdx-js/mdx into a JavaScript module, through the same
 * remark and rehype plugins as markdown pages (processor.ts: directives and admonitions,
 * code blocks highlighted with their titles, heading ids and the TOC, link rewriting,
 * examples, the site's own plugins), then MDX's own steps to JavaScript. @mdx-js/mdx is
 * imported when the first MDX page compiles: a site of `.md` pages never loads it.
 */
import { VFile } from 'vfile';
import type { PluggableList, Processor } from 'unified';
import remarkGfm from 'remark-gfm';
import {
  pageFileResult,
  rehypeStages,
  remarkStages,
  type MarkdownOptions,
  type MarkdownResult,
} from '../markdown/processor';
import { normaliseContainerFences, reportFenceNotes } from '../markdown/containerFences';
import type { HighlightCache } from '../markdown/highlightCache';
import { DfdocsError } from '../diagnostics';
import type { bodyFacts } from '../pages/bodyFacts';
import { remarkMdxComponents, type MdxComponentsOptions } from './remarkMdxComponents';
import { recmaComponentSites } from './recmaComponentSites';
import { rehypeStaticHtml } from './rehypeStaticHtml';
import type { IslandUse } from './islands';

/** What a markdown page's render gives (TOC, links, messages, …), with the page as a module. */
export interface MdxCompiled extends Omit<MarkdownResult, 'hast'> {
  /** The page as an ES module (its imports as written; see mdxModule.ts). */
  code: string;
  islands: IslandUse[];
  imports: { source: string; line: number; column: number }[];
  facts: ReturnType<typeof bodyFacts>;
}

export interface MdxCompilerOptions extends MarkdownOptions {
  /** The site's registered components (config `mdx.components`): their names and module. */
  registered: () => MdxComponentsOptions['registered'];
}

/** Where the MDX parser's own errors come from (micromark's MDX extensions, acorn). */
const SYNTAX_SOURCES = /^(micromark|mdast-util-mdx|remark-mdx|acorn)/;

type Compiler = Processor;

export function createMdxCompiler(options: MdxCompilerOptions) {
  let compiler: Promise<Compiler> | undefined;
  const make = async (): Promise<Compiler> => {
    const { createProcessor } = await import('@mdx-js/mdx');
    const remarkPlugins: PluggableList = [
      remarkGfm,
      ...remarkStages(options, false),
      [remarkMdxComponents, { registered: options.registered() }],
    ];
    const rehypePlugins: PluggableList = [...rehypeStages(options), rehypeStaticHtml];
    return createProcessor({
      format: 'mdx',
      jsxImportSource: 'react',
      remarkPlugins,
      rehypePlugins,
      recmaPlugins: [recmaComponentSites],
    }) as unknown as Compiler;
  };

  return async function compile(
    body: string,
    sourcePath: string,
    absPath: string,
    highlightCache?: HighlightCache,
  ): Promise<MdxCompiled> {
    const t0 = performance.now();
    const processor = await (compiler ??= make());
    // `:::` containers are read as markdown pages read them (nesting by colons).
    const lines = body.split('\n');
    const notes = body.includes(':::') ? normaliseContainerFences(lines, () => false) : [];
    const file = new VFile({
      path: sourcePath,
      value: lines.join('\n'),
      data: { sourcePath, highlightCache, mdxAbsPath: absPath },
    });
    reportFenceNotes(file, notes);
    try {
      await processor.process(file);
    } catch (err) {
      throw syntaxError(err, sourcePath);
    }
    return {
      code: String(file.value),
      islands: file.data.islands ?? [],
      imports: file.data.mdxImports ?? [],
      facts: file.data.bodyFacts ?? { ids: [], hasH1: false },
      ...pageFileResult(file, t0),
    };
  };
}

export type MdxCompiler = ReturnType<typeof createMdxCompiler>;

/** An error of compiling as a diagnostic at its place in the page (MDX's syntax errors: `MdxSyntax`). */
function syntaxError(err: unknown, file: string): unknown {
  if (err instanceof DfdocsError) return err;
  const m = err as {
    reason?: string;
    message?: string;
    line?: number;
    column?: number;
    source?: string;
    ruleId?: string;
    place?: unknown;
  };
  const syntax = SYNTAX_SOURCES.test(m.source ?? '');
  if (!syntax && m.line == null) return err;
  // Some of MDX's messages carry their place only in their text: `… (9:1-9:6)`.
  const inText = /\((\d+):(\d+)(?:-\d+:\d+)?\)/.exec(m.reason ?? '');
  return new DfdocsError({
    code: syntax ? 'MdxSyntax' : 'MdxCompile',
    severity: 'error',
    message: `${syntax ? 'MDX syntax error' : 'MDX could not compile the page'}: ${m.reason ?? m.message}`,
    hint: syntax
      ? 'MDX reads `<` and `{` as JSX and JavaScript: close every tag, or escape a literal one as `\\<` or `\\{`'
      : 'fix the page where shown',
    file,
    line: m.line ?? (inText ? Number(inText[1]) : undefined),
    column: m.column ?? (inText ? Number(inText[2]) : undefined),
    cause: err,
  });
}
