/**
 * A compiled MDX page made a module Node can import: bundled with esbuild from the page's
 * folder, so its imports of the site's own files (TypeScript and JSX too) are compiled in
 * and packages are imported from where the site has them (../modules/siteImports.ts: one
 * React for the page and the renderer). Docusaurus's `@theme/Tabs`, `@theme/TabItem`,
 * `@theme/Admonition`, `@theme/Details`, `@theme/CodeBlock` and `@theme/TOCInline` are the
 * built-in components, and `@site/…` is the site's root. The module is written to the
 * cache folder under a hash of its text (the same page and components: the same module).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Message, Plugin } from 'esbuild';
import type { ComponentType } from 'react';
import { DfdocsError, type Diagnostic } from '../diagnostics';
import { cacheDir } from '../cache/cacheDir';
import { ownModule, siteImports, SITE_MODULE_OPTIONS } from '../modules/siteImports';
import type { MdxCompiled } from './compileMdx';
import { writeWhole } from '../output/writeWhole';

/** Where the page module finds the built-in components: the renderer's own (mdxRuntime.tsx). */
export const BUILT_INS_KEY = 'dfdocs.mdx.builtIns';
const THEME = /^@theme\/(Tabs|TabItem|Admonition|Details|CodeBlock|TOCInline)$/;

function pageImports(root: string): Plugin {
  return {
    name: 'dfdocs-mdx-imports',
    setup(b) {
      b.onResolve({ filter: THEME }, (args) => ({
        path: THEME.exec(args.path)![1]!,
        namespace: 'dfdocs-built-in',
      }));
      b.onLoad({ filter: /.*/, namespace: 'dfdocs-built-in' }, (args) => ({
        contents:
          args.path === 'TOCInline'
            ? 'export default function TOCInline() { return null; }'
            : `export default globalThis[Symbol.for(${JSON.stringify(BUILT_INS_KEY)})].${args.path};`,
        loader: 'js',
      }));
      b.onResolve({ filter: /^@site\// }, (args) =>
        b.resolve('./' + args.path.slice('@site/'.length), {
          kind: args.kind,
          resolveDir: root,
          importer: args.importer,
        }),
      );
    },
  };
}

export interface MdxModule {
  Content: ComponentType<Record<string, unknown>>;
  /** The site's files the page imports, directly or not (absolute paths): what its render depends on beyond its own text. */
  inputs: string[];
}

const loaded = new Map<string, Promise<MdxModule>>();

/** Imports the page's module, bundling it first unless the same text was bundled before. */
export async function loadMdxModule(
  compiled: MdxCompiled,
  page: { sourcePath: string; absPath: string },
  root: string,
): Promise<MdxModule> {
  const { text, inputs } = await bundle(compiled, page, root);
  const name = `mdx-page-${createHash('sha256').update(text).digest('hex').slice(0, 20)}.mjs`;
  const dir = join(cacheDir(root), 'modules');
  const file = join(dir, name);
  let module = loaded.get(file);
  if (!module) {
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      // Threads may write the same module at once: each its own file, renamed into place.
      writeWhole(file, text);
    }
    module = import(pathToFileURL(file).href).then((m: { default: MdxModule['Content'] }) => ({
      Content: m.default,
      inputs,
    }));
    loaded.set(file, module);
    module.catch(() => loaded.delete(file));
  }
  return { ...(await module), inputs };
}

async function bundle(
  compiled: MdxCompiled,
  page: { sourcePath: string; absPath: string },
  root: string,
): Promise<{ text: string; inputs: string[] }> {
  const jsxRuntime = pathToFileURL(ownModule('react/jsx-runtime')).href;
  // A page that imports nothing needs no bundling: its only import is React's JSX runtime.
  if (!compiled.imports.length)
    return {
      text: compiled.code.replace(
        /(from\s*)"react\/jsx-runtime"/,
        `$1${JSON.stringify(jsxRuntime)}`,
      ),
      inputs: [],
    };
  const { build } = await import('esbuild');
  try {
    const result = await build({
      ...SITE_MODULE_OPTIONS,
      absWorkingDir: root,
      stdin: {
        contents: compiled.code,
        resolveDir: dirname(page.absPath),
        sourcefile: page.sourcePath,
        loader: 'js',
      },
      write: false,
      metafile: true,
      outfile: 'page.mjs',
      plugins: [pageImports(root), siteImports()],
    });
    const inputs = Object.keys(result.metafile.inputs)
      .filter(
        (p) => !p.startsWith('<') && !p.includes(':') && !/(^|[\\/])node_modules[\\/]/.test(p),
      )
      .map((p) => (isAbsolute(p) ? p : join(root, p)));
    return { text: result.outputFiles[0]!.text, inputs };
  } catch (err) {
    throw importError(err, compiled, page.sourcePath, root);
  }
}

/** esbuild's errors as diagnostics: at the page's import statement, or in the imported file. */
function importError(
  err: unknown,
  compiled: MdxCompiled,
  sourcePath: string,
  root: string,
): unknown {
  const errors: Message[] = (err as { errors?: Message[] }).errors ?? [];
  if (!errors.length) return err;
  return new DfdocsError(
    errors.map((m): Diagnostic => {
      const unresolved = /^Could not resolve "([^"]+)"/.exec(m.text)?.[1];
      // The page's own code (esbuild names it after the page, under the page's folder).
      const inPage =
        !m.location ||
        m.location.file === '<stdin>' ||
        m.location.file.split(sep).join('/').endsWith(sourcePath.split('/').pop()!);
      if (inPage) {
        const statement = compiled.imports.find((i) => i.source === unresolved);
        return {
          code: unresolved ? 'MdxImportUnresolved' : 'MdxImportFailed',
          severity: 'error',
          message: unresolved
            ? `cannot find the module "${unresolved}" the page imports`
            : `the page's imports could not be compiled: ${m.text}`,
          hint: unresolved
            ? /^[./]/.test(unresolved)
              ? 'check the path (relative to the page) and the file\u2019s name'
              : `install the package in the site (\`npm install ${unresolved
                  .split('/')
                  .slice(0, unresolved.startsWith('@') ? 2 : 1)
                  .join('/')}\`), or check its name`
            : 'fix the import',
          file: sourcePath,
          line: statement?.line,
          column: statement?.column,
        };
      }
      const file = relative(root, join(root, m.location!.file)).split(sep).join('/');
      return {
        code: unresolved ? 'MdxImportUnresolved' : 'MdxImportFailed',
        severity: 'error',
        message: `a module the page ${sourcePath} imports could not be compiled: ${m.text}`,
        hint: 'fix the module where shown',
        file,
        line: m.location!.line,
        column: m.location!.column + 1,
      };
    }),
  );
}
