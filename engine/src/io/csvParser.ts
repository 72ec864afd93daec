/**
 * A fast RFC 4180 CSV scanner. One pass over the text records where each
 * field starts and ends (per column, in Int32Arrays); values are only
 * materialised afterwards, column by column, by `csvColumns.ts`. Quoted
 * fields (with `""` escapes, delimiters and line breaks inside) are unescaped
 * into a side table. Handles LF, CRLF and lone CR line ends and a UTF-8 BOM.
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
  skipEmptyLines: boolean;
  comment?: string;
}

/** A malformed CSV input, with the 1-based line where the problem is. */
export class CsvParseError extends SyntaxError {
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

function estimateRows(text: string): number {
  let n = 1;
  let i = -1;
  while ((i = text.indexOf('\n', i + 1)) !== -1) n++;
  return n;
}

export function scanCsv(input: string, options: ScanOptions): ScanResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const n = text.length;
  const DELIM = options.delimiter.charCodeAt(0);
  const QUOTE = options.quote.charCodeAt(0);
  const COMMENT = options.comment ? options.comment.charCodeAt(0) : -1;
  const quotedChar = options.quote;
  const doubled = quotedChar + quotedChar;
  const quoted: string[] = [];

  let width = -1; // number of columns, fixed by the first record
  let capacity = 0;
  let columns: FieldColumn[] = [];
  let header: string[] | null = null;
  let rowCount = 0;

  // Fields of the record being read (start/end pairs, or -2-k for quoted).
  let recStarts: number[] = [];
  let recEnds: number[] = [];
  let firstRecord = true;

  const grow = () => {
    capacity = Math.max(16, capacity * 2);
    columns = columns.map((c) => {
      const s = new Int32Array(capacity);
      const e = new Int32Array(capacity);
      s.set(c.starts.subarray(0, rowCount));
      e.set(c.ends.subarray(0, rowCount));
      return { starts: s, ends: e };
    });
  };

  const fieldText = (k: number): string => {
    const s = recStarts[k]!;
    return s <= -2 ? quoted[-s - 2]! : text.slice(s, recEnds[k]!);
  };

  const endRecord = (pos: number) => {
    const count = recStarts.length;
    if (firstRecord) {
      firstRecord = false;
      width = count;
      if (options.header) {
        header = [];
        for (let k = 0; k < count; k++) header.push(fieldText(k));
        recStarts = [];
        recEnds = [];
        capacity = estimateRows(text);
        columns = Array.from({ length: width }, () => ({ starts: new Int32Array(capacity), ends: new Int32Array(capacity) }));
        return;
      }
      capacity = estimateRows(text);
      columns = Array.from({ length: width }, () => ({ starts: new Int32Array(capacity), ends: new Int32Array(capacity) }));
    }
    if (count > width) {
      throw new CsvParseError(`Expected ${width} fields but found ${count}`, lineOf(text, pos));
    }
    if (rowCount >= capacity) grow();
    for (let k = 0; k < width; k++) {
      const col = columns[k]!;
      if (k < count) {
        col.starts[rowCount] = recStarts[k]!;
        col.ends[rowCount] = recEnds[k]!;
      } else {
        col.starts[rowCount] = -1;
        col.ends[rowCount] = -1;
      }
    }
    rowCount++;
    recStarts.length = 0;
    recEnds.length = 0;
  };

  let i = 0;
  while (i < n) {
    // At the start of a record.
    let c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      // An empty line.
      if (!options.skipEmptyLines && !firstRecord) {
        recStarts.push(i);
        recEnds.push(i);
        endRecord(i);
      }
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      continue;
    }
    if (c === COMMENT) {
      while (i < n && (c = text.charCodeAt(i)) !== 10 && c !== 13) i++;
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      continue;
    }
    // Read the fields of one record.
    for (;;) {
      c = i < n ? text.charCodeAt(i) : -1;
      if (c === QUOTE) {
        const open = i;
        let j = i + 1;
        let hasEscape = false;
        let close: number;
        for (;;) {
          const k = text.indexOf(quotedChar, j);
          if (k < 0) throw new CsvParseError('Unterminated quoted field', lineOf(text, open));
          if (text.charCodeAt(k + 1) === QUOTE) {
            hasEscape = true;
            j = k + 2;
            continue;
          }
          close = k;
          break;
        }
        let value = text.slice(open + 1, close);
        if (hasEscape) value = value.split(doubled).join(quotedChar);
        recStarts.push(-2 - quoted.length);
        recEnds.push(0);
        quoted.push(value);
        i = close + 1;
        c = i < n ? text.charCodeAt(i) : -1;
        if (c !== DELIM && c !== 10 && c !== 13 && c !== -1) {
          throw new CsvParseError(`Unexpected character ${JSON.stringify(text[i])} after a closing quote`, lineOf(text, i));
        }
      } else {
        const start = i;
        while (i < n) {
          c = text.charCodeAt(i);
          if (c === DELIM || c === 10 || c === 13) break;
          i++;
        }
        if (i >= n) c = -1;
        recStarts.push(start);
        recEnds.push(i);
      }
      if (c === DELIM) {
        i++;
        continue;
      }
      // End of record: newline or end of text.
      endRecord(i);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i += 2;
      else if (c !== -1) i++;
      break;
    }
  }
  if (firstRecord) return { text, header: options.header ? [] : null, columns: [], quoted, rowCount: 0 };
  if (columns.length === 0 && width > 0) {
    columns = Array.from({ length: width }, () => ({ starts: new Int32Array(0), ends: new Int32Array(0) }));
  }
  return { text, header, columns, quoted, rowCount };
}
