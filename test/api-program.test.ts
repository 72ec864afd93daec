/**
 * The program TypeDoc converts the library with (src/render/api/libraryProgram.ts): the
 * doc comments of files under node_modules are not parsed into syntax trees, and the
 * reflections are the ones TypeDoc's own `convert()` gives, byte for byte.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Application, Models, TSConfigReader } from 'typedoc';
import ts from 'typescript';
import { apiTsconfig, convertLibrary, typedocOptions } from '../src/render/api/runTypedoc';
import { libraryEntryPoints } from '../src/render/api/libraryProgram';
import { makeSite } from './helpers/tempSite';

// A library whose comments link to a DOM type, a type of a package, and inherit a
// package's doc; it extends a built-in class and re-exports a package's type.
const FILES: Record<string, string> = {
  'lib/package.json': '{ "name": "tally", "version": "1.0.0" }',
  'lib/src/index.ts': `import type { Shape } from 'shapes';
export type { Shape } from 'shapes';

/**
 * Counts by name. Keys are often {@link URL} strings; see {@link Shape} and {@link Tally}.
 *
 * @deprecated use {@link Tally}
 */
export class Counts extends Map<string, number> {
  /** {@inheritDoc shapes!Shape.area} */
  area(): number {
    return this.size;
  }
}

/** A total over shapes ({@link Shape.area}). */
export interface Tally extends Shape {
  /** The total. */
  total: number;
}

/**
 * The area of a shape.
 *
 * @param shape - any {@link Shape}
 */
export function areaOf(shape: Shape): number {
  return shape.area();
}
`,
  'node_modules/shapes/package.json':
    '{ "name": "shapes", "version": "2.0.0", "types": "index.d.ts" }',
  'node_modules/shapes/index.d.ts': `/**
 * A plane shape. See {@link Shape.area}.
 *
 * @deprecated not really
 */
export interface Shape {
  /** Its area, in square units ({@link Shape}). */
  area(): number;
}
`,
};

test("the library's program parses no doc comment under node_modules, and converts as TypeDoc's own program does", async () => {
  const root = makeSite(FILES);
  const input = {
    root,
    entry: join(root, 'lib/src/index.ts'),
    workDir: join(root, '.cache'),
    typeCheck: true,
  };
  Models.resetReflectionID();
  const ours = await convertLibrary(input);

  // TypeDoc's own conversion of the same tsconfig with the same options.
  const tsconfig = apiTsconfig(input).path;
  const app = await Application.bootstrap(typedocOptions(input, tsconfig), [new TSConfigReader()]);
  Models.resetReflectionID(); // ids count from 0 in each conversion, as on TypeDoc's thread
  const project = await app.convert();
  assert.ok(project, 'TypeDoc converts the fixture');
  const theirs = JSON.stringify(
    app.serializer.projectToObject(
      project,
      root as Parameters<typeof app.serializer.projectToObject>[1],
    ),
  );
  assert.equal(ours, theirs);
  const names = (JSON.parse(ours) as { children: { name: string }[] }).children.map((c) => c.name);
  // excludeExternals: the package's type is not documented, only linked to.
  assert.deepEqual(names.sort(), ['Counts', 'Tally', 'areaOf']);

  const [entry] = libraryEntryPoints(app, ts, input.entry, root)!;
  const jsDocOf = (file: string) =>
    entry!.program
      .getSourceFile(file)!
      .statements.map((s) => ((s as { jsDoc?: unknown[] }).jsDoc ?? []).length);
  assert.deepEqual(jsDocOf(join(root, 'node_modules/shapes/index.d.ts')), [0]);
  assert.deepEqual(jsDocOf(input.entry), [0, 0, 1, 1, 1], "the library's own comments are parsed");
  const libDom = entry!.program.getSourceFiles().find((f) => f.fileName.endsWith('/lib.dom.d.ts'));
  assert.ok(libDom, 'the program has the DOM library');
  assert.equal(
    libDom.statements.filter((s) => (s as { jsDoc?: unknown[] }).jsDoc?.length).length,
    0,
    'lib.dom.d.ts: no comment parsed',
  );
});
