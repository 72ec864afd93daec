/**
 * The types of dfdocs's programmatic API (`import { build } from 'dfdocs'`). Kept apart
 * from the implementation so that the package's declarations (dist-cli/types/, made by
 * scripts/build-types.mjs) hold only what a user of the API sees.
 */
import type { Diagnostic, DiagnosticCode } from '../render/diagnostics';

export type { Diagnostic, DiagnosticCode };

export interface BuildOptions {
  /** The site's folder (holding docs/, pages/, static/, dfdocs.config.ts); default: the current folder. */
  root?: string;
  /** Output folder, relative to the root or absolute; default `dist`. */
  outDir?: string;
  /** Build for a sub-path such as `/sub/` (overrides the config's `baseUrl`). */
  baseUrl?: string;
  /** Broken links, broken anchors and duplicate routes become errors. */
  strict?: boolean;
  /** Run the runnable code examples first and fail when one prints something else than the page shows. */
  checkExamples?: boolean;
  /** Reuse unchanged pages from the persistent render cache (default true). */
  cache?: boolean;
  /** Write `.br` and `.gz` twins beside the text files (default: the config's `precompress`). */
  precompress?: boolean;
  /** Render worker threads; default: one per core for sites of 64 pages or more, 0 renders on the calling thread. */
  workers?: number;
  /** Called as pages are rendered, with (done, total). */
  onProgress?: (done: number, total: number) => void;
  /** Replace an existing output folder that dfdocs did not make (it refuses otherwise). */
  force?: boolean;
}

export interface ExamplesSummary {
  /** Code blocks that ran. */
  executed: number;
  /** Printed outputs compared with what the pages show. */
  checked: number;
  /** Pages with runnable examples. */
  pages: number;
}

export interface BuildResult {
  /** Absolute path of the output folder. */
  outDir: string;
  /** Pages written (the 404 page included). */
  pages: number;
  /** Problems that did not stop the build (broken links, page budget, …); with `strict` they are errors instead. */
  warnings: Diagnostic[];
  /** Bytes of the output (without compressed twins). */
  bytes: number;
  seconds: number;
  /** What `checkExamples` ran, when asked. */
  examples?: ExamplesSummary;
  /** What the build noticed and dealt with (e.g. a cached file found changed, rendered again). */
  notes: string[];
}

/** A failed build rejects with this error: every problem, each with its file, line and what to do. */
export interface BuildError extends Error {
  name: 'DfdocsError';
  diagnostics: Diagnostic[];
}

export interface DevOptions {
  root?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /**
   * Host names answered besides `localhost`, `*.localhost`, IP addresses and `host`
   * (`.example.com`: it and its subdomains), or `'all'`. Others get 403 (DNS rebinding).
   */
  allowedHosts?: 'all' | string[];
  /** Receives what the server has to tell (updates, problems); default: nothing is printed. */
  log?: (line: string) => void;
}

export interface ServeOptions {
  root?: string;
  /** The built folder, relative to the root; default `dist`. */
  dir?: string;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Serve under a sub-path such as `/sub/`. */
  baseUrl?: string;
}

/** A running server (`dev` or `serve`). */
export interface RunningServer {
  /** The local URL, base URL included. */
  url: string;
  port: number;
  /** Stops listening and releases what the server holds. */
  close(): Promise<void>;
  /** `dev` only: settles once the watcher sees the site's files (an edit before it may be missed). */
  watching?: Promise<void>;
}

export interface InitOptions {
  /** The folder to create the site in (made when missing). */
  dir: string;
  /** Write into a folder that is not empty (files of the starter replace files of the same name). */
  force?: boolean;
  /** The site's title; default: from the folder's name. */
  title?: string;
}

export interface InitResult {
  /** Absolute path of the site's folder. */
  dir: string;
  /** The files written, relative to `dir`. */
  files: string[];
}
