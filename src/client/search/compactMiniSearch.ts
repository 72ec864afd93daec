import MiniSearch, { type Options } from 'minisearch';
import type { CompactIndex } from '../../shared/searchIndexCodec';

/**
 * Loads the compact index straight into MiniSearch's maps: what `MiniSearch.loadJS`
 * does after `decodeIndex`, without building the intermediate objects with string
 * keys (half a million of them for a 1,000-page site) only to parse them back into
 * numbers. It fills the fields MiniSearch declares `protected` for subclasses, the
 * same ones `loadJS` fills; a unit test checks both paths give identical results.
 */
export class CompactMiniSearch<T> extends MiniSearch<T> {
  static fromCompact<T>(c: CompactIndex, options: Options<T>): MiniSearch<T> {
    const ms = new CompactMiniSearch<T>(options);
    const F = c.fields.length;
    ms._documentCount = c.count;
    ms._nextId = c.count;
    ms._dirtCount = 0;
    ms._fieldIds = {};
    c.fields.forEach((f, i) => (ms._fieldIds[f] = i));
    ms._avgFieldLength = c.averageFieldLength;
    const documentIds = new Map<number, number>();
    const fieldLength = new Map<number, number[]>();
    const storedFields = new Map<number, Record<string, unknown>>();
    for (let i = 0; i < c.count; i++) {
      documentIds.set(i, i);
      fieldLength.set(i, c.fieldLength.slice(i * F, i * F + F));
      const row = c.stored[i] ?? [];
      const s: Record<string, unknown> = {};
      for (let j = 0; j < c.storeFields.length; j++) s[c.storeFields[j]!] = row[j];
      storedFields.set(i, s);
    }
    ms._documentIds = documentIds;
    ms._idToShortId = new Map(documentIds);
    ms._fieldLength = fieldLength;
    ms._storedFields = storedFields;
    for (let t = 0; t < c.terms.length; t++) {
      const p = c.postings[t]!;
      const byField = new Map<number, Map<number, number>>();
      let k = 0;
      while (k < p.length) {
        const field = p[k++]!;
        const n = p[k++]!;
        const docs = new Map<number, number>();
        let prev = -1;
        for (let j = 0; j < n; j++) {
          const e = p[k++]!;
          prev += e < 0 ? -e : e;
          docs.set(prev, e < 0 ? p[k++]! : 1);
        }
        byField.set(field, docs);
      }
      ms._index.set(c.terms[t]!, byField);
    }
    return ms;
  }
}
