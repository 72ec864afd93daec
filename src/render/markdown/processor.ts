import { unified, type PluggableList, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
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
import { preprocessMarkdown } from './preprocess';
import type { HighlightCache } from './highlightCache';
import { remarkExamplePlots } from '../examples/remarkExamplePlots';
import { mayHoldAutolinkLiteral, mayHoldTable, remarkGfmLean } from './remarkGfmLean';

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
}

export interface MarkdownResult {
  hast: HastRoot;
  toc: TocItem[];
  links: FoundLink[];
  /** Problems the plugins reported (warnings), with positions in the author's file. */
  messages: { message: string; line?: number; column?: number }[];
  /** Code blocks left to highlight, when highlighting is deferred and the page has any the cache lacks. */
  deferred?: DeferredBlocks;
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

/** Builds the frozen markdown → hast processor(s) once; `render` is then called per page. */
export function createMarkdownRenderer(options: MarkdownOptions) {
  const processorWith = (gfm: PluggableList) =>
    unified()
      .use(remarkParse)
      .use(gfm)
      .use(remarkDirective)
      .use(remarkDirectives)
      .use(remarkExamplePlots, { root: options.root })
      .use(options.plugins?.remark ?? [])
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeRawWhenNeeded)
      .use(rehypeHeadings, {
        minLevel: options.toc.minHeadingLevel,
        maxLevel: options.toc.maxHeadingLevel,
      })
      // The site's rehype plugins see heading ids; the links they add are checked.
      .use(options.plugins?.rehype ?? [])
      .use(rehypeCodeBlocks, { highlighter: options.highlighter })
      .use(rehypeLinks, { baseUrl: options.baseUrl, routeOfSource: options.routeOfSource })
      .freeze() as unknown as Processor<MdastRoot, MdastRoot, HastRoot>;
  const full = processorWith([remarkGfm]);
  // The same result for a page that cannot hold an autolink literal (or a table), parsed in less time.
  const lean = processorWith([[remarkGfmLean, { tables: true }]]);
  const leanWithoutTables = processorWith([[remarkGfmLean, { tables: false }]]);
  const processorFor = (source: string) =>
    mayHoldAutolinkLiteral(source) ? full : mayHoldTable(source) ? lean : leanWithoutTables;

  /** `highlightCache`: blocks highlighted in an earlier render of the page, and where this render's are recorded. */
  return async function render(
    body: string,
    sourcePath: string,
    highlightCache?: HighlightCache,
  ): Promise<MarkdownResult> {
    const t0 = performance.now();
    const value = preprocessMarkdown(body);
    const processor = processorFor(value);
    const file = new VFile({ path: sourcePath, value, data: { sourcePath, highlightCache } });
    const mdast = processor.parse(file);
    const hast = (await processor.run(mdast, file)) as HastRoot;
    return {
      hast,
      toc: file.data.toc ?? [],
      links: file.data.links ?? [],
      deferred: file.data.deferredBlocks,
      messages: file.messages.map((m) => ({
        message: m.reason,
        line: m.line ?? undefined,
        column: m.column ?? undefined,
      })),
      timings: { markdown: performance.now() - t0, highlight: file.data.highlightMs ?? 0 },
    };
  };
}

export type MarkdownRenderer = ReturnType<typeof createMarkdownRenderer>;
