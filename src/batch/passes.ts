// The passes of an estimate run (--passes): a deal still unknown at the budget of one pass is solved again
// at the next, a multiple of --max-states; and what a pass may take in memory, so that the threads that run
// a large pass at once fit the machine (the tables' cap is --max-memory's, never the machine's: a pass that
// does not fit runs on fewer threads, with the same results).

import { DEFAULT_MAX_TABLE_BYTES } from '../core/engine/table.ts';
import { KEY_WORDS, PILE_KEY_WORDS } from '../core/engine/state.ts';

// The default passes and the reader of --passes live in options.ts, which imports nothing (the command
// line's options use them).
export { DEFAULT_ESCALATE_PASSES, MAX_PASSES, readPassesOption } from './options.ts';

/** Bytes of a worker thread's own memory besides its search tables. */
const THREAD_BYTES = 64 * 2 ** 20;

/**
 * The most bytes one visited set (core/engine/table.ts) with keys of `keyWords` words may hold in a search of
 * `states` positions: every position stored at a load of at most 1/2, in slots of a stamp and the key,
 * starting from 2^16 slots and doubling, never past the cap `maxBytes` (as the table grows it).
 */
export function tableBytes(states: number, keyWords: number, maxBytes = DEFAULT_MAX_TABLE_BYTES): number {
  const rowBytes = (keyWords + 1) * 4;
  let capBits = 12;
  while (capBits < 30 && 2 ** (capBits + 1) * rowBytes <= maxBytes) capBits++;
  const bits = Math.min(capBits, Math.max(16, Math.ceil(Math.log2(2 * Math.max(1, states)))));
  return 2 ** bits * rowBytes;
}

/** The visited sets a worker's solver keeps at `states` positions: the forced rule's, and with `optional` the
 *  optional rule's too (every deal under optional is searched under forced first). */
const solverTables = (states: number, optional: boolean, maxBytes: number): number[] =>
  (optional ? [PILE_KEY_WORDS, KEY_WORDS] : [PILE_KEY_WORDS]).map((words) => tableBytes(states, words, maxBytes));

const sum = (bytes: readonly number[]): number => bytes.reduce((a, b) => a + b, 0);

/**
 * The most memory one worker may take while it solves a deal at `states` positions: its thread and its
 * solver's tables, with the old table beside the new one while the larger grows. A bound: deals store far
 * fewer positions than they search (docs/estimate.md has the figures measured).
 */
export function workerBytes(states: number, optional: boolean, maxBytes = DEFAULT_MAX_TABLE_BYTES): number {
  const tables = solverTables(states, optional, maxBytes);
  return THREAD_BYTES + sum(tables) + Math.max(...tables) / 2;
}

/** One later pass of a plan, and how many threads may run it at once. */
export interface PassFit {
  /** The pass's factor of --max-states and its budget. */
  factor: number;
  maxStates: number;
  /** Its bound per worker (workerBytes: a later pass grows the very tables of the first). */
  workerBytes: number;
  /** Threads that may solve its deals at once within `memory`: at most the workers; 0 when even one does not fit. */
  threads: number;
}

/** How many of `workers` threads may solve each later pass at once in `memory` bytes (a share of the machine's). */
export function fitPasses(
  factors: readonly number[],
  firstStates: number,
  optional: boolean,
  workers: number,
  memory: number,
  maxBytes = DEFAULT_MAX_TABLE_BYTES,
): PassFit[] {
  return factors.map((factor) => {
    const maxStates = firstStates * factor;
    const bytes = workerBytes(maxStates, optional, maxBytes);
    return { factor, maxStates, workerBytes: bytes, threads: Math.min(workers, Math.floor(memory / bytes)) };
  });
}
