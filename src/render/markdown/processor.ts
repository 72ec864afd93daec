import { unified, type PluggableList, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import rehypeRaw from 'rehype-raw';
import { walk, EXIT, type WalkNode } from '../tree/walk';
import { VFile } from 'vfile';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { TocItem } from '../../shared/pageData';
import { remarkDirectives } from './remarkDirectives';
import { rehypeHeadings } from './rehypeHeadings';
import { rehypeCodeBlocks, type BlockHighlighting } from './rehypeCodeBlocks';
import type { DeferredBlocks } from './deferredBlocks';
import { rehypeLinks, type FoundLink } from './rehypeLinks';
import { rehypeUnsafeLinks } from './rehypeUnsafeLinks';
import { checkNesting } from './nestingLimit';
import { parseMarkdown } from './chunkedParse';
import { remarkRehypeLettingGo } from './remarkRehypeLettingGo';
import { collectGarbage, garbageCollectionPlugin, isLargePage } from '../memoryPressure';
import { preprocessMarkdown } from './preprocess';
import { remarkCodeMeta } from './remarkCodeMeta';
import { remarkAlerts } from './remarkAlerts';
import { remarkForeignParts } from './remarkForeignParts';
import { rehypeComponents } from './rehypeComponents';
import { rehypeInlineToc } from './rehypeInlineToc';
import { rehypeAssets } from './rehypeAssets';
import type { PageAsset } from '../assets/assetFiles';
import type { SluggerName } from './slugger';
import { messagesOf, type MarkdownMessage } from '../diagnostics/fromVfile';
import { reportFenceNotes } from './containerFences';
import type { HighlightCache } from './highlightCache';
import { remarkExamplePlots } from '../examples/remarkExamplePlots';
import { remarkRunnableExamples } from '../examples/remarkRunnableExamples';
import { mayHoldAutolinkLiteral, mayHoldTable, remarkGfmLean } from './remarkGfmLean';
import { GfmLineGuards } from './gfmLineGuards';

export interface MarkdownOptions {
  /**
   * The highlighter, or a way to get it when a block first needs it (a rebuild reusing
   * every block never loads one), or `'deferred'`: blocks are left as markers for another
   * thread (`MarkdownResult.deferred`).
   */
  highlighter: BlockHighlighting;
  baseUrl: string;
  toc: { minHeadingLevel: number; maxHeadingLevel: number };
  routeOfSource: (sourcePath: string) => string | undefined;
  /** Site root (or a getter of it): `plot` examples run in their page's folder (default: the working directory). */
  root?: string | (() => string | undefined);
  /** The site's own plugins (config `markdown`), loaded by src/render/modules/markdownPlugins.ts. */
  plugins?: { remark: PluggableList; rehype: PluggableList };
  /** How heading ids are made (config `markdown.slugger`). */
  slugger?: SluggerName;
  /** The site runs its examples in the reader's browser (config `examples.browser`): runnable blocks get a Run button. */
  runExamples?: boolean;
}

export interface MarkdownResult {
  hast: HastRoot;
  toc: TocItem[];
  links: FoundLink[];
  /**
   * Problems the plugins reported (warnings), with positions in the author's file and a
   * permanent code (see diagnostics/fromVfile.ts).
   */
  messages: MarkdownMessage[];
  /** Code blocks left to highlight, when highlighting is deferred and the page has any the cache lacks. */
  deferred?: DeferredBlocks;
  /** Files the page references, to copy into the output under their hashed names. */
  assets?: PageAsset[];
  /** Milliseconds spent parsing+transforming, and of that highlighting. */
  timings: { markdown: number; highlight: number };
}

/** Runs rehype-raw only where the markdown holds raw HTML: most pages have none, and parse5 is not free. */
function rehypeRawWhenNeeded() {
  const raw = rehypeRaw();
  return (tree: HastRoot, file: VFile) => {
    const found = walk(tree as WalkNode, (node) => (node.type === 'raw' ? EXIT : undefined));
    return found ? raw(tree, file) : tree;
  };
}

/** MDX's reading of indentation: it never makes a code block (for pages written for MDX, see `Preprocessed.mdx`). */
function remarkNoIndentedCode(this: Processor): void {
  (this.data().micromarkExtensions ??= []).push({ disable: { null: ['codeIndented'] } });
}

/**
 * dfdocs's remark plugins after the parser's syntax extensions, in order, then the site's
 * own; shared with MDX pages (src/render/mdx/), which leave out what reads raw HTML
 * (`foreign`: VitePress and MDX parts a markdown page can only print as text).
 */
export function remarkStages(options: MarkdownOptions, foreign = true): PluggableList {
  return [
    remarkDirective,
    remarkCodeMeta,
    remarkAlerts,
    remarkDirectives,
    ...(foreign ? [remarkForeignParts] : []),
    ...(options.runExamples ? [remarkRunnableExamples] : []),
    [remarkExamplePlots, { root: options.root }],
    ...(options.plugins?.remark ?? []),
  ];
}

/** dfdocs's rehype plugins with the site's own among them (also MDX pages', see `remarkStages`). */
export function rehypeStages(options: MarkdownOptions): PluggableList {
  return [
    [
      rehypeHeadings,
      {
        minLevel: options.toc.minHeadingLevel,
        maxLevel: options.toc.maxHeadingLevel,
        slugger: options.slugger,
      },
    ],
    rehypeInlineToc,
    // The site's rehype plugins see heading ids; the links they add are checked.
    ...(options.plugins?.rehype ?? []),
    [rehypeCodeBlocks, { highlighter: options.highlighter }],
    [rehypeAssets, { baseUrl: options.baseUrl, root: options.root }],
    garbageCollectionPlugin(), // so is what highlighting made on the way
    [rehypeLinks, { baseUrl: options.baseUrl, routeOfSource: options.routeOfSource }],
    rehypeUnsafeLinks,
  ];
}

/**
 * Whether the site's remark plugins add to the parse (micromark or mdast extensions). The
 * line guards' rules (a table starts above a delimiter row; an autolink literal's line
 * holds its mark) are those of GFM as written, which new syntax could change (a container
 * with its own line prefix), so such a site parses without them.
 */
export function addsSyntax(plugins: PluggableList | undefined): boolean {
  if (!plugins?.length) return false;
  const data = unified().use(plugins).freeze().data();
  return (data.micromarkExtensions?.length ?? 0) + (data.fromMarkdownExtensions?.length ?? 0) > 0;
}

/** Builds the frozen markdown → hast processor(s) once; `render` is then called per page. */
export function createMarkdownRenderer(options: MarkdownOptions) {
  const processorWith = (gfm: PluggableList, mdx: boolean) =>
    unified()
      .use(remarkParse)
      .use(gfm)
      .use(mdx ? [remarkNoIndentedCode] : [])
      .use(remarkStages(options))
      .use(remarkRehypeLettingGo, { allowDangerousHtml: true })
      .use(garbageCollectionPlugin()) // the markdown tree is garbage from here
      .use(rehypeRawWhenNeeded)
      .use(rehypeComponents)
      .use(rehypeStages(options))
      .freeze() as unknown as Processor<MdastRoot, MdastRoot, HastRoot>;
  // The same result for a page that cannot hold an autolink literal (or a table), parsed in
  // less time; each also for pages written for MDX. Made when first needed.
  const variants = new Map<string, ReturnType<typeof processorWith>>();
  // Each text is parsed with the lines a table or autolink literal could be on known (see
  // `GfmLineGuards`); the constructs consult them unless the site adds syntax of its own.
  const guards = new GfmLineGuards();
  const guarding = !addsSyntax(options.plugins?.remark);
  const processorFor = (source: string, mdx: boolean) => {
    const autolinks = mayHoldAutolinkLiteral(source);
    const tables = mayHoldTable(source);
    const key = `${autolinks}:${tables}:${mdx}`;
    let processor = variants.get(key);
    if (!processor) {
      const gfm: PluggableList = [
        [remarkGfmLean, { autolinks, tables, guards: guarding ? guards : undefined }],
      ];
      variants.set(key, (processor = processorWith(gfm, mdx)));
    }
    return processor;
  };

  /** `highlightCache`: blocks highlighted in an earlier render of the page, and where this render's are recorded. */
  return async function render(
    body: string,
    sourcePath: string,
    highlightCache?: HighlightCache,
  ): Promise<MarkdownResult> {
    const t0 = performance.now();
    checkNesting(body, sourcePath); // before parsing: a page nested thousands deep would take minutes
    const { value, mdx, imports, notes } = preprocessMarkdown(body);
    const processor = processorFor(value, mdx);
    const file = new VFile({
      path: sourcePath,
      value,
      data: { sourcePath, highlightCache, imports },
    });
    reportFenceNotes(file, notes);
    // A large page in pieces, so the parser's events for all of it never live at once (MDX
    // is parsed whole: its components may hold headings across blank lines).
    const large = isLargePage(value.length);
    const mdast = mdx
      ? guards.during(value, () => processor.parse(file))
      : parseMarkdown(
          (text) => guards.during(text, () => processor.parse(text === value ? file : text)),
          value,
          {},
          large ? { every: 64 * 1024, run: collectGarbage } : undefined,
        );
    if (large) collectGarbage(); // the parser's garbage, before the next tree
    const hast = (await processor.run(mdast, file)) as HastRoot;
    if (large) {
      // Every element and text keeps its place in the source (three objects each): the
      // plugins that report lines have run, and a large page's tree is most of its memory.
      walk(hast as WalkNode, (node) => {
        delete (node as { position?: unknown }).position;
      });
      collectGarbage();
    }
    return { hast, ...pageFileResult(file, t0) };
  };
}

/**
 * What the pipeline's plugins left on a page's file — its TOC, links, deferred blocks, assets,
 * messages in page order — and the time since `t0` (shared with MDX pages).
 */
export function pageFileResult(file: VFile, t0: number): Omit<MarkdownResult, 'hast'> {
  return {
    toc: file.data.toc ?? [],
    links: file.data.links ?? [],
    deferred: file.data.deferredBlocks,
    assets: file.data.assets,
    messages: messagesOf(file.messages),
    timings: { markdown: performance.now() - t0, highlight: file.data.highlightMs ?? 0 },
  };
}

export type MarkdownRenderer = ReturnType<typeof createMarkdownRenderer>;
