import { walk, EXIT, type WalkNode } from '../tree/walk';
import type { Root, Code, Parent } from 'mdast';
import { examplesOfTree } from './extract';

type CodeData = Code['data'] & { hProperties?: Record<string, unknown> };

const props = (node: Code, add: Record<string, string>) => {
  const data = (node.data ??= {}) as CodeData;
  data.hProperties = { ...data.hProperties, ...add };
};

/**
 * Marks the blocks that run in the reader's browser (config `examples.browser`): exactly the
 * ones `--check-examples` runs (`extract.ts`), each with its position among the page's
 * runnable blocks (`data-example`, the order they run in, one scope), `data-example-plot` for
 * a chart, and what joining the page's program takes (`data-example-prepared`: its imports and
 * the edits of its code, src/shared/exampleBlock.ts — so a Run of the code as shown needs no
 * parser in the browser); the output block shown under one gets `data-example-output`. The
 * CodeBlock template gives them a Run button; the client's runner (src/client/runner) does
 * the rest.
 */
export function remarkRunnableExamples() {
  return async (tree: Root) => {
    const mayRun = walk(tree as WalkNode, (n) => (n.type === 'code' ? EXIT : undefined));
    if (!mayRun) return;
    const { runnable, blocks } = examplesOfTree(tree);
    if (!runnable || !blocks.length) return;
    const byLine = new Map<number, { node: Code; next: unknown }>();
    walk(tree as WalkNode, (n, i, parent) => {
      const node = n as unknown as Code;
      if (node.type === 'code' && node.position)
        byLine.set(node.position.start.line, {
          node,
          next: (parent as unknown as Parent | undefined)?.children[i + 1],
        });
    });
    // The grammar loads only for pages that have runnable blocks.
    const { prepareExampleBlock } = await import('../../shared/exampleBlock');
    for (const b of blocks) {
      const place = byLine.get(b.fenceLine);
      if (!place) continue;
      const prepared = prepareExampleBlock({ code: place.node.value, lang: b.lang, plot: b.plot });
      props(place.node, {
        dataExample: String(b.index),
        ...(b.plot ? { dataExamplePlot: 'true' } : {}),
        // With the code's length: the browser reads the code from the page, and parses it
        // itself if that is not the text these edits are for.
        dataExamplePrepared: JSON.stringify({ ...prepared, length: place.node.value.length }),
      });
      const next = place.next as Code | undefined;
      if (b.expected?.kind === 'block' && next?.type === 'code')
        props(next, { dataExampleOutput: 'true' });
    }
  };
}
