// A small HTTP load generator: N requests over C keep-alive connections (node:http Agent),
// cycling through a list of paths and Accept-Encoding values. Shared by bench/serve.mjs.
import { Agent, request } from 'node:http';

/**
 * @param {string} base e.g. http://127.0.0.1:3000
 * @param {{ path: string, status: number }[]} targets
 * @param {{ total?: number, concurrency?: number, encodings?: string[] }} [options]
 */
export async function load(
  base,
  targets,
  { total = 10_000, concurrency = 50, encodings = ['br, gzip', 'gzip', 'identity'] } = {},
) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let errors = 0;
  let unexpected = 0;
  let bytes = 0;
  const hit = (path, encoding) =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          headers: { 'Accept-Encoding': encoding },
        },
        (res) => {
          res.on('data', (c) => (bytes += c.length));
          res.on('end', () => resolve(res.statusCode));
          res.on('error', reject);
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end();
    });
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t = targets[i % targets.length];
      try {
        if ((await hit(t.path, encodings[i % encodings.length])) !== t.status) unexpected++;
      } catch {
        errors++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return {
    requests: total,
    seconds,
    perSecond: total / seconds,
    errors,
    unexpected,
    mbPerSecond: bytes / seconds / 1e6,
  };
}
