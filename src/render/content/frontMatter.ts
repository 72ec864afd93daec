import { parseDocument, isMap } from 'yaml';
import { errorDiagnostic } from '../diagnostics';

/** The front matter keys dfdocs understands, typed. */
export interface FrontMatter {
  id?: string;
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  slug?: string;
  description?: string;
  [key: string]: unknown;
}

export interface SplitSource {
  frontMatter: FrontMatter;
  /** Markdown after the front matter, with the front matter lines blanked so line numbers stay true. */
  body: string;
}

const KNOWN_TYPES: Record<string, 'string' | 'number'> = {
  id: 'string',
  title: 'string',
  sidebar_label: 'string',
  sidebar_position: 'number',
  slug: 'string',
  description: 'string',
};

/** `key: value` with a value YAML reads as a plain string: starts with a letter or `/`; no `:`, `#`, quotes at the start, or flow characters. */
const SIMPLE_LINE = /^([A-Za-z][\w-]*):[ \t]+([A-Za-z/][\w .,;!?()'/&+-]*?)[ \t]*$/;
/** `key: 12`: a decimal integer without leading zeros. */
const INTEGER_LINE = /^([A-Za-z][\w-]*):[ \t]+(0|-?[1-9]\d{0,14})[ \t]*$/;
/** Plain words YAML reads as something else than a string (its core schema, and 1.1's booleans to be safe). */
const NOT_A_STRING = /^(true|false|null|yes|no|on|off|y|n)$/i;

/**
 * Front matter made only of `key: word…` and `key: 12` lines, read without the YAML
 * parser, or undefined for anything else (which the parser then reads). Nearly every
 * page's front matter is a title and a position, and building a YAML document for it
 * was most of loading a 1,000-page site (85 of 200 ms). A test checks this agrees with
 * the parser on what it accepts.
 */
export function parseSimpleFrontMatter(yamlText: string): FrontMatter | undefined {
  const out: FrontMatter = {};
  for (const line of yamlText.split('\n')) {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    const integer = INTEGER_LINE.exec(text);
    const word = integer ? undefined : SIMPLE_LINE.exec(text);
    const key = (integer ?? word)?.[1];
    if (!key || Object.hasOwn(out, key)) return undefined; // duplicate keys are the parser's error to report
    if (integer) out[key] = Number(integer[2]);
    else if (NOT_A_STRING.test(word![2]!)) return undefined;
    else out[key] = word![2]!;
  }
  return out;
}

/** Front matter through the YAML parser, with its errors at their line in the author's file. */
function parseYamlFrontMatter(yamlText: string, file: string): FrontMatter {
  const doc = parseDocument(yamlText, { prettyErrors: false });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
    throw errorDiagnostic({
      code: 'FrontMatterInvalid',
      message: `malformed front matter: ${e.message.split('\n')[0]}`,
      hint: 'fix the YAML between the `---` lines (quote values holding a colon)',
      file,
      line: pos.line + 1,
      column: pos.col,
    });
  }
  const value: unknown = doc.toJS();
  if (value !== null && value !== undefined && !isMap(doc.contents)) {
    throw errorDiagnostic({
      code: 'FrontMatterInvalid',
      message: 'front matter must be a YAML mapping of keys to values',
      hint: 'write `key: value` lines between the `---` lines',
      file,
      line: 2,
      column: 1,
    });
  }
  return (value ?? {}) as FrontMatter;
}

/**
 * Splits YAML front matter from a markdown file and parses it. Errors point at the line
 * in the author's file (the YAML starts on line 2, after the opening `---`).
 */
export function splitFrontMatter(text: string, file: string): SplitSource {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?^---[ \t]*(\r?\n|$)/m.exec(text);
  if (!text.startsWith('---') || !match || match.index !== 0) {
    if (/^---[ \t]*\r?\n/.test(text)) {
      throw errorDiagnostic({
        code: 'FrontMatterUnclosed',
        message: 'the front matter opened on line 1 is never closed',
        hint: 'add a line holding only `---` after the front matter',
        file,
        line: 1,
        column: 1,
      });
    }
    return { frontMatter: {}, body: text };
  }
  const yamlText = match[1] ?? '';
  const frontMatter = parseSimpleFrontMatter(yamlText) ?? parseYamlFrontMatter(yamlText, file);
  for (const [key, type] of Object.entries(KNOWN_TYPES)) {
    const v = frontMatter[key];
    if (v !== undefined && typeof v !== type) {
      const lines = yamlText.split(/\r?\n/);
      const idx = lines.findIndex((l) => l.startsWith(key + ':'));
      throw errorDiagnostic({
        code: 'FrontMatterInvalid',
        message: `front matter \`${key}\` must be a ${type}, but it is ${JSON.stringify(v)}`,
        hint: `write \`${key}\` as a ${type}`,
        file,
        line: idx >= 0 ? idx + 2 : 2,
        column: 1,
      });
    }
  }
  const consumed = match[0];
  const blank = consumed.replace(/[^\n]/g, '');
  return { frontMatter, body: blank + text.slice(consumed.length) };
}
