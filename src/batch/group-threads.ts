// The helper threads of a group that searches one deal together (core/search/group.ts): thread 0 is the
// caller's, the others are started here, each serving thread 0's searches until `quitGroup`.

import { Worker } from 'node:worker_threads';
import type { GroupMemory } from '../core/search/group.ts';

/** The helper's entry: compiled, the thread loads group-helper.js as it is; from the TypeScript sources (tests),
 *  a small entry that registers tsx first. */
const HELPER = import.meta.url.endsWith('.js')
  ? new URL('./group-helper.js', import.meta.url)
  : new URL('./group-helper-entry.mjs', import.meta.url);

/** Starts threads 1 … threads − 1 of `group`. */
export function startHelpers(group: GroupMemory): Worker[] {
  return Array.from({ length: group.threads - 1 }, (_, i) => new Worker(HELPER, { workerData: { group, thread: i + 1 } }));
}
