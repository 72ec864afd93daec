/**
 * Every diagnostic code dfdocs reports, in one place. A code is permanent: writers search
 * for it, CI logs are grepped for it, and the end-of-build summary counts by it. Rename
 * one only by adding the new code and keeping the old until a major version.
 *
 * Each entry gives the severity the problem usually has (`--strict` makes every warning
 * an error), a title (what the code means, in a line: `dfdocs diagnostics` lists them),
 * and a hint: what the writer can do when the place that reports the problem knows
 * nothing more specific. Codes whose text is the same wherever they are reported also
 * carry a `message` function, called with the details (see `diagnostic()` in ./make.ts).
 *
 * `test/unit/diagnostics-catalogue.test.ts` fails when `src/` reports a code missing here
 * or when a code here is reported nowhere. How to add one: CONTRIBUTING.md.
 */

export type Severity = 'error' | 'warning';

export interface CatalogueEntry<Args> {
  severity: Severity;
  /** What the code means, as a heading would say it. */
  title: string;
  /** The message, built from the details of one occurrence. */
  message?: (args: Args) => string;
  /** The default advice: a sentence, or one built from the details. */
  hint?: string | ((args: Args) => string);
}

/** Groups the catalogue is listed by (README, `dfdocs diagnostics`). */
export type Area =
  | 'config'
  | 'content'
  | 'markdown'
  | 'links'
  | 'examples'
  | 'api'
  | 'render'
  | 'mdx'
  | 'output'
  | 'cli';

