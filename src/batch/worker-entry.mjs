// The pool's thread entry when running from the TypeScript sources (tests, bench): registers tsx in this thread,
// then serves worker.ts. The compiled build (dist/) loads dist/batch/worker.js directly (pool.ts, WORKER).
// (Registered here, not with `--import tsx` in the thread's execArgv, which made solving several times slower.)
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');
export default worker.default;
export const solveDeals = worker.solveDeals;
