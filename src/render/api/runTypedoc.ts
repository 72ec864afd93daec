import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { TypeDocOptions } from 'typedoc';
import type ts from 'typescript';
import { DfdocsError, type Diagnostic } from '../diagnostics';
import { importPeer } from './peers';
import { collectingLogger } from '../diagnostics/fromTypedoc';
import { freshProgram, libraryEntryPoints } from './libraryProgram';

export interface TypedocInput {
  /** The site's root folder. */
  root: string;
  /** Absolute path of the library's entry module (e.g. `<root>/src/index.ts`). */
  entry: string;
  /** Folder for the generated tsconfig (the cache folder). */
  workDir: string;
  /** The tsconfig to extend (absolute); default: the site's `tsconfig.json` when there is one. */
  tsconfig?: string;
  /** The site's config file (relative to the root), cited when TypeDoc is missing. */
  configFile?: string;
  /** False: no type check after the conversion (`api.typeCheck`). */
  typeCheck?: boolean;
}

/**
 * The tsconfig TypeDoc reads: the site's own `tsconfig.json` (paths, lib, types) narrowed
 * to the entry module, so TypeScript loads the library's files only, not the whole repo
 * (about 2.5 s instead of 8 s for this site).
 */
export function apiTsconfig(input: TypedocInput): { path: string; text: string } {
  const base = input.tsconfig ?? join(input.root, 'tsconfig.json');
  // `types` are looked up from the tsconfig's folder upwards: a cache folder outside the
  // site (DFDOCS_CACHE_DIR) needs the site's @types named explicitly.
  const typeRoots = join(input.root, 'node_modules', '@types');
  const outside = relative(input.root, input.workDir).startsWith('..');
  const compilerOptions = {
    noEmit: true,
    ...(outside && existsSync(typeRoots) ? { typeRoots: [typeRoots] } : {}),
  };
  const config: Record<string, unknown> = existsSync(base)
    ? { extends: base, compilerOptions, include: [], files: [input.entry] }
    : {
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        files: [input.entry],
      };
  return { path: join(input.workDir, 'tsconfig.api.json'), text: JSON.stringify(config, null, 2) };
}

function toPosix(p: string): string {
  return p.split(sep).join('/');
}

/** A TypeScript diagnostic as ours, positioned in the author's file (relative to the site root). */
function fromTsDiagnostic(tsApi: typeof ts, d: ts.Diagnostic, root: string): Diagnostic {
  const message = tsApi.flattenDiagnosticMessageText(d.messageText, '\n');
  let file: string | undefined;
  let line: number | undefined;
  let column: number | undefined;
  if (d.file && d.start !== undefined) {
    const pos = d.file.getLineAndCharacterOfPosition(d.start);
    file = toPosix(relative(root, d.file.fileName));
    line = pos.line + 1;
    column = pos.character + 1;
  }
  return {
    code: 'ApiTypeError',
    severity: 'error',
    message: `TS${d.code}: ${message}`,
    hint: "the API reference is generated from the library's types: fix the TypeScript error (npx tsc --noEmit shows it too)",
    file,
    line,
    column,
  };
}

/** What `convertLibrary` hands over before it is done. */
export interface ConversionSteps {
  /**
   * The reflections, as soon as TypeDoc has converted the library: the type check that
   * follows only reports errors (and fails the build with them), it changes nothing in
   * them, so the reference's pages can render while it runs.
   */
  reflections(json: string): void;
}

/** TypeDoc's options for the library. */
export function typedocOptions(input: TypedocInput, tsconfigPath: string): TypeDocOptions {
  return {
    entryPoints: [input.entry],
    tsconfig: tsconfigPath,
    excludePrivate: true,
    excludeProtected: true,
    excludeInternal: true,
    excludeExternals: true,
    // We run the type check ourselves (below) to keep each error's position.
    skipErrorChecking: true,
    // Source links are built by dfdocs from the config; TypeDoc needs no git.
    disableGit: true,
    sourceLinkTemplate: '{path}#L{line}',
    displayBasePath: input.root,
    // Keep `@throws {TypeError}`'s type instead of dropping it.
    preservedTypeAnnotationTags: ['@throws'],
    readme: 'none',
    // Members in the order they are written; dfdocs sorts where a reference reads better sorted.
    sort: ['source-order'],
    validation: {
      notExported: false,
      invalidLink: false,
      rewrittenLink: false,
      notDocumented: false,
      unusedMergeModuleWith: false,
    },
  };
}

