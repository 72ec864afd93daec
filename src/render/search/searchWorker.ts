/**
 * The search index's thread (see `searchThread.ts`): merges the pages' prepared search
 * entries as the build sends them, then writes the index and snippet files into the
 * build's staging folder and sends back the rest (the manifest) to write.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SearchIndexBuilder } from './searchIndexBuilder';
import { streamedFile } from '../output/streamedFile';
import { writeFileIn } from '../output/writeFileIn';
import { SegmentCache } from './indexSegments';
import {
  parsePrepared,
  type SearchThreadMessage,
  type SearchThreadOptions,
  type SearchThreadReply,
} from './searchThread';

const { stageDir, segments } = workerData as SearchThreadOptions;
/** The index's segments kept in the render cache (a build with one), see `indexSegments.ts`. */
const segmentCache = segments ? new SegmentCache(segments.dir, segments.salt) : undefined;

const builder = new SearchIndexBuilder({
  siteTitle: '', // only `addPage` names pages after the site; the thread is sent prepared pages
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
      for (const json of msg.pages) {
        if (!segmentCache) builder.addPrepared(parsePrepared(json));
        else {
          const segment = segmentCache.add(json);
          if (segment) builder.addSegment(segment);
        }
      }
    } else {
      const last = segmentCache?.rest();
      if (last) builder.addSegment(last);
      const { files } = builder.finish(streamedFile(stageDir));
      parentPort!.postMessage({
        ok: true,
        files,
        busyMs: busyMs + performance.now() - t0,
        segments: segmentCache?.used,
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
