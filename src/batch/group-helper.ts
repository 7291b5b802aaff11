// A thread of the group that searches one deal of `acesup solve` (solve-deal.ts): serves the searches of the
// group's thread 0 until told to quit.

import { workerData } from 'node:worker_threads';
import type { GroupMemory } from '../core/search/group.ts';
import { serveGroup } from '../core/search/solve.ts';

const { group, thread } = workerData as { group: GroupMemory; thread: number };
serveGroup(group, thread);
