/**
 * The config schema: one declarative description from which validation errors are
 * derived. Each node says what shape a key must have; `validateConfig` walks the
 * user's object against it and reports the dotted path, what was expected and what
 * was received. Unknown keys are errors (a typo must never be silently ignored).
 */
export type Schema =
  | { kind: 'string'; enum?: readonly string[] }
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'object'; fields: Record<string, Schema>; required?: readonly string[] }
  | { kind: 'array'; of: Schema }
  | { kind: 'record'; of: Schema }
  /** A markdown plugin: a module specifier or path, or `[specifier, options]`; never a function. */
  | { kind: 'plugin' }
  /** Any value: checked by the code that reads it, with messages of its own (e.g. sidebar items). */
  | { kind: 'any' };

const str = (e?: readonly string[]): Schema => ({ kind: 'string', enum: e });
const num = (min?: number, max?: number): Schema => ({ kind: 'number', min, max });
const bool: Schema = { kind: 'boolean' };
const obj = (fields: Record<string, Schema>, required?: readonly string[]): Schema => ({
  kind: 'object',
  fields,
  required,
});
const arr = (of: Schema): Schema => ({ kind: 'array', of });

const link = obj({ label: str(), to: str(), href: str() }, ['label']);
const navbarItemFields: Record<string, Schema> = {
  label: str(),
  to: str(),
  href: str(),
  position: str(['left', 'right']),
  ariaLabel: str(),
  icon: str(['github', 'social']),
  activeBasePath: str(),
};
const navbarChild = obj(navbarItemFields, ['label']);
const navbarItem = obj({ ...navbarItemFields, items: arr(navbarChild) }, ['label']);

export const configSchema: Schema = obj({
  title: str(),
  tagline: str(),
  url: str(),
  baseUrl: str(),
  favicon: str(),
  image: str(),
  logo: obj({ alt: str(), src: str(), srcDark: str() }, ['src']),
  navbar: obj({ title: str(), items: arr(navbarItem) }),
  footer: obj({
    style: str(['dark', 'light']),
    columns: arr(obj({ title: str(), items: arr(link) }, ['title', 'items'])),
    copyright: str(),
  }),
  colorMode: obj({
    defaultMode: str(['light', 'dark']),
    disableSwitch: bool,
    respectPrefersColorScheme: bool,
  }),
  announcementBar: obj(
    { id: str(), content: str(), backgroundColor: str(), textColor: str(), isCloseable: bool },
    ['content'],
  ),
  toc: obj({ minHeadingLevel: num(2, 6), maxHeadingLevel: num(2, 6) }),
  i18n: obj({
    defaultLocale: str(),
    locales: arr(str()),
    localeConfigs: {
      kind: 'record',
      of: obj({ label: str(), direction: str(['ltr', 'rtl']), htmlLang: str() }),
    },
  }),
  editUrl: str(),
  docs: obj({
    version: obj({ name: str(), label: str(), path: str(), mainDocId: str() }),
    sidebarRoot: str(),
    routeBasePath: str(),
    sidebars: { kind: 'record', of: { kind: 'any' } },
    sidebarPath: str(),
  }),
  baseUrlIssueBanner: bool,
  pageBudgetKb: num(1),
  pageSizeLimitKb: num(1),
  precompress: bool,
  api: obj({ entry: str(), tsconfig: str(), route: str(), typeCheck: bool }, ['entry']),
  markdown: obj({
    remarkPlugins: arr({ kind: 'plugin' }),
    rehypePlugins: arr({ kind: 'plugin' }),
    slugger: str(['github', 'vitepress']),
  }),
  customCss: arr(str()),
  components: obj({ navbarBrand: str(), footer: str(), docFooter: str(), notFound: str() }),
  mdx: obj({ components: str() }),
  examples: obj({
    cwd: str(),
    browser: obj({ modules: { kind: 'record', of: str() }, timeLimitMs: num(100) }, ['modules']),
  }),
});

const PLUGIN_SHAPE = 'a module specifier or path (a string), or [specifier, options]';

/** A problem found while validating: the dotted key path, the expectation, what was given. */
export interface ConfigIssue {
  path: string;
  expected: string;
  received: string;
  /** The last key of the path, used to find its line in the config file. */
  key: string;
  /** What to do, when more can be said than "change it to the expected shape". */
  hint?: string;
}

