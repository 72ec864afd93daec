import type { JSONOutput } from 'typedoc';
import type { ApiKind } from '../../../templates/api/model';

/** TypeDoc's ReflectionKind values (kept here so reading cached JSON never loads TypeDoc). */
export const Kind = {
  Project: 1,
  Module: 2,
  Namespace: 4,
  Enum: 8,
  EnumMember: 16,
  Variable: 32,
  Function: 64,
  Class: 128,
  Interface: 256,
  Constructor: 512,
  Property: 1024,
  Method: 2048,
  CallSignature: 4096,
  IndexSignature: 8192,
  ConstructorSignature: 16384,
  Parameter: 32768,
  TypeLiteral: 65536,
  TypeParameter: 131072,
  Accessor: 262144,
  GetSignature: 524288,
  SetSignature: 1048576,
  TypeAlias: 2097152,
  Reference: 4194304,
} as const;

export type Decl = JSONOutput.DeclarationReflection;
export type Sig = JSONOutput.SignatureReflection;

/** Where each kind of top-level export gets its page, below the API base route. */
const FOLDERS: Partial<Record<ApiKind, string>> = {
  class: 'classes',
  function: 'functions',
  interface: 'types',
  type: 'types',
  enum: 'types',
  variable: 'variables',
};

export function apiKindOf(kind: number): ApiKind | undefined {
  switch (kind) {
    case Kind.Class:
      return 'class';
    case Kind.Function:
      return 'function';
    case Kind.Interface:
      return 'interface';
    case Kind.TypeAlias:
      return 'type';
    case Kind.Enum:
      return 'enum';
    case Kind.Variable:
      return 'variable';
    default:
      return undefined;
  }
}

/** The category order of the index: the spec's groups first, then the rest by name, "Other" last. */
export const CATEGORY_ORDER = [
  'DataFrame',
  'Creation',
  'I/O',
  'Selection',
  'Filtering',
  'Aggregation',
  'Ordering',
  'Columns',
  'Missing data',
  'Statistics',
  'Grouping',
  'Combining',
  'Reshaping',
  'Time series',
  'Text',
  'Output',
  'Plotting',
  'Validation',
];
export const OTHER = 'Other';

export function compareCategories(a: string, b: string): number {
  const rank = (c: string) =>
    c === OTHER ? 1e6 : CATEGORY_ORDER.indexOf(c) >= 0 ? CATEGORY_ORDER.indexOf(c) : 1000;
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** One documented export with its page. */
export interface ApiEntry {
  id: number;
  name: string;
  kind: ApiKind;
  route: string;
  category: string;
  decl: Decl;
}

/** A place a link can point to: a route and an optional element id. */
export interface LinkTarget {
  route: string;
  hash?: string;
}

/** A member's element id: its name reduced to id-safe characters (`[iterator]` → `iterator`). */
export function memberAnchor(name: string): string {
  const s = name.replace(/[^\w$-]/g, '');
  return s || 'member';
}

/**
 * The documented exports and where every reflection lives, so any TypeDoc id (a
 * declaration, a member, a signature, a parameter) resolves to a route and hash.
 */
export class ApiIndexer {
  readonly entries: ApiEntry[] = [];
  readonly byId = new Map<number, Decl | Sig | JSONOutput.SomeReflection>();
  readonly parentOf = new Map<number, number>();
  readonly entryByName = new Map<string, ApiEntry>();
  private readonly links = new Map<number, LinkTarget>();
  /** Member anchors by class/interface id, then member id. */
  readonly memberAnchors = new Map<number, Map<number, string>>();

  constructor(
    readonly project: JSONOutput.ProjectReflection,
    readonly baseRoute: string,
  ) {
    const categoryOf = new Map<number, string>();
    for (const c of project.categories ?? [])
      for (const id of c.children ?? []) categoryOf.set(id, c.title);
    this.walk(project as unknown as Decl, undefined);
    for (const child of project.children ?? []) {
      const kind = apiKindOf(child.kind);
      if (!kind) continue;
      const route = `${baseRoute}/${FOLDERS[kind]}/${child.name}`;
      const entry: ApiEntry = {
        id: child.id,
        name: child.name,
        kind,
        route,
        category: categoryOf.get(child.id) ?? categoryFromTags(child) ?? OTHER,
        decl: child,
      };
      this.entries.push(entry);
      this.entryByName.set(`${FOLDERS[kind]}/${child.name}`, entry);
      this.links.set(child.id, { route });
      if (kind === 'class' || kind === 'interface') this.assignMemberAnchors(child, route);
      if (kind === 'type' && child.type?.type === 'reflection')
        this.assignMemberAnchors(child.type.declaration, route);
    }
    // Re-exports under another name point at their target.
    for (const child of project.children ?? []) {
      if (child.kind === Kind.Reference) {
        const target = (child as unknown as JSONOutput.ReferenceReflection).target;
        const link = this.links.get(target);
        if (link) this.links.set(child.id, link);
      }
    }
  }

  private walk(node: Decl, parent: number | undefined): void {
    this.byId.set(node.id, node);
    if (parent !== undefined) this.parentOf.set(node.id, parent);
    const visitSig = (s: Sig | undefined) => {
      if (!s) return;
      this.byId.set(s.id, s);
      this.parentOf.set(s.id, node.id);
      for (const p of s.parameters ?? []) {
        this.byId.set(p.id, p);
        this.parentOf.set(p.id, node.id);
      }
    };
    for (const s of node.signatures ?? []) visitSig(s);
    visitSig(node.getSignature);
    visitSig(node.setSignature);
    for (const c of node.children ?? []) this.walk(c, node.id);
    if (node.type?.type === 'reflection') this.walk(node.type.declaration, node.id);
  }

  private assignMemberAnchors(decl: Decl, route: string): void {
    const anchors = new Map<number, string>();
    const used = new Set<string>();
    for (const m of decl.children ?? []) {
      let a = m.kind === Kind.Constructor ? 'constructor' : memberAnchor(m.name);
      if (used.has(a)) a = `${a}-${m.flags.isStatic ? 'static' : 'instance'}`;
      let n = 2;
      const base = a;
      while (used.has(a)) a = `${base}-${n++}`;
      used.add(a);
      anchors.set(m.id, a);
      this.links.set(m.id, { route, hash: a });
    }
    this.memberAnchors.set(decl.id, anchors);
  }

  /** The page (and element id) showing a reflection, or undefined when it has none. */
  linkOf(id: number | undefined): LinkTarget | undefined {
    for (
      let cur = id, guard = 0;
      cur !== undefined && guard < 20;
      cur = this.parentOf.get(cur), guard++
    ) {
      const link = this.links.get(cur);
      if (link) return link;
    }
    return undefined;
  }

  /** `route#hash` for a reflection id. */
  hrefOf(id: number | undefined): string | undefined {
    const l = this.linkOf(id);
    return l ? l.route + (l.hash ? `#${l.hash}` : '') : undefined;
  }
}

function categoryFromTags(decl: Decl): string | undefined {
  const tags = [
    ...(decl.comment?.blockTags ?? []),
    ...(decl.signatures?.[0]?.comment?.blockTags ?? []),
  ];
  const tag = tags.find((t) => t.tag === '@category');
  return tag
    ? tag.content
        .map((p) => p.text)
        .join('')
        .trim() || undefined
    : undefined;
}
