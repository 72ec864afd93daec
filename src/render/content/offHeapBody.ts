/**
 * Keeps a source's markdown body as UTF-8 bytes outside the JavaScript heap until it is
 * rendered; `body` decodes them when read (twice a page: its cache key, its render) and
 * setting it replaces them (the build sets '' once the page is rendered).
 *
 * Why: the main thread holds every body from loading until its page renders (40 MB at
 * 10,000 pages), and V8 sizes the heap it lets grow before the next full collection at
 * ~4× what was live at the last one: bodies on the heap made the main thread's heap peak
 * at ~240 MB. Bytes in a Buffer count once, as what they are.
 */
export function keepBodyOffHeap<T extends { body: string }>(source: T): T {
  let bytes: Buffer | undefined = source.body ? Buffer.from(source.body, 'utf8') : undefined;
  Object.defineProperty(source, 'body', {
    get: () => (bytes ? bytes.toString('utf8') : ''),
    set: (value: string) => {
      bytes = value ? Buffer.from(value, 'utf8') : undefined;
    },
    enumerable: true, // a worker's copy of the entry (structured clone) gets the text
    configurable: true,
  });
  return source;
}
