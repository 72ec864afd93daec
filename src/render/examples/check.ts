import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { availableParallelism } from 'node:os';
import { extractExamples, type ExampleBlock } from './extract';
import { runBlocks, type PageRun } from './run';
import { lineDiff } from './lineDiff';
import { examplesDirs } from './workingDir';
import type { Diagnostic } from '../diagnostics';
import { diagnostic } from '../diagnostics/make';

/**
 * A documented example that failed, as a diagnostic: where (the markdown file, relative to
 * the site root, and the line), what, and for a mismatch the diff as its `detail`.
 */
export type ExampleFailure = Diagnostic & { file: string; line: number };

const failure = (
  code: 'ExampleOutputMismatch' | 'ExampleThrew' | 'ExampleNotRun' | 'ExampleSyntaxError',
  d: { file: string; line: number; message: string; detail?: string },
): ExampleFailure => diagnostic(code, d) as ExampleFailure;

export interface PageCheck {
  file: string;
  /** Runnable blocks on the page. */
  blocks: number;
  /** Blocks that ran (all of them unless one threw). */
  executed: number;
  /** Blocks whose printed output the page shows and that matched. */
  checked: number;
  failures: ExampleFailure[];
  /** Each runnable block with its output, for tooling (e.g. filling in output blocks). */
  run?: { blocks: ExampleBlock[]; result: PageRun };
}

export interface ExamplesReport {
  pages: PageCheck[];
  executed: number;
  checked: number;
  failures: ExampleFailure[];
}

/** Compares what a block printed with what its page shows. */
export function compareBlock(
  block: ExampleBlock,
  printed: string,
  file: string,
): ExampleFailure | undefined {
  const exp = block.expected;
  if (!exp) return undefined;
  const expected = exp.kind === 'block' ? exp.text : exp.lines.map((l) => l.text).join('\n');
  const actual = printed.replace(/\n+$/, '');
  if (expected.replace(/\n+$/, '') === actual) {
    // An output block and `// =>` comments: each comment must be a printed line, in order.
    if (exp.kind === 'block' && block.arrows.length) {
      const printed = actual.split('\n');
      let at = 0;
      for (const a of block.arrows) {
        const found = printed.indexOf(a.text, at);
        if (found < 0)
          return failure('ExampleOutputMismatch', {
            file,
            line: a.line,
            message: `the \`// =>\` comment says "${a.text}", but the example at line ${block.fenceLine} prints no such line (after the previous comment's)`,
            detail: lineDiff(block.arrows.map((x) => x.text).join('\n'), actual),
          });
        at = found + 1;
      }
    }
    return undefined;
  }
  if (exp.kind === 'block') {
    return failure('ExampleOutputMismatch', {
      file,
      line: exp.line,
      message: `the output shown below the example at line ${block.fenceLine} is not what it prints`,
      detail: lineDiff(expected, actual),
    });
  }
  const printedLines = actual.split('\n');
  const bad = exp.lines.findIndex((l, k) => l.text !== printedLines[k]);
  const line = exp.lines[bad >= 0 ? bad : exp.lines.length - 1]!.line;
  return failure('ExampleOutputMismatch', {
    file,
    line,
    message: `the \`// =>\` output of the example at line ${block.fenceLine} is not what it prints`,
    detail: lineDiff(expected, actual),
  });
}

/** Runs one markdown file's examples and compares their output. */
export async function checkPage(
  absPath: string,
  options: { root: string; keepRun?: boolean },
): Promise<PageCheck> {
  const file = relative(options.root, absPath).split(sep).join('/');
  const { runnable, blocks } = extractExamples(readFileSync(absPath, 'utf8'));
  const page: PageCheck = { file, blocks: blocks.length, executed: 0, checked: 0, failures: [] };
  if (!runnable || !blocks.length) return page;
  let result: PageRun;
  try {
    result = await runBlocks(blocks, {
      root: options.root,
      ...(await examplesDirs(options.root, absPath)),
    });
  } catch (err) {
    page.failures.push(
      failure('ExampleNotRun', {
        file,
        line: blocks[0]!.fenceLine,
        message: `the examples could not be run: ${(err as Error)?.message ?? String(err)}`,
      }),
    );
    return page;
  }
  if (result.error?.parse) {
    // One program: a block that does not parse stops them all before any runs.
    page.failures.push(
      failure('ExampleSyntaxError', {
        file,
        line: result.error.line,
        message: `the example does not parse: ${result.error.message}${blocks.length > 1 ? ` (none of the page's ${blocks.length} examples ran)` : ''}`,
      }),
    );
    return page;
  }
  const ran = result.error ? Math.max(0, result.error.block) : blocks.length;
  page.executed = ran;
  for (let k = 0; k < ran; k++) {
    const failure = compareBlock(blocks[k]!, result.outputs[k] ?? '', file);
    if (failure) page.failures.push(failure);
    else if (blocks[k]!.expected) page.checked++;
  }
  if (result.error) {
    const printed = result.outputs[result.error.block];
    page.failures.push(
      failure('ExampleThrew', {
        file,
        line: result.error.line,
        message: `the example threw ${result.error.message}${blocks.length - ran > 1 ? ` (the ${blocks.length - ran - 1} block(s) after it did not run)` : ''}`,
        detail: printed ? `printed before it threw:\n${printed}` : undefined,
      }),
    );
  }
  if (options.keepRun) page.run = { blocks, result };
  return page;
}

/** The markdown files of a site that may hold examples: `docs/` and `pages/`. */
export function markdownFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.mdx?$/.test(name)) out.push(p);
    }
  };
  walk(join(root, 'docs'));
  walk(join(root, 'pages'));
  return out;
}

/** Runs every page's examples (a few pages at a time) and collects the failures. */
export async function checkExamples(options: {
  root: string;
  files?: string[];
  concurrency?: number;
}): Promise<ExamplesReport> {
  const root = resolve(options.root);
  const files = options.files?.map((f) => resolve(root, f)) ?? markdownFiles(root);
  const pages: PageCheck[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const k = next++;
      pages[k] = await checkPage(files[k]!, { root });
    }
  };
  await Promise.all(
    Array.from(
      {
        length: Math.max(1, Math.min(options.concurrency ?? availableParallelism(), files.length)),
      },
      worker,
    ),
  );
  return {
    pages,
    executed: pages.reduce((s, p) => s + p.executed, 0),
    checked: pages.reduce((s, p) => s + p.checked, 0),
    failures: pages.flatMap((p) => p.failures),
  };
}

/** `file:line — message`, then the diff indented: how the CLI and the tests print a failure. */
export function formatFailure(f: ExampleFailure): string {
  return `${f.file}:${f.line} — ${f.message}${f.detail ? '\n' + f.detail.replace(/^/gm, '    ') : ''}`;
}
