import { profiling } from './tuning';

/**
 * Where a build's time goes: wall-clock phases on the main thread plus the per-page
 * work summed over all threads. Printed as one JSON line on stderr when
 * `DFDOCS_PROFILE=1` (the bench reads it).
 */
export class BuildProfile {
  private readonly phases: Record<string, number> = {};
  /** Process RSS and main-thread heap (MiB) at the end of each phase. */
  private readonly memory: Record<string, { rss: number; heap: number }> = {};
  private readonly notes: Record<string, unknown> = {};
  private last = performance.now();

  /** Ends the current phase, charging its time to `name`. */
  lap(name: string): void {
    const now = performance.now();
    this.add(name, now - this.last);
    this.last = now;
    if (profiling()) {
      const { rss, heapUsed } = process.memoryUsage();
      this.memory[name] = { rss: Math.round(rss / 2 ** 20), heap: Math.round(heapUsed / 2 ** 20) };
    }
  }

  /** Records a figure measured elsewhere (reported beside the memory). */
  note(name: string, value: unknown): void {
    this.notes[name] = value;
  }

  add(name: string, ms: number): void {
    this.phases[name] = (this.phases[name] ?? 0) + ms;
  }

  /** Times a synchronous piece of work inside a phase. */
  time<T>(name: string, fn: () => T): T {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      this.add(name, performance.now() - t0);
    }
  }

  report(): void {
    if (!profiling()) return;
    const rounded = Object.fromEntries(
      Object.entries(this.phases).map(([k, v]) => [k, Math.round(v)]),
    );
    process.stderr.write(`DFDOCS_PROFILE ${JSON.stringify(rounded)}\n`);
    process.stderr.write(`DFDOCS_MEMORY ${JSON.stringify(this.memory)}\n`);
    if (Object.keys(this.notes).length)
      process.stderr.write(`DFDOCS_NOTES ${JSON.stringify(this.notes)}\n`);
  }
}
