import type {
  Highlighter,
  ThemedToken,
  ThemeRegistrationResolved,
  CodeToHastRenderOptions,
  ShikiTransformerContextSource,
} from 'shiki';
import type { Root } from 'hast';
import type { IGrammar, StateStack } from '@shikijs/vscode-textmate';

/** textmate's runtime parts the tokenizer uses (imported with shiki, when a highlighter is made). */
type Textmate = typeof import('@shikijs/vscode-textmate');

/**
 * Both colour themes from one tokenization.
 *
 * Shiki's dual-theme output tokenizes every block once per theme, and tokenizing is
 * most of a page's build time. GitHub's light and dark themes share their rule list
 * (same scopes, same order, same font styles; only the colours differ), so the rule
 * that wins for a token is the same in both. We tokenize once with a *sentinel* theme
 * whose rule N has a unique made-up colour, read the winning rule back from each
 * token's colour and look up its light and dark colours. Every character gets the
 * colours and font style shiki's `codeToHast(code, { themes, defaultColor: false })`
 * gives it (a test compares them); neighbours with equal styles share one span, so there
 * are sometimes fewer spans than shiki makes. Themes whose rules differ fall back to shiki.
 */
export interface DualThemeHighlighter {
  /** Highlighted `<pre>` for `code` in a loaded language (not plain text). */
  codeToHast(code: string, lang: string): Root;
  /**
   * The same `<pre>` as HTML, serialized straight from the tokens: the bytes
   * hast-util-to-html writes for `codeToHast`'s tree (a test compares them), without
   * building the tree of a span per token and walking it again to serialize it.
   */
  codeToHtml(code: string, lang: string): string;
}

interface RuleColours {
  light: string;
  dark: string;
}

const SENTINEL_NAME = 'dfdocs-rule-index';

/** The colour textmate reports for a theme colour (it upper-cases them). */
const reported = (colour: string): string => colour.toUpperCase();

/** The sentinel colour of rule `index`, as textmate will report it. */
const sentinelColour = (index: number): string => reported(`#${(0xa00000 + index).toString(16)}`);

/** True when the two themes differ only in their colours, rule by rule. */
function sameRules(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): boolean {
  if (light.settings.length !== dark.settings.length) return false;
  return light.settings.every((rule, i) => {
    const other = dark.settings[i]!;
    return (
      JSON.stringify(rule.scope) === JSON.stringify(other.scope) &&
      (rule.settings.fontStyle ?? '') === (other.settings.fontStyle ?? '') &&
      (rule.settings.foreground === undefined) === (other.settings.foreground === undefined)
    );
  });
}

/** Like `style` of shiki's dual output: per theme, its colour then its font style, as CSS variables. */
function dualStyle(colours: RuleColours, fontStyle: number): Record<string, string> {
  const extra: [string, string][] = [];
  if (fontStyle & 1) extra.push(['font-style', 'italic']);
  if (fontStyle & 2) extra.push(['font-weight', 'bold']);
  const decorations = [
    fontStyle & 4 ? 'underline' : '',
    fontStyle & 8 ? 'line-through' : '',
  ].filter(Boolean);
  if (decorations.length) extra.push(['text-decoration', decorations.join(' ')]);
  const style: Record<string, string> = {};
  for (const variant of ['light', 'dark'] as const) {
    style[`--shiki-${variant}`] = colours[variant];
    for (const [key, value] of extra) style[`--shiki-${variant}-${key}`] = value;
  }
  return style;
}

const WHITESPACE_ONLY = /^\s+$/;

/** A token of one line, as the memo keeps it (offsets from the line's start). */
interface LineToken {
  content: string;
  start: number;
  color: string;
  fontStyle: number;
}

/**
 * Lines memoized per grammar before the memo starts over, and lines remembered as seen
 * once. Only a line met a second time is memoized: keeping every line's tokens cost
 * 360 MB of peak memory on 10,000 pages, most of it for lines that never came back.
 */
const MEMO_LINES = 4_000;
const SEEN_LINES = 20_000;
/** Lines kept from the blocks just highlighted, seen once or not: a page often repeats a line across its blocks. */
const RECENT_LINES = 256;

/**
 * Tokenizes code line by line the way shiki's `codeToTokensBase` does (textmate's
 * `tokenizeLine2` from the previous line's state; an empty line keeps the state), with
 * a memo of lines that start and end at the grammar's top level and come back: such a
 * line always gives the same tokens, and docs repeat many (imports, `console.log(…)`, shell
 * commands). The first line of a block is keyed apart, since `\A` anchors match only there.
 */
