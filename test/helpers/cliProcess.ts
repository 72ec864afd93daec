import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './site';

export interface CliServer {
  /** The URL the command printed, without a trailing slash. */
  url: string;
  child: ChildProcess;
  /** Everything written to standard error so far. */
  stderr: () => string;
  /**
   * Resolves with standard error once it matches `pattern` (a line the process writes
   * after the event the test caused, which may reach this side after the client's answer);
   * rejects with what it holds after `ms`.
   */
  stderrMatching: (pattern: RegExp, ms?: number) => Promise<string>;
  /** True while the process runs. */
  alive: () => boolean;
  /** SIGTERM, then its exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts a long-running dfdocs command (`serve`, `dev`) as its own process and resolves
 * once it prints its URL (`http://…`), or rejects with its output if it exits first.
 */
export function startCli(
  args: string[],
  options: Pick<SpawnOptions, 'uid' | 'gid' | 'cwd'> = {},
): Promise<CliServer> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'dfdocs.js'), ...args], {
    ...options,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`dfdocs ${args.join(' ')} exited ${code}:\n${out}\n${err}`));
    child.once('exit', onExit);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/\S+?)\/?(?:\s|$)/.exec(out);
      if (!m) return;
      child.off('exit', onExit);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        url: m[1]!,
        child,
        stderr: () => err,
        stderrMatching: (pattern, ms = 10_000) =>
          new Promise<string>((found, missing) => {
            if (pattern.test(err)) return found(err);
            const check = () => {
              if (!pattern.test(err)) return;
              clearTimeout(timer);
              child.stderr!.off('data', check);
              found(err);
            };
            const timer = setTimeout(() => {
              child.stderr!.off('data', check);
              missing(
                new Error(`standard error did not match ${pattern} within ${ms} ms:\n${err}`),
              );
            }, ms);
            child.stderr!.on('data', check);
          }),
        alive: () => child.exitCode === null && child.signalCode === null,
        stop: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}

/** Runs a dfdocs command to its end; resolves with its exit code and output. */
export function runCliAsync(
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'dfdocs.js'), ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) =>
    child.once('close', (status) => resolve({ status, stdout, stderr })),
  );
}
