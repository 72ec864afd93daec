/**
 * A compact wire format for a serialised MiniSearch index (about 3–4× smaller raw, 2×
 * gzip, than `MiniSearch#toJSON()`), and its inverse, so the browser downloads less
 * and then calls `MiniSearch.loadJS` on the decoded object as usual.
 *
 * What it drops: the id maps (section ids are 0…n-1, the same as MiniSearch's short
 * ids, since the build never removes a document), the per-document keys of stored
 * fields and field lengths, and the object keys of postings: a term's postings become
 * delta-encoded document numbers, negative when a term frequency other than 1 follows.
 * Imports nothing; both sides of the build use it.
 */

/** The part of `MiniSearch#toJSON()` (serializationVersion 2) the codec reads and writes. */
export interface MiniSearchPlain {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, unknown>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  storedFields: Record<string, Record<string, unknown> | undefined>;
  dirtCount: number;
  index: [string, Record<string, Record<string, number>>][];
  serializationVersion: number;
}

export interface CompactIndex {
  /** Number of sections; section i has id i. */
  count: number;
  fields: string[];
  averageFieldLength: number[];
  /** Field lengths, `fields.length` per section, flattened. */
  fieldLength: number[];
  /** Names of the stored fields, in the order of each `stored` row. */
  storeFields: string[];
  stored: unknown[][];
  terms: string[];
  /** Per term: `[field, n, e1…en, field, n, …]`, e = delta of the section number, negated when its frequency follows. */
  postings: number[][];
}

/** Encodes `MiniSearch#toJSON()`; throws if the ids are not 0…n-1 in order (the build guarantees it). */
export function encodeIndex(plain: MiniSearchPlain, storeFields: readonly string[]): CompactIndex {
  const n = plain.documentCount;
  if (plain.nextId !== n || plain.dirtCount !== 0)
    throw new Error('search index: documents were removed; ids are not dense');
  const fields = Object.entries(plain.fieldIds)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name);
  const fieldLength: number[] = [];
  const stored: unknown[][] = [];
  for (let i = 0; i < n; i++) {
    if (plain.documentIds[i] !== i)
      throw new Error(`search index: section ${i} has id ${String(plain.documentIds[i])}`);
    const lengths = plain.fieldLength[i] ?? [];
    for (let f = 0; f < fields.length; f++) fieldLength.push(lengths[f] ?? 0);
    const s = plain.storedFields[i] ?? {};
    stored.push(storeFields.map((k) => s[k]));
  }
  const terms: string[] = [];
  const postings: number[][] = [];
  for (const [term, byField] of plain.index) {
    const out: number[] = [];
    for (const [field, docs] of Object.entries(byField)) {
      const ids = Object.keys(docs)
        .map(Number)
        .sort((a, b) => a - b);
      out.push(Number(field), ids.length);
      let prev = -1;
      for (const id of ids) {
        const tf = docs[id]!;
        const delta = id - prev; // ≥ 1, so the sign is free to mark a frequency
        prev = id;
        if (tf === 1) out.push(delta);
        else out.push(-delta, tf);
      }
    }
    terms.push(term);
    postings.push(out);
  }
  return {
    count: n,
    fields,
    averageFieldLength: plain.averageFieldLength,
    fieldLength,
    storeFields: [...storeFields],
    stored,
    terms,
    postings,
  };
}

/** Rebuilds the object `MiniSearch.loadJS` takes. */
export function decodeIndex(c: CompactIndex): MiniSearchPlain {
  const F = c.fields.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const storedFields: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < c.count; i++) {
    documentIds[i] = i;
    fieldLength[i] = c.fieldLength.slice(i * F, i * F + F);
    const row = c.stored[i] ?? [];
    const s: Record<string, unknown> = {};
    c.storeFields.forEach((k, j) => (s[k] = row[j]));
    storedFields[i] = s;
  }
  const index: MiniSearchPlain['index'] = [];
  for (let t = 0; t < c.terms.length; t++) {
    const p = c.postings[t]!;
    const byField: Record<string, Record<string, number>> = {};
    let k = 0;
    while (k < p.length) {
      const field = p[k++]!;
      const count = p[k++]!;
      const docs: Record<string, number> = {};
      let prev = -1;
      for (let j = 0; j < count; j++) {
        const e = p[k++]!;
        const id = prev + Math.abs(e);
        prev = id;
        docs[id] = e < 0 ? p[k++]! : 1;
      }
      byField[field] = docs;
    }
    index.push([c.terms[t]!, byField]);
  }
  const fieldIds: Record<string, number> = {};
  c.fields.forEach((f, i) => (fieldIds[f] = i));
  return {
    documentCount: c.count,
    nextId: c.count,
    documentIds,
    fieldIds,
    fieldLength,
    averageFieldLength: c.averageFieldLength,
    storedFields,
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}
