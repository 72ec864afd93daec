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

/** `_category_.json` of a docs folder. */
export interface CategoryMeta {
  label?: string;
  position?: number;
  collapsed?: boolean;
}
