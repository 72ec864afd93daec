/**
 * A fast RFC 4180 CSV scanner. One pass over the text records where each
 * field starts and ends (per column, in Int32Arrays); values are only
 * materialised afterwards, column by column, by `csvColumns.ts`. Quoted
 * fields (with `""` escapes, delimiters and line breaks inside) are unescaped
 * into a side table. Handles LF, CRLF and lone CR line ends and a UTF-8 BOM.
 * No per-row objects or arrays: the hot loop only reads char codes and
 * writes offsets.
 */

/** Field offsets of one column. `start >= 0`: text[start, end); `-1`: absent (short row); `<= -2`: quoted[-start - 2]. */
export interface FieldColumn {
  starts: Int32Array;
  ends: Int32Array;
}

export interface ScanResult {
  text: string;
  /** Header fields (when `header`), else `null`. */
  header: string[] | null;
  columns: FieldColumn[];
  quoted: string[];
  rowCount: number;
}

export interface ScanOptions {
  delimiter: string;
  quote: string;
  header: boolean;
  /**
   * Skip blank lines (empty, or only spaces and tabs). Default (undefined): skip them when the
   * data has two or more columns; with one column an empty line is a missing value (that is
   * how a missing value of a one-column frame is written) and a line of spaces is a field.
   */
  skipEmptyLines?: boolean | undefined;
  comment?: string | undefined;
}

/**
 * A malformed CSV input, with the 1-based `line` where the problem is.
 *
 * @category I/O
 */
export class CsvParseError extends SyntaxError {
  /** The 1-based line of the problem. */
  readonly line: number;
  constructor(message: string, line: number) {
    super(`${message} (line ${line})`);
    this.name = 'CsvParseError';
    this.line = line;
  }
}

