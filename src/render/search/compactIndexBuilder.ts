import { SEARCH_FIELDS, SEARCH_STORE_FIELDS, searchFieldOf, searchIndexOptions, type SearchSection } from '../../shared/searchIndex';
import type { CompactIndex } from '../../shared/searchIndexCodec';
import { ownString } from './ownString';

/** A term's postings in one field, already delta-encoded as `CompactIndex.postings` wants them. */
interface FieldPostings {
  count: number;
  last: number;
  encoded: number[];
}

/**
 * Builds the site's search index straight into the compact form the browser loads
 * (`searchIndexCodec.ts`), section by section, with exactly MiniSearch's indexing rules
 * (its tokenizer, term processing, field lengths and running averages, from the shared
 * options). A MiniSearch instance keeps a map per term, field and section, and at
 * 10,000 pages that was most of the build's memory (about 120 KB per page); these
 * postings are flat number arrays. The browser still searches with MiniSearch: a test
 * checks this index decodes to what MiniSearch itself builds from the same sections.
 */
export class CompactIndexBuilder {
  private readonly terms = new Map<string, (FieldPostings | undefined)[]>();
  private readonly fieldLength: number[] = [];
  private readonly averageFieldLength: number[] = SEARCH_FIELDS.map(() => 0);
  private readonly stored: unknown[][] = [];
  private count = 0;

  /** Adds the next section; its `id` must be the number of sections added before it. */
  add(section: SearchSection): void {
    const doc = this.count;
    if (section.id !== doc) throw new Error(`search index: section ${doc} has id ${section.id}`);
    this.stored.push(SEARCH_STORE_FIELDS.map((name) => searchFieldOf(section, name)));
    const frequencies = new Map<string, number[]>();
    SEARCH_FIELDS.forEach((field, f) => {
      const value = searchFieldOf(section, field);
      if (value == null) {
        this.fieldLength.push(0);
        return;
      }
      const tokens = searchIndexOptions.tokenize(String(value));
      const length = new Set(tokens).size;
      this.fieldLength.push(length);
      // MiniSearch's running mean, in its order of operations, so the averages are identical.
      this.averageFieldLength[f] = (this.averageFieldLength[f]! * doc + length) / (doc + 1);
      for (const token of tokens) {
        const term = searchIndexOptions.processTerm(token, field);
        if (!term) continue;
        let counts = frequencies.get(term);
        if (!counts) frequencies.set(term, (counts = SEARCH_FIELDS.map(() => 0)));
        counts[f]!++;
      }
    });
    for (const [term, counts] of frequencies) {
      let byField = this.terms.get(term);
      if (!byField) this.terms.set(ownString(term), (byField = []));
      counts.forEach((tf, f) => {
        if (tf === 0) return;
        const postings = (byField[f] ??= { count: 0, last: -1, encoded: [] });
        const delta = doc - postings.last; // ≥ 1, so its sign is free to mark a frequency
        if (tf === 1) postings.encoded.push(delta);
        else postings.encoded.push(-delta, tf);
        postings.count++;
        postings.last = doc;
      });
    }
    this.count++;
  }

  get sectionCount(): number {
    return this.count;
  }

  finish(): CompactIndex {
    const terms: string[] = [];
    const postings: number[][] = [];
    for (const [term, byField] of this.terms) {
      let out: number[] = [];
      byField.forEach((p, f) => {
        // concat, not push(...): a common term's postings outgrow the argument limit.
        if (p) out = out.concat([f, p.count], p.encoded);
      });
      terms.push(term);
      postings.push(out);
    }
    return { count: this.count, fields: [...SEARCH_FIELDS], averageFieldLength: this.averageFieldLength, fieldLength: this.fieldLength, storeFields: [...SEARCH_STORE_FIELDS], stored: this.stored, terms, postings };
  }
}
