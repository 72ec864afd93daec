import { setFlagsFromString } from 'node:v8';

/**
 * How early V8 optimizes a function, by the number of pages a build renders.
 *
 * Each render thread is its own isolate, so V8 compiles the same hot code (micromark,
 * textmate, React) once per thread, on helper threads that share the machine's cores
 * with rendering. With V8's defaults that compilation was ~25 % of a 1,000-page build's
 * CPU (3.9 s of 15 on 2 cores), much of it for functions that were hot only briefly.
 * Raising the interrupt budget (the bytecode a function runs before it is considered
 * for optimization) from 67,584 to 1,000,000 optimizes fewer of them: helper threads
 * 3.9 → 1.6-1.8 s, and cold builds of 100 pages 2.14 → 1.90 s and of 1,000 pages
 * 7.85 → 7.09 s and 8.27 → 7.84 s (means of 4 alternated runs; 400,000 did about as well
 * and 4,000,000 worse). A long build loses by it (10,000 pages: 65 → 70 s), since its
 * code then spends longer unoptimized; large builds keep V8's default.
 *
 * The flag is the process's (V8 has no per-isolate flags), set before the render threads
 * start. A large build after a small one in the same process (the dev server, tests)
 * puts the default back; otherwise the process's own flags are left alone.
 */
const LEAN_JIT_MAX_PAGES = 2_500;

/** V8's default interrupt budget (Node 20, V8 11.3). */
const DEFAULT_INTERRUPT_BUDGET = 67_584;
const LEAN_INTERRUPT_BUDGET = 1_000_000;

let leanSet = false;

export function setJitBudget(pagesToRender: number): void {
  const lean = pagesToRender <= LEAN_JIT_MAX_PAGES;
  if (lean === leanSet) return;
  setFlagsFromString(
    `--interrupt-budget=${lean ? LEAN_INTERRUPT_BUDGET : DEFAULT_INTERRUPT_BUDGET}`,
  );
  leanSet = lean;
}
