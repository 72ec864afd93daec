/**
 * The implementation of the programmatic API (src/index.ts loads it on first use; the
 * CLI calls it directly). Each command returns what it did or rejects with a DfdocsError
 * holding diagnostics; nothing here prints or exits.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { build as buildSite } from '../render/build';
import { DfdocsError } from '../render/diagnostics';
import { checkExamples, type ExampleFailure } from '../render/examples/check';
import { normaliseBaseUrl } from '../render/config/loadConfig';
import { createSiteHandler } from '../serve/siteHandler';
import { listen, ListenError, localUrl } from '../serve/listen';
import { scaffold } from '../init/scaffold';
import type {
  BuildOptions,
  BuildResult,
  DevOptions,
  ExamplesSummary,
  InitOptions,
  InitResult,
  RunningServer,
  ServeOptions,
} from './types';

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

/** `checkExamples` found examples that do not do what their page says; the build did not run. */
export class ExamplesFailedError extends DfdocsError {
  constructor(
    readonly failures: ExampleFailure[],
    readonly summary: ExamplesSummary,
  ) {
    super(failures);
  }
}

/**
 * The site's folder, which must exist: a mistyped `--root` is an error, never a new empty
 * site built (and written) somewhere the user did not mean.
 */
function siteRoot(root: string | undefined): string {
  const dir = resolve(root ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new DfdocsError({
      code: 'SiteRootMissing',
      severity: 'error',
      message: `the site folder ${dir} does not exist or is not a folder`,
      hint: 'check the path given to --root (the default is the current folder)',
    });
  return dir;
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const root = siteRoot(options.root);
  let examples: ExamplesSummary | undefined;
  if (options.checkExamples) {
    // The documented examples first: a page that no longer tells the truth stops the build.
    const report = await checkExamples({ root });
    examples = {
      executed: report.executed,
      checked: report.checked,
      pages: report.pages.filter((p) => p.blocks > 0).length,
    };
    if (report.failures.length) throw new ExamplesFailedError(report.failures, examples);
  }
  const result = await buildSite({
    root,
    outDir: options.outDir,
    baseUrl: options.baseUrl,
    strict: options.strict,
    cache: options.cache,
    precompress: options.precompress,
    workers: options.workers,
    onProgress: options.onProgress,
    force: options.force,
  });
  return {
    outDir: result.outDir,
    pages: result.pages,
    warnings: result.warnings,
    bytes: result.bytes,
    seconds: result.seconds,
    examples,
    notes: result.notes,
  };
}

/** A listen failure (port taken, host unknown) as a diagnostic. */
function listenFailure(err: unknown): unknown {
  return err instanceof ListenError
    ? new DfdocsError({
        code: 'ListenFailed',
        severity: 'error',
        message: err.message,
        hint: err.hint,
      })
    : err;
}

export async function dev(options: DevOptions = {}): Promise<RunningServer> {
  const { startDevServer } = await import('../dev/devServer');
  try {
    const server = await startDevServer({
      root: siteRoot(options.root),
      port: options.port ?? DEFAULT_PORT,
      host: options.host ?? DEFAULT_HOST,
      allowedHosts: options.allowedHosts,
      log: options.log,
    });
    return {
      url: server.url,
      port: server.port,
      close: server.close,
      watching: server.watching,
    };
  } catch (err) {
    throw listenFailure(err);
  }
}

export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const root = siteRoot(options.root);
  const dir = resolve(root, options.dir ?? 'dist');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new DfdocsError({
      code: 'OutputMissing',
      severity: 'error',
      message: `${dir} does not exist`,
      hint: 'build the site first with `dfdocs build`',
    });
  }
  const host = options.host ?? DEFAULT_HOST;
  const base = options.baseUrl ? normaliseBaseUrl(options.baseUrl) : '/';
  const server = createServer(createSiteHandler({ dir, baseUrl: base }));
  server.keepAliveTimeout = 5000;
  try {
    await listen(server, { port: options.port ?? DEFAULT_PORT, host });
  } catch (err) {
    throw listenFailure(err);
  }
  const port = (server.address() as AddressInfo).port;
  return {
    url: localUrl(host, port, base),
    port,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export async function init(options: InitOptions): Promise<InitResult> {
  return scaffold(options);
}
