export interface DevFlags {
  root: string;
  port: number;
  host: string;
  verbose?: boolean;
}

/** `dfdocs dev` (issue 6 builds the watch loop). */
export async function devCommand(_flags: DevFlags): Promise<number> {
  process.stderr.write('error: dfdocs dev is not available yet — use `dfdocs build && dfdocs serve`\n');
  return 1;
}