function createLineTokenizer(
  highlighter: Highlighter,
  themeName: string,
  { EncodedTokenMetadata, INITIAL }: Textmate,
) {
  const memos = new Map<
    IGrammar,
    {
      top: StateStack;
      lines: Map<string, LineToken[]>;
      seen: Set<string>;
      recent: Map<string, LineToken[]>;
    }
  >();
  return function tokenize(code: string, lang: string): ThemedToken[][] {
    const { colorMap } = highlighter.setTheme(themeName);
    const grammar = highlighter.getLanguage(lang) as unknown as IGrammar;
    let memo = memos.get(grammar);
    if (!memo)
      memos.set(
        grammar,
        (memo = {
          top: grammar.tokenizeLine2('', INITIAL, 0).ruleStack,
          lines: new Map(),
          seen: new Set(),
          recent: new Map(),
        }),
      );
    const out: ThemedToken[][] = [];
    const parts = code.split(/(\r?\n)/);
    let state: StateStack = INITIAL;
    for (
      let i = 0, offset = 0;
      i < parts.length;
      offset += parts[i]!.length + (parts[i + 1]?.length ?? 0), i += 2
    ) {
      const line = parts[i]!;
      if (line === '') {
        out.push([]);
        continue;
      }
      const atTop = state === INITIAL || state === memo.top || state.equals(memo.top);
      const key = (state === INITIAL ? '1' : '0') + line;
      let tokens = atTop ? (memo.lines.get(key) ?? memo.recent.get(key)) : undefined;
      if (tokens) {
        state = memo.top;
      } else {
        const result = grammar.tokenizeLine2(line, state, 0);
        tokens = [];
        const count = result.tokens.length / 2;
        for (let j = 0; j < count; j++) {
          const start = result.tokens[2 * j]!;
          const end = j + 1 < count ? result.tokens[2 * j + 2]! : line.length;
          if (start === end) continue;
          const metadata = result.tokens[2 * j + 1]!;
          tokens.push({
            content: line.substring(start, end),
            start,
            color: colorMap[EncodedTokenMetadata.getForeground(metadata)]!,
            fontStyle: EncodedTokenMetadata.getFontStyle(metadata),
          });
        }
        if (atTop && result.ruleStack.equals(memo.top)) {
          if (memo.recent.size >= RECENT_LINES) memo.recent.clear();
          memo.recent.set(key, tokens);
          if (memo.seen.has(key)) {
            if (memo.lines.size >= MEMO_LINES) memo.lines.clear();
            memo.lines.set(key, tokens);
          } else {
            if (memo.seen.size >= SEEN_LINES) memo.seen.clear();
            memo.seen.add(key);
          }
        }
        state = result.ruleStack;
      }
      out.push(
        tokens.map((t) => ({
          content: t.content,
          offset: offset + t.start,
          color: t.color,
          fontStyle: t.fontStyle,
        })),
      );
    }
    return out;
  };
}

/**
 * Whitespace-only tokens join the token after them (shiki's default `mergeWhitespaces`),
 * so a line's indentation is not a span of its own. In dual-theme output shiki no longer
 * knows the font style at this point, so decorated tokens join too.
 */
function joinWhitespace(line: ThemedToken[]): ThemedToken[] {
  const out: ThemedToken[] = [];
  let carried: { content: string; offset: number } | undefined;
  line.forEach((token, i) => {
    if (WHITESPACE_ONLY.test(token.content) && i + 1 < line.length) {
      carried = carried
        ? { ...carried, content: carried.content + token.content }
        : { content: token.content, offset: token.offset };
      return;
    }
    out.push(
      carried
        ? { ...token, offset: carried.offset, content: carried.content + token.content }
        : token,
    );
    carried = undefined;
  });
  return out;
}

