// A thread of test/threads.test.ts: adds keys 0…count-1 (in the order its seed gives) to the shared table it is
// handed, and posts the indices of the keys it was first to add. (tsx is registered here: threads do not
// inherit vitest's loader.)
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { ADDED, SharedTable } = await import('../../src/core/engine/shared-table.ts');
const { memory, count, seed, maxStates } = workerData;
const table = new SharedTable(memory);
table.begin();
const key = new Int32Array(10);
const order = Array.from({ length: count }, (_, i) => i);
let x = seed | 1;
for (let i = count - 1; i > 0; i--) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  const j = (x >>> 0) % (i + 1);
  [order[i], order[j]] = [order[j], order[i]];
}
const added = [];
// Wait for the others, so that the adds overlap.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
for (const i of order) {
  // Keys that differ in a few bits of several words (as positions do), in their layout (table.ts).
  key[0] = i & 0xffff;
  key[1] = (1 << 20) | (i >>> 16);
  key[2] = Math.imul(i, 0x9e3779b1);
  key[9] = i % 7;
  if (table.add(key, 0) === ADDED) added.push(i);
}
table.flush();
parentPort.postMessage({ added, full: table.full, maxStates });
