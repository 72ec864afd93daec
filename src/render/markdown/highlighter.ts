import { createHighlighter, type Highlighter } from 'shiki';
import type { Root } from 'hast';
import { createDualThemeHighlighter, type DualThemeHighlighter } from './dualThemeHighlight';

/** Languages loaded up front; others fall back to plain text. */
export const LANGUAGES = ['javascript', 'typescript', 'tsx', 'jsx', 'json', 'bash', 'shellscript', 'sql', 'r', 'python', 'csv', 'yaml', 'markdown', 'html', 'css', 'diff'] as const;
const ALIASES: Record<string, string> = { js: 'javascript', ts: 'typescript', sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', md: 'markdown', yml: 'yaml', py: 'python', mjs: 'javascript', cjs: 'javascript' };
export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

let instance: Promise<Highlighter> | undefined;

/** One highlighter per process (or worker); the Oniguruma (WASM) engine tokenizes faster than the JavaScript one here. */
export function getHighlighter(): Promise<Highlighter> {
  instance ??= createSiteHighlighter();
  return instance;
}

/** A new highlighter with the site's themes and languages. */
export async function createSiteHighlighter(): Promise<Highlighter> {
  const highlighter = await createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [...LANGUAGES] });
  const dual = await createDualThemeHighlighter(highlighter, THEMES);
  if (dual) singlePass.set(highlighter, dual);
  return highlighter;
}

const singlePass = new WeakMap<Highlighter, DualThemeHighlighter>();

/** A fenced block as a highlighted `<pre>` in both themes; `lang` is a loaded language or undefined for plain text. */
export function highlightCode(highlighter: Highlighter, code: string, lang: string | undefined): Root {
  const dual = lang ? singlePass.get(highlighter) : undefined;
  return dual ? dual.codeToHast(code, lang!) : highlighter.codeToHast(code, { ...HIGHLIGHT_OPTIONS, lang: lang ?? 'text' });
}

/**
 * Options for every highlighted block. Shiki stops tokenizing a line after 500 ms by
 * default and leaves the rest uncoloured; on a loaded machine (or while the grammar's
 * patterns compile on first use) that made output depend on timing. Builds must be
 * reproducible, so there is no time limit.
 */
export const HIGHLIGHT_OPTIONS = { themes: THEMES, defaultColor: false, tokenizeTimeLimit: 0 } as const;

/** The loaded language for a fence's info string, or undefined for plain text. */
export function resolveLanguage(highlighter: Highlighter, lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const name = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  return highlighter.getLoadedLanguages().includes(name) ? name : undefined;
}
