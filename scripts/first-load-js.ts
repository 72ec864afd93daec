/**
 * What the first load of a page downloads before the client runs: builds the client bundle
 * with the build's own esbuild options and prints the entry and its static imports (the
 * page's `<script type=module>` and `<link rel=modulepreload>` files), raw and gzip -9,
 * with the inputs that weigh most in each, and the lazily loaded chunks.
 *
 *   node --import tsx scripts/first-load-js.ts [--all]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildClient, packageRoot, staticImportsOf } from '../src/render/bundle/bundleClient';

const all = process.argv.includes('--all');
const out = mkdtempSync(join(tmpdir(), 'dfdocs-first-load-'));
try {
  const metafile = await buildClient(out, false);
  const entry = Object.keys(metafile.outputs).find(
    (f) => metafile.outputs[f]!.entryPoint === 'src/client/hydrate.tsx',
  )!;
  const first = new Set([entry, ...staticImportsOf(metafile, entry)]);
  const size = (f: string) => {
    const buf = readFileSync(join(packageRoot(), f));
    return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  const kb = (n: number) => (n / 1000).toFixed(1) + ' KB';
  let raw = 0;
  let gzip = 0;
  for (const f of Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'))) {
    const s = size(f);
    if (first.has(f)) {
      raw += s.raw;
      gzip += s.gzip;
    }
    console.log(
      `\n${first.has(f) ? 'FIRST' : 'lazy '} ${f.slice(f.indexOf('assets/'))}  ${kb(s.raw)} raw, ${kb(s.gzip)} gzip`,
    );
    const inputs = Object.entries(metafile.outputs[f]!.inputs).sort(
      (a, b) => b[1].bytesInOutput - a[1].bytesInOutput,
    );
    for (const [input, { bytesInOutput }] of inputs)
      if (all || bytesInOutput >= 400)
        console.log(`  ${String(bytesInOutput).padStart(7)}  ${input}`);
  }
  console.log(
    `\nfirst-load JS: ${first.size} files, ${raw} bytes raw (${kb(raw)}), ${gzip} bytes gzip -9 (${kb(gzip)})`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
