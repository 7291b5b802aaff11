// A group's helper thread when running from the TypeScript sources (tests): registers tsx in this thread, then
// serves group-helper.ts. The compiled build (dist/) starts dist/batch/group-helper.js directly (worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./group-helper.ts');
