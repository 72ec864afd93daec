import { relative } from 'node:path';
import { init } from '../api/commands';
import { reportError } from './report';

export interface InitFlags {
  dir: string;
  force?: boolean;
  title?: string;
}

/** `dfdocs init [dir]`: writes the starter site and prints the commands that come next. */
export async function initCommand(flags: InitFlags): Promise<number> {
  let result;
  try {
    result = await init(flags);
  } catch (err) {
    reportError(err, false);
    return 1;
  }
  const where = relative(process.cwd(), result.dir);
  const cd = where ? `cd ${/\s/.test(where) ? JSON.stringify(where) : where}\n  ` : '';
  process.stdout.write(
    `dfdocs: created a site in ${result.dir}:\n` +
      result.files.map((f) => `  ${f}\n`).join('') +
      `\nNext:\n  ${cd}npm install\n  npm run dev      # write with live reload on http://127.0.0.1:3000\n  npm run build    # the static site in dist/\n`,
  );
  return 0;
}
