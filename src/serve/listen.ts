import { createServer, type Server } from 'node:http';

export interface ListenOptions {
  port: number;
  host: string;
}

/** A listen failure worth a sentence: the message and what to do about it. */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'ListenError';
  }
}

function tryListen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** The first port after `port` that is free on `host` (checked by binding it briefly), if any of the next ten. */
async function nextFreePort(port: number, host: string): Promise<number | undefined> {
  for (let p = port + 1; p <= Math.min(port + 10, 65535); p++) {
    const probe = createServer();
    try {
      await tryListen(probe, p, host);
      await new Promise((r) => probe.close(r));
      return p;
    } catch {
      // taken too; try the next
    }
  }
  return undefined;
}

/** Listens on host:port; a port in use rejects with a ListenError suggesting a free port. */
export async function listen(server: Server, options: ListenOptions): Promise<void> {
  try {
    await tryListen(server, options.port, options.host);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      const free = await nextFreePort(options.port, options.host);
      throw new ListenError(
        `port ${options.port} on ${options.host} is already in use`,
        free
          ? `stop the other server, or use another port: --port ${free} (free now)`
          : 'stop the other server, or pick another port with --port',
      );
    }
    if (e.code === 'EACCES')
      throw new ListenError(
        `no permission to listen on ${options.host}:${options.port}`,
        'use a port above 1023, e.g. --port 3000',
      );
    if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND')
      throw new ListenError(
        `cannot listen on host ${options.host}: it is not an address of this machine`,
        'use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface)',
      );
    throw new ListenError(
      `cannot listen on ${options.host}:${options.port}: ${e.message}`,
      'check --host and --port',
    );
  }
}

/** The URL to print for a server listening on host:port (a wildcard host is shown as localhost). */
export function localUrl(host: string, port: number, base = '/'): string {
  const shown =
    host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}${base}`;
}
