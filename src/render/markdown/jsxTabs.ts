/**
 * Docusaurus's `<Tabs>` and `<TabItem>` written on lines of their own, turned into the
 * `tabs`/`tab` container directives on the same lines, so the markdown between them is
 * parsed as markdown whatever its blank lines (MDX does; CommonMark would make the lines
 * after a tag part of an HTML block). Tags that share a line with other content are left
 * to the raw-HTML path (`rehypeComponents.ts`).
 */

/** A JSX attribute value: a string, `true` for a bare name, or the source of an `{expression}`. */
export type JsxValue = string | true | { expression: string };

/** Reads the attributes of a JSX opening tag's source (after its name, up to `>`). */
export function jsxAttributes(source: string): Map<string, JsxValue> {
  const out = new Map<string, JsxValue>();
  let k = 0;
  while (k < source.length) {
    const name = /^\s*([A-Za-z_:][\w:.-]*)/.exec(source.slice(k));
    if (!name) break;
    k += name[0].length;
    const eq = /^\s*=\s*/.exec(source.slice(k));
    if (!eq) {
      out.set(name[1]!, true);
      continue;
    }
    k += eq[0].length;
    const quote = source[k];
    if (quote === '"' || quote === "'") {
      const end = source.indexOf(quote, k + 1);
      if (end < 0) break;
      out.set(name[1]!, source.slice(k + 1, end));
      k = end + 1;
    } else if (quote === '{') {
      const end = matchingBrace(source, k);
      if (end < 0) break;
      const expression = source.slice(k + 1, end).trim();
      const literal = /^(['"`])([^'"`]*)\1$/.exec(expression);
      out.set(name[1]!, literal ? literal[2]! : expression === 'true' ? true : { expression });
      k = end + 1;
    } else {
      const bare = /^[^\s>]+/.exec(source.slice(k));
      out.set(name[1]!, bare?.[0] ?? '');
      k += bare?.[0].length ?? 1;
    }
  }
  return out;
}

/** Index of the `}` closing the `{` at `open` (strings skipped), or -1. */
function matchingBrace(source: string, open: number): number {
  let depth = 0;
  for (let k = open; k < source.length; k++) {
    const c = source[k];
    if (c === '"' || c === "'" || c === '`') {
      const end = source.indexOf(c, k + 1);
      if (end < 0) return -1;
      k = end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return k;
  }
  return -1;
}

/** Index just after the `>` ending a tag that starts at `start` (quotes and braces skipped), or -1. */
function tagEnd(source: string, start: number): number {
  for (let k = start; k < source.length; k++) {
    const c = source[k];
    if (c === '"' || c === "'") {
      const end = source.indexOf(c, k + 1);
      if (end < 0) return -1;
      k = end;
    } else if (c === '{') {
      const end = matchingBrace(source, k);
      if (end < 0) return -1;
      k = end;
    } else if (c === '>') return k + 1;
  }
  return -1;
}

/** `{label: 'Apple', value: 'apple'}` objects of a Tabs `values={[…]}` prop, by value. */
function valuesProp(value: JsxValue | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!value || typeof value !== 'object') return out;
  for (const m of value.expression.matchAll(/\{([^{}]*)\}/g)) {
    const label = /label\s*:\s*(['"`])(.*?)\1/.exec(m[1]!)?.[2];
    const val = /value\s*:\s*(['"`])(.*?)\1/.exec(m[1]!)?.[2];
    if (val !== undefined) out.set(val, label ?? val);
  }
  return out;
}

const text = (v: JsxValue | undefined): string | undefined =>
  typeof v === 'string' ? v : undefined;
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const label = (value: string): string => value.replace(/[\\[\]]/g, '\\$&');

const OPEN = /^(\s*(?:>[ \t]?)*)<(Tabs|TabItem)(?=[\s>]|$)/;
const CLOSE = /^(\s*(?:>[ \t]?)*)<\/(Tabs|TabItem)>\s*$/;

interface OpenTabs {
  values: Map<string, string>;
  defaultValue?: string;
}

/**
 * Rewrites the Tabs and TabItem tags that stand alone on their lines (an opening tag may
 * span lines: its other lines are blanked) as container directive lines. Every directive
 * line gets three colons here; `containerFences.ts` numbers them by nesting. `isCode(i)`
 * says whether line i is inside a fenced code block.
 */
export function convertJsxTabs(lines: string[], isCode: (i: number) => boolean): void {
  const stack: OpenTabs[] = [];
  /** The tags converted and not closed yet: only their closing tags become closing fences. */
  const converted: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (isCode(i)) continue;
    const line = lines[i]!;
    const close = CLOSE.exec(line);
    if (close) {
      if (converted[converted.length - 1] !== close[2]) continue;
      converted.pop();
      if (close[2] === 'Tabs') stack.pop();
      lines[i] = `${close[1]}:::`;
      continue;
    }
    const open = OPEN.exec(line);
    if (!open) continue;
    const tabs = stack[stack.length - 1];
    if (open[2] === 'TabItem' && converted[converted.length - 1] === 'Tabs') {
      // `<TabItem value="a">Apple</TabItem>` on one line: left to the raw-HTML path, with
      // the label and default its Tabs' `values`/`defaultValue` give it.
      const end = tagEnd(line, open[0].length);
      if (end > 0 && line.slice(end).trim() !== '' && line[end - 2] !== '/') {
        const attrs = jsxAttributes(line.slice(open[0].length, end - 1));
        const value = text(attrs.get('value')) ?? '';
        const name = tabs?.values.get(value) ?? text(attrs.get('label')) ?? value;
        const isDefault = tabs?.defaultValue
          ? tabs.defaultValue === value
          : attrs.get('default') !== undefined && attrs.get('default') !== 'false';
        lines[i] =
          `${open[1]}<TabItem value="${attribute(value)}" label="${attribute(name)}"${isDefault ? ' default' : ''}>` +
          line.slice(end);
        continue;
      }
    }
    // The tag may span lines (a `values={[…]}` prop often does).
    let last = i;
    let joined = line;
    let end = tagEnd(joined, open[0].length);
    while (end < 0 && last + 1 < lines.length && last - i < 40) {
      last++;
      joined += '\n' + lines[last];
      end = tagEnd(joined, open[0].length);
    }
    if (end < 0 || joined.slice(end).trim() !== '' || joined[end - 2] === '/') continue;
    const attrs = jsxAttributes(joined.slice(open[0].length, end - 1));
    if (open[2] === 'Tabs') {
      const groupId = text(attrs.get('groupId'));
      const query = attrs.get('queryString');
      const queryKey = typeof query === 'string' ? query : query === true ? groupId : undefined;
      stack.push({
        values: valuesProp(attrs.get('values')),
        defaultValue: text(attrs.get('defaultValue')),
      });
      const props = [
        groupId ? `groupId="${attribute(groupId)}"` : '',
        queryKey ? `queryString="${attribute(queryKey)}"` : '',
      ].filter(Boolean);
      lines[i] = `${open[1]}:::tabs${props.length ? `{${props.join(' ')}}` : ''}`;
    } else {
      const value = text(attrs.get('value')) ?? '';
      const name = tabs?.values.get(value) ?? text(attrs.get('label')) ?? value;
      const isDefault = tabs?.defaultValue
        ? tabs.defaultValue === value
        : attrs.get('default') !== undefined && attrs.get('default') !== 'false';
      const props = [value ? `value="${attribute(value)}"` : '', isDefault ? 'default' : ''].filter(
        Boolean,
      );
      lines[i] = `${open[1]}:::tab[${label(name)}]${props.length ? `{${props.join(' ')}}` : ''}`;
    }
    converted.push(open[2]!);
    for (let j = i + 1; j <= last; j++) lines[j] = '';
    i = last;
  }
}
