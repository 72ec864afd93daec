import { relative, sep } from 'node:path';
import type { Logger } from 'typedoc';
import type { Diagnostic } from '../diagnostics';
import { diagnostic } from './make';

/** What TypeDoc passes to `addContext` with a message: a node, or an offset and its file. */
type Place =
  | [node: { getStart(file?: unknown, jsdoc?: boolean): number; getSourceFile(): SourceLike }]
  | [pos: number, file: SourceLike]
  | [];
interface SourceLike {
  fileName: string;
  getLineAndCharacterOfPosition(pos: number): { line: number; character: number };
}

/** TypeDoc's `LogLevel.Error`. */
const ERROR = 3;

/**
 * A TypeDoc logger that keeps each problem TypeDoc reports as its own diagnostic
 * (`TypedocMessage`), at the file, line and column TypeDoc gives, instead of printing
 * (its console output would interleave with the build's). Errors only: TypeDoc's
 * warnings are its validation, which dfdocs turns off for checks of its own.
 */
export function collectingLogger(LoggerClass: typeof Logger, root: string) {
  const diagnostics: Diagnostic[] = [];
  class Collecting extends LoggerClass {
    override addContext(message: string, level: number, ...args: unknown[]): string {
      if (level === ERROR)
        diagnostics.push(
          diagnostic('TypedocMessage', placeOf(args as Place, root), { text: message }),
        );
      return message;
    }
    override log(): void {
      // reported through `diagnostics`
    }
  }
  return { logger: new Collecting(), diagnostics };
}

function placeOf(args: Place, root: string): { file?: string; line?: number; column?: number } {
  try {
    let pos: number | undefined;
    let file: SourceLike | undefined;
    if (typeof args[0] === 'number') [pos, file] = args as [number, SourceLike];
    else if (args[0]) {
      file = args[0].getSourceFile();
      pos = args[0].getStart(file, false);
    }
    if (pos === undefined || !file) return {};
    const { line, character } = file.getLineAndCharacterOfPosition(pos);
    return {
      file: relative(root, file.fileName).split(sep).join('/'),
      line: line + 1,
      column: character + 1,
    };
  } catch {
    return {}; // a place TypeDoc could not give: the message alone
  }
}
