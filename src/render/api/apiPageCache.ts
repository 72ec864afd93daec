import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeWhole } from '../output/writeWhole';

/**
 * Rendered API pages on disk (`<cache dir>/api-pages/<key>/`), keyed on everything they
 * depend on: the TypeDoc JSON's hash, the site config, dfdocs's rendering code and version.
 * A docs-only rebuild then neither runs TypeDoc nor renders the reference again. Best
 * effort: a failed read renders the page, a failed write is ignored.
 */
export class ApiPageCache {
  private readonly dir: string;

  constructor(
    cacheRoot: string,
    keyParts: string[],
    private readonly read: boolean,
  ) {
    const h = createHash('sha256');
    for (const p of keyParts) h.update(p).update('\0');
    const key = h.digest('hex').slice(0, 24);
    const parent = join(cacheRoot, 'api-pages');
    this.dir = join(parent, key);
    if (!existsSync(this.dir)) {
      // A new key: older entries can never be hit again.
      try {
        for (const name of existsSync(parent) ? readdirSync(parent) : [])
          if (name !== key) rmSync(join(parent, name), { recursive: true, force: true });
      } catch {
        // another build is cleaning up too
      }
    }
  }

  private fileOf(id: string): string {
    return join(this.dir, id.replace(/[^\w$.-]+/g, '_') + '.json');
  }

  /** The generator, answering from the cache when it can and filling it otherwise. */
  wrap<T>(id: string, generate: () => Promise<T>): () => Promise<T> {
    return async () => {
      const file = this.fileOf(id);
      if (this.read && existsSync(file)) {
        try {
          return JSON.parse(readFileSync(file, 'utf8')) as T;
        } catch {
          // corrupt or half-removed: render again
        }
      }
      const value = await generate();
      try {
        mkdirSync(this.dir, { recursive: true });
        writeWhole(file, JSON.stringify(value));
      } catch {
        // the cache is an optimisation
      }
      return value;
    };
  }
}
