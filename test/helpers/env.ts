/** Runs `fn` with an environment variable set, restoring it afterwards. */
export async function withEnv<T>(name: string, value: string, fn: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  process.env[name] = value;
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  }
}
