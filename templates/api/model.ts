/**
 * The API reference's view model: what `src/render/api` derives from TypeDoc's JSON and
 * what the templates in this folder render. Plain data, no behaviour; comment text
 * arrives already rendered to HTML by the site's markdown pipeline (same code blocks,
 * same link handling as docs pages), types arrive as linked tokens.
 */

/** How a token of a signature or type is coloured (see the `api-tok--*` classes). */
export type TokenKind =
  | 'keyword' // function, class, new, readonly, keyof, extends…
  | 'builtin' // string, number, boolean, void, unknown…
  | 'type' // a named type (a reference)
  | 'name' // the declaration's own name
  | 'param' // a parameter's name
  | 'prop' // a property's name inside an object type
  | 'string' // a string literal
  | 'literal' // number, boolean, null, undefined literals
  | 'punct';

/** A piece of code text, optionally a link (a route without the base URL, with its hash). */
export interface Token {
  text: string;
  kind?: TokenKind;
  href?: string;
}

/** Where a declaration is written: a path from the site root, a 1-based line, its URL on the repository. */
export interface ApiSource {
  path: string;
  line: number;
  url?: string;
}

export interface ApiParameter {
  name: string;
  type: Token[];
  optional: boolean;
  rest: boolean;
  defaultValue?: string;
  html?: string;
}

export interface ApiTypeParameter {
  name: string;
  constraint?: Token[];
  defaultType?: Token[];
  html?: string;
}

export interface ApiThrows {
  /** The thrown type written as `@throws {TypeError}`, without braces. */
  type?: string;
  /** Its page, when the library exports it (e.g. an error class). */
  typeHref?: string;
  html: string;
}

/** One call, construct, get or set signature with what its comment says. */
export interface ApiSignature {
  /** Element id of the signature's section, for overloads shown one section each. */
  anchor?: string;
  /** The signature as code (may span lines). */
  code: Token[];
  /** The summary, when it differs per signature (overloads) or the declaration has none. */
  summaryHtml?: string;
  typeParameters: ApiTypeParameter[];
  parameters: ApiParameter[];
  returns?: { type: Token[]; html?: string };
  throws: ApiThrows[];
  remarksHtml?: string;
  examples: string[];
  seeAlso: string[];
  deprecatedHtml?: string;
  source?: ApiSource;
}

export type ApiKind = 'class' | 'interface' | 'type' | 'function' | 'variable' | 'enum';

export type MemberKind = 'constructor' | 'property' | 'accessor' | 'method';

/** A member of a class or interface. */
export interface ApiMember {
  /** The element id of its heading (unique on the page). */
  anchor: string;
  name: string;
  kind: MemberKind;
  /** `static`, `readonly`, `optional`, `get`, `set`, `inherited`, `deprecated`… shown as badges. */
  flags: string[];
  summaryHtml?: string;
  /** Declaration code of a property (`readonly name: Type`). */
  code?: Token[];
  type?: Token[];
  signatures: ApiSignature[];
  remarksHtml?: string;
  examples: string[];
  defaultValue?: string;
  source?: ApiSource;
  /** The standalone function doing the same work, when there is one (`df.sort` ↔ `sort`). */
  related?: { text: string; href: string };
}

export interface ApiMemberGroup {
  anchor: string;
  title: string;
  members: ApiMember[];
}

/** Element ids of a declaration page's sections (unique against its member anchors). */
export interface SectionAnchors {
  typeParameters: string;
  parameters: string;
  returns: string;
  throws: string;
  properties: string;
  remarks: string;
  examples: string;
  seeAlso: string;
}

/** Everything a declaration page shows. */
export interface ApiDeclaration {
  anchors: SectionAnchors;
  kind: ApiKind;
  name: string;
  route: string;
  category: string;
  /** The summary's first paragraph (shown above the signature). */
  summaryHtml?: string;
  /** The rest of the summary (shown below the signature). */
  descriptionHtml?: string;
  remarksHtml?: string;
  deprecatedHtml?: string;
  /** Badges such as `beta`, `experimental`. */
  modifiers: string[];
  /** `class DataFrame`, `type DType = …`, `interface FrameOptions { … }`. */
  code?: Token[];
  signatures: ApiSignature[];
  /** Members of a class (as headed sections). */
  memberGroups: ApiMemberGroup[];
  /** Properties of an interface or object type (as a table). */
  properties: ApiMember[];
  examples: string[];
  seeAlso: string[];
  /** What every overload throws, when they all say the same (one signature keeps its own). */
  throws: ApiThrows[];
  source?: ApiSource;
  /** The class method doing the same work (`sort` ↔ `df.sort()`), with the class's name and page. */
  related?: { text: string; href: string; owner: string; ownerHref: string };
}

/** One line of the API index. */
export interface ApiIndexEntry {
  name: string;
  kind: ApiKind;
  href: string;
  /** One-line summary as inline HTML. */
  summaryHtml?: string;
}

export interface ApiIndexSection {
  anchor: string;
  title: string;
  entries: ApiIndexEntry[];
}

export interface ApiIndex {
  title: string;
  introHtml?: string;
  packageName?: string;
  sections: ApiIndexSection[];
}
