/**
 * Dev mode's invalidation planning (src/dev/invalidation.ts): what a batch of file changes
 * touches, and which open pages reload after the site's structure changed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { defaultConfig } from '../../src/render/config/defaults';
import { loadSources } from '../../src/render/content/loadSources';
import { buildSiteModel } from '../../src/render/site/siteModel';
import {
  isStructural,
  planChanges,
  routesOfFile,
  structuralReloads,
} from '../../src/dev/invalidation';
import type { FileChange } from '../../src/dev/watcher';
import { makeSite } from '../helpers/tempSite';

const notPackage = () => false;

test('a doc edited in place is planned as a doc change, not a structural one', () => {
  const edit: FileChange = { kind: 'doc', event: 'change', path: '/site/docs/a.md' };
  const plan = planChanges([edit], notPackage);
  assert.deepEqual(plan.docChanges, [edit]);
  assert.equal(plan.structuralContent, false);
  assert.equal(plan.reloadAll, false);
});

test('a new page, static files, the config and the client each plan what they touch', () => {
  const page: FileChange = { kind: 'content', event: 'add', path: '/site/pages/new.md' };
  assert.equal(planChanges([page], notPackage).structuralContent, true);
  const folder: FileChange = { kind: 'content', event: 'addDir', path: '/site/docs/new' };
  assert.equal(planChanges([folder], notPackage).structuralContent, false);
  const staticFile: FileChange = { kind: 'static', event: 'change', path: '/site/static/a.png' };
  assert.equal(planChanges([staticFile], notPackage).reloadAll, true);
  const config = planChanges(
    [{ kind: 'config', event: 'change', path: '/site/dfdocs.config.ts' }],
    notPackage,
  );
  assert.equal(config.config && config.reloadAll, true);
  const template: FileChange = { kind: 'client', event: 'change', path: '/pkg/templates/A.tsx' };
  assert.equal(planChanges([template], () => true).siteClient, false);
  assert.equal(planChanges([template], notPackage).siteClient, true);
  const mdx = planChanges(
    [{ kind: 'mdxInput', event: 'change', path: '/site/components/C.tsx' }],
    notPackage,
  );
  assert.deepEqual(mdx.mdxInputs, ['/site/components/C.tsx']);
});

test('a removed page is structural: the pages with a sidebar and the page that went reload', () => {
  const files = {
    'docs/a.md': '# A\n',
    'docs/b.md': '# B\n',
  };
  const root = makeSite(files);
  const config = defaultConfig();
  const modelOf = () => buildSiteModel(loadSources(root), config);
  const before = modelOf();
  assert.equal(isStructural(before, modelOf()), false);
  const after = buildSiteModel(
    { ...loadSources(root), docs: loadSources(root).docs.filter((d) => d.route !== '/docs/b') },
    config,
  );
  assert.equal(isStructural(before, after), true);
  assert.deepEqual(routesOfFile(join(root, 'docs/b.md'), [before, after]), ['/docs/b']);
  const routed = new Set(after.routes.map((r) => r.route));
  const reload = structuralReloads(before, after, [], (k) => routed.has(k));
  assert.ok(reload.has('/docs/a') && reload.has('/docs/b'));
});