/** Builds the single-pass highlighter, or undefined when the themes' rules differ (use shiki's own dual output then). */
export async function createDualThemeHighlighter(
  highlighter: Highlighter,
  themes: { light: string; dark: string },
): Promise<DualThemeHighlighter | undefined> {
  const light = highlighter.getTheme(themes.light);
  const dark = highlighter.getTheme(themes.dark);
  if (!sameRules(light, dark)) return undefined;

  const byRule = new Map<string, RuleColours>();
  const settings = light.settings.map((rule, i) => {
    if (rule.settings.foreground === undefined) return rule;
    byRule.set(sentinelColour(i), {
      light: reported(rule.settings.foreground),
      dark: reported(dark.settings[i]!.settings.foreground!),
    });
    return { ...rule, settings: { ...rule.settings, foreground: sentinelColour(i) } };
  });
  const fgIndex = settings.length;
  byRule.set(sentinelColour(fgIndex), { light: reported(light.fg), dark: reported(dark.fg) });
  await highlighter.loadTheme({
    ...light,
    name: SENTINEL_NAME,
    settings,
    fg: sentinelColour(fgIndex),
    colorReplacements: {},
  });

  const rootStyle = `--shiki-light:${light.fg};--shiki-dark:${dark.fg};--shiki-light-bg:${light.bg};--shiki-dark-bg:${dark.bg}`;
  const themeName = `shiki-themes ${light.name} ${dark.name}`;

  // Imported here, not at the top: the build's main thread loads this module but often
  // never highlights (workers do, or a rebuild reuses its blocks), and shiki takes ~50 ms to load.
  const [{ tokensToHast }, textmate] = await Promise.all([
    import('shiki'),
    import('@shikijs/vscode-textmate'),
  ]);
  const tokenize = createLineTokenizer(highlighter, SENTINEL_NAME, textmate);
  // A token's style and its span's opening tag, made once per rule and font style (a few
  // dozen), not per token: building them was a tenth of highlighting a block.
  const styles = new Map<RuleColours, Map<number, Record<string, string>>>();
  const styleOf = (colours: RuleColours, fontStyle: number) => {
    let byFont = styles.get(colours);
    if (!byFont) styles.set(colours, (byFont = new Map()));
    let style = byFont.get(fontStyle);
    if (!style) byFont.set(fontStyle, (style = dualStyle(colours, fontStyle)));
    return style;
  };
  const openTags = new Map<Record<string, string>, string>();
  const openTagOf = (htmlStyle: Record<string, string>) => {
    let tag = openTags.get(htmlStyle);
    if (tag === undefined) {
      const style = styleText(htmlStyle);
      openTags.set(
        htmlStyle,
        (tag = style ? `<span style="${escapeAttribute(style)}">` : '<span>'),
      );
    }
    return tag;
  };
  /** Each line's tokens with their dual-theme style, as shiki's `tokensToHast` takes them. */
  const styledLines = (code: string, lang: string): ThemedToken[][] =>
    tokenize(code, lang).map((line) => {
      // A boundary survives when either theme's colour or the font style changes there.
      const merged: (ThemedToken & { colours: RuleColours })[] = [];
      for (const token of line) {
        const colours = byRule.get(token.color ?? '');
        if (!colours) throw new Error(`dual-theme highlighting: no rule for colour ${token.color}`);
        const prev = merged[merged.length - 1];
        if (
          prev &&
          prev.colours.light === colours.light &&
          prev.colours.dark === colours.dark &&
          prev.fontStyle === token.fontStyle
        ) {
          prev.content += token.content;
        } else {
          merged.push({
            content: token.content,
            offset: token.offset,
            fontStyle: token.fontStyle,
            colours,
          });
        }
      }
      return joinWhitespace(
        merged.map(({ content, offset, fontStyle, colours }) => ({
          content,
          offset,
          htmlStyle: styleOf(colours, fontStyle ?? 0),
        })),
      );
    });
  const preOpen = `<pre class="${escapeAttribute(`shiki ${themeName}`)}" style="${escapeAttribute(rootStyle)}" tabindex="0"><code>`;
  return {
    codeToHast(code, lang) {
      // No transformers run, so the context they would read is only the source.
      const context = { source: code } as ShikiTransformerContextSource;
      return tokensToHast(
        styledLines(code, lang),
        { lang, themeName, rootStyle, fg: light.fg, bg: light.bg } as CodeToHastRenderOptions,
        context,
      );
    },
    codeToHtml(code, lang) {
      let html = preOpen;
      styledLines(code, lang).forEach((line, i) => {
        html += i ? '\n<span class="line">' : '<span class="line">';
        for (const token of line)
          html += `${openTagOf(token.htmlStyle as Record<string, string>)}${escapeText(token.content)}</span>`;
        html += '</span>';
      });
      return html + '</code></pre>';
    },
  };
}

/** A style object as shiki writes it into a token's `style` attribute. */
const styleText = (style: Record<string, string>): string =>
  Object.entries(style)
    .map(([key, value]) => `${key}:${value}`)
    .join(';');

/** Text as hast-util-to-html escapes it (with named references): only `&` and `<`. */
const escapeText = (text: string): string =>
  /[&<]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;') : text;

/** A double-quoted attribute value as hast-util-to-html escapes it: only `&` and `"`. */
const escapeAttribute = (value: string): string =>
  /[&"]/.test(value) ? value.replace(/&/g, '&amp;').replace(/"/g, '&quot;') : value;
