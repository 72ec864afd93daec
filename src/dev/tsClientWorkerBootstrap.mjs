// The client bundle's thread entry when dfdocs runs from its TypeScript sources (the tests),
// as ../render/api/tsTypedocWorkerBootstrap.mjs is TypeDoc's.
import { register } from 'tsx/esm/api';
register();
await import(new URL('./clientWorker.ts', import.meta.url).href);
