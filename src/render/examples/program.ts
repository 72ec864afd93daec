import type { PreparedBlock } from '../../shared/exampleBlock';
import { assembleProgram } from '../../shared/exampleProgram';
import type { ExampleBlock } from './extract';

/**
 * A page's blocks as one ES module, run by Node (src/shared/exampleProgram.ts assembles it,
 * as the browser's runner does). Import specifiers are kept as written: the harness resolves
 * them from the site root (packages) and the page's folder (relative paths). TypeScript's
 * types stay for esbuild to strip. Lines are kept: `lineMap[i]` is the markdown line of
 * program line i + 1.
 */
export interface ExampleProgram {
  text: string;
  lineMap: number[];
}

export const PROGRAM_FILE = 'tf-example-program.ts';

/** Nothing taken out: a block the grammar cannot read runs as written, and esbuild or Node reports its error. */
const AS_WRITTEN: PreparedBlock = { imports: [], edits: [] };

/**
 * Builds the page program. Each block is read with the same Lezer grammar as the page's
 * Run button (already loaded to mark the blocks): TypeScript's parser here cost the build's
 * thread ~170 ms of CPU and ~50 MiB to load, while TypeDoc's thread converts the library.
 * The grammar loads with the first page that has examples.
 */
export async function buildProgram(blocks: readonly ExampleBlock[]): Promise<ExampleProgram> {
  const { prepareExampleBlock } = await import('../../shared/exampleBlock');
  const program = assembleProgram(
    blocks.map((b) => {
      const prepared = prepareExampleBlock(
        { code: b.code, lang: b.lang, plot: b.plot },
        { types: false },
      );
      return { code: b.code, prepared: prepared.error ? AS_WRITTEN : prepared };
    }),
    (specifier) => specifier,
  );
  return {
    text: program.text,
    lineMap: program.lineMap.map(({ block, line }) => (blocks[block]?.codeLine ?? 1) + line - 1),
  };
}
