import { resolve } from 'node:path';
import { serve } from '../api/commands';
import { reportError } from './report';
import { untilInterrupted } from './terminal';

export interface ServeFlags {
  root: string;
  dir: string;
  port: number;
  host: string;
  baseUrl?: string;
}

/** `dfdocs serve`: serves a built folder until interrupted (exit 0), or fails to start (exit 1). */
export async function serveCommand(flags: ServeFlags): Promise<number> {
  let server;
  try {
    server = await serve(flags);
  } catch (err) {
    reportError(err, false);
    return 1;
  }
  process.stdout.write(`dfdocs: serving ${resolve(flags.root, flags.dir)} at ${server.url}\n`);
  return untilInterrupted(server);
}
