import type { JSONOutput } from 'typedoc';
import type {
  ApiDeclaration,
  ApiMember,
  ApiMemberGroup,
  ApiSignature,
  ApiSource,
  ApiIndex,
  ApiIndexSection,
  ApiKind,
  MemberKind,
  SectionAnchors,
  Token,
} from '../../../templates/api/model';
import { blockTags, firstParagraph, firstSentence, partsToMarkdown } from './commentMarkdown';
import {
  ApiIndexer,
  Kind,
  OTHER,
  compareCategories,
  type ApiEntry,
  type Decl,
  type Sig,
} from './reflections';
import { TypePrinter, objectBlock, signatureTokens, typeAliasTokens } from './typeTokens';

type Comment = JSONOutput.Comment;

/** What building one page's view needs: the index of reflections and the markdown renderer. */
export interface ViewContext {
  indexer: ApiIndexer;
  printer: TypePrinter;
  /** Markdown → HTML through the site's pipeline (collects the page's links). */
  md: (markdown: string) => Promise<string>;
  /** Same, without the paragraph around a one-paragraph text. */
  mdInline: (markdown: string) => Promise<string>;
  /** Repository URL of a source line, when the site has an edit URL. */
  sourceUrl: (path: string, line: number) => string | undefined;
}

const tok = (text: string, kind?: Token['kind']): Token => (kind ? { text, kind } : { text });

function markdownOf(
  ctx: ViewContext,
  parts: readonly JSONOutput.CommentDisplayPart[] | undefined,
): string {
  return partsToMarkdown(
    parts,
    (id) => ctx.indexer.hrefOf(id),
    () => {},
  );
}

async function mdOrUndefined(
  ctx: ViewContext,
  parts: readonly JSONOutput.CommentDisplayPart[] | undefined,
): Promise<string | undefined> {
  const text = markdownOf(ctx, parts);
  return text ? ctx.md(text) : undefined;
}

async function tagHtml(
  ctx: ViewContext,
  comment: Comment | undefined,
  tag: string,
): Promise<string[]> {
  return Promise.all(blockTags(comment, tag).map((t) => ctx.md(markdownOf(ctx, t.content))));
}

function sourceOf(
  ctx: ViewContext,
  r: { sources?: JSONOutput.SourceReference[] } | undefined,
): ApiSource | undefined {
  const s = r?.sources?.[0];
  if (!s) return undefined;
  return { path: s.fileName, line: s.line, url: ctx.sourceUrl(s.fileName, s.line) };
}

function isVoid(t: JSONOutput.SomeType | undefined): boolean {
  return !t || (t.type === 'intrinsic' && (t.name === 'void' || t.name === 'undefined'));
}

/** A signature's code and everything its comment documents. */
async function signatureView(
  ctx: ViewContext,
  sig: Sig,
  code: Token[],
  options: { withSummary: boolean; fallbackSource?: ApiSource },
): Promise<ApiSignature> {
  const c = sig.comment;
  const returnsTag = blockTags(c, '@returns')[0];
  const [
    summaryHtml,
    parameters,
    typeParameters,
    returnsHtml,
    throws,
    remarks,
    examples,
    seeAlso,
    deprecated,
  ] = await Promise.all([
    options.withSummary ? mdOrUndefined(ctx, c?.summary) : Promise.resolve(undefined),
    Promise.all(
      (sig.parameters ?? []).map(async (p) => ({
        name: p.name,
        type: ctx.printer.type(p.type),
        optional: !!p.flags.isOptional || p.defaultValue !== undefined,
        rest: !!p.flags.isRest,
        defaultValue: p.defaultValue && p.defaultValue !== '...' ? p.defaultValue : undefined,
        html: await mdOrUndefined(ctx, p.comment?.summary),
      })),
    ),
    Promise.all(
      (sig.typeParameters ?? []).map(async (tp) => ({
        name: tp.name,
        constraint: tp.type ? ctx.printer.type(tp.type) : undefined,
        defaultType: tp.default ? ctx.printer.type(tp.default) : undefined,
        html: await mdOrUndefined(ctx, tp.comment?.summary),
      })),
    ),
    returnsTag ? mdOrUndefined(ctx, returnsTag.content) : Promise.resolve(undefined),
    Promise.all(
      blockTags(c, '@throws').map(async (t) => {
        const type = t.typeAnnotation?.replace(/^\{\s*|\s*\}$/g, '') || undefined;
        const typeHref = type
          ? ctx.indexer.entries.find((e) => e.name === type && e.kind === 'class')?.route
          : undefined;
        return { type, typeHref, html: await ctx.md(markdownOf(ctx, t.content)) };
      }),
    ),
    tagHtml(ctx, c, '@remarks'),
    tagHtml(ctx, c, '@example'),
    tagHtml(ctx, c, '@see'),
    tagHtml(ctx, c, '@deprecated'),
  ]);
  const showReturns =
    sig.kind !== Kind.ConstructorSignature &&
    sig.kind !== Kind.SetSignature &&
    (!isVoid(sig.type) || returnsHtml);
  return {
    code,
    summaryHtml,
    typeParameters,
    parameters,
    returns: showReturns ? { type: ctx.printer.type(sig.type), html: returnsHtml } : undefined,
    throws,
    remarksHtml: remarks.join('') || undefined,
    examples,
    seeAlso,
    deprecatedHtml:
      deprecated.join('') ||
      (c?.modifierTags?.includes('@deprecated') ? '<p>Deprecated.</p>' : undefined),
    source: sourceOf(ctx, sig) ?? options.fallbackSource,
  };
}

