/**
 * A source whose markdown body waits for its render as UTF-8 bytes outside the
 * JavaScript heap; `body` (on the prototype) decodes them when read — twice a page: its
 * cache key, its render — and setting it replaces them (the build sets '' once the page
 * is rendered). Private, the bytes never travel: a copy for a render worker carries the
 * text (`withBodyText`).
 *
 * Why: the main thread holds every body from loading until its page renders (40 MB at
 * 10,000 pages), and V8 lets the heap grow to ~4× what was live at its last full
 * collection before collecting again, so bodies on the heap raised the main thread's
 * heap peak by several times their size. (An accessor on each object instead of the
 * class's prototype cost ~1.5 KB a source in closures and dictionary-mode properties.)
 */
class OffHeapBodySource {
  #bytes: Buffer | undefined;

  constructor(fields: object, body: string) {
    Object.assign(this, fields);
    this.body = body;
  }

  get body(): string {
    return this.#bytes ? this.#bytes.toString('utf8') : '';
  }

  set body(value: string) {
    this.#bytes = value ? Buffer.from(value, 'utf8') : undefined;
  }
}

/** The same source with its body held off the heap (a new object: use it in place of `source`). */
export function keepBodyOffHeap<T extends { body: string }>(source: T): T {
  const { body, ...fields } = source;
  return new OffHeapBodySource(fields, body) as unknown as T;
}

/** A copy of a route entry whose source carries its body as text, for a render worker (a structured clone copies own properties only). */
export function withBodyText<T extends object>(entry: T): T {
  const source = (entry as { source?: { body?: string } }).source;
  return source instanceof OffHeapBodySource ? { ...entry, source: { ...source, body: source.body } } : entry;
}