export const catalogue = {
  // — the config and the files it names —
  ConfigSyntax: {
    area: 'config',
    severity: 'error',
    title: 'The config file (or a sidebars file) does not parse',
    hint: 'fix the syntax where shown',
  },
  ConfigTimeout: {
    area: 'config',
    severity: 'error',
    title: 'The config file never finished loading',
    hint: 'make every promise the config awaits settle; DFDOCS_CONFIG_TIMEOUT_MS sets the limit',
  },
  ConfigNoDefault: {
    area: 'config',
    severity: 'error',
    title: 'The config file has no default export',
    hint: 'write `export default defineConfig({ … })`',
  },
  ConfigThrew: {
    area: 'config',
    severity: 'error',
    title: 'The config file threw while loading',
    hint: 'fix the code of the config file',
  },
  ConfigInvalid: {
    area: 'config',
    severity: 'error',
    title: 'A config key has a value of the wrong kind',
    hint: 'see the config reference in the README',
  },
  ConfigPathMissing: {
    area: 'config',
    severity: 'error',
    title: 'A config key names a file that does not exist',
    hint: 'paths in the config are relative to the site folder',
  },
  NavbarItemType: {
    area: 'config',
    severity: 'error',
    title: 'A navbar item is neither a link, an external link nor a dropdown',
    hint: 'give it `to`, `href` or `items`',
  },
  CategoryInvalid: {
    area: 'config',
    severity: 'error',
    title: 'A `_category_.json` file is not a valid category',
    hint: 'write a JSON object such as { "label": "Tutorials", "position": 3 }',
  },
  UnknownSidebar: {
    area: 'config',
    severity: 'error',
    title: 'The sidebar root folder does not exist',
    hint: 'set docs.sidebarRoot to a folder under docs/',
  },
  SidebarUnknownDoc: {
    area: 'config',
    severity: 'warning',
    title: 'A sidebars file names a doc that does not exist; the item was left out',
    hint: 'use the doc’s id: its path under docs/ without .md, or its front matter `id`',
  },
  SidebarItemInvalid: {
    area: 'config',
    severity: 'warning',
    title: 'A sidebars file holds an item dfdocs cannot read; it was left out',
    hint: 'write a doc id, or an object of type doc, link or category',
  },
  SidebarCategoryLink: {
    area: 'config',
    severity: 'warning',
    title: 'A sidebar category links to something that makes no page',
    hint: 'link the category to a doc ({ type: "doc", id }) or remove its `link`',
  },
  UnknownDocId: {
    area: 'config',
    severity: 'error',
    title: 'The main doc id names no doc',
    hint: 'set docs.version.mainDocId to the id of a doc',
  },
  MarkdownPluginLoad: {
    area: 'config',
    severity: 'error',
    title: 'A markdown plugin named in the config could not be loaded',
    hint: 'check its name or path in `markdown` of the config',
  },
  MarkdownPluginShape: {
    area: 'config',
    severity: 'error',
    title: 'A markdown plugin module does not export a plugin',
    hint: 'export the plugin function as default',
  },
  ComponentLoad: {
    area: 'config',
    severity: 'error',
    title: 'A component override named in the config could not be loaded',
    hint: 'fix the module named in `components` of the config',
  },
  ComponentShape: {
    area: 'config',
    severity: 'error',
    title: 'A component override does not export a React component',
    hint: 'export the component as default',
  },
  MdxComponentsLoad: {
    area: 'config',
    severity: 'error',
    title: 'The `mdx.components` module could not be loaded',
    hint: 'fix the module named in `mdx.components` of the config',
  },
  ExampleModuleMissing: {
    area: 'config',
    severity: 'error',
    title: 'A browser module for the examples does not exist',
    hint: 'build the browser module first, or fix its path in `examples.browser.modules`',
  },

  // — the content files —
  FrontMatterInvalid: {
    area: 'content',
    severity: 'error',
    title: 'The front matter is not valid YAML, or a key has the wrong type',
    hint: 'fix the YAML between the `---` lines',
  },
  FrontMatterUnclosed: {
    area: 'content',
    severity: 'error',
    title: 'The front matter is never closed',
    hint: 'add a line holding only `---` after the front matter',
  },
  NotUtf8: {
    area: 'content',
    severity: 'error',
    title: 'A content file is not UTF-8 text',
    hint: 'save the file with UTF-8 encoding',
  },
  PageTooLarge: {
    area: 'content',
    severity: 'error',
    title: 'A page holds more markdown than the limit',
    hint: 'split it into several pages, or raise `pageSizeLimitKb` in the config',
  },
  SourceChanged: {
    area: 'content',
    severity: 'error',
    title: 'A file changed while the site was building',
    hint: 'build again',
  },
  SymlinkLoop: {
    area: 'content',
    severity: 'warning',
    title: 'A symbolic link leads back into itself; it was skipped',
    hint: 'remove the link or point it outside the folder it is in',
  },
  SymlinkDangling: {
    area: 'content',
    severity: 'warning',
    title: 'A symbolic link points to nothing; it was skipped',
    hint: 'remove the link or restore what it points to',
  },
  RouteUnsafe: {
    area: 'content',
    severity: 'error',
    title: 'A page’s route cannot be written as a file safely',
    hint: 'give the page a plain `slug`',
  },
  RouteCaseCollision: {
    area: 'content',
    severity: 'error',
    title: 'Two routes differ only in letter case',
    hint: 'rename one of the pages or give it another `slug`',
  },
  DuplicateRoute: {
    area: 'content',
    severity: 'error',
    title: 'Two pages claim the same route',
    hint: 'give one of them another `slug`',
  },

  // — markdown —
  NestingTooDeep: {
    area: 'markdown',
    severity: 'error',
    title: 'Lists and block quotes nest deeper than dfdocs parses',
    hint: 'flatten the nesting',
  },
  UnknownDirective: {
    area: 'markdown',
    severity: 'warning',
    title: 'A directive (`:::name`, `::name`) dfdocs does not know; its content is shown as text',
    message: ({ fence, name }: { fence: string; name: string }): string =>
      `unknown directive \`${fence}${name}\`; its content is shown as plain text`,
    hint: ({ known }: { known: string[] }): string => `use one of ${known.join(', ')}`,
  },
  UnknownComponent: {
    area: 'markdown',
    severity: 'warning',
    title: 'A component (`<Name>`) in a markdown page; it was removed and its content kept',
    message: ({ name, from }: { name: string; from?: string }): string =>
      `unknown component \`<${name}>\`${from ? ` (imported from '${from}')` : ''} was removed; what it wraps is kept`,
    hint: 'dfdocs renders markdown and HTML, not components: write its content as markdown or HTML (or rename the page .mdx)',
  },
  VueOnlyRemoved: {
    area: 'markdown',
    severity: 'warning',
    title: 'Vue-only syntax (VitePress) was removed',
    hint: 'write the content as markdown; a `{{ }}` meant literally goes in code or a `::: v-pre` block',
  },
  UnmatchedContainerFence: {
    area: 'markdown',
    severity: 'warning',
    title: 'A `:::` line closes no container',
    hint: 'remove the line, or open the container it closes',
  },
  CodeGroupContent: {
    area: 'markdown',
    severity: 'warning',
    title: 'A code group holds something other than code fences',
    hint: 'keep only code fences inside `::: code-group`',
  },
  TabsContent: {
    area: 'markdown',
    severity: 'warning',
    title: 'A tabs block holds content outside any tab; it is not shown',
    hint: 'move the content into a tab',
  },
  UnsafeLink: {
    area: 'markdown',
    severity: 'warning',
    title: 'A link would run code in the reader’s browser; it was published as text',
    hint: 'link to a page or an http(s) URL',
  },
  AssetMissing: {
    area: 'markdown',
    severity: 'warning',
    title: 'An image or file the page references does not exist',
    hint: 'fix the path, or add the file beside the page or in static/',
  },
  AssetOutsideSite: {
    area: 'markdown',
    severity: 'warning',
    title: 'An image or file the page references is outside the site; it is not copied',
    hint: 'move the file into the site folder',
  },
  PlotNotDrawn: {
    area: 'markdown',
    severity: 'warning',
    title: 'A `plot` code block drew no chart',
    hint: 'make the block’s last expression (or what it prints) an SVG string',
  },
  MarkdownPluginMessage: {
    area: 'markdown',
    severity: 'warning',
    title: 'A markdown plugin of the site reported a problem',
    message: ({ reason, origin }: { reason: string; origin?: string }): string =>
      origin ? `${reason} (${origin})` : reason,
    hint: 'see the plugin’s documentation',
  },

  // — links —
  BrokenLink: {
    area: 'links',
    severity: 'warning',
    title: 'A link points to no page or file of the site',
    message: (a: { page: string; raw: string; target: string }): string =>
      `broken link on ${a.page}: ${a.raw}${a.target !== a.raw ? ` (resolved as ${a.target})` : ''}`,
    hint: (a: { near?: string }): string =>
      a.near ? `did you mean ${a.near}?` : 'fix the link or create the page',
  },
  BrokenAnchor: {
    area: 'links',
    severity: 'warning',
    title: 'A link’s `#anchor` names no heading or element on its page',
    message: (a: { page: string; raw: string; hash: string; target: string }): string =>
      `broken anchor on ${a.page}: ${a.raw} (no heading or element with id "${a.hash}" on ${a.target})`,
    hint: (a: { near?: string }): string =>
      a.near
        ? `did you mean #${a.near}?`
        : 'fix the anchor; heading ids are lower-case with dashes, as on GitHub',
  },
  BrokenLinkWidespread: {
    area: 'links',
    severity: 'warning',
    title: 'The same broken link appears on many pages (often a template or the config)',
    hint: 'fix the link where it comes from (the config or a template)',
  },

  // — runnable examples (`--check-examples`) —
  ExampleOutputMismatch: {
    area: 'examples',
    severity: 'error',
    title: 'An example prints something other than what its page shows',
    hint: 'update the output the page shows, or fix the example (the diff follows)',
  },
  ExampleThrew: {
    area: 'examples',
    severity: 'error',
    title: 'An example threw',
    hint: 'fix the example; the blocks after it on the page did not run',
  },
  ExampleSyntaxError: {
    area: 'examples',
    severity: 'error',
    title: 'An example does not parse',
    hint: "fix the code at this line (a page's examples run as one program)",
  },
  ExampleNotRun: {
    area: 'examples',
    severity: 'error',
    title: 'A page’s examples could not be run at all',
    hint: 'check that the packages the examples import are installed in the site',
  },

  // — the API reference (TypeDoc) —
  ApiTypeError: {
    area: 'api',
    severity: 'error',
    title: 'The library’s types do not compile',
    hint: "the API reference is generated from the library's types: fix the TypeScript error",
  },
  ApiGenerationFailed: {
    area: 'api',
    severity: 'error',
    title: 'TypeDoc could not convert the entry module',
    hint: 'check that the entry module exists and exports the library',
  },
  TypedocMessage: {
    area: 'api',
    severity: 'error',
    title: 'TypeDoc reported a problem while reading the library',
    message: ({ text }: { text: string }): string => `TypeDoc: ${text}`,
    hint: 'fix the TSDoc or the export where shown',
  },
  ApiPeerMissing: {
    area: 'api',
    severity: 'error',
    title: 'TypeDoc or TypeScript is not installed in the site',
    hint: 'install typedoc and typescript, or remove `api` from the config',
  },
  ApiLinkUnresolved: {
    area: 'api',
    severity: 'warning',
    title: 'A `{@link}` in the TSDoc names nothing the reference documents',
    hint: "export it from the library's entry module or correct the name",
  },

  // — rendering pages (server-side React) —
  RenderFailed: {
    area: 'render',
    severity: 'error',
    title: 'Rendering a page threw',
    hint: 'fix the page or the template it uses (run with --verbose for the stack)',
  },
  ReactPageNoDefault: {
    area: 'render',
    severity: 'error',
    title: 'A React page has no default export',
    hint: 'write `export default function Page() { … }`',
  },
  ReactPageSyntax: {
    area: 'render',
    severity: 'error',
    title: 'A React page does not parse',
    hint: 'fix the syntax of the page',
  },
  ClientSyntax: {
    area: 'render',
    severity: 'error',
    title: 'A client or template file does not bundle (dev server)',
    hint: 'fix the syntax where shown; the dev server rebundles it on save',
  },
  TemplateSyntax: {
    area: 'render',
    severity: 'error',
    title: 'A template does not parse (dev server)',
    hint: 'fix the syntax of the template; the dev server reloads it on save',
  },

  // — MDX pages —
  MdxSyntax: {
    area: 'mdx',
    severity: 'error',
    title: 'An MDX page does not parse',
    hint: 'MDX reads `<` and `{` as JSX and JavaScript: close every tag, or escape a literal one',
  },
  MdxCompile: {
    area: 'mdx',
    severity: 'error',
    title: 'An MDX page could not be compiled',
    hint: 'fix the page where shown',
  },
  MdxImportUnresolved: {
    area: 'mdx',
    severity: 'error',
    title: 'A module an MDX page imports cannot be found',
    hint: 'fix the import path, or install the package in the site',
  },
  MdxImportFailed: {
    area: 'mdx',
    severity: 'error',
    title: 'A module an MDX page imports does not compile',
    hint: 'fix the module where shown',
  },
  MdxUnknownComponent: {
    area: 'mdx',
    severity: 'error',
    title: 'An MDX page uses a component it neither imports nor has registered',
    hint: 'import it, or register it in `mdx.components` of the config',
  },
  MdxIslandNotComponent: {
    area: 'mdx',
    severity: 'error',
    title: '`client:*` on an HTML element: only a component can be an island',
    hint: 'put the attribute on an imported component',
  },
  MdxIslandSource: {
    area: 'mdx',
    severity: 'error',
    title: 'An island is not a component imported from a module',
    hint: 'import the component by name or as default',
  },
  MdxIslandProps: {
    area: 'mdx',
    severity: 'error',
    title: 'An island gets a prop that cannot be written into the page',
    hint: 'give islands strings, numbers, booleans, arrays and plain objects',
  },
  MdxComponentThrew: {
    area: 'mdx',
    severity: 'error',
    title: 'A component on an MDX page threw while rendering',
    hint: 'fix the component, or the props the page gives it',
  },

  // — the output folder —
  OutputPathEscapes: {
    area: 'output',
    severity: 'error',
    title: 'A file would be written outside the output folder',
    hint: 'give the page a slug without `..`',
  },
  OutputRefused: {
    area: 'output',
    severity: 'error',
    title: 'The output folder holds files dfdocs did not make',
    hint: 'choose another output folder, or pass --force',
  },
  OutputMissing: {
    area: 'output',
    severity: 'error',
    title: 'There is no built site to serve',
    hint: 'build the site first with `dfdocs build`',
  },
  PageOverBudget: {
    area: 'output',
    severity: 'warning',
    title: 'A page weighs more than the page budget',
    hint: 'split the page, or raise `pageBudgetKb` in the config',
  },

  // — the command line and servers —
  ListenFailed: {
    area: 'cli',
    severity: 'error',
    title: 'The server could not listen on the port or host',
    hint: 'choose another port with --port',
  },
  SiteRootMissing: {
    area: 'cli',
    severity: 'error',
    title: 'The site folder (--root) does not exist or is not a folder',
    hint: 'check the path given to --root (the default is the current folder)',
  },
  InitNotAFolder: {
    area: 'cli',
    severity: 'error',
    title: '`dfdocs init` was given a path that is a file',
    hint: 'choose another path for the new site',
  },
  InitNotEmpty: {
    area: 'cli',
    severity: 'error',
    title: '`dfdocs init` was given a folder that is not empty',
    hint: 'choose a new or empty folder, or pass --force',
  },
  InternalError: {
    area: 'cli',
    severity: 'error',
    title: 'Something failed that dfdocs has no diagnostic for (a bug: please report it)',
    hint: 'run with --verbose for the stack, and report it with the page that caused it',
  },
} as const;

/** A code the catalogue lists: what `Diagnostic.code` holds. */
export type DiagnosticCode = keyof typeof catalogue;

export function isDiagnosticCode(code: unknown): code is DiagnosticCode {
  return typeof code === 'string' && Object.hasOwn(catalogue, code);
}