/** The summary's first paragraph (the lead, above the signature) and the rest. */
async function splitSummary(
  ctx: ViewContext,
  parts: readonly JSONOutput.CommentDisplayPart[] | undefined,
): Promise<{ summaryHtml?: string; descriptionHtml?: string }> {
  const text = markdownOf(ctx, parts);
  if (!text) return {};
  const lead = firstParagraph(text);
  const rest =
    lead.startsWith('```') || lead.startsWith('|')
      ? ''
      : text.slice(text.indexOf(lead) + lead.length).trim();
  if (!rest) return { summaryHtml: await ctx.md(text) };
  const [summaryHtml, descriptionHtml] = await Promise.all([ctx.md(lead), ctx.md(rest)]);
  return { summaryHtml, descriptionHtml };
}

const sameSummary = (sigs: readonly Sig[]) =>
  new Set(sigs.map((s) => JSON.stringify(s.comment?.summary ?? []))).size <= 1;

/** Badges from modifier tags (`@beta`, `@experimental`, `@deprecated`…). */
function modifiersOf(...comments: (Comment | undefined)[]): string[] {
  const out = new Set<string>();
  for (const c of comments)
    for (const m of c?.modifierTags ?? [])
      if (['@beta', '@alpha', '@experimental', '@deprecated'].includes(m)) out.add(m.slice(1));
  return [...out];
}

/** The class method doing the same work as a standalone function, and back. */
function relatedMethod(indexer: ApiIndexer, fnName: string): ApiDeclaration['related'] {
  for (const e of indexer.entries) {
    if (e.kind !== 'class') continue;
    const m = e.decl.children?.find(
      (c) => c.kind === Kind.Method && !c.flags.isStatic && c.name === fnName,
    );
    if (m) {
      const receiver = e.name === 'DataFrame' ? 'df' : e.name[0]!.toLowerCase() + e.name.slice(1);
      return {
        text: `${receiver}.${m.name}()`,
        href: indexer.hrefOf(m.id)!,
        owner: e.name,
        ownerHref: e.route,
      };
    }
  }
  return undefined;
}

/**
 * Overloads documented by one comment repeat the same throws, examples, remarks and
 * "see also": show those once for the page instead of once per overload.
 */
function hoistShared(view: ApiDeclaration): void {
  const sigs = view.signatures;
  const same = <T>(pick: (s: ApiSignature) => T) =>
    sigs.every((s) => JSON.stringify(pick(s)) === JSON.stringify(pick(sigs[0]!)));
  if (same((s) => s.throws)) {
    view.throws = sigs[0]!.throws;
    for (const s of sigs) s.throws = [];
  }
  if (same((s) => s.examples)) {
    view.examples = sigs[0]!.examples;
    for (const s of sigs) s.examples = [];
  }
  if (same((s) => s.seeAlso)) {
    view.seeAlso = sigs[0]!.seeAlso;
    for (const s of sigs) s.seeAlso = [];
  }
  if (same((s) => s.remarksHtml)) {
    view.remarksHtml = sigs[0]!.remarksHtml;
    for (const s of sigs) s.remarksHtml = undefined;
  }
  if (same((s) => s.deprecatedHtml)) {
    view.deprecatedHtml = sigs[0]!.deprecatedHtml;
    for (const s of sigs) s.deprecatedHtml = undefined;
  }
}

