// Runs every ```ts @example block found in TSDoc comments under engine/src (core and toolkit alike).
// Each block becomes a module in a temp folder with `from 'tinyframejs'` pointed at the engine entry,
// and is imported through tsx; a block that throws fails a test named after its file and export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SRC = resolve(import.meta.dirname, '../src');
const ENTRY = join(SRC, 'index.ts');

export interface Example {
  file: string;
  line: number;
  owner: string;
  code: string;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** The name declared right after a doc comment: a function, class, method, getter or static. */
function ownerAfter(text: string, from: number): string {
  const rest = text.slice(from).replace(/^\s+/, '');
  const m =
    /^(?:export\s+)?(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+|class\s+|const\s+|let\s+|interface\s+|type\s+)([A-Za-z_$][\w$]*)/.exec(
      rest,
    ) ??
    /^(?:(?:public|static|readonly|async|get|set)\s+)*\*?([A-Za-z_$][\w$]*)\s*[(<:=]/.exec(rest);
  return m ? m[1]! : '(unknown)';
}

export function extractExamples(file: string): Example[] {
  const text = readFileSync(file, 'utf8');
  const out: Example[] = [];
  const comment = /\/\*\*([\s\S]*?)\*\//g;
  let m: RegExpExecArray | null;
  while ((m = comment.exec(text))) {
    const body = m[1]!
      .split('\n')
      .map((l) => l.replace(/^\s*\* ?/, ''))
      .join('\n');
    if (!body.includes('@example')) continue;
    const owner = ownerAfter(text, m.index + m[0].length);
    const line = text.slice(0, m.index).split('\n').length;
    const fence = /```(?:ts|typescript)\n([\s\S]*?)```/g;
    let f: RegExpExecArray | null;
    const afterExample = body.slice(body.indexOf('@example'));
    while ((f = fence.exec(afterExample))) out.push({ file, line, owner, code: f[1]! });
  }
  return out;
}

const files = walk(SRC).sort();
const examples = files.flatMap(extractExamples);
// Inside the repo's node_modules, so examples can import the dev packages they mention (e.g. exceljs).
const cache = resolve(SRC, '../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'tinyframe-examples-'));
writeFileSync(join(dir, 'package.json'), '{"type":"module"}');

test('every exported function and the DataFrame class have examples to run', () => {
  assert.ok(examples.length >= 45, `found only ${examples.length} examples`);
});

examples.forEach((ex, k) => {
  const where = `${relative(resolve(SRC, '..'), ex.file)}:${ex.line}`;
  test(`@example of ${ex.owner} (${where})`, async () => {
    const code = ex.code.replace(
      /from\s+(['"])tinyframejs\1/g,
      `from ${JSON.stringify(pathToFileURL(ENTRY).href)}`,
    );
    const path = join(dir, `example-${k}.mts`);
    writeFileSync(path, code);
    const log = console.log;
    const printed: unknown[][] = [];
    console.log = (...args: unknown[]) => void printed.push(args);
    try {
      await import(pathToFileURL(path).href);
    } catch (e) {
      assert.fail(
        `The @example of ${ex.owner} in ${where} threw: ${(e as Error)?.stack ?? String(e)}`,
      );
    } finally {
      console.log = log;
    }
  });
});

test.after(() => rmSync(dir, { recursive: true, force: true }));
