import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSite, fixture, serveDir, removeDir, type RunningServer } from './helpers/site';

let outDir: string;
let server: RunningServer;

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'dfdocs-serve-load-'));
  await buildSite(fixture('dev-site'), { outDir });
  server = await serveDir(outDir);
});

after(async () => {
  await server?.close();
  removeDir(outDir);
});

/** One request on a keep-alive agent; resolves with the status once the body is read. */
function hit(agent: Agent, base: URL, path: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        headers: { 'Accept-Encoding': encoding },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout on ${path}`)));
    req.on('error', reject);
    req.end();
  });
}

test(
  '2,000 requests over 50 concurrent keep-alive connections all answer, none fails',
  { timeout: 60_000 },
  async () => {
    const base = new URL(server.url);
    const manifest = (await (await fetch(server.url + '/route-manifest.json')).json()) as {
      routes: Record<string, { data: string }>;
    };
    const html = await (await fetch(server.url + '/docs/intro')).text();
    const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    // Pages (clean URLs), their content files, hashed assets and a miss, in every encoding.
    const targets: { path: string; status: number }[] = [
      ...Object.keys(manifest.routes).map((r) => ({ path: r, status: 200 })),
      ...Object.values(manifest.routes).map((r) => ({ path: '/' + r.data, status: 200 })),
      ...assets.map((a) => ({ path: a, status: 200 })),
      { path: '/no/such/page', status: 404 },
    ];
    const encodings = ['br, gzip', 'gzip', 'identity'];
    const total = 2000;
    const concurrency = 50;
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const t = targets[i % targets.length]!;
        try {
          const status = await hit(agent, base, t.path, encodings[i % encodings.length]!);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== t.status) failures.push(`${t.path} → ${status}`);
        } catch (err) {
          failures.push(`${t.path}: ${(err as Error).message}`);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    const done = [...statuses.values()].reduce((a, b) => a + b, 0);
    // Informational only (bench/serve.mjs compares against sirv-cli); never asserted.
    console.log(
      `# ${done} requests, ${concurrency} concurrent: ${(done / seconds).toFixed(0)} req/s, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    assert.deepEqual(failures, []);
    assert.equal(done, total);
  },
);
