import { profiling } from '../render/tuning';

/**
 * Under DFDOCS_PROFILE=1, `dfdocs dev` tells when each part of its start is ready, in ms
 * since the process started (one `DFDOCS_DEV <name> <ms>` line on stderr each):
 * bench/dev.mjs prints them beside the time until the first page answered.
 */
export function devMilestone(name: string): void {
  if (profiling()) process.stderr.write(`DFDOCS_DEV ${name} ${Math.round(performance.now())}\n`);
}