const SECTION_BASES: SectionAnchors = {
  typeParameters: 'type-parameters',
  parameters: 'parameters',
  returns: 'returns',
  throws: 'throws',
  properties: 'properties',
  remarks: 'remarks',
  examples: 'examples',
  seeAlso: 'see-also',
};

/** Section ids that do not collide with the page's member anchors. */
function allocateSections(used: Set<string>): SectionAnchors {
  const out = { ...SECTION_BASES };
  for (const key of Object.keys(out) as (keyof SectionAnchors)[]) {
    let a = SECTION_BASES[key];
    for (let n = 2; used.has(a); n++) a = `${SECTION_BASES[key]}-${n}`;
    used.add(a);
    out[key] = a;
  }
  return out;
}

function memberKindOf(m: Decl): MemberKind {
  if (m.kind === Kind.Constructor) return 'constructor';
  if (m.kind === Kind.Accessor) return 'accessor';
  if (m.kind === Kind.Method) return 'method';
  return 'property';
}

/** The view of one class or interface member. */
async function memberView(
  ctx: ViewContext,
  owner: Decl,
  m: Decl,
  anchor: string,
): Promise<ApiMember> {
  const kind = memberKindOf(m);
  const flags: string[] = [];
  if (m.flags.isStatic) flags.push('static');
  if (m.flags.isOptional) flags.push('optional');
  if (m.flags.isAbstract) flags.push('abstract');
  if (m.inheritedFrom) flags.push('inherited');
  const fallbackSource = sourceOf(ctx, m);
  const base: ApiMember = {
    anchor,
    name: m.name,
    kind,
    flags,
    signatures: [],
    examples: [],
    source: fallbackSource,
  };
  const staticPrefix: Token[] = m.flags.isStatic ? [tok('static', 'keyword'), tok(' ')] : [];

  if (kind === 'property') {
    if (m.flags.isReadonly) flags.push('readonly');
    const comment = m.comment;
    base.summaryHtml = await mdOrUndefined(ctx, comment?.summary);
    base.type = ctx.printer.type(m.type);
    base.code = [...staticPrefix, ...ctx.printer.property(m)];
    base.examples = await tagHtml(ctx, comment, '@example');
    base.remarksHtml = (await tagHtml(ctx, comment, '@remarks')).join('') || undefined;
    const def = blockTags(comment, '@defaultValue')[0] ?? blockTags(comment, '@default')[0];
    base.defaultValue = def
      ? markdownOf(ctx, def.content)
          .replace(/^```\w*\n?|\n?```$/g, '')
          .trim()
      : m.defaultValue && m.defaultValue !== '...'
        ? m.defaultValue
        : undefined;
    if (modifiersOf(comment).includes('deprecated')) flags.push('deprecated');
    return base;
  }

  if (kind === 'accessor') {
    const get = m.getSignature;
    const set = m.setSignature;
    if (get && !set) flags.push('readonly');
    const sig = (get ?? set)!;
    const code = get
      ? signatureTokens(ctx.printer, {
          prefix: [...staticPrefix, tok('get', 'keyword'), tok(' ')],
          name: m.name,
          sig: get,
        })
      : signatureTokens(ctx.printer, {
          prefix: [...staticPrefix, tok('set', 'keyword'), tok(' ')],
          name: m.name,
          sig: set!,
          omitReturn: true,
        });
    const view = await signatureView(ctx, sig, code, { withSummary: false, fallbackSource });
    base.summaryHtml = await mdOrUndefined(
      ctx,
      (get?.comment ?? set?.comment ?? m.comment)?.summary,
    );
    base.type = ctx.printer.type(get?.type ?? set?.parameters?.[0]?.type);
    base.signatures = [view];
    base.examples = view.examples;
    view.examples = [];
    return base;
  }

  const sigs = m.signatures ?? [];
  const shared = sameSummary(sigs);
  base.signatures = await Promise.all(
    sigs.map((s) => {
      const code =
        kind === 'constructor'
          ? signatureTokens(ctx.printer, {
              prefix: [tok('new', 'keyword'), tok(' ')],
              name: owner.name,
              sig: s,
              omitReturn: true,
            })
          : signatureTokens(ctx.printer, { prefix: staticPrefix, name: m.name, sig: s });
      return signatureView(ctx, s, code, { withSummary: !shared, fallbackSource });
    }),
  );
  if (shared) base.summaryHtml = await mdOrUndefined(ctx, sigs[0]?.comment?.summary);
  if (sigs.some((s) => modifiersOf(s.comment).includes('deprecated'))) flags.push('deprecated');
  if (kind === 'method' && !m.flags.isStatic) {
    const fn = ctx.indexer.entryByName.get(`functions/${m.name}`);
    if (fn) base.related = { text: `${fn.name}()`, href: fn.route };
  }
  return base;
}

