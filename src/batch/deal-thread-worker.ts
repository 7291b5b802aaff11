// The thread of one deal solved within its time limit (deal-thread.ts): solves its task and posts what happens.

import { parentPort, workerData } from 'node:worker_threads';
import { type DealTask, runDealTask } from './deal-thread.ts';

runDealTask(workerData as DealTask, (message) => parentPort!.postMessage(message));
