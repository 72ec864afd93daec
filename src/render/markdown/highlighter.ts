import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Highlighter, RegexEngine } from 'shiki';
import { toHtml } from 'hast-util-to-html';
import { createDualThemeHighlighter, type DualThemeHighlighter } from './dualThemeHighlight';
import { withSharedScanners } from './sharedScanners';

/** Languages highlighted (each loaded on first use); others fall back to plain text. */
export const LANGUAGES = [
  'javascript',
  'typescript',
  'tsx',
  'jsx',
  'json',
  'bash',
  'shellscript',
  'sql',
  'r',
  'python',
  'csv',
  'yaml',
  'markdown',
  'html',
  'css',
  'diff',
] as const;
const ALIASES: Record<string, string> = {
  js: 'javascript',
  ts: 'typescript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  md: 'markdown',
  yml: 'yaml',
  py: 'python',
  mjs: 'javascript',
  cjs: 'javascript',
};
export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

let instance: Promise<Highlighter> | undefined;

/** One highlighter per process (or worker); the Oniguruma (WASM) engine tokenizes faster than the JavaScript one here. */
export function getHighlighter(): Promise<Highlighter> {
  instance ??= createSiteHighlighter();
  return instance;
}

/** A new highlighter with the site's themes and languages. */
export async function createSiteHighlighter(): Promise<Highlighter> {
  // Grammars load when a page first uses them: loading all of them cost each render
  // thread ~150 ms at start, most of a small site's build.
  // shiki is imported when a highlighter is first needed: the main thread of a build whose
  // pages render in workers, or reuse their cached blocks, never loads it (~50 ms).
  const { createHighlighter } = await import('shiki');
  const engine = withSharedScanners(await onigurumaEngine());
  const highlighter = await createHighlighter({
    themes: [THEMES.light, THEMES.dark],
    langs: [],
    engine,
  });
  const dual = await createDualThemeHighlighter(highlighter, THEMES);
  if (dual) singlePass.set(highlighter, dual);
  return highlighter;
}

/** Shiki's Oniguruma engine, its WebAssembly read from shiki's own file. */
export async function onigurumaEngine(): Promise<RegexEngine> {
  const { createOnigurumaEngine } = await import('shiki');
  // shiki's default inlines the WebAssembly gzipped and unpacks it with web streams, which
  // loads Node's fetch implementation into every render thread first (~30-60 ms of CPU
  // each); the bytes are the same.
  const wasm = readFileSync(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return createOnigurumaEngine({
    instantiator: (imports) => WebAssembly.instantiate(wasm, imports),
  });
}

const singlePass = new WeakMap<Highlighter, DualThemeHighlighter>();

/** A fenced block as the HTML of a highlighted `<pre>` in both themes; `lang` is a loaded language or undefined for plain text. */
export function highlightCode(
  highlighter: Highlighter,
  code: string,
  lang: string | undefined,
): string {
  const dual = lang ? singlePass.get(highlighter) : undefined;
  return dual
    ? dual.codeToHtml(code, lang!)
    : toHtml(
        highlighter.codeToHast(code, { ...HIGHLIGHT_OPTIONS, lang: lang ?? 'text' }),
        CODE_HTML_OPTIONS,
      );
}

/** As the page body is serialized (see `renderHastToHtml`). */
const CODE_HTML_OPTIONS = { characterReferences: { useNamedReferences: true } } as const;

/**
 * Options for every highlighted block. Shiki stops tokenizing a line after 500 ms by
 * default and leaves the rest uncoloured; on a loaded machine (or while the grammar's
 * patterns compile on first use) that made output depend on timing. Builds must be
 * reproducible, so there is no time limit.
 */
export const HIGHLIGHT_OPTIONS = {
  themes: THEMES,
  defaultColor: false,
  tokenizeTimeLimit: 0,
} as const;

/** The language we highlight for a fence's info string, or undefined for plain text. */
export function languageOf(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const name = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(name) ? name : undefined;
}

/** Loads the grammars of these fence languages, once per highlighter. */
export async function loadLanguages(
  highlighter: Highlighter,
  langs: (string | undefined)[],
): Promise<void> {
  const loaded = highlighter.getLoadedLanguages();
  const missing = [...new Set(langs.map(languageOf))].filter(
    (l): l is string => l !== undefined && !loaded.includes(l),
  );
  if (missing.length)
    await highlighter.loadLanguage(...(missing as Parameters<Highlighter['loadLanguage']>));
}

/** The loaded language for a fence's info string, or undefined for plain text (see `loadLanguages`). */
export function resolveLanguage(
  highlighter: Highlighter,
  lang: string | undefined,
): string | undefined {
  const name = languageOf(lang);
  return name && highlighter.getLoadedLanguages().includes(name) ? name : undefined;
}
