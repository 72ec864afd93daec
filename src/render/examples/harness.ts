/**
 * The script a child process runs for one page: `node harness.mjs <program-url> <result-file>`.
 * It captures `console.log` (and `console.info`) per block — formatted as Node prints them, so
 * a DataFrame shows its table — imports the program, and writes
 * `{ outputs, values, error }` as JSON. Kept as a string so it ships inside the bundled CLI.
 */
export const HARNESS_SOURCE = `import { formatWithOptions } from 'node:util';
import { writeFileSync } from 'node:fs';
const [programUrl, resultFile] = process.argv.slice(2);
const outputs = [];
const values = {};
let current = -1;
const capture = (...args) => {
  if (current < 0) return;
  outputs[current].push(formatWithOptions({ colors: false }, ...args));
};
console.log = capture;
console.info = capture;
globalThis.__tfExamples = {
  enter(k) {
    current = k;
    if (k >= 0) outputs[k] ??= [];
  },
  value(v) {
    if (typeof v === 'string') values[current] = v;
    return v;
  },
};
let error = null;
try {
  await import(programUrl);
} catch (e) {
  error = { block: current, message: e instanceof Error ? e.name + ': ' + e.message : String(e), stack: String(e?.stack ?? '') };
}
writeFileSync(resultFile, JSON.stringify({ outputs: Array.from(outputs, (o) => (o ?? []).join('\\n')), values, error }));
`;
