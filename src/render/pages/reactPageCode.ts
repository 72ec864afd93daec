import type { Highlighter } from 'shiki';
import { CODE_SLOT_TAG, type CodeSample } from '../../../templates/markdown/Code';
import { highlightBlocks } from '../markdown/rehypeCodeBlocks';

const SLOT = new RegExp(`<${CODE_SLOT_TAG} data-slot="(\\d+)"></${CODE_SLOT_TAG}>`, 'g');

/**
 * A React page's HTML with each `<Code>` slot replaced by its sample highlighted as the
 * markdown pipeline highlights fenced code (same highlighter, themes and markup).
 */
export async function highlightReactPageCode(
  html: string,
  samples: CodeSample[],
  highlighter: () => Promise<Highlighter>,
): Promise<string> {
  if (!samples.length) return html;
  const highlighted = await highlightBlocks(
    highlighter,
    samples.map((s) => ({ lang: s.lang, code: s.code })),
  );
  let found = 0;
  const out = html.replace(SLOT, (_, i: string) => {
    found++;
    return highlighted[Number(i)]!;
  });
  if (found !== samples.length)
    throw new Error(`${samples.length} code samples, ${found} slots in the rendered page`);
  return out;
}
