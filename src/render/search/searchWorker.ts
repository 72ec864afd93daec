/**
 * The search index's thread (see `searchThread.ts`): merges the pages' prepared search
 * entries as the build sends them, then writes the index and snippet files into the
 * build's staging folder and sends back the rest (the manifest) to write.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchIndexBuilder } from './searchIndexBuilder';
import { streamedFile } from '../output/streamedFile';
import { writeFileIn } from '../output/writeFileIn';
import { parsePrepared, type SearchThreadMessage, type SearchThreadReply } from './searchThread';

const { siteTitle, stageDir } = workerData as { siteTitle: string; stageDir: string };

const builder = new SearchIndexBuilder({
  siteTitle,
  writeFile: (f) => writeFileIn(stageDir, f.path, f.content),
});
let busyMs = 0;
/** The first failure; reported when the build asks for the files. */
let failure: SearchThreadReply | undefined;

parentPort!.on('message', (msg: SearchThreadMessage) => {
  const t0 = performance.now();
  try {
    if (failure) {
      if (msg.type === 'finish') parentPort!.postMessage(failure);
      return;
    }
    if (msg.type === 'pages') {
      for (const json of msg.pages) builder.addPrepared(parsePrepared(json));
    } else {
      const { files } = builder.finish(streamedFile(stageDir));
      parentPort!.postMessage({
        ok: true,
        files,
        busyMs: busyMs + performance.now() - t0,
      } satisfies SearchThreadReply);
    }
  } catch (err) {
    failure = {
      ok: false,
      message: (err as Error)?.message ?? String(err),
      stack: (err as Error)?.stack,
    };
    if (msg.type === 'finish') parentPort!.postMessage(failure);
  }
  busyMs += performance.now() - t0;
});