function lineOf(text: string, pos: number): number {
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

function estimateRows(text: string, from: number): number {
  let n = 1;
  let i = from - 1;
  while ((i = text.indexOf('\n', i + 1)) !== -1) n++;
  if (n === 1) {
    i = from - 1;
    while ((i = text.indexOf('\r', i + 1)) !== -1) n++;
  }
  return n;
}

/** Reads a quoted field starting at `open` (the quote). Returns the value and the position after the closing quote. */
function readQuoted(text: string, open: number, quote: string): { value: string; next: number } {
  let j = open + 1;
  let hasEscape = false;
  for (;;) {
    const k = text.indexOf(quote, j);
    if (k < 0) throw new CsvParseError('Unterminated quoted field', lineOf(text, open));
    if (text[k + 1] === quote) {
      hasEscape = true;
      j = k + 2;
      continue;
    }
    let value = text.slice(open + 1, k);
    if (hasEscape) value = value.split(quote + quote).join(quote);
    return { value, next: k + 1 };
  }
}

export function scanCsv(input: string, options: ScanOptions): ScanResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const n = text.length;
  const DELIM = options.delimiter.charCodeAt(0);
  const QUOTE = options.quote.charCodeAt(0);
  const COMMENT = options.comment ? options.comment.charCodeAt(0) : -1;
  const quote = options.quote;
  const quoted: string[] = [];
  const afterQuote = (i: number) => {
    const c = i < n ? text.charCodeAt(i) : -1;
    if (c !== DELIM && c !== 10 && c !== 13 && c !== -1) {
      throw new CsvParseError(
        `Unexpected character ${JSON.stringify(text[i])} after a closing quote`,
        lineOf(text, i),
      );
    }
  };

  /** The end of the run of spaces and tabs (other than the delimiter) starting at `i`. */
  const spacesEnd = (i: number): number => {
    let c: number;
    while (i < n && ((c = text.charCodeAt(i)) === 32 || c === 9) && c !== DELIM) i++;
    return i;
  };
  const lineEndAt = (i: number): boolean => {
    const c = i < n ? text.charCodeAt(i) : -1;
    return c === 10 || c === 13 || c === -1;
  };

  // Skip blank (empty or whitespace-only) and comment lines before the first record.
  let i = 0;
  for (;;) {
    if (i >= n)
      return { text, header: options.header ? [] : null, columns: [], quoted, rowCount: 0 };
    const c = text.charCodeAt(i);
    const w = spacesEnd(i);
    if (c === 10 || c === 13) i++;
    else if (w > i && lineEndAt(w)) i = w;
    else if (c === COMMENT) {
      while (i < n && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    } else break;
  }

  // The first record fixes the number of columns (and is the header when asked).
  const first: string[] = [];
  const firstStart = i;
  for (;;) {
    let c = i < n ? text.charCodeAt(i) : -1;
    if (c === QUOTE) {
      const q = readQuoted(text, i, quote);
      first.push(q.value);
      i = q.next;
      afterQuote(i);
    } else {
      const s = i;
      while (i < n && (c = text.charCodeAt(i)) !== DELIM && c !== 10 && c !== 13) i++;
      first.push(text.slice(s, i));
    }
    c = i < n ? text.charCodeAt(i) : -1;
    if (c === DELIM) {
      i++;
      continue;
    }
    break;
  }
  const width = first.length;
  const header = options.header ? first : null;
  if (!options.header)
    i = firstStart; // read it again as data
  else if (i < n) i += text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;

  let capacity = estimateRows(text, i) + 1;
  let S: Int32Array[] = [];
  let E: Int32Array[] = [];
  for (let k = 0; k < width; k++) {
    S.push(new Int32Array(capacity));
    E.push(new Int32Array(capacity));
  }
  let row = 0;
  // pandas skips blank lines; a one-column file has none: an empty line is its missing value.
  const skipEmpty = options.skipEmptyLines ?? width > 1;

  while (i < n) {
    let c = text.charCodeAt(i);
    if (skipEmpty && c !== 10 && c !== 13) {
      const w = spacesEnd(i);
      if (w > i && lineEndAt(w)) {
        i = w; // a line of spaces: blank; its line end is skipped below (or the text ends)
        continue;
      }
    }
    if (c === 10 || c === 13) {
      // An empty line.
      if (!skipEmpty) {
        if (row >= capacity) {
          capacity *= 2;
          S = S.map((a) => growTo(a, capacity));
          E = E.map((a) => growTo(a, capacity));
        }
        for (let k = 0; k < width; k++) {
          S[k]![row] = i;
          E[k]![row] = i;
        }
        row++;
      }
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      continue;
    }
    if (c === COMMENT) {
      // The comment and its line end: what follows is not an empty line.
      while (i < n && (c = text.charCodeAt(i)) !== 10 && c !== 13) i++;
      if (i < n) i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      continue;
    }
    if (row >= capacity) {
      capacity *= 2;
      S = S.map((a) => growTo(a, capacity));
      E = E.map((a) => growTo(a, capacity));
    }
    let k = 0;
    for (;;) {
      if (k >= width)
        throw new CsvParseError(
          `Expected ${width} fields but found ${countFields(text, i, DELIM, QUOTE, quote) + width}`,
          lineOf(text, i),
        );
      c = i < n ? text.charCodeAt(i) : -1;
      if (c === QUOTE) {
        const q = readQuoted(text, i, quote);
        S[k]![row] = -2 - quoted.length;
        E[k]![row] = 0;
        quoted.push(q.value);
        i = q.next;
        afterQuote(i);
        c = i < n ? text.charCodeAt(i) : -1;
      } else {
        const s = i;
        while (i < n) {
          c = text.charCodeAt(i);
          if (c === DELIM || c === 10 || c === 13) break;
          i++;
        }
        if (i >= n) c = -1;
        S[k]![row] = s;
        E[k]![row] = i;
      }
      k++;
      if (c === DELIM) {
        i++;
        continue;
      }
      break;
    }
    for (; k < width; k++) {
      S[k]![row] = -1;
      E[k]![row] = -1;
    }
    row++;
    if (i < n) i += text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
  }
  const columns: FieldColumn[] = S.map((s, k) => ({ starts: s, ends: E[k]! }));
  return { text, header, columns, quoted, rowCount: row };
}

/** Counts the fields from `i` to the end of the record (for the error message). */
function countFields(text: string, i: number, DELIM: number, QUOTE: number, quote: string): number {
  let count = 0;
  for (;;) {
    count++;
    if (text.charCodeAt(i) === QUOTE) {
      try {
        i = readQuoted(text, i, quote).next;
      } catch {
        return count;
      }
    }
    while (
      i < text.length &&
      text.charCodeAt(i) !== DELIM &&
      text.charCodeAt(i) !== 10 &&
      text.charCodeAt(i) !== 13
    )
      i++;
    if (text.charCodeAt(i) !== DELIM) return count;
    i++;
  }
}

function growTo(a: Int32Array, capacity: number): Int32Array {
  const b = new Int32Array(capacity);
  b.set(a);
  return b;
}
