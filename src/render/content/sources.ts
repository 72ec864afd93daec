/** What content loading produces for each source file, before markdown is rendered. */
export interface DocSource {
  kind: 'doc';
  id: string;
  /** Path relative to the site root, posix (e.g. `docs/intro.md`). */
  sourcePath: string;
  absPath: string;
  /** Path relative to `docs/`, posix. */
  docPath: string;
  route: string;
  title?: string;
  sidebarLabel?: string;
  sidebarPosition?: number;
  description?: string;
  /** Markdown body with front matter lines blanked (line numbers preserved). */
  body: string;
  frontMatter: Record<string, unknown>;
}

export interface MarkdownPageSource {
  kind: 'markdownPage';
  sourcePath: string;
  absPath: string;
  route: string;
  title?: string;
  description?: string;
  body: string;
  frontMatter: Record<string, unknown>;
}

export interface ReactPageSource {
  kind: 'reactPage';
  sourcePath: string;
  absPath: string;
  route: string;
}

export type PageSource = DocSource | MarkdownPageSource | ReactPageSource;

/** `_category_.json` (or `.yml`) of a docs folder. */
export interface CategoryMeta {
  label?: string;
  position?: number;
  collapsed?: boolean;
  /**
   * The category's page: a doc, a generated index of its items, or (`null`) none even
   * when the folder has an `index` doc (which is then listed as an item). Without it, the
   * folder's `index` doc is the category's page.
   */
  link?:
    | { type: 'doc'; id: string }
    | { type: 'generated-index'; title?: string; description?: string; slug?: string }
    | null;
}

/** Where each `_category_` file was read (for messages about what it holds): its path and the position of its `link`. */
export const categoryOrigin = new WeakMap<
  CategoryMeta,
  { file: string; line: number; column: number }
>();
