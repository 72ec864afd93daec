import type { PatternScanner, RegexEngine } from 'shiki';

/**
 * A regex engine whose identical scanners are compiled once.
 *
 * TextMate compiles a scanner (all of a rule's patterns, one Oniguruma regex each) per
 * rule, and a grammar embedded in another (JavaScript in HTML, CSS in HTML) gets its own
 * copy of every rule: this repository's docs site asked for 150 scanners, of which 108
 * were distinct. Compiled regexes live in the engine's WebAssembly memory, which never
 * shrinks, so the copies cost ~20 MiB of each highlighting thread's RSS and ~10 % of its
 * highlighting time. A scanner keeps nothing of one search for the next but a cache keyed
 * by the string searched, so its users can share it; it is freed when the last one
 * disposes of it, as each would have freed its own.
 */
export function withSharedScanners(engine: RegexEngine): RegexEngine {
  const live = new Map<string, { scanner: PatternScanner; users: number }>();
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      // The Oniguruma engine reads a RegExp pattern as its source, so that is the key.
      const key = JSON.stringify(patterns.map((p) => (typeof p === 'string' ? p : p.source)));
      let entry = live.get(key);
      if (!entry) {
        entry = { scanner: engine.createScanner(patterns), users: 0 };
        live.set(key, entry);
      }
      const shared = entry;
      shared.users++;
      let disposed = false;
      return {
        findNextMatchSync: (text, start, options) =>
          shared.scanner.findNextMatchSync(text, start, options),
        dispose() {
          if (disposed) return;
          disposed = true;
          if (--shared.users > 0) return;
          live.delete(key);
          shared.scanner.dispose?.();
        },
      };
    },
  };
}
