import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSiteHandler } from '../serve/siteHandler';

export interface ServeFlags {
  root: string;
  dir: string;
  port: number;
  host: string;
  baseUrl?: string;
}

/** `dfdocs serve`: serves a built folder until interrupted. Resolves with an exit code only on failure to start. */
export async function serveCommand(flags: ServeFlags): Promise<number> {
  const dir = resolve(flags.root, flags.dir);
  if (!existsSync(dir)) {
    process.stderr.write(`error: ${dir} does not exist — build the site first with \`dfdocs build\`\n`);
    return 1;
  }
  const handler = createSiteHandler({ dir, baseUrl: flags.baseUrl });
  const server = createServer(handler);
  return new Promise<number>((resolvePromise) => {
    server.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        process.stderr.write(`error: port ${flags.port} on ${flags.host} is already in use — stop the other server or pick another port with --port ${flags.port + 1}\n`);
      } else {
        process.stderr.write(`error: cannot listen on ${flags.host}:${flags.port}: ${err.message}\n`);
      }
      resolvePromise(1);
    });
    server.listen(flags.port, flags.host, () => {
      const base = flags.baseUrl ? flags.baseUrl.replace(/^\/?/, '/').replace(/\/?$/, '/') : '/';
      process.stdout.write(`dfdocs: serving ${dir} at http://${flags.host}:${flags.port}${base}\n`);
    });
  });
}
