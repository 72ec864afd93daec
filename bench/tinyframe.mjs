#!/usr/bin/env node
// The TinyFrame site (this repository's own docs, with its API reference generated from
// engine/): a cold build as CI runs it, with where its time goes, then a warm rebuild,
// and the machine's remark-parse floor measured in the same run (issue 32, target 1).
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg, availableParallelism } from 'node:os';
import { measure } from './treeRss.mjs';
import { setAside } from './setAside.mjs';
import { corpus, parseFloor } from './site.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = join(repo, 'bench', '.work');
const out = join(work, 'tinyframe-dist');
const fmt = (n, d = 1) => n.toFixed(d);
const load = () =>
  loadavg()
    .map((x) => fmt(x, 2))
    .join(', ');

/** One build of the site into bench/.work, its cache in `cache` (never the developer's own). */
async function build(cache) {
  const r = await measure(
    process.execPath,
    [
      '--import',
      join(repo, 'bench', 'rss-probe.mjs'),
      join(repo, 'bin', 'dfdocs.js'),
      'build',
      '--out',
      out,
    ],
    {
      cwd: repo,
      env: { ...process.env, NODE_ENV: 'production', DFDOCS_PROFILE: '1', DFDOCS_CACHE_DIR: cache },
    },
  );
  if (r.code !== 0) throw new Error(`the TinyFrame site's build failed:\n${r.output.slice(-3000)}`);
  const json = (name) => {
    const m = new RegExp(`${name} (.*)`).exec(r.output);
    return m ? JSON.parse(m[1]) : undefined;
  };
  const processRss = Number(/BENCH_MAX_RSS_KB=(\d+)/.exec(r.output)?.[1] ?? 0) / 1024;
  return { ...r, processRss, profile: json('DFDOCS_PROFILE'), memory: json('DFDOCS_MEMORY') };
}

export async function runTinyframeBench() {
  if (!existsSync(join(repo, 'engine', 'src', 'index.ts'))) return;
  console.log(
    `\n## The TinyFrame site (${availableParallelism()} cores, Node ${process.versions.node})\n`,
  );
  const cache = (mkdirSync(work, { recursive: true }), mkdtempSync(join(work, 'tinyframe-cache-')));
  setAside(out);
  const loadBefore = load();
  const cold = await build(cache);
  const warm = await build(cache);
  const pages = Object.keys(
    JSON.parse(readFileSync(join(out, 'route-manifest.json'), 'utf8')).routes,
  ).length;
  console.log(
    '| build | wall s | CPU s (user+sys, process tree) | CPU ÷ wall | peak RSS MiB (tree / process) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of [
    ['cold (no cache, as CI)', cold],
    ['warm (nothing changed)', warm],
  ])
    console.log(
      `| ${name} | ${fmt(r.seconds, 2)} | ${fmt(r.cpuSeconds, 2)} | ${fmt(r.cpuSeconds / r.seconds, 2)} | ${fmt(r.peakMiB, 0)} / ${fmt(r.processRss, 0)} |`,
    );
  console.log(
    `\n${pages} pages. Cold target: ≤ 4 s and ≤ 400 MiB. Load average before: ${loadBefore}; after: ${load()}.`,
  );
  if (cold.profile) {
    console.log(
      '\nWhere the cold build spends its time (ms; phases are wall time on the build thread, pages.* are summed over threads):',
    );
    for (const [k, v] of Object.entries(cold.profile))
      console.log(`  ${k.padEnd(18)} ${fmt(v, 0)}`);
  }
  if (cold.memory)
    console.log(
      `Memory at the end of each phase (process RSS / build-thread heap, MiB): ${Object.entries(
        cold.memory,
      )
        .map(([k, v]) => `${k} ${v.rss}/${v.heap}`)
        .join(', ')}`,
    );
  setAside(cache);
  // The floor, on this machine now: remark parsing alone of the 1,000-page corpus.
  const floor = await parseFloor(corpus(1000));
  console.log(`remark-parse floor: ${fmt(floor.msPerPage, 2)} ms/page (load average ${load()})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runTinyframeBench();
