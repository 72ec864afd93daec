import { createHighlighter, type Highlighter } from 'shiki';

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

/**
 * A new highlighter with the site's themes and languages. Shiki 4 colours the first
 * dual-theme block after creation with the wrong light-theme scopes (later blocks are
 * right), so one throwaway block warms it up: output must not depend on which page a
 * worker happens to render first.
 */
export async function createSiteHighlighter(): Promise<Highlighter> {
  const highlighter = await createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [...LANGUAGES] });
  highlighter.codeToHast('warm-up', { lang: 'text', themes: THEMES, defaultColor: false });
  return highlighter;
}

/** The loaded language for a fence's info string, or undefined for plain text. */
export function resolveLanguage(highlighter: Highlighter, lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const name = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
  return highlighter.getLoadedLanguages().includes(name) ? name : undefined;
}
