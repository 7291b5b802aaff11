// A thread of a group that searches one deal together (core/search/group.ts): serves the searches of the
// group's thread 0 until told to quit. `acesup solve` starts them for a deal given as an argument
// (cli/solve-deal.ts), a pool worker for each deal of a later pass (worker.ts).

import { workerData } from 'node:worker_threads';
import type { GroupMemory } from '../core/search/group.ts';
import { serveGroup } from '../core/search/solve.ts';

const { group, thread } = workerData as { group: GroupMemory; thread: number };
serveGroup(group, thread);
