#!/usr/bin/env node
// `dfdocs serve` under load against a plain `sirv-cli` serving the same built folder (the
// synthetic corpus, 100 pages): requests per second over 50 keep-alive connections on
// loopback, for a mix of pages (clean URLs), content files, hashed assets and 404s in
// brotli, gzip and identity. Each server runs in its own process; rounds alternate.
// sirv-cli can only send the compressed twins a `--precompress` build writes, so both
// serve that folder; `dfdocs serve` is also measured on a default build (no twins), where
// it compresses each file on its first request and keeps the bytes in memory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './httpLoad.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(repo, 'bench', '.work');
const generator = join(repo, '..', 'shared', 'tools', 'gen-corpus.mjs');
const PAGES = Number(process.env.SERVE_BENCH_PAGES ?? 100);
const TOTAL = Number(process.env.SERVE_BENCH_REQUESTS ?? 10_000);
const ROUNDS = 3;

if (!existsSync(generator)) {
  console.error(
    `bench/serve.mjs: the corpus generator is missing: ${generator} (it lives in the shared folder beside the repository)`,
  );
  process.exit(1);
}
const sirvBin = join(repo, 'bench', 'node_modules', '.bin', 'sirv');
if (!existsSync(sirvBin)) {
  console.log('installing the bench dependencies (sirv-cli) into bench/node_modules …');
  const res = spawnSync(
    'npm',
    ['install', '--prefix', join(repo, 'bench'), '--no-audit', '--no-fund'],
    { stdio: 'inherit' },
  );
  if (res.status !== 0 || !existsSync(sirvBin)) {
    console.error('bench/serve.mjs: could not install sirv-cli (npm install --prefix bench)');
    process.exit(1);
  }
}

const root = join(work, `serve-corpus-${PAGES}`);
const out = join(root, 'dist-precompressed');
const outOnTheFly = join(root, 'dist');
if (!existsSync(join(root, 'docs'))) {
  mkdirSync(root, { recursive: true });
  spawnSync(process.execPath, [generator, root, String(PAGES)], { stdio: 'ignore' });
}
for (const [dir, flags] of [
  [out, ['--precompress']],
  [outOnTheFly, []],
]) {
  if (existsSync(join(dir, '404.html'))) continue;
  const built = spawnSync(
    process.execPath,
    [join(repo, 'bin', 'dfdocs.js'), 'build', '--root', root, '--out', dir, ...flags],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) {
    console.error(built.stderr);
    process.exit(1);
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const ON_THE_FLY = 'dfdocs serve, default build (compressing on the fly)';

async function startServer(kind) {
  const port = await freePort();
  const [cmd, args] =
    kind === 'dfdocs serve'
      ? [
          process.execPath,
          [join(repo, 'bin', 'dfdocs.js'), 'serve', '--dir', out, '--port', String(port)],
        ]
      : kind === ON_THE_FLY
        ? [
            process.execPath,
            [join(repo, 'bin', 'dfdocs.js'), 'serve', '--dir', outOnTheFly, '--port', String(port)],
          ]
        : [
            process.execPath,
            [
              sirvBin,
              out,
              '--port',
              String(port),
              '--host',
              '127.0.0.1',
              '--gzip',
              '--brotli',
              '--etag',
              '--quiet',
            ],
          ];
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(base + '/')).status > 0)
        return {
          base,
          stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))),
        };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${kind} did not start`);
}

const manifest = JSON.parse(readFileSync(join(out, 'route-manifest.json'), 'utf8'));
const assets = readdirSync(join(out, 'assets'))
  .filter((n) => /\.(js|css)$/.test(n))
  .map((n) => '/assets/' + n);
const targets = [
  ...Object.keys(manifest.routes).map((r) => ({ path: r, status: 200 })),
  ...Object.values(manifest.routes).map((r) => ({ path: '/' + r.data, status: 200 })),
  ...assets.map((a) => ({ path: a, status: 200 })),
  { path: '/no/such/page', status: 404 },
];

console.log(
  `serving ${out} (${Object.keys(manifest.routes).length} routes); ${TOTAL} requests per round, 50 keep-alive connections, ${ROUNDS} rounds each`,
);
const results = { 'dfdocs serve': [], 'sirv-cli': [], [ON_THE_FLY]: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of round % 2
    ? ['sirv-cli', ON_THE_FLY, 'dfdocs serve']
    : ['dfdocs serve', ON_THE_FLY, 'sirv-cli']) {
    const server = await startServer(kind);
    await load(server.base, targets, { total: 500 }); // warm-up
    results[kind].push(await load(server.base, targets, { total: TOTAL }));
    await server.stop();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [kind, runs] of Object.entries(results)) {
  const rps = median(runs.map((r) => r.perSecond));
  const errors = runs.reduce((a, r) => a + r.errors, 0);
  const unexpected = runs.reduce((a, r) => a + r.unexpected, 0);
  console.log(
    `${kind.padEnd(13)} ${rps.toFixed(0).padStart(6)} req/s (median of ${runs.length}: ${runs.map((r) => r.perSecond.toFixed(0)).join(', ')}), ${median(runs.map((r) => r.mbPerSecond)).toFixed(1)} MB/s, errors ${errors}, unexpected statuses ${unexpected}`,
  );
}
const ratio =
  median(results['dfdocs serve'].map((r) => r.perSecond)) /
  median(results['sirv-cli'].map((r) => r.perSecond));
console.log(`dfdocs serve / sirv-cli (same precompressed folder): ${(ratio * 100).toFixed(0)} %`);
const flyRatio =
  median(results[ON_THE_FLY].map((r) => r.perSecond)) /
  median(results['sirv-cli'].map((r) => r.perSecond));
console.log(
  `dfdocs serve on a default build / sirv-cli on the precompressed one: ${(flyRatio * 100).toFixed(0)} %`,
);
