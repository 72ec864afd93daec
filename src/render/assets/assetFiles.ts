import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { imageSize } from 'image-size';

/** A file a page references that the build copies into the output under a content-hashed name. */
export interface PageAsset {
  /** Absolute path of the file. */
  source: string;
  /** Path in the output, e.g. `assets/files/chart-1a2b3c4d.webp`. */
  output: string;
}

/** What is known of a file: its output name and, for an image whose size can be read, its size. */
export interface AssetFacts {
  output: string;
  width?: number;
  height?: number;
}

/** The folder of the output that holds the copied files. */
export const ASSET_FOLDER = 'assets/files';

/** Files already looked at, by path, with the size and time they had (one read per file and thread, not per page). */
const known = new Map<string, { size: number; mtimeMs: number; facts: AssetFacts }>();

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|bmp|ico|tiff?)$/i;

/**
 * The output name of a file (its name with the first 8 hex digits of its content's
 * SHA-256, so a changed file gets a new name and can be cached forever) and an image's
 * width and height (image-size reads them from the file's header), or undefined when
 * the file does not exist.
 */
export function assetFacts(abs: string): AssetFacts | undefined {
  let st;
  try {
    st = statSync(abs);
  } catch {
    return undefined;
  }
  if (!st.isFile()) return undefined;
  const seen = known.get(abs);
  if (seen && seen.size === st.size && seen.mtimeMs === st.mtimeMs) return seen.facts;
  const bytes = readFileSync(abs);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  const ext = posix.extname(abs);
  const stem = posix.basename(abs.split('\\').join('/'), ext).replace(/[^\w.-]+/g, '-') || 'file';
  const facts: AssetFacts = { output: `${ASSET_FOLDER}/${stem}-${hash}${ext.toLowerCase()}` };
  if (IMAGE.test(ext)) {
    try {
      const size = imageSize(bytes);
      if (size.width && size.height) {
        facts.width = size.width;
        facts.height = size.height;
      }
    } catch {
      // not an image this library reads: shown without a size
    }
  }
  known.set(abs, { size: st.size, mtimeMs: st.mtimeMs, facts });
  return facts;
}

/** Whether a copied file still has the content its output name was made from (a page cached with it may be reused). */
export function assetUnchanged(asset: PageAsset): boolean {
  return assetFacts(asset.source)?.output === asset.output;
}
