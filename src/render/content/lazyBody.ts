import { createHash } from 'node:crypto';
import { errorDiagnostic } from '../diagnostics';
import { splitFrontMatter } from './frontMatter';
import { readUtf8 } from './readUtf8';

/** What the render cache keys a page's markdown by. */
export function bodyHash(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 32);
}

/**
 * A source whose markdown body is not kept after loading: `body` (on the prototype)
 * reads its file again when the page renders, and checks it is what was loaded (the
 * cache key, titles and sidebars came from that). The main thread thus holds no page's
 * text between loading and rendering: 40 MB at 10,000 pages, which V8 let grow to
 * several times that in garbage before its next full collection (it sizes the heap by
 * what was live at the last one), and which stayed until then once dropped.
 */
class LazyBodySource {
  declare readonly sourcePath: string;
  declare readonly absPath: string;
  readonly #hash: string;

  constructor(fields: object, hash: string) {
    Object.assign(this, fields);
    this.#hash = hash;
  }

  get bodyHash(): string {
    return this.#hash;
  }

  get body(): string {
    const body = splitFrontMatter(readUtf8(this.absPath, this.sourcePath), this.sourcePath).body;
    if (bodyHash(body) !== this.#hash) {
      throw errorDiagnostic({
        code: 'SourceChanged',
        message: 'the file changed while the site was building',
        hint: 'build again',
        file: this.sourcePath,
      });
    }
    return body;
  }
}

/** The same source with its body read again when rendered (a new object: use it in place of `source`). */
export function readBodyWhenRendered<
  T extends { body: string; absPath: string; sourcePath: string },
>(source: T): T {
  return bodyReadWhenRendered(source, bodyHash(source.body));
}

/** The same source with its body read again when rendered, its body's hash given (it may not have been read: see `SourceIndex`). */
export function bodyReadWhenRendered<
  T extends { body: string; absPath: string; sourcePath: string },
>(source: T, hash: string): T {
  const { body: _body, ...fields } = source;
  return new LazyBodySource(fields, hash) as unknown as T;
}

/** The hash of a source's body, without reading a lazy one again. */
export function bodyHashOf(source: { body: string }): string {
  return source instanceof LazyBodySource ? source.bodyHash : bodyHash(source.body);
}

/** A copy of a route entry whose source carries its body as text, for a render worker (a structured clone copies own properties only). */
export function withBodyText<T extends object>(entry: T): T {
  const source = (entry as { source?: unknown }).source;
  return source instanceof LazyBodySource
    ? { ...entry, source: { ...source, body: source.body } }
    : entry;
}
