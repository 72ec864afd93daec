// TypeDoc's thread entry when dfdocs runs from its TypeScript sources (the tests), as
// ../parallel/tsWorkerBootstrap.mjs is the render workers'.
import { register } from 'tsx/esm/api';
register();
await import(new URL('./typedocWorker.ts', import.meta.url).href);
