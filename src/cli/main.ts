import { Command, InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';
import { VERSION } from '../render/version';
import { buildCommand } from './buildCommand';
import { serveCommand } from './serveCommand';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return n;
}

// What bin/dfdocs.js and scripts/build-cli.mjs call besides `main`.
export { buildRunsInThread } from './buildThread';
export { prebuildClient } from '../render/bundle/bundleClient';
// The programmatic API's implementation: dist-cli/index.js (src/index.ts) imports it from here,
// so a program that uses both the API and the CLI loads this code once.
export { build, dev, serve, init } from '../api/commands';

/** Parses argv and runs a command; resolves with the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command();
  program
    .name('dfdocs')
    .description('A fast documentation site generator with React server-side rendering.')
    .version(VERSION, '-v, --version');
  program.exitOverride();
  program
    .command('build')
    .description('build the site of the current folder into a static output folder')
    .option('--root <dir>', 'the site folder', '.')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--base-url <path>', 'serve the site under this path, e.g. /sub/')
    .option('--strict', 'treat broken links, broken anchors and duplicate routes as errors')
    .option('--check-examples', 'run the runnable code examples and compare their output')
    .option('--verbose', 'print stack traces of errors')
    .option('--no-cache', 'render every page again, ignoring the persistent render cache')
    .option(
      '--precompress',
      'write .br and .gz twins of the text files (for hosts that serve precompressed files)',
    )
    .option('--force', 'replace an existing output folder that dfdocs did not make')
    .action(async (o) => {
      exitCode = await buildCommand({
        root: resolve(o.root),
        out: o.out,
        baseUrl: o.baseUrl,
        strict: o.strict,
        checkExamples: o.checkExamples,
        verbose: o.verbose,
        cache: o.cache,
        precompress: o.precompress,
        force: o.force,
      });
    });
  program
    .command('serve')
    .description('serve a built folder (production preview)')
    .option('--root <dir>', 'the site folder', '.')
    .option('--dir <dir>', 'the built folder', 'dist')
    .option(
      '--port <n>',
      'port (or PORT in the environment)',
      port,
      process.env.PORT ? Number(process.env.PORT) : 3000,
    )
    .option('--host <host>', 'host to listen on', '127.0.0.1')
    .option('--base-url <path>', 'serve under this path, e.g. /sub/')
    .action(async (o) => {
      exitCode = await serveCommand({
        root: resolve(o.root),
        dir: o.dir,
        port: o.port,
        host: o.host,
        baseUrl: o.baseUrl,
      });
    });
  program
    .command('dev')
    .description('writing mode: render pages on demand, watch files, update the browser')
    .option('--root <dir>', 'the site folder', '.')
    .option(
      '--port <n>',
      'port (or PORT in the environment)',
      port,
      process.env.PORT ? Number(process.env.PORT) : 3000,
    )
    .option('--host <host>', 'host to listen on', '127.0.0.1')
    .option(
      '--allowed-hosts <names>',
      'host names to answer besides localhost, IP addresses and --host (comma-separated; .example.com allows subdomains; all for any)',
    )
    .option('--verbose', 'print stack traces of errors')
    .action(async (o) => {
      const { devCommand } = await import('./devCommand');
      exitCode = await devCommand({
        root: resolve(o.root),
        port: o.port,
        host: o.host,
        allowedHosts: o.allowedHosts,
        verbose: o.verbose,
      });
    });
  program
    .command('init')
    .description('create a starter site (config, docs, a home page, package.json scripts)')
    .argument('[dir]', 'the folder to create it in', '.')
    .option(
      '--force',
      'write into a folder that is not empty (files of the same name are replaced)',
    )
    .option('--title <title>', "the site's title (default: from the folder's name)")
    .action(async (dir: string, o) => {
      const { initCommand } = await import('./initCommand');
      exitCode = await initCommand({ dir: resolve(dir), force: o.force, title: o.title });
    });
  try {
    await program.parseAsync(argv);
  } catch (err) {
    const code = (err as { exitCode?: number; code?: string }).exitCode;
    if (typeof code === 'number') return code;
    throw err;
  }
  return exitCode;
}
