/**
 * MDX pages in `dfdocs dev` (issue 31): an MDX syntax error goes to the overlay with its
 * place and a code frame, and clears when the page is fixed; the components a page imports
 * are watched, and editing one renders the page again and bundles the site's islands again.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeDir } from './helpers/site';
import { copyMdxSite } from './helpers/mdxSite';
import { startDevServer } from '../src/dev/devServer';
import { classify, configuredPaths } from '../src/dev/watcher';

const root = copyMdxSite();
after(() => removeDir(root));

test('dev: an MDX error is shown with its place and clears when fixed; an edited island component updates its page', async () => {
  const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: false });
  try {
    const site = dev.site;
    const first = await site.render('/docs/counter');
    assert.match(first!.page.html, /<dfdocs-island data-island="[0-9a-f]+" data-hydrate="load"/);
    const counter = join(root, 'src/components/Counter.tsx');
    assert.ok(site.mdxInputFiles().includes(counter), 'the imported component is watched');
    assert.equal(
      classify(counter, root, undefined, {
        ...configuredPaths(root, site.config),
        mdxInputs: site.mdxInputFiles(),
      }),
      'mdxInput',
    );

    const page = join(root, 'docs/counter.mdx');
    const goodPage = readFileSync(page, 'utf8');
    writeFileSync(page, goodPage.replace('After the island', 'After the <b>island'));
    dev.change({ kind: 'doc', event: 'change', path: page });
    await site.settled();
    await assert.rejects(site.render('/docs/counter'));
    const [shown] = site.currentErrors();
    assert.equal(shown?.code, 'MdxSyntax');
    assert.equal(shown?.file, 'docs/counter.mdx');
    assert.equal(shown?.line, 13);
    assert.match(shown?.frame ?? '', /^> 13 \| After the <b>island/m);

    writeFileSync(page, goodPage);
    dev.change({ kind: 'doc', event: 'change', path: page });
    await site.settled();
    assert.ok(await site.render('/docs/counter'));
    assert.deepEqual(site.currentErrors(), [], 'fixed: the overlay clears');

    const before = site.assetsDir;
    writeFileSync(counter, readFileSync(counter, 'utf8').replace('Add one', 'Add another'));
    dev.change({ kind: 'mdxInput', event: 'change', path: counter });
    await site.settled();
    assert.match((await site.render('/docs/counter'))!.page.html, />Add another<\/button>/);
    assert.notEqual(site.assetsDir, before, 'the islands were bundled again');

    // The client is bundled on a thread of its own: esbuild's errors come back with their place.
    const good = readFileSync(counter, 'utf8');
    writeFileSync(counter, good.replace('Add another', 'Add another</b'));
    dev.change({ kind: 'mdxInput', event: 'change', path: counter });
    await site.settled();
    const bundleError = site.currentErrors().find((e) => e.code === 'ClientSyntax');
    assert.ok(bundleError, JSON.stringify(site.currentErrors()));
    assert.match(bundleError.file ?? '', /src\/components\/Counter\.tsx$/);
    assert.equal(bundleError.line, 21);
    assert.match(bundleError.frame ?? '', /^> 21 \|\s+Add another<\/b$/m);
    writeFileSync(counter, good);
    dev.change({ kind: 'mdxInput', event: 'change', path: counter });
    await site.settled();
    assert.equal(
      site.currentErrors().find((e) => e.code === 'ClientSyntax'),
      undefined,
      'fixed: bundled again',
    );
  } finally {
    await dev.close();
  }
});
