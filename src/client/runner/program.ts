/**
 * A page's blocks (as the reader sees them, edited or not) as one ES module, assembled as
 * `--check-examples` assembles it (src/shared/exampleProgram.ts), with each import pointed at
 * the module this site loads in the browser. Each block comes with what
 * src/shared/exampleBlock.ts read in it: from the page for code as the page shows it, or
 * parsed here (with the editor's grammar) once the reader edited it. A block that does not
 * parse, or an import that cannot run here, is a `ProgramError` at the reader's line.
 */
import {
  assembleProgram,
  type AssembledProgram,
  type ProgramBlock,
} from '../../shared/exampleProgram';

export type { ProgramBlock };
export type Program = AssembledProgram;

/** A problem in the reader's code found before it runs (a syntax error, an import that cannot run here). */
export class ProgramError extends Error {
  constructor(
    message: string,
    readonly block: number,
    readonly line: number,
  ) {
    super(message);
  }
}

/** The module URL an example's import of `specifier` gets here, or why it cannot run. */
function resolve(
  specifier: string,
  urlOf: (specifier: string) => string | undefined,
  k: number,
  line: number,
): string {
  if (specifier.startsWith('node:'))
    throw new ProgramError(
      `the example imports "${specifier}", a module of Node.js: it runs with Node (--check-examples), not here in the browser`,
      k,
      line,
    );
  // A URL stays as written (the sandbox's policy decides: it loads nothing from anywhere).
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier)) return specifier;
  const url = urlOf(specifier);
  if (url) return url;
  throw new ProgramError(
    /^\.{0,2}\//.test(specifier)
      ? `the example imports "${specifier}", a file beside the page: that runs with --check-examples, not here in the browser`
      : `the example imports "${specifier}", which this site does not load in the browser (config examples.browser.modules)`,
    k,
    line,
  );
}

/** Builds the program of `blocks` (the page's blocks up to the one that runs), in order. */
export function buildProgram(
  blocks: readonly ProgramBlock[],
  urlOf: (specifier: string) => string | undefined,
): Program {
  // The first problem in reading order: a block's syntax error, or an import it cannot make here.
  blocks.forEach(({ prepared }, k) => {
    if (prepared.error) throw new ProgramError(prepared.error.message, k, prepared.error.line);
    for (const i of prepared.imports) resolve(i.specifier, urlOf, k, i.line);
  });
  return assembleProgram(blocks, (specifier, k, line) => resolve(specifier, urlOf, k, line));
}
