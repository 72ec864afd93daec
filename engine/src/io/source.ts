/**
 * Reading the text of a reader's source: a file path (Node), a URL (fetch),
 * a Blob/File, or `{ text }`. A string is always a path — or a URL when it
 * starts with `http://` or `https://` — and never parsed as data.
 */
import { describeValue } from '../column.js';

/**
 * Where a reader gets its input: a file path, a URL (a `URL` object or a
 * string starting with `http://` / `https://`), a `Blob` or `File`, or the
 * content itself as `{ text }`.
 *
 * @category I/O
 */
export type TextSource = string | URL | Blob | { text: string };

function isNode(): boolean {
  return (
    typeof process !== 'undefined' &&
    typeof process.versions === 'object' &&
    !!process.versions.node
  );
}

/** Imports a Node built-in without letting browser bundlers see it. */
export async function nodeImport<T>(name: string): Promise<T> {
  const specifier = `node:${name}`;
  return (await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier)) as T;
}

async function fetchText(url: string | URL, fn: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new Error(`${fn}(): could not fetch ${String(url)} (${(e as Error).message}).`, {
      cause: e,
    });
  }
  if (!res.ok) throw new Error(`${fn}(): HTTP ${res.status} ${res.statusText} for ${String(url)}.`);
  return res.text();
}

async function fetchBytes(url: string | URL, fn: string): Promise<ArrayBuffer> {
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new Error(`${fn}(): could not fetch ${String(url)} (${(e as Error).message}).`, {
      cause: e,
    });
  }
  if (!res.ok) throw new Error(`${fn}(): HTTP ${res.status} ${res.statusText} for ${String(url)}.`);
  return res.arrayBuffer();
}

async function readFile(
  path: string,
  fn: string,
  encoding: 'utf8' | null,
): Promise<string | Uint8Array> {
  const fs = await nodeImport<typeof import('node:fs/promises')>('fs/promises');
  try {
    return encoding ? await fs.readFile(path, 'utf8') : new Uint8Array(await fs.readFile(path));
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const looksLikeData = /[\n,{[]/.test(path) && path.length > 0;
    const hint =
      looksLikeData && err.code === 'ENOENT'
        ? ' To parse text you already have, pass it as { text: "…" }.'
        : '';
    throw new Error(
      `${fn}(): cannot read file ${JSON.stringify(path.length > 80 ? `${path.slice(0, 77)}...` : path)} (${err.code ?? err.message}).${hint}`,
      { cause: e },
    );
  }
}

function isBlob(v: unknown): v is Blob {
  return typeof Blob !== 'undefined' && v instanceof Blob;
}

function isUrlString(s: string): boolean {
  return /^https?:\/\//i.test(s);
}

/** Reads a source as text. */
export async function readSourceText(source: TextSource, fn: string): Promise<string> {
  if (typeof source === 'string') {
    if (isUrlString(source) || !isNode()) return fetchText(source, fn);
    return (await readFile(source, fn, 'utf8')) as string;
  }
  if (source instanceof URL) {
    if (source.protocol === 'file:' && isNode()) {
      const { fileURLToPath } = await nodeImport<typeof import('node:url')>('url');
      return (await readFile(fileURLToPath(source), fn, 'utf8')) as string;
    }
    return fetchText(source, fn);
  }
  if (isBlob(source)) return source.text();
  if (source && typeof source === 'object' && 'text' in source) {
    if (typeof source.text !== 'string')
      throw new TypeError(
        `${fn}(): { text } must hold a string; received ${describeValue(source.text)}.`,
      );
    return source.text;
  }
  throw new TypeError(
    `${fn}(): expected a file path, a URL, a Blob or { text }; received ${describeValue(source)}.`,
  );
}

/** Reads a source as bytes (for binary formats). */
export async function readSourceBytes(
  source: string | URL | Blob | ArrayBuffer | Uint8Array,
  fn: string,
): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (typeof source === 'string') {
    if (isUrlString(source) || !isNode()) return new Uint8Array(await fetchBytes(source, fn));
    return (await readFile(source, fn, null)) as Uint8Array;
  }
  if (source instanceof URL) {
    if (source.protocol === 'file:' && isNode()) {
      const { fileURLToPath } = await nodeImport<typeof import('node:url')>('url');
      return (await readFile(fileURLToPath(source), fn, null)) as Uint8Array;
    }
    return new Uint8Array(await fetchBytes(source, fn));
  }
  if (isBlob(source)) return new Uint8Array(await source.arrayBuffer());
  throw new TypeError(
    `${fn}(): expected a file path, a URL, a Blob, an ArrayBuffer or a Uint8Array; received ${describeValue(source)}.`,
  );
}
