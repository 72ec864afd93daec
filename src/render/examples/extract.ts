import { isBuiltin } from 'node:module';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import type { Root, Code, Parent, RootContent } from 'mdast';

/** Fence languages whose blocks can run (TypeScript is stripped before running). */
const RUNNABLE_LANGS = new Set(['js', 'javascript', 'mjs', 'ts', 'typescript', 'mts']);
/** Fence languages of a shown output block. */
const OUTPUT_LANGS = new Set(['txt', 'text']);
/** The module specifiers a block imports: `from 'x'`, `import 'x'` and `import('x')`. */
const IMPORT_SPECIFIER =
  /\bfrom\s*(['"])([^'"\n]+)\1|\bimport\s*(['"])([^'"\n]+)\3|\bimport\s*\(\s*(['"])([^'"\n]+)\5\s*\)/g;
/** `// => text`: the line's printed output, shown as a comment. */
const ARROW = /\/\/ =>(?: (.*))?$/;

/** What the page says a block prints, and where it says it. */
export type ExpectedOutput =
  | { kind: 'block'; text: string; line: number; endLine: number }
  | { kind: 'arrows'; lines: { text: string; line: number }[] };

/** One fenced JS/TS block of a page that will run. */
export interface ExampleBlock {
  /** Position among the page's runnable blocks, from 0. */
  index: number;
  lang: string;
  code: string;
  /** Line of the opening fence in the markdown file (1-based). */
  fenceLine: number;
  /** Line of the first code line in the markdown file. */
  codeLine: number;
  /** Meta word `plot`: the block draws a chart that the build inlines after it. */
  plot: boolean;
  expected?: ExpectedOutput;
  /**
   * The block's `// =>` comments. Without an output block they are the expected output; with
   * one, each must still be a line of what the block prints, in order.
   */
  arrows: { text: string; line: number }[];
}

export interface PageExamples {
  /** Whether any block imports a package (only then does the page run). */
  runnable: boolean;
  blocks: ExampleBlock[];
  /** The packages the blocks import (bare specifiers, Node built-ins left out), in first-seen order. */
  packages: string[];
}

/**
 * The package a bare module specifier names (`'pkg/sub'` → `'pkg'`, `'@s/pkg/x'` → `'@s/pkg'`),
 * or undefined for a relative path, a URL, or a Node built-in.
 */
export function packageOf(specifier: string): string | undefined {
  if (
    /^(\.{1,2}\/|\/|[a-zA-Z][a-zA-Z0-9+.-]*:)/.test(specifier) ||
    specifier === '.' ||
    specifier === '..'
  )
    return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return isBuiltin(name) ? undefined : name;
}

/** The packages a block of code imports, in order of first appearance. */
export function importedPackages(code: string): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(IMPORT_SPECIFIER)) {
    const name = packageOf(m[2] ?? m[4] ?? m[6] ?? '');
    if (name) out.add(name);
  }
  return [...out];
}

/** Meta words of a fence (`norun`, `plot`), ignoring `key=value` pairs such as `title="…"`. */
export function metaWords(meta: string | null | undefined): Set<string> {
  const words = new Set<string>();
  if (!meta) return words;
  const re = /(\w+)=(?:"[^"]*"|'[^']*'|\S+)|([\w-]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(meta))) if (m[2]) words.add(m[2]);
  return words;
}

const parser = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkDirective)
  .use(remarkFrontmatter, ['yaml'])
  .freeze();

/** Parses a whole markdown file (front matter included, so lines are the file's lines). */
export function parseMarkdownFile(text: string): Root {
  return parser.parse(text) as Root;
}

function isCode(node: RootContent | undefined): node is Code {
  return node?.type === 'code';
}

/**
 * The runnable blocks of a page, in document order. A page runs when one of its JS/TS blocks
 * imports a package (whatever the site has installed: it is resolved from the site root when
 * the page runs); then every JS/TS block of the page runs (in one module scope, in order)
 * unless its fence says `norun`. A ```txt block right after a block is its expected
 * output; otherwise `// =>` comments in the block are.
 */
export function examplesOfTree(tree: Root): PageExamples {
  const found: { node: Code; next: RootContent | undefined }[] = [];
  const walk = (parent: Parent) => {
    parent.children.forEach((child, i) => {
      if (isCode(child)) found.push({ node: child, next: parent.children[i + 1] });
      else if ('children' in child) walk(child as Parent);
    });
  };
  walk(tree);
  const candidates = found.filter(
    ({ node }) =>
      node.lang &&
      RUNNABLE_LANGS.has(node.lang.toLowerCase()) &&
      !metaWords(node.meta).has('norun'),
  );
  const packages = [...new Set(candidates.flatMap(({ node }) => importedPackages(node.value)))];
  if (!packages.length) return { runnable: false, blocks: [], packages };
  const blocks = candidates.map(({ node, next }, index): ExampleBlock => {
    const fenceLine = node.position?.start.line ?? 1;
    const codeLine = fenceLine + 1;
    let expected: ExpectedOutput | undefined;
    const arrows: { text: string; line: number }[] = [];
    node.value.split('\n').forEach((l, k) => {
      const m = ARROW.exec(l);
      if (m) arrows.push({ text: m[1] ?? '', line: codeLine + k });
    });
    if (isCode(next) && next.lang && OUTPUT_LANGS.has(next.lang.toLowerCase())) {
      expected = {
        kind: 'block',
        text: next.value,
        line: next.position?.start.line ?? fenceLine,
        endLine: next.position?.end.line ?? fenceLine,
      };
    } else if (arrows.length) expected = { kind: 'arrows', lines: arrows };
    return {
      index,
      lang: node.lang!.toLowerCase(),
      code: node.value,
      fenceLine,
      codeLine,
      plot: metaWords(node.meta).has('plot'),
      expected,
      arrows,
    };
  });
  return { runnable: true, blocks, packages };
}

/** The runnable blocks of a markdown file's text. */
export function extractExamples(text: string): PageExamples {
  return examplesOfTree(parseMarkdownFile(text));
}
