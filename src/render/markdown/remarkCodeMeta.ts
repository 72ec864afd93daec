import type { Root, Code, Nodes } from 'mdast';
import { SKIP, walk } from '../tree/walk';
import { holdsOnlyPhrasing } from './phrasing';
import { formatMarks, parseCodeMeta, splitLang, takeMagicComments } from './codeMeta';

/** What a fence's info string and comments say, kept on the node for the directives (code groups). */
export interface CodeInfo {
  title?: string;
  label?: string;
}

/**
 * Reads each fenced block's title, label, highlighted lines and line numbers
 * (`codeMeta.ts`), removes its magic comments, and carries what it found to the `<code>`
 * element as `data-*` attributes. They survive rehype-raw, which drops the `meta` that
 * remark-rehype keeps beside the element: on a page holding any raw HTML (one comment
 * was enough), code titles used to vanish.
 */
export function remarkCodeMeta() {
  return (tree: Root) => {
    walk<Nodes>(tree, (found) => {
      if (holdsOnlyPhrasing(found)) return SKIP;
      if (found.type !== 'code') return;
      const node: Code = found;
      const { lang, rest } = splitLang(node.lang);
      const meta = `${rest} ${node.meta ?? ''}`.trim();
      const info = parseCodeMeta(meta);
      node.lang = lang ?? null;
      node.value = takeMagicComments(node.value, info.marks);
      const properties: Record<string, string> = {};
      const title = info.title ?? info.label;
      if (title) properties.dataTitle = title;
      if (info.marks.size) properties.dataLines = formatMarks(info.marks);
      if (info.lineNumbers !== undefined) properties.dataLineNumbers = String(info.lineNumbers);
      if (node.meta) properties.dataMeta = node.meta;
      const data = (node.data ??= {}) as Code['data'] & {
        hProperties?: Record<string, unknown>;
        codeInfo?: CodeInfo;
      };
      data.hProperties = { ...data.hProperties, ...properties };
      data.codeInfo = { title: info.title, label: info.label };
    });
  };
}