/**
 * Runs TypeDoc's programmatic API over the entry module and returns its JSON reflection
 * output (as a string) once the library type-checks; TypeScript errors become one
 * DfdocsError listing each at file:line:column.
 *
 * TypeDoc converts first, without the type check (`steps.reflections` has the result at
 * once), and the check runs after it on a fresh checker over the same syntax trees (not
 * parsed again). One conversion, and always the same one: a check before it would make
 * TypeScript create some union members in another order (it orders a union by when it
 * first made each member type), and the reflections of a build would depend on whether
 * it checked first. Runs on TypeDoc's thread (`typedocWorker.ts`), the only place
 * TypeDoc and TypeScript are loaded.
 */
export async function convertLibrary(
  input: TypedocInput,
  steps?: ConversionSteps,
): Promise<string> {
  const [{ Application, Logger, TSConfigReader }, tsModule] = await Promise.all([
    importPeer<typeof import('typedoc')>('typedoc', input.root, input.configFile),
    importPeer<typeof ts>('typescript', input.root, input.configFile),
  ]);
  const tsApi =
    (tsModule as unknown as { default?: typeof ts }).default ?? (tsModule as unknown as typeof ts);
  mkdirSync(input.workDir, { recursive: true });
  const tsconfig = apiTsconfig(input);
  writeFileSync(tsconfig.path, tsconfig.text);

  // Only the tsconfig reader: a typedoc.json or package.json "typedocOptions" in the
  // current folder must not change what the site shows.
  const app = await Application.bootstrap(typedocOptions(input, tsconfig.path), [
    new TSConfigReader(),
  ]);
  // TypeDoc's own console output would interleave with the build's: its problems become
  // diagnostics (type errors here, unresolved links when building pages).
  const typedocProblems = collectingLogger(Logger, input.root);
  app.logger = typedocProblems.logger;
  // One diagnostic for the failure, and one for each problem TypeDoc reported, at its place.
  const failed = () =>
    new DfdocsError([
      {
        code: 'ApiGenerationFailed',
        severity: 'error',
        message: `TypeDoc could not convert ${toPosix(relative(input.root, input.entry))}`,
        hint: 'check that the entry module exists and exports the library',
        file: toPosix(relative(input.root, input.entry)),
        line: 1,
        column: 1,
      },
      ...typedocProblems.diagnostics,
    ]);

  // What `app.convert()` does, with the programs kept for the check.
  const entryPoints =
    libraryEntryPoints(app, tsApi, input.entry, input.root) ?? app.getEntryPoints();
  if (!entryPoints) throw failed();
  await app.initializeRepositories(entryPoints);
  const project = app.converter.convert(entryPoints);
  if (!project) throw failed();
  const json = JSON.stringify(
    app.serializer.projectToObject(
      project,
      input.root as Parameters<typeof app.serializer.projectToObject>[1],
    ),
  );
  steps?.reflections(json);
  if (input.typeCheck === false) return json;
  const programs = [...new Set(entryPoints.map((e) => e.program))];
  entryPoints.length = 0; // the conversion's checker and project are garbage from here
  const errors: Diagnostic[] = [];
  for (const old of programs) {
    for (const d of tsApi.getPreEmitDiagnostics(freshProgram(tsApi, old))) {
      if (d.category === tsApi.DiagnosticCategory.Error)
        errors.push(fromTsDiagnostic(tsApi, d, input.root));
    }
  }
  if (errors.length) throw new DfdocsError(errors);
  return json;
}
