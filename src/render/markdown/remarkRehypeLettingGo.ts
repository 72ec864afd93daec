import remarkRehype, { type Options } from 'remark-rehype';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { VFile } from 'vfile';
import { isLargePage } from '../memoryPressure';

/**
 * remark-rehype (its mutate mode), then, on a large page, the markdown tree emptied: the
 * caller of `run` (unified's own closure) keeps the root it was given until the last
 * plugin has run, so without this the whole markdown tree (a 2 MB page: ~20 MB) lived
 * beside the HTML tree through highlighting and every rehype plugin. Nothing after this
 * plugin reads the markdown tree.
 */
export function remarkRehypeLettingGo(options: Options) {
  const toHast = (remarkRehype as (options: Options) => (tree: MdastRoot, file: VFile) => HastRoot)(
    options,
  );
  return (tree: MdastRoot, file: VFile): HastRoot => {
    const hast = toHast(tree, file);
    if (isLargePage(String(file.value).length)) tree.children = [];
    return hast;
  };
}
