/**
 * TypeDoc's problems become one diagnostic each (issue 26 item 4), at the file, line and
 * column TypeDoc gives — not one string joining them all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import ts from 'typescript';
import { Logger } from 'typedoc';
import { collectingLogger } from '../../src/render/diagnostics/fromTypedoc';
import { catalogue } from '../../src/render/diagnostics/catalogue';

test('each error TypeDoc logs is a TypedocMessage at its node or offset; warnings and info are not errors', () => {
  const root = join('/', 'site');
  const file = ts.createSourceFile(
    join(root, 'lib', 'index.ts'),
    'export const x = 1;\n/** @see nowhere */\nexport let y = 2;\n',
    ts.ScriptTarget.Latest,
    true,
  );
  const { logger, diagnostics } = collectingLogger(Logger, root);
  type Text = Parameters<Logger['error']>[0];
  logger.error('the comment of y names nothing' as Text, file.statements[1]!);
  logger.error('the entry module exports nothing' as Text);
  logger.error('an offset and its file' as Text, 7, file);
  logger.warn('only a warning' as Text, file.statements[0]!);
  logger.info('converting' as Text);
  assert.deepEqual(diagnostics, [
    {
      code: 'TypedocMessage',
      severity: 'error',
      message: 'TypeDoc: the comment of y names nothing',
      hint: catalogue.TypedocMessage.hint,
      file: 'lib/index.ts',
      line: 3,
      column: 1,
    },
    {
      code: 'TypedocMessage',
      severity: 'error',
      message: 'TypeDoc: the entry module exports nothing',
      hint: catalogue.TypedocMessage.hint,
    },
    {
      code: 'TypedocMessage',
      severity: 'error',
      message: 'TypeDoc: an offset and its file',
      hint: catalogue.TypedocMessage.hint,
      file: 'lib/index.ts',
      line: 1,
      column: 8,
    },
  ]);
});
