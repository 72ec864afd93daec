import { readFileSync, mkdirSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import type { FrontMatter } from './frontMatter';
import { isDeepStrictEqual } from 'node:util';
import { writeWhole } from '../output/writeWhole';

/** What loading a markdown file found in it: enough to build the site model without reading it again. */
export interface KnownMarkdown {
  frontMatter: FrontMatter;
  /** Its first `# ` heading (the title when the front matter has none). */
  heading: string | undefined;
  /** The hash its page is cached by (`bodyHash`). */
  bodyHash: string;
}

type Row = [
  size: number,
  mtimeMs: number,
  ctimeMs: number,
  ino: number,
  frontMatter: FrontMatter,
  heading: string | null,
  bodyHash: string,
];

/**
 * Files modified this close (ms) to the load that read them are not recorded: on a file
 * system with coarse timestamps, an edit in the same tick would keep size and times
 * (git's "racily clean" entries). They are read again next time.
 */
const RACY_MS = 2_000;

/**
 * The markdown files of the last build, by path, with the size, times and inode they had
 * when read. A rebuild takes an unchanged file's front matter, title and body hash from
 * here (one stat) instead of reading and parsing it: loading the 1,000-page corpus was
 * ~50 ms of a one-page rebuild's ~0.5 s. `key` covers the code that parses them.
 */
export class SourceIndex {
  private readonly next = new Map<string, Row>();

  private constructor(
    private readonly file: string,
    private readonly key: string,
    private readonly known: Map<string, Row>,
    private readonly startedAt: number,
    private readonly racyMs: number,
  ) {}

  /** The index saved at `file` under `key` (empty when there is none, or it was saved under another key). */
  static open(file: string, key: string, options: { racyMs?: number } = {}): SourceIndex {
    let known = new Map<string, Row>();
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as {
        key?: string;
        files?: Record<string, Row>;
      };
      if (saved.key === key && saved.files) known = new Map(Object.entries(saved.files));
    } catch {
      // none yet, or unreadable: every file is read
    }
    return new SourceIndex(file, key, known, Date.now(), options.racyMs ?? RACY_MS);
  }

  /** What the file held when last read, if it is unchanged since. */
  lookup(sourcePath: string, st: Stats): KnownMarkdown | undefined {
    const row = this.known.get(sourcePath);
    if (
      !row ||
      row[0] !== st.size ||
      row[1] !== st.mtimeMs ||
      row[2] !== st.ctimeMs ||
      row[3] !== st.ino
    )
      return undefined;
    this.next.set(sourcePath, row);
    return { frontMatter: row[4], heading: row[5] ?? undefined, bodyHash: row[6] };
  }

  /** Records a file just read (`st`: its stat before reading). */
  record(sourcePath: string, st: Stats, found: KnownMarkdown): void {
    if (st.mtimeMs > this.startedAt - this.racyMs || st.ctimeMs > this.startedAt - this.racyMs)
      return;
    // Only front matter that JSON keeps as it is (YAML may give other values).
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(found.frontMatter)), found.frontMatter))
      return;
    this.next.set(sourcePath, [
      st.size,
      st.mtimeMs,
      st.ctimeMs,
      st.ino,
      found.frontMatter,
      found.heading ?? null,
      found.bodyHash,
    ]);
  }

  /** Saves the files looked up or recorded since `open` (after a successful build). */
  save(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeWhole(this.file, JSON.stringify({ key: this.key, files: Object.fromEntries(this.next) }));
  }
}
