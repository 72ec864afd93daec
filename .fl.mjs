import { firstLoadJs } from './scripts/firstLoadJs.mjs';
for (const [dir, page] of process.argv.slice(2).map(a => a.split(':'))) {
  const r = firstLoadJs(dir, page);
  console.log(dir, page, r.files.join(' '), r.raw, r.gzip);
}
