import type { DataFrame } from '../DataFrame.js';
import { type TextSource, readSourceText } from './source.js';
import { type JsonFrameOptions, jsonToFrame } from '../creation/jsonToFrame.js';

/**
 * Reads a JSON file into a frame. The document (or the part at
 * `recordPath`) may hold rows (an array of objects), columns (an object of
 * arrays) or an array of arrays whose first array holds the names — see
 * {@link jsonToFrame}.
 *
 * @param source - A file path, a URL, a `Blob`/`File`, or JSON text as `{ text }`.
 * @param options - {@link JsonFrameOptions}: `recordPath`, `index`, `dtypes`, `columns`.
 * @returns A promise of the frame.
 * @throws {SyntaxError} when the text is not valid JSON.
 * @throws {TypeError} when the data is not one of the three shapes (the message suggests a `recordPath`).
 * @throws {Error} when the file cannot be read.
 * @category I/O
 * @example
 * ```ts
 * import { readJson } from 'tinyframejs';
 *
 * const text = JSON.stringify({ results: [{ id: 1, tag: 'a' }, { id: 2, tag: 'b' }] });
 * const df = await readJson({ text }, { recordPath: 'results' });
 * console.log(df.shape); // [2, 2]
 * ```
 */
export async function readJson(
  source: TextSource,
  options: JsonFrameOptions = {},
): Promise<DataFrame> {
  const text = await readSourceText(source, 'readJson');
  let doc: unknown;
  try {
    doc = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new SyntaxError(`readJson(): the source is not valid JSON (${(e as Error).message}).`, {
      cause: e,
    });
  }
  return jsonToFrame(doc, options);
}