/** Member groups of a class page: constructor, static members, properties, methods by category. */
async function classMembers(
  ctx: ViewContext,
  decl: Decl,
  used: Set<string>,
  sections: SectionAnchors,
): Promise<ApiMemberGroup[]> {
  const anchors = ctx.indexer.memberAnchors.get(decl.id) ?? new Map<number, string>();
  const children = (decl.children ?? []).filter((c) => !c.flags.isPrivate && !c.flags.isProtected);
  const byName = (a: Decl, b: Decl) =>
    a.name.replace(/^\[/, '~').localeCompare(b.name.replace(/^\[/, '~'));
  const view = (m: Decl) => memberView(ctx, decl, m, anchors.get(m.id) ?? m.name);
  const unique = (base: string) => {
    let a = base;
    for (let n = 2; used.has(a); n++) a = `${base}-${n}`;
    used.add(a);
    return a;
  };
  const groups: ApiMemberGroup[] = [];
  const ctor = children.find((c) => c.kind === Kind.Constructor);
  if (ctor)
    groups.push({
      anchor: anchors.get(ctor.id) ?? 'constructor',
      title: 'Constructor',
      members: [await view(ctor)],
    });
  const statics = children
    .filter((c) => c.flags.isStatic && c.kind !== Kind.Constructor)
    .sort(byName);
  if (statics.length) {
    const onlyMethods = statics.every((c) => c.kind === Kind.Method);
    groups.push({
      anchor: unique(onlyMethods ? 'static-methods' : 'static-members'),
      title: onlyMethods ? 'Static methods' : 'Static members',
      members: await Promise.all(statics.map(view)),
    });
  }
  const props = children
    .filter((c) => !c.flags.isStatic && (c.kind === Kind.Property || c.kind === Kind.Accessor))
    .sort(byName);
  if (props.length)
    groups.push({
      anchor: sections.properties,
      title: 'Properties',
      members: await Promise.all(props.map(view)),
    });
  const methods = children.filter((c) => !c.flags.isStatic && c.kind === Kind.Method).sort(byName);
  if (methods.length) {
    // A method's category: its own @category, else the category of the same-named function.
    const memberCategory = new Map<number, string>();
    for (const c of decl.categories ?? [])
      for (const id of c.children ?? []) memberCategory.set(id, c.title);
    const catOf = (m: Decl) =>
      memberCategory.get(m.id) ??
      ctx.indexer.entryByName.get(`functions/${m.name}`)?.category ??
      OTHER;
    const cats = [...new Set(methods.map(catOf))].sort(compareCategories);
    if (cats.length <= 1) {
      groups.push({
        anchor: unique('methods'),
        title: 'Methods',
        members: await Promise.all(methods.map(view)),
      });
    } else {
      for (const cat of cats) {
        const title = `${cat} methods`;
        groups.push({
          anchor: unique(slug(title)),
          title,
          members: await Promise.all(methods.filter((m) => catOf(m) === cat).map(view)),
        });
      }
    }
  }
  return groups;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/** Properties of an interface or object type alias, shown as a table with row anchors. */
async function propertyRows(ctx: ViewContext, owner: Decl): Promise<ApiMember[]> {
  const anchors = ctx.indexer.memberAnchors.get(owner.id) ?? new Map<number, string>();
  return Promise.all(
    (owner.children ?? []).map((c) => memberView(ctx, owner, c, anchors.get(c.id) ?? c.name)),
  );
}

/** The `class X<T> extends Y implements Z` line. */
function classCode(ctx: ViewContext, decl: Decl): Token[] {
  const out: Token[] = [
    tok('class', 'keyword'),
    tok(' '),
    tok(decl.name, 'name'),
    ...ctx.printer.typeParameters(decl.typeParameters),
  ];
  if (decl.extendedTypes?.length)
    out.push(
      tok(' extends ', 'keyword'),
      ...ctx.printer.join(
        decl.extendedTypes.map((t) => ctx.printer.type(t)),
        ', ',
      ),
    );
  if (decl.implementedTypes?.length)
    out.push(
      tok(' implements ', 'keyword'),
      ...ctx.printer.join(
        decl.implementedTypes.map((t) => ctx.printer.type(t)),
        ', ',
      ),
    );
  return out;
}

/** Builds the whole view of one declaration page. */
export async function declarationView(ctx: ViewContext, entry: ApiEntry): Promise<ApiDeclaration> {
  const { decl, kind } = entry;
  const used = new Set<string>(ctx.indexer.memberAnchors.get(decl.id)?.values() ?? []);
  const anchors = allocateSections(used);
  const view: ApiDeclaration = {
    anchors,
    kind,
    name: decl.name,
    route: entry.route,
    category: entry.category,
    modifiers: modifiersOf(decl.comment, ...(decl.signatures ?? []).map((s) => s.comment)),
    signatures: [],
    memberGroups: [],
    properties: [],
    examples: [],
    seeAlso: [],
    throws: [],
    source: sourceOf(ctx, decl),
  };
  let comment: Comment | undefined = decl.comment;
  if (kind === 'function' || (kind === 'variable' && decl.signatures?.length)) {
    const sigs = decl.signatures ?? [];
    const shared = sameSummary(sigs);
    comment = sigs[0]?.comment ?? decl.comment;
    view.signatures = await Promise.all(
      sigs.map((s) =>
        signatureView(
          ctx,
          s,
          signatureTokens(ctx.printer, {
            prefix: [tok('function', 'keyword'), tok(' ')],
            name: decl.name,
            sig: s,
          }),
          { withSummary: !shared, fallbackSource: view.source },
        ),
      ),
    );
    if (sigs.length > 1) {
      view.signatures.forEach((s, i) => {
        let a = `overload-${i + 1}`;
        for (let n = 2; used.has(a); n++) a = `overload-${i + 1}-${n}`;
        used.add(a);
        s.anchor = a;
      });
    }
    view.related = relatedMethod(ctx.indexer, decl.name);
    if (sigs.length > 1) hoistShared(view);
    if (sigs.length === 1) {
      // One signature: its examples and "see also" are the page's own sections.
      view.examples = view.signatures[0]!.examples;
      view.seeAlso = view.signatures[0]!.seeAlso;
      view.remarksHtml = view.signatures[0]!.remarksHtml;
      view.deprecatedHtml = view.signatures[0]!.deprecatedHtml;
      Object.assign(view.signatures[0]!, {
        examples: [],
        seeAlso: [],
        remarksHtml: undefined,
        deprecatedHtml: undefined,
      });
    }
  } else if (kind === 'class') {
    view.code = classCode(ctx, decl);
    view.memberGroups = await classMembers(ctx, decl, used, anchors);
  } else if (kind === 'interface') {
    const ext = decl.extendedTypes?.length
      ? [
          tok(' extends ', 'keyword'),
          ...ctx.printer.join(
            decl.extendedTypes.map((t) => ctx.printer.type(t)),
            ', ',
          ),
        ]
      : [];
    view.code = [
      tok('interface', 'keyword'),
      tok(' '),
      tok(decl.name, 'name'),
      ...ctx.printer.typeParameters(decl.typeParameters),
      ...ext,
      tok(' '),
      ...objectBlock(ctx.printer, decl),
    ];
    view.properties = await propertyRows(ctx, decl);
  } else if (kind === 'type') {
    view.code = typeAliasTokens(ctx.printer, decl);
    if (decl.type?.type === 'reflection' && decl.type.declaration.children?.length)
      view.properties = await propertyRows(ctx, decl.type.declaration);
  } else if (kind === 'variable') {
    view.code = [
      tok(decl.flags.isConst ? 'const' : 'let', 'keyword'),
      tok(' '),
      tok(decl.name, 'name'),
      tok(': ', 'punct'),
      ...ctx.printer.type(decl.type),
    ];
  } else if (kind === 'enum') {
    view.code = [
      tok('enum', 'keyword'),
      tok(' '),
      tok(decl.name, 'name'),
      tok(' {\n', 'punct'),
      ...(decl.children ?? []).flatMap((c) => [
        tok('  '),
        tok(c.name, 'prop'),
        ...(c.type ? [tok(' = ', 'punct'), ...ctx.printer.type(c.type)] : []),
        tok(',\n', 'punct'),
      ]),
      tok('}', 'punct'),
    ];
    view.properties = await propertyRows(ctx, decl);
  }
  if (kind !== 'function' && !(kind === 'variable' && decl.signatures?.length)) {
    const [summary, remarks, examples, seeAlso, deprecated] = await Promise.all([
      splitSummary(ctx, comment?.summary),
      tagHtml(ctx, comment, '@remarks'),
      tagHtml(ctx, comment, '@example'),
      tagHtml(ctx, comment, '@see'),
      tagHtml(ctx, comment, '@deprecated'),
    ]);
    Object.assign(view, summary);
    view.remarksHtml = remarks.join('') || undefined;
    view.examples = examples;
    view.seeAlso = seeAlso;
    view.deprecatedHtml = deprecated.join('') || undefined;
  } else if (view.signatures.length === 1 || sameSummary(decl.signatures ?? [])) {
    Object.assign(view, await splitSummary(ctx, comment?.summary));
  }
  return view;
}

/** The summary of an export, as markdown (a function's comment sits on its first signature). */
export function summaryMarkdown(indexer: ApiIndexer, decl: Decl): string {
  const comment = decl.comment ?? decl.signatures?.[0]?.comment ?? decl.getSignature?.comment;
  return partsToMarkdown(
    comment?.summary,
    (id) => indexer.hrefOf(id),
    () => {},
  );
}

/** Kinds listed under the index's "Types" (and the API sidebar's). */
export const TYPE_KINDS: ApiKind[] = ['interface', 'type', 'enum'];

/** The index's sections before rendering: classes, functions and constants by category, types last. */
export function indexSections(
  indexer: ApiIndexer,
): { anchor: string; title: string; entries: ApiEntry[] }[] {
  const byName = (a: ApiEntry, b: ApiEntry) => a.name.localeCompare(b.name);
  const main = indexer.entries.filter((e) => !TYPE_KINDS.includes(e.kind));
  const cats = [...new Set(main.map((e) => e.category))].sort(compareCategories);
  const used = new Set<string>();
  const anchor = (title: string) => {
    let a = slug(title);
    for (let n = 2; used.has(a); n++) a = `${slug(title)}-${n}`;
    used.add(a);
    return a;
  };
  const out = cats.map((cat) => ({
    anchor: anchor(cat),
    title: cat,
    entries: main
      .filter((e) => e.category === cat)
      .sort((a, b) => (a.kind === 'class' ? 0 : 1) - (b.kind === 'class' ? 0 : 1) || byName(a, b)),
  }));
  const types = indexer.entries.filter((e) => TYPE_KINDS.includes(e.kind)).sort(byName);
  if (types.length) out.push({ anchor: anchor('Types'), title: 'Types', entries: types });
  return out;
}

/** The API index view: each section's entries with their one-line summaries. */
export async function indexView(
  ctx: ViewContext,
  options: { title: string; introMarkdown?: string },
): Promise<ApiIndex> {
  const line = async (e: ApiEntry) => {
    const md = firstSentence(summaryMarkdown(ctx.indexer, e.decl));
    return {
      name: e.name,
      kind: e.kind,
      href: e.route,
      summaryHtml: md ? await ctx.mdInline(md) : undefined,
    };
  };
  const sections: ApiIndexSection[] = await Promise.all(
    indexSections(ctx.indexer).map(async (s) => ({
      anchor: s.anchor,
      title: s.title,
      entries: await Promise.all(s.entries.map(line)),
    })),
  );
  return {
    title: options.title,
    introHtml: options.introMarkdown ? await ctx.md(options.introMarkdown) : undefined,
    packageName: ctx.indexer.project.packageName ?? ctx.indexer.project.name,
    sections,
  };
}
