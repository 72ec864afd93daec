import type { TocItem } from '../../src/shared/pageData';
import type {
  ApiDeclaration,
  ApiIndex,
  ApiMember,
  ApiMemberGroup,
  ApiSignature,
  ApiThrows,
} from './model';

/**
 * The headed sections of a declaration page, in page order. The page component renders
 * exactly these and the table of contents lists exactly these, so the two cannot drift.
 */
export type ApiSection =
  | {
      kind: 'typeParameters' | 'parameters' | 'returns';
      id: string;
      title: string;
      signature: ApiSignature;
    }
  | { kind: 'throws'; id: string; title: string; throws: ApiThrows[] }
  | { kind: 'overload'; id: string; title: string; signature: ApiSignature }
  | { kind: 'properties'; id: string; title: string; properties: ApiMember[] }
  | { kind: 'remarks'; id: string; title: string; html: string }
  | { kind: 'examples'; id: string; title: string; examples: string[] }
  | { kind: 'seeAlso'; id: string; title: string; items: string[] }
  | { kind: 'members'; id: string; title: string; group: ApiMemberGroup };

export function declarationSections(view: ApiDeclaration): ApiSection[] {
  const a = view.anchors;
  const out: ApiSection[] = [];
  if (view.signatures.length === 1) {
    const sig = view.signatures[0]!;
    if (sig.typeParameters.length)
      out.push({
        kind: 'typeParameters',
        id: a.typeParameters,
        title: 'Type parameters',
        signature: sig,
      });
    if (sig.parameters.length)
      out.push({ kind: 'parameters', id: a.parameters, title: 'Parameters', signature: sig });
    if (sig.returns) out.push({ kind: 'returns', id: a.returns, title: 'Returns', signature: sig });
    if (sig.throws.length)
      out.push({ kind: 'throws', id: a.throws, title: 'Throws', throws: sig.throws });
  } else {
    view.signatures.forEach((sig, i) =>
      out.push({
        kind: 'overload',
        id: sig.anchor ?? `overload-${i + 1}`,
        title: overloadTitle(view.name, sig),
        signature: sig,
      }),
    );
    if (view.throws.length)
      out.push({ kind: 'throws', id: a.throws, title: 'Throws', throws: view.throws });
  }
  if (view.properties.length)
    out.push({
      kind: 'properties',
      id: a.properties,
      title: view.kind === 'enum' ? 'Members' : 'Properties',
      properties: view.properties,
    });
  if (view.remarksHtml)
    out.push({ kind: 'remarks', id: a.remarks, title: 'Remarks', html: view.remarksHtml });
  if (view.examples.length)
    out.push({
      kind: 'examples',
      id: a.examples,
      title: view.examples.length > 1 ? 'Examples' : 'Example',
      examples: view.examples,
    });
  for (const group of view.memberGroups)
    out.push({ kind: 'members', id: group.anchor, title: group.title, group });
  if (view.seeAlso.length)
    out.push({ kind: 'seeAlso', id: a.seeAlso, title: 'See also', items: view.seeAlso });
  return out;
}

/** An overload's heading: its call shape, `max(df, column)`. */
export function overloadTitle(name: string, sig: ApiSignature): string {
  return `${name}(${sig.parameters.map((p) => (p.rest ? '...' : '') + p.name + (p.optional && !p.rest ? '?' : '')).join(', ')})`;
}

/** The heading text of a member: `sort()` for methods, `columns` for properties. */
export function memberTitle(m: ApiMember): string {
  return m.kind === 'method' ? `${m.name}()` : m.name;
}

/** Members that get their own h3 (the constructor is its section's only content). */
export function headedMembers(group: ApiMemberGroup): ApiMember[] {
  return group.members.filter((m) => m.kind !== 'constructor');
}

/** The page's table of contents: its h2 sections and, for classes, each member (h3). */
export function declarationToc(view: ApiDeclaration): TocItem[] {
  const toc: TocItem[] = [];
  for (const s of declarationSections(view)) {
    toc.push({ id: s.id, value: s.title, level: 2 });
    if (s.kind === 'members')
      for (const m of headedMembers(s.group))
        toc.push({ id: m.anchor, value: memberTitle(m), level: 3 });
  }
  return toc;
}

export function indexToc(index: ApiIndex): TocItem[] {
  return index.sections.map((s) => ({ id: s.anchor, value: s.title, level: 2 }));
}
