import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, REPO_ROOT } from './site';

/**
 * The MDX fixture site copied to a temporary folder (tests may edit it), its package with
 * it, and React installed beside it as a site has it (linked to this repository's copy).
 */
export function copyMdxSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'dfdocs-mdx-site-'));
  cpSync(fixture('mdx-site'), root, {
    recursive: true,
    filter: (src) => !src.includes(`${join('node_modules', '.cache')}`),
  });
  for (const pkg of ['react', 'react-dom'])
    symlinkSync(join(REPO_ROOT, 'node_modules', pkg), join(root, 'node_modules', pkg), 'dir');
  return root;
}
