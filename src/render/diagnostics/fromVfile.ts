import type { VFile } from 'vfile';
import { isDiagnosticCode, type DiagnosticCode } from './catalogue';
import { diagnostic } from './make';

type VFileMessage = VFile['messages'][number];

/** A problem a markdown plugin reported on a page, positioned in the author's file. */
export interface MarkdownMessage {
  code: DiagnosticCode;
  message: string;
  hint?: string;
  line?: number;
  column?: number;
}

/**
 * A vfile message as the build reports it. dfdocs's own plugins give a catalogue code as
 * the `ruleId` (see markdown/report.ts); any other plugin's message is a
 * `MarkdownPluginMessage` naming the plugin and its rule (`remark-lint:no-dead-urls`).
 */
export function messageOf(m: VFileMessage): MarkdownMessage {
  const ours = m.source === 'dfdocs' && isDiagnosticCode(m.ruleId);
  const origin = [m.source, m.ruleId].filter(Boolean).join(':') || undefined;
  const where = { line: m.line ?? undefined, column: m.column ?? undefined };
  if (ours)
    return {
      code: m.ruleId as DiagnosticCode,
      message: m.reason,
      hint: m.note ?? undefined,
      ...where,
    };
  const { code, message, hint } = diagnostic(
    'MarkdownPluginMessage',
    { hint: m.note ?? undefined },
    { reason: m.reason, origin },
  );
  return { code, message, hint, ...where };
}

/**
 * A page's warnings in the order of its lines. `file.info()` notes are not problems and
 * are left out; `file.message()` (a warning) is kept, whatever plugin wrote it.
 */
export function messagesOf(messages: VFileMessage[]): MarkdownMessage[] {
  return messages
    .filter((m) => m.fatal !== undefined)
    .map(messageOf)
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
