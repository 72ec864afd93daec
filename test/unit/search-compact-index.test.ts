/**
 * The build's search index builder (src/render/search/compactIndexBuilder.ts) against
 * MiniSearch itself: the same sections give the same index once decoded — terms and
 * their postings per field and section, field lengths, average lengths, stored fields.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { filesUnder } from '../helpers/files';
import MiniSearch from 'minisearch';
import {
  searchIndexOptions,
  SEARCH_STORE_FIELDS,
  type SearchSection,
} from '../../src/shared/searchIndex';
import { decodeIndex, encodeIndex, type MiniSearchPlain } from '../../src/shared/searchIndexCodec';
import { CompactIndexBuilder } from '../../src/render/search/compactIndexBuilder';
import { codeIdentifiers, SearchIndexBuilder } from '../../src/render/search/searchIndexBuilder';

const isMarkdown = (name: string) => /\.mdx?$/.test(name);

/** Sections cut from the site's own docs: headings, prose with repeated words, code identifiers. */
function sectionsOfDocs(): SearchSection[] {
  const sections: SearchSection[] = [];
  filesUnder('docs', isMarkdown).forEach((file, page) => {
    const source = readFileSync(file, 'utf8');
    const title = /^title:\s*(.+)$/m.exec(source)?.[1] ?? file;
    for (const part of source.split(/^#{2,3} /m)) {
      const [heading = '', ...rest] = part.split('\n');
      const body = rest.join('\n');
      const code = [...body.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
      const text = body.replace(/```[\s\S]*?```/g, ' ');
      const path = sections.length % 7 === 0 ? [title] : [title, heading.trim()];
      sections.push({
        id: sections.length,
        page,
        anchor: heading.toLowerCase().replace(/\W+/g, '-'),
        path,
        headings: path.slice(1),
        text,
        code: codeIdentifiers(code),
      });
    }
  });
  return sections;
}

const byTerm = (plain: MiniSearchPlain) =>
  new Map(plain.index.map(([term, fields]) => [term, fields]));

/** The same sections indexed by MiniSearch (`expected`) and by the build's builder (`actual`), both decoded. */
function bothIndexes(sections: SearchSection[]): {
  expected: MiniSearchPlain;
  actual: MiniSearchPlain;
} {
  const mini = new MiniSearch<SearchSection>(searchIndexOptions);
  mini.addAll(sections);
  const expected = decodeIndex(
    encodeIndex(mini.toJSON() as unknown as MiniSearchPlain, SEARCH_STORE_FIELDS),
  );
  const builder = new CompactIndexBuilder();
  for (const s of sections) builder.add(s);
  return { expected, actual: decodeIndex(JSON.parse(JSON.stringify(builder.finish()))) };
}

test('the compact index builder indexes exactly as MiniSearch does', () => {
  const sections = sectionsOfDocs();
  assert.ok(sections.length > 150, `a real corpus (${sections.length} sections)`);
  const { expected, actual } = bothIndexes(sections);
  assert.equal(actual.documentCount, expected.documentCount);
  assert.deepEqual(actual.fieldIds, expected.fieldIds);
  assert.deepEqual(actual.fieldLength, expected.fieldLength);
  assert.deepEqual(actual.averageFieldLength, expected.averageFieldLength);
  assert.deepEqual(actual.storedFields, JSON.parse(JSON.stringify(expected.storedFields)));
  assert.deepEqual(byTerm(actual), byTerm(expected));
  // And MiniSearch answers the same from both (the order of the matched terms follows the
  // order terms were first met, which is not part of the index).
  const search = (plain: MiniSearchPlain, q: string) =>
    MiniSearch.loadJS<SearchSection>(plain as never, searchIndexOptions)
      .search(q, { prefix: true, fuzzy: 0.2 })
      .map((r) => ({ id: r.id, score: r.score.toFixed(9), terms: [...r.terms].sort() }));
  for (const q of ['readCsv', 'group by', 'rolling mean', 'filter rows', 'csv']) {
    const hits = search(expected, q);
    assert.ok(hits.length > 0, q);
    assert.deepEqual(search(actual, q), hits, q);
  }
});

test('sections must come in id order', () => {
  const builder = new CompactIndexBuilder();
  assert.throws(
    () =>
      builder.add({ id: 3, page: 0, anchor: '', path: ['T'], headings: [], text: 'x', code: '' }),
    /section 0 has id 3/,
  );
});

test('postings far apart (multi-byte deltas), high frequencies and many stored rows decode as MiniSearch builds them', () => {
  const sections: SearchSection[] = [];
  for (let id = 0; id < 20_000; id++) {
    const rare = id === 0 || id === 16_390 || id === 19_999;
    const text = rare ? 'rare '.repeat(id === 0 ? 300 : 2) + 'common' : 'common filler';
    // Stored rows well past the builder's first buffer, some with non-ASCII text and characters JSON escapes.
    const headings = id % 7 === 0 ? [`Café ${id} — “quoted” \\ "x"`, 'line\nbreak'] : [];
    sections.push({
      id,
      page: id,
      anchor: id % 3 ? `a-${id}` : '',
      path: ['Page', ...headings],
      headings,
      text,
      code: '',
    });
  }
  const { expected, actual } = bothIndexes(sections);
  assert.deepEqual(byTerm(actual).get('rare'), byTerm(expected).get('rare'));
  assert.deepEqual(byTerm(actual), byTerm(expected));
  assert.deepEqual(actual.storedFields, JSON.parse(JSON.stringify(expected.storedFields)));
});

test('the index is written out piece by piece as the very text JSON.stringify gives for it', () => {
  const sections = sectionsOfDocs();
  // Headings of many non-ASCII characters (two, three and four UTF-8 bytes, quotes,
  // backslashes, newlines): the stored rows outgrow one decoded piece (64 KB), so some
  // piece boundary falls inside a character.
  for (let i = 0; i < 3000; i++) {
    const heading = `Données ${i} «naïve» — 数据框 🚀 "quoted" \\ back\nslash`;
    sections.push({
      id: sections.length,
      page: 1000 + i,
      anchor: `données-${i}`,
      path: ['T', heading],
      headings: [heading],
      text: `texte ${i} élevé`,
      code: '',
    });
  }
  const builder = new CompactIndexBuilder();
  for (const s of sections) builder.add(s);
  const pieces: string[] = [];
  builder.writeJson({ push: (piece) => pieces.push(piece) });
  assert.ok(pieces.length > 100, `written in pieces (${pieces.length})`);
  assert.equal(pieces.join(''), JSON.stringify(builder.finish()));
  const empty: string[] = [];
  new CompactIndexBuilder().writeJson({ push: (piece) => empty.push(piece) });
  assert.equal(empty.join(''), JSON.stringify(new CompactIndexBuilder().finish()));
});

test('the search index file streamed to a sink is the one finish() returns, under the same name', () => {
  const fill = () => {
    const b = new SearchIndexBuilder({ siteTitle: 'Site' });
    for (let i = 0; i < 400; i++)
      b.addPage({
        route: `/docs/p${i}`,
        kind: 'doc',
        title: `Page ${i} é`,
        html: `<h1>Page ${i}</h1><p>intro ${i}</p><h2 id="a${i}">Part «${i}»</h2><p>words ${i} données</p>`,
      });
    return b;
  };
  const whole = fill().finish();
  let streamed = '';
  let closedAt = '';
  const out = fill().finish({
    write: (chunk) => (streamed += chunk),
    close: (path) => (closedAt = path),
  });
  const index = whole.files.find((f) => f.path === whole.manifest.index)!;
  assert.match(closedAt, /^assets\/search-index\.[0-9a-f]{8}\.json$/);
  assert.equal(closedAt, whole.manifest.index);
  assert.equal(streamed, index.content);
  assert.deepEqual(out.manifest, whole.manifest);
  assert.ok(!out.files.some((f) => f.path === closedAt), 'the streamed file is not returned again');
});

test('term counts of ten and more, and terms in several fields, index as MiniSearch does', () => {
  const text =
    Array.from({ length: 12 }, () => 'pivot').join(' ') +
    ' ' +
    Array.from({ length: 123 }, (_, i) => `w${i % 3}`).join(' ');
  const sections: SearchSection[] = [
    {
      id: 0,
      page: 0,
      anchor: 'a',
      path: ['Pivot tables', 'Pivot'],
      headings: ['Pivot'],
      text,
      code: 'pivot pivotTable',
    },
    {
      id: 1,
      page: 0,
      anchor: 'b',
      path: ['Pivot tables'],
      headings: [],
      text: 'pivot once',
      code: '',
    },
  ];
  const { expected, actual } = bothIndexes(sections);
  assert.deepEqual(byTerm(actual), byTerm(expected));
  assert.deepEqual(actual.fieldLength, expected.fieldLength);
});
