/**
 * dfdocs as a library: `import { build, dev, serve, init, defineConfig } from 'dfdocs'`.
 *
 * This module is small on purpose: a config file imports `defineConfig` from it, so it
 * loads nothing else. The commands load the implementation (the CLI's own code, the same
 * module the `dfdocs` executable runs) on first use.
 */
import type { UserConfig } from './shared/config';
import type {
  BuildOptions,
  BuildResult,
  DevOptions,
  InitOptions,
  InitResult,
  RunningServer,
  ServeOptions,
} from './api/types';

export type {
  ApiConfig,
  ComponentSlot,
  MarkdownConfig,
  MarkdownPluginEntry,
  SiteConfig,
  UserConfig,
} from './shared/config';
export type {
  BuildError,
  BuildOptions,
  BuildResult,
  Diagnostic,
  DiagnosticCode,
  DevOptions,
  ExamplesSummary,
  InitOptions,
  InitResult,
  RunningServer,
  ServeOptions,
} from './api/types';

/** Types a site config in `dfdocs.config.ts` (editor completion and checks); returns it unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

// scripts/build-cli.mjs points this import at dist-cli/cli.js, which re-exports src/api/commands.ts.
const commands = () => {
  // React's development build renders several times slower; the CLI (bin/dfdocs.js) sets this too.
  process.env.NODE_ENV ??= 'production';
  return import('./api/commands');
};

/** Builds a site into its output folder. Rejects with a `BuildError` (the previous output is left as it was). */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  return (await commands()).build(options);
}

/** Starts the dev server (pages rendered on request, live updates); resolves once it listens. */
export async function dev(options: DevOptions = {}): Promise<RunningServer> {
  return (await commands()).dev(options);
}

/** Serves a built folder (a production preview); resolves once it listens. */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  return (await commands()).serve(options);
}

/** Writes a starter site (config, docs, a home page, package.json scripts) into a new or empty folder. */
export async function init(options: InitOptions): Promise<InitResult> {
  return (await commands()).init(options);
}
