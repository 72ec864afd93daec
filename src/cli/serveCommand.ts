import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSiteHandler } from '../serve/siteHandler';
import { listen, ListenError, localUrl } from '../serve/listen';
import { normaliseBaseUrl } from '../render/config/loadConfig';

export interface ServeFlags {
  root: string;
  dir: string;
  port: number;
  host: string;
  baseUrl?: string;
}

/** `dfdocs serve`: serves a built folder until interrupted (exit 0), or fails to start (exit 1). */
export async function serveCommand(flags: ServeFlags): Promise<number> {
  const dir = resolve(flags.root, flags.dir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    process.stderr.write(
      `error: ${dir} does not exist — build the site first with \`dfdocs build\`\n`,
    );
    return 1;
  }
  const base = flags.baseUrl ? normaliseBaseUrl(flags.baseUrl) : '/';
  const server = createServer(createSiteHandler({ dir, baseUrl: base }));
  server.keepAliveTimeout = 5000;
  try {
    await listen(server, { port: flags.port, host: flags.host });
  } catch (err) {
    if (err instanceof ListenError) {
      process.stderr.write(`error: ${err.message} — ${err.hint}\n`);
      return 1;
    }
    throw err;
  }
  process.stdout.write(
    `dfdocs: serving ${dir} at ${localUrl(flags.host, (server.address() as AddressInfo).port, base)}\n`,
  );
  return new Promise<number>((resolvePromise) => {
    const stop = () => {
      server.closeAllConnections();
      server.close(() => resolvePromise(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
