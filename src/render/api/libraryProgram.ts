import { relative, sep } from 'node:path';
import type { Application } from 'typedoc';
import type ts from 'typescript';

type EntryPoint = Parameters<Application['converter']['convert']>[0][number];

/** TypeScript's JSDoc parsing modes (5.3+), by value: older versions have no enum and parse all. */
const PARSE_FOR_TYPE_INFO = 3;

/**
 * TypeDoc's entry point for the library, over a program of our own making.
 *
 * It is the program TypeDoc makes (its tsconfig's files, options and references) but for
 * one thing: the doc comments of files under `node_modules` are not parsed into syntax
 * trees, except in JavaScript files, where they carry types. TypeDoc reads the comments
 * of what it documents, and the site converts with `excludeExternals`: nothing declared
 * there is documented (a test compares the reflections with TypeDoc's own program's).
 * TypeScript's `lib.dom` and `@types/node` are mostly such comments: the program of the
 * library documented beside dfdocs holds ~10 MiB less and is made ~0.25 s sooner
 * (TypeScript 5.9).
 *
 * Undefined when the program has no such entry (a solution-style tsconfig): TypeDoc's own
 * `getEntryPoints` then finds it or says why not.
 */
export function libraryEntryPoints(
  app: Application,
  tsApi: typeof ts,
  entry: string,
  root: string,
): EntryPoint[] | undefined {
  const options = app.options.getCompilerOptions(app.logger);
  const host = tsApi.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersionOrOptions, ...rest) =>
    parse(
      fileName,
      isExternal(fileName)
        ? {
            ...(typeof languageVersionOrOptions === 'object'
              ? languageVersionOrOptions
              : { languageVersion: languageVersionOrOptions }),
            jsDocParsingMode: PARSE_FOR_TYPE_INFO as ts.JSDocParsingMode,
          }
        : languageVersionOrOptions,
      ...rest,
    );
  const program = tsApi.createProgram({
    rootNames: app.options.getFileNames(),
    options,
    projectReferences: app.options.getProjectReferences(),
    host,
  });
  const sourceFile = program.getSourceFile(entry);
  if (!sourceFile) return undefined;
  return [{ displayName: moduleName(entry, root), sourceFile, program }];
}

/** TypeDoc's default `externalPattern`: anything below a `node_modules` folder. */
function isExternal(fileName: string): boolean {
  return /[\\/]node_modules[\\/]/.test(fileName);
}

/** The module's name as TypeDoc gives it: its path from the root, without `/index` or the extension. */
function moduleName(entry: string, root: string): string {
  return relative(root, entry)
    .split(sep)
    .join('/')
    .replace(/(\/index)?(\.d)?\.([cm][tj]s|[tj]sx?)$/, '');
}

/**
 * The same program with a checker of its own: the conversion's checker cannot check
 * (after TypeDoc's conversion it reports errors that are not there). The host hands
 * TypeScript the parsed files, else it parses them all again (+2 s, +85 MiB here).
 */
export function freshProgram(tsApi: typeof ts, old: ts.Program): ts.Program {
  const options = old.getCompilerOptions();
  const host = tsApi.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, ...rest) =>
    old.getSourceFile(fileName) ?? parse(fileName, ...rest);
  return tsApi.createProgram({
    rootNames: old.getRootFileNames(),
    options,
    projectReferences: old.getProjectReferences(),
    host,
    oldProgram: old,
  });
}
