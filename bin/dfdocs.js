#!/usr/bin/env node
// The dfdocs executable: runs the CLI compiled into dist-cli/ by `npm install` (scripts/build-cli.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

// React's development build is several times slower at server rendering; dfdocs renders with the production one.
process.env.NODE_ENV ??= 'production';

const here = dirname(fileURLToPath(import.meta.url));
const entry = join(here, '..', 'dist-cli', 'cli.js');
if (!existsSync(entry)) {
  console.error(
    'dfdocs: the compiled CLI is missing (dist-cli/cli.js). Run `npm install` (or `node scripts/build-cli.mjs`) in ' +
      join(here, '..'),
  );
  process.exit(1);
}

/**
 * `dfdocs build` of a large site runs in a thread with a heap budget (from 2,500 pages, see
 * src/cli/buildThread.ts). V8 lets a heap without one grow to ~4× the data that survived
 * its last full collection, and 1.3–2× under a budget below 2 GB: the build's coordinator
 * holds a little of every page (manifest, links), so on large sites that factor was most
 * of its memory. DFDOCS_BUILD_HEAP_MB sets the budget (and then any site builds in the
 * thread); 0 runs the build on the main thread.
 */
const BUILD_HEAP_MB = Number(process.env.DFDOCS_BUILD_HEAP_MB ?? 1536);

function buildInThread() {
  return new Promise((resolve) => {
    let exitCode;
    const worker = new Worker(fileURLToPath(import.meta.url), {
      argv: process.argv.slice(2),
      workerData: { dfdocsCli: true, stderrIsTTY: Boolean(process.stderr.isTTY) },
      resourceLimits: { maxOldGenerationSizeMb: BUILD_HEAP_MB },
    });
    worker.on('message', (msg) => {
      if (msg && typeof msg.exitCode === 'number') exitCode = msg.exitCode;
    });
    worker.on('error', (err) => {
      if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        console.error(
          `dfdocs: the build ran out of memory (a heap budget of ${BUILD_HEAP_MB} MB); the previous output was left as it was. Build again with a larger budget, e.g. DFDOCS_BUILD_HEAP_MB=${BUILD_HEAP_MB * 4}.`,
        );
      } else {
        console.error(`dfdocs: ${err?.stack ?? err}`);
      }
      exitCode = 1;
    });
    worker.on('exit', (code) => resolve(exitCode ?? (code || 1)));
  });
}

const cli = await import(pathToFileURL(entry).href);
if (
  isMainThread &&
  process.argv[2] === 'build' &&
  BUILD_HEAP_MB > 0 &&
  cli.buildRunsInThread(process.argv.slice(3), process.env.DFDOCS_BUILD_HEAP_MB !== undefined)
) {
  process.exitCode = await buildInThread();
} else {
  const { main } = cli;
  const code = await main(process.argv);
  // In the build thread, the exit code goes to the main thread (see buildInThread).
  if (!isMainThread && workerData?.dfdocsCli) parentPort.postMessage({ exitCode: code });
  else process.exitCode = code;
}