function describe(schema: Schema): string {
  switch (schema.kind) {
    case 'string':
      return schema.enum ? schema.enum.map((e) => JSON.stringify(e)).join(' | ') : 'a string';
    case 'number':
      return schema.min !== undefined && schema.max !== undefined
        ? `a number from ${schema.min} to ${schema.max}`
        : 'a number';
    case 'boolean':
      return 'true or false';
    case 'array':
      return `an array of ${describe(schema.of)}`;
    case 'record':
      return 'an object';
    case 'object':
      return `an object with keys ${Object.keys(schema.fields).join(', ')}`;
    case 'plugin':
      return PLUGIN_SHAPE;
    case 'any':
      return 'any value';
  }
}

function received(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

export function validateAgainst(
  schema: Schema,
  value: unknown,
  path: string,
  issues: ConfigIssue[],
): void {
  const key = path.split(/[.[]/).pop()!.replace(/]$/, '');
  const fail = (expected: string): void => {
    issues.push({ path, expected, received: received(value), key });
  };
  switch (schema.kind) {
    case 'any':
      return;
    case 'string':
      if (typeof value !== 'string') return fail(describe(schema));
      if (schema.enum && !schema.enum.includes(value)) return fail(describe(schema));
      return;
    case 'number':
      if (typeof value !== 'number' || Number.isNaN(value)) return fail(describe(schema));
      if (
        (schema.min !== undefined && value < schema.min) ||
        (schema.max !== undefined && value > schema.max)
      )
        return fail(describe(schema));
      return;
    case 'boolean':
      if (typeof value !== 'boolean') return fail(describe(schema));
      return;
    case 'plugin': {
      const fn =
        typeof value === 'function' || (Array.isArray(value) && typeof value[0] === 'function');
      if (fn) {
        issues.push({
          path,
          expected: PLUGIN_SHAPE,
          received: 'a function',
          key,
          hint: "pages are rendered in worker threads, which cannot be handed a function: put the plugin in a module and name it, e.g. './plugins/my-plugin.mjs' or ['./plugins/my-plugin.mjs', { option: 1 }]",
        });
        return;
      }
      const spec = Array.isArray(value) ? value[0] : value;
      if (typeof spec !== 'string' || !spec || (Array.isArray(value) && value.length > 2))
        return fail(PLUGIN_SHAPE);
      if (Array.isArray(value) && value.length === 2 && !cloneable(value[1]))
        issues.push({
          path: `${path}[1]`,
          expected: 'plain data (objects, arrays, strings, numbers, booleans)',
          received: 'options holding a function or another value a worker thread cannot receive',
          key,
          hint: 'give the plugin plain-data options; code belongs in the plugin module itself',
        });
      return;
    }
    case 'array':
      if (!Array.isArray(value)) return fail(describe(schema));
      value.forEach((v, i) => validateAgainst(schema.of, v, `${path}[${i}]`, issues));
      return;
    case 'record':
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return fail(describe(schema));
      for (const [k, v] of Object.entries(value))
        validateAgainst(schema.of, v, `${path}.${k}`, issues);
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return fail(describe(schema));
      const record = value as Record<string, unknown>;
      for (const [k, v] of Object.entries(record)) {
        const child = schema.fields[k];
        const childPath = path ? `${path}.${k}` : k;
        if (!child) {
          issues.push({
            path: childPath,
            expected: `one of the known keys (${Object.keys(schema.fields).join(', ')})`,
            received: 'an unknown key',
            key: k,
          });
          continue;
        }
        if (v === undefined) continue;
        validateAgainst(child, v, childPath, issues);
      }
      for (const r of schema.required ?? []) {
        if (record[r] === undefined)
          issues.push({
            path: path ? `${path}.${r}` : r,
            expected: describe(schema.fields[r]!),
            received: 'nothing (the key is missing)',
            key: path.split('.').pop() || r,
          });
      }
      return;
    }
  }
}

/** Whether a value can be handed to a worker thread as it is (no functions, symbols or class instances with methods). */
function cloneable(value: unknown): boolean {
  if (typeof value === 'function' || typeof value === 'symbol') return false;
  if (typeof value !== 'object' || value === null) return true;
  if (value instanceof RegExp || value instanceof Date) return true;
  if (Array.isArray(value)) return value.every(cloneable);
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every(cloneable);
}
