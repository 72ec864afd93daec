import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { cacheDir, treeFingerprint } from '../cache/cacheDir';
import type { ExampleBlock } from './extract';
import { buildProgram, PROGRAM_FILE } from './program';
import { packageDir, packagesFingerprint } from './packages';
import { importedPackages } from './extract';
import { HARNESS_SOURCE } from './harness';
import { writeWhole } from '../output/writeWhole';

/** What running a page's blocks gave. */
export interface PageRun {
  /** Printed output of each block that ran (console.log calls joined by newlines). */
  outputs: string[];
  /** Value of the last expression of each `plot` block, when it is a string. */
  values: Record<number, string>;
  /**
   * Set when a block threw (later blocks did not run), or did not parse (`parse`: the page's
   * blocks run as one program, so none ran).
   */
  error?: { block: number; line: number; message: string; stack: string; parse?: true };
}

export interface RunOptions {
  /** The site root: where the packages the examples import are resolved, and the cache lives. */
  root: string;
  /**
   * The working directory of the run: the site's `examples.cwd` folder, else the page's folder,
   * so `readCsv('x.csv')` reads the data the site ships.
   */
  cwd: string;
  /** The page's folder, where a relative `import './x.js'` is resolved. Default: `cwd`. */
  pageDir?: string;
  /** Reuse a stored result for the same program and engine (the build's plot blocks do). */
  cache?: boolean;
  /** Milliseconds before the run is stopped. Default 60 s. */
  timeoutMs?: number;
}

// Bump when the harness or the program layout changes, so cached results are not reused.
const RUNNER_VERSION = '2';

export function examplesDir(root: string): string {
  return join(cacheDir(root), 'examples');
}

