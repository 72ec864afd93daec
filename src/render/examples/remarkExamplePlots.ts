import { walk, EXIT, type WalkNode } from '../tree/walk';
import type { Root, Code, Parent, Html } from 'mdast';
import type { VFile } from 'vfile';
import { examplesOfTree, metaWords } from './extract';
import { runBlocks } from './run';
import { examplesDirs } from './workingDir';
import { warn } from '../markdown/report';

/**
 * Charts at build time: a runnable ```js plot block is run (with the page's blocks before it,
 * in the same runner the example check uses, the result cached on the code, the packages it
 * imports and the data files) and the SVG it makes — the value of its last expression, or what it prints — is
 * inlined right after the block. Pages without a `plot` block cost one tree walk.
 */
export function remarkExamplePlots(options: { root?: string | (() => string | undefined) } = {}) {
  return async (tree: Root, file: VFile) => {
    const any = walk(tree as WalkNode, (n) =>
      n.type === 'code' && metaWords((n as unknown as Code).meta).has('plot') ? EXIT : undefined,
    );
    if (!any) return;
    const { runnable, blocks } = examplesOfTree(tree);
    const plots = blocks.filter((b) => b.plot);
    if (!runnable || !plots.length) {
      warn(
        file,
        'PlotNotDrawn',
        'a `plot` code block draws nothing here: only pages whose examples import a package run',
        { line: plots[0]?.fenceLine ?? 1, column: 1 },
      );
      return;
    }
    const root =
      (typeof options.root === 'function' ? options.root() : options.root) ?? process.cwd();
    const sourcePath = (file.data as { sourcePath?: string }).sourcePath ?? file.path;
    let run;
    try {
      run = await runBlocks(blocks.slice(0, plots[plots.length - 1]!.index + 1), {
        root,
        ...(await examplesDirs(root, sourcePath)),
        cache: true,
      });
    } catch (err) {
      warn(
        file,
        'PlotNotDrawn',
        `the plot examples could not be run: ${(err as Error)?.message ?? String(err)}`,
        { line: plots[0]!.fenceLine, column: 1 },
      );
      return;
    }
    // Where each plot block sits, to insert its chart after it.
    const places = new Map<number, { parent: Parent; node: Code }>();
    walk(tree as WalkNode, (n, _i, parent) => {
      const node = n as unknown as Code;
      if (node.type === 'code' && node.position)
        places.set(node.position.start.line, { parent: parent as unknown as Parent, node });
    });
    for (const b of plots) {
      const out = run.outputs[b.index]?.trim();
      const svg = run.values[b.index] ?? (out?.startsWith('<svg') ? out : undefined);
      const place = places.get(b.fenceLine);
      if (!svg || !place) {
        const why = run.error?.parse
          ? `an example on the page does not parse: ${run.error.message} (line ${run.error.line}), and none of them ran`
          : run.error && run.error.block <= b.index
            ? `the example threw ${run.error.message} (line ${run.error.line})`
            : 'its last expression is not an SVG string and it printed none';
        warn(file, 'PlotNotDrawn', `the plot example drew no chart: ${why}`, {
          line: b.fenceLine,
          column: 1,
        });
        continue;
      }
      // Focusable: on a phone the figure scrolls sideways (the chart keeps a legible size).
      const html: Html = {
        type: 'html',
        value: `<figure class="tf-plot-figure" tabindex="0" data-example-output="">${svg}</figure>`,
      };
      const at = place.parent.children.indexOf(place.node);
      place.parent.children.splice(at + 1, 0, html as never);
    }
  };
}
