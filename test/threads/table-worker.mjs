// A thread of test/threads.test.ts: adds keys 0…count-1 (in the order its seed gives) to the shared table it is
// handed, parking for its growths as a search does, and posts the indices of the keys it was first to add.
// (tsx is registered here: threads do not inherit vitest's loader.)
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { ADDED, SharedTable } = await import('../../src/core/engine/shared-table.ts');
const { memory, count, seed, gate, threads } = workerData;
const table = new SharedTable(memory);
table.enter();
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
// Start when every thread is ready, so that the adds are likely to overlap (the test does not count on it).
const ready = new Int32Array(gate);
Atomics.add(ready, 0, 1);
while (Atomics.load(ready, 0) < threads) Atomics.wait(ready, 0, Atomics.load(ready, 0), 5);
let n = 0;
for (const i of order) {
  // Every 1,024 adds the thread looks whether the table is to grow, as a search does (it grows in place while
  // every thread is parked).
  if (++n % 1024 === 0 && table.growthAsked) table.park();
  // Keys that differ in a few bits of several words (as positions do), in their layout (table.ts).
  key[0] = i & 0xffff;
  key[1] = (1 << 20) | (i >>> 16);
  key[2] = Math.imul(i, 0x9e3779b1);
  key[9] = i % 7;
  if (table.add(key, 0) === ADDED) added.push(i);
}
table.leave();
parentPort.postMessage({ added });
