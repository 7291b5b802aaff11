// The thread of one deal (deal-thread.ts) when running from the TypeScript sources (tests): registers tsx in this
// thread, then runs deal-thread-worker.ts. The compiled build (dist/) starts dist/batch/deal-thread-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./deal-thread-worker.ts');