function ensureHarness(dir: string): string {
  const file = join(dir, `harness-${RUNNER_VERSION}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    // Write then rename (atomic): a concurrent writer wrote the same bytes.
    writeWhole(file, HARNESS_SOURCE);
  }
  return file;
}

/**
 * Sizes and times of the data files a run can read: a changed data set runs again. The site's
 * examples folder when it has one; else the page folder's `data/` (not the page folder itself,
 * which holds the site's pages).
 */
function dataFingerprint(cwd: string, pageDir: string): string {
  return treeFingerprint([cwd === pageDir ? join(cwd, 'data') : cwd]);
}

/** Maps a stack trace's first frame in the program back to the markdown line. */
function lineOf(stack: string, lineMap: readonly number[], fallback: number): number {
  const m = new RegExp(`${PROGRAM_FILE.replace(/\./g, '\\.')}:(\\d+):\\d+`).exec(stack);
  if (!m) return fallback;
  return lineMap[Number(m[1]) - 1] ?? fallback;
}

/**
 * esbuild's first syntax error in the program, at its markdown line and in its block (the
 * last block starting at or before that line), as Node would throw it on loading the module.
 */
function syntaxError(
  err: unknown,
  blocks: readonly ExampleBlock[],
  lineMap: readonly number[],
): PageRun['error'] | undefined {
  const first = (err as { errors?: { text: string; location?: { line: number } | null }[] })
    .errors?.[0];
  if (!first?.location) return undefined;
  const line = lineMap[first.location.line - 1] ?? blocks[0]?.codeLine ?? 1;
  let block = 0;
  blocks.forEach((b, k) => {
    if (b.fenceLine <= line) block = k;
  });
  return { block, line, message: `SyntaxError: ${first.text}`, stack: '', parse: true };
}

/** A run that could not start, reported at the first block. */
function notRun(blocks: readonly ExampleBlock[], message: string): PageRun {
  return {
    outputs: [],
    values: {},
    error: { block: 0, line: blocks[0]?.codeLine ?? 1, message, stack: '' },
  };
}

/**
 * Runs a page's blocks in order in one module scope, in a child process whose working
 * directory is `options.cwd` (worker threads cannot chdir, and a child keeps a failing example
 * from touching the build). The packages the blocks import are the site's installed ones,
 * resolved from the site root as Node resolves them for a script there.
 */
export async function runBlocks(
  blocks: readonly ExampleBlock[],
  options: RunOptions,
): Promise<PageRun> {
  const dir = examplesDir(options.root);
  const pageDir = options.pageDir ?? options.cwd;
  const packages = [...new Set(blocks.flatMap((b) => importedPackages(b.code)))];
  const absent = packages.filter((name) => !packageDir(options.root, name));
  if (absent.length)
    return notRun(
      blocks,
      `the examples import ${absent.map((n) => `"${n}"`).join(', ')}, which ${absent.length === 1 ? 'is' : 'are'} not installed where the site is (${options.root}): install ${absent.length === 1 ? 'it' : 'them'} there (npm install ${absent.join(' ')}), or mark the blocks that import ${absent.length === 1 ? 'it' : 'them'} \`norun\``,
    );
  if (!existsSync(options.cwd))
    return notRun(blocks, `the examples' working folder ${options.cwd} does not exist`);
  const key = createHash('sha256')
    .update(RUNNER_VERSION)
    .update(packagesFingerprint(options.root, packages))
    .update(options.cwd)
    .update(pageDir)
    .update(dataFingerprint(options.cwd, pageDir))
    .update(JSON.stringify(blocks.map((b) => [b.lang, b.plot, b.code, b.fenceLine, b.codeLine])))
    .digest('hex')
    .slice(0, 24);
  const cached = join(dir, 'results', `${key}.json`);
  if (options.cache && existsSync(cached)) {
    try {
      return JSON.parse(readFileSync(cached, 'utf8')) as PageRun;
    } catch {
      /* a torn file: run again */
    }
  }
  const program = await buildProgram(blocks);
  const { transform } = await import('esbuild');
  let js: { code: string };
  try {
    js = await transform(program.text, {
      loader: 'ts',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      sourcefile: PROGRAM_FILE,
    });
  } catch (err) {
    const syntax = syntaxError(err, blocks, program.lineMap);
    if (!syntax) throw err;
    return { outputs: [], values: {}, error: syntax };
  }
  const programFile = join(
    dir,
    `program-${key}-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`,
  );
  const resultFile = `${programFile}.json`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(programFile, js.code);
  const harness = ensureHarness(dir);
  try {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>(
      (resolvePromise, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--enable-source-maps',
            '--no-warnings',
            harness,
            pathToFileURL(programFile).href,
            resultFile,
            options.root,
            pageDir,
          ],
          { cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let err = '';
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
        child.on('error', reject);
        child.on('close', (c) => {
          clearTimeout(timer);
          resolvePromise({ code: c, stderr: err });
        });
      },
    );
    if (!existsSync(resultFile)) {
      const message = `the examples' process ended (exit code ${code}) without a result${stderr ? `: ${stderr.trim().split('\n').slice(0, 5).join(' / ')}` : ''}`;
      return {
        outputs: [],
        values: {},
        error: {
          block: 0,
          line: lineOf(stderr, program.lineMap, blocks[0]?.fenceLine ?? 1),
          message,
          stack: stderr,
        },
      };
    }
    const raw = JSON.parse(readFileSync(resultFile, 'utf8')) as {
      outputs: string[];
      values: Record<number, string>;
      error: { block: number; message: string; stack: string } | null;
    };
    const run: PageRun = { outputs: raw.outputs, values: raw.values };
    if (raw.error) {
      const block = blocks[Math.max(0, raw.error.block)];
      run.error = {
        ...raw.error,
        line: lineOf(raw.error.stack, program.lineMap, block?.codeLine ?? 1),
      };
    }
    if (options.cache && !run.error) {
      mkdirSync(join(dir, 'results'), { recursive: true });
      writeWhole(cached, JSON.stringify(run));
    }
    return run;
  } finally {
    rmSync(programFile, { force: true });
    rmSync(resultFile, { force: true });
  }
}
