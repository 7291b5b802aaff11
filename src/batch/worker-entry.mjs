// The pool's thread entry when running from the TypeScript sources (tests, bench): registers tsx in this thread,
// then serves worker.ts. The compiled build (dist/) loads dist/batch/worker.js directly (estimate.ts, WORKER).
// (Registering here, rather than `--import tsx` in the thread's execArgv, measured 2.5–3× faster solving.)
import { register } from 'tsx/esm/api';

register();
const { default: solveChunk } = await import('./worker.ts');
export default solveChunk;
