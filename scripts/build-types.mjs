// Emits the declarations of dfdocs's public API (src/index.ts and the modules its
// declarations import, nothing else) into dist-cli/types/, one file at a time with
// TypeScript's transpileDeclaration (no type check: `npm run typecheck` does that, and
// test/package/public-types.test.ts compiles a user's code against these files).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';

/** Relative imports in a declaration file (`from './x'`), which gain `.js` for Node's ESM resolution. */
const RELATIVE_IMPORT = /(from\s+['"])(\.{1,2}\/[^'"]+?)(['"])/g;

export async function buildTypes(root) {
  let ts;
  try {
    ts = (await import('typescript')).default;
  } catch {
    console.warn('build-cli: typescript is not installed, so dist-cli/types/ was not written');
    return;
  }
  const outDir = join(root, 'dist-cli', 'types');
  rmSync(outDir, { recursive: true, force: true });
  const queue = ['index.ts'];
  const done = new Set();
  const problems = [];
  while (queue.length) {
    const rel = queue.shift();
    if (done.has(rel)) continue;
    done.add(rel);
    const file = join(root, 'src', rel);
    const { outputText, diagnostics } = ts.transpileDeclaration(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { isolatedDeclarations: true, declaration: true, strict: true },
    });
    for (const d of diagnostics ?? [])
      problems.push(
        `${relative(root, file)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      );
    const text = outputText.replace(RELATIVE_IMPORT, (_, open, spec, close) => {
      const target = posix.join(posix.dirname(rel), spec) + '.ts';
      queue.push(target);
      return `${open}${spec}.js${close}`;
    });
    const out = join(outDir, rel.replace(/\.ts$/, '.d.ts'));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  }
  if (problems.length) throw new Error(`build-types: ${problems.join('\n')}`);
}
