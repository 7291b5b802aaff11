// The thread of `acesup solve DEAL` (solve-deal.ts): solves its task and posts what happens to the main thread.

import { parentPort, workerData } from 'node:worker_threads';
import { type DealTask, runDealTask } from './solve-deal.ts';

runDealTask(workerData as DealTask, (message) => parentPort!.postMessage(message));
