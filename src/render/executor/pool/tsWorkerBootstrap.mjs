// Worker entry used when dfdocs runs from its TypeScript sources (the tests): Node 20
// does not apply the parent's `--import tsx` loader to worker threads, so register it here.
import { register } from 'tsx/esm/api';
register();
await import(new URL('./renderWorker.ts', import.meta.url).href);
