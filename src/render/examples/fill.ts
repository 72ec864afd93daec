/**
 * Authoring aid: `npx tsx src/render/examples/fill.ts docs/…/page.md [--write]` runs a page's
 * examples and prints what each block printed; with `--write` it replaces the content of every
 * ```txt block that follows an example with the real output, and the text of `// =>` comments
 * when there is one per printed line. Read the result before you commit:
 * the check exists so that what a page shows is what the engine does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkPage, formatFailure } from './check';

const args = process.argv.slice(2);
const write = args.includes('--write');
const root = resolve(import.meta.dirname, '..', '..', '..');
for (const f of args.filter((a) => !a.startsWith('--'))) {
  const abs = resolve(f);
  const page = await checkPage(abs, { root, keepRun: true });
  if (!page.run) {
    console.log(
      page.failures.length
        ? page.failures.map(formatFailure).join('\n')
        : `${f}: no runnable examples`,
    );
    continue;
  }
  const { blocks, result } = page.run;
  const lines = readFileSync(abs, 'utf8').split('\n');
  // Replace from the bottom so earlier line numbers stay valid.
  for (const b of blocks) {
    const out = result.outputs[b.index];
    if (out !== undefined)
      process.stdout.write(
        `--- ${f}:${b.fenceLine}${b.expected ? ` (${b.expected.kind})` : ''}\n${out}\n`,
      );
  }
  for (const b of [...blocks].reverse()) {
    const out = result.outputs[b.index];
    if (out === undefined) continue;
    if (write && b.expected?.kind === 'arrows') {
      // One `// =>` comment per printed line: rewrite each comment's text in place.
      const printed = out.replace(/\n+$/, '').split('\n');
      if (printed.length === b.expected.lines.length) {
        b.expected.lines.forEach(
          (a, k) =>
            (lines[a.line - 1] = lines[a.line - 1]!.replace(/\/\/ =>.*$/, `// => ${printed[k]}`)),
        );
      } else
        console.log(
          `${f}:${b.fenceLine}: ${printed.length} printed lines for ${b.expected.lines.length} \`// =>\` comments; left as is`,
        );
    }
    if (write && b.expected?.kind === 'block') {
      lines.splice(
        b.expected.line,
        b.expected.endLine - b.expected.line - 1,
        ...(out === '' ? [] : out.replace(/\n+$/, '').split('\n')),
      );
    }
  }
  if (write) writeFileSync(abs, lines.join('\n'));
  if (result.error)
    console.log(`ERROR ${f}:${result.error.line} ${result.error.message}\n${result.error.stack}`);
  console.log(
    `${f}: ${page.executed}/${page.blocks} executed, ${page.checked} checked, ${page.failures.length} failures`,
  );
  if (!write) for (const fl of page.failures) console.log(formatFailure(fl));
}
