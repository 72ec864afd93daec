/**
 * The client bundle's thread (see `clientThread.ts`): for each job, finds the islands in
 * the site's MDX pages and bundles the site's client, as `dfdocs build` does.
 */
import { parentPort } from 'node:worker_threads';
import { DfdocsError } from '../render/diagnostics';
import { scanIslands } from '../render/mdx/scanIslands';
import type { IslandUse } from '../render/mdx/islands';
import { bundleSiteClient } from './clientAssets';
import type { ClientJob, ClientThreadReply } from './clientThread';

const send = (reply: ClientThreadReply) => parentPort!.postMessage(reply);

parentPort!.on('message', async ({ id, job }: { id: number; job: ClientJob }) => {
  let islands: IslandUse[] = [];
  try {
    // A page whose MDX does not parse is reported when it renders: its islands wait till then.
    islands = await scanIslands(job.root, job.mdxSetup).catch(() => []);
    const { dir, assets } = await bundleSiteClient(job.cacheDir, job.generation, {
      components: job.components,
      customCss: job.customCss,
      islands,
      cacheDir: job.siteCacheDir,
    });
    send({ id, type: 'bundled', dir, assets, islands });
  } catch (err) {
    send(
      err instanceof DfdocsError
        ? { id, type: 'failed', diagnostics: err.diagnostics, islands }
        : {
            id,
            type: 'crashed',
            message: (err as Error)?.message ?? String(err),
            stack: (err as Error)?.stack,
            islands,
          },
    );
  }
});
