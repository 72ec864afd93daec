import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DfdocsError } from '../render/diagnostics';
import { VERSION } from '../render/version';
import { starterFiles, STARTER_SCRIPTS } from './starter';
import type { InitOptions, InitResult } from '../api/types';

/** "my-docs" → "My docs": a title from a folder name. */
function titleOf(dir: string): string {
  const words = basename(dir)
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'My docs';
}

/** A valid npm package name from a folder name. */
function packageNameOf(dir: string): string {
  const name = basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|-+$/g, '');
  return name || 'my-docs';
}

/** The site's package.json: a new one, or the existing one with the starter's scripts and dfdocs added (nothing of its own replaced). */
function packageJson(path: string, name: string): string {
  const pkg: Record<string, unknown> = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
    : { name, version: '0.0.0', private: true, type: 'module' };
  const scripts = { ...((pkg.scripts as Record<string, string> | undefined) ?? {}) };
  for (const [k, v] of Object.entries(STARTER_SCRIPTS)) scripts[k] ??= v;
  pkg.scripts = scripts;
  const deps = (pkg.dependencies as Record<string, string> | undefined) ?? {};
  if (!deps.dfdocs) {
    pkg.devDependencies = {
      ...((pkg.devDependencies as Record<string, string> | undefined) ?? {}),
      dfdocs: `^${VERSION}`,
    };
  }
  return JSON.stringify(pkg, null, 2) + '\n';
}

/**
 * Writes the starter site into `dir` (created when missing). A folder that holds anything
 * is refused unless `force` is set: then the starter's files replace those of the same
 * name, and package.json keeps what it had (the starter's scripts are added where free).
 */
export function scaffold(options: InitOptions): InitResult {
  const dir = resolve(options.dir);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory())
      throw new DfdocsError({
        code: 'InitNotAFolder',
        severity: 'error',
        message: `${dir} exists and is not a folder`,
        hint: 'choose another path for the new site',
      });
    const present = readdirSync(dir).filter((n) => n !== '.git');
    if (present.length && !options.force)
      throw new DfdocsError({
        code: 'InitNotEmpty',
        severity: 'error',
        message: `${dir} is not empty (it holds ${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''})`,
        hint: 'choose a new or empty folder, or run again with --force to write the starter into it (files of the same name are replaced)',
      });
  }
  const files = starterFiles({
    title: options.title ?? titleOf(dir),
    name: packageNameOf(dir),
    version: VERSION,
  });
  files['package.json'] = packageJson(join(dir, 'package.json'), packageNameOf(dir));
  for (const [rel, text] of Object.entries(files)) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return { dir, files: Object.keys(files).sort() };
}
