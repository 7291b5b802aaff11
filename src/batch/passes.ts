// The passes of an estimate run (--passes): a deal still unknown at the budget of one pass is solved again
// at the next, a multiple of --max-states; and what a pass may take in memory, so that the threads that run
// a large pass at once fit the machine (the tables' cap is --max-memory's, never the machine's: a pass that
// does not fit runs on fewer threads, with the same results).

import { DEFAULT_MAX_TABLE_BYTES, keptBytes, tableBytesFor } from '../core/engine/table.ts';
import { KEY_WORDS, PILE_KEY_WORDS } from '../core/engine/state.ts';
import { MAX_THREADS } from '../core/engine/shared-table.ts';

// The default passes and the reader of --passes live in options.ts, which imports nothing (the command
// line's options use them).
export { DEFAULT_ESCALATE_PASSES, readPassesOption } from './options.ts';

/** Bytes of a worker thread's own memory besides its search tables. */
const THREAD_BYTES = 64 * 2 ** 20;

/**
 * The most bytes one visited set (core/engine/table.ts) with keys of `keyWords` words may hold in a search of
 * `states` positions: what it reserves for them (every position stored, at 9/10 load), never past the cap
 * `maxBytes`. A table grows in place within that, so it never holds more, and resident memory follows the
 * positions actually stored (docs/estimate.md has the figures measured).
 */
export function tableBytes(states: number, keyWords: number, maxBytes = DEFAULT_MAX_TABLE_BYTES): number {
  return Math.min(maxBytes, tableBytesFor(Math.max(1, states), keyWords));
}

/**
 * The most memory one worker may take while it solves a deal at `states` positions: its thread and the larger
 * of its solver's tables (the forced rule's, and with `optional` the optional rule's: every deal under optional
 * is searched under forced first), with the other cut back to its kept size — a run of one width makes the
 * other give back its memory (core/search/solve.ts `Searches.run`).
 */
export function workerBytes(states: number, optional: boolean, maxBytes = DEFAULT_MAX_TABLE_BYTES): number {
  const forced = tableBytes(states, PILE_KEY_WORDS, maxBytes);
  if (!optional) return THREAD_BYTES + forced;
  const reduced = tableBytes(states, KEY_WORDS, maxBytes);
  return THREAD_BYTES + Math.max(forced + keptBytes(KEY_WORDS), reduced + keptBytes(PILE_KEY_WORDS));
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

/**
 * The threads that search each deal of each later pass together (docs/search.md#threads): `given`
 * (--deal-threads), or by default the workers that the pass's memory plan leaves idle (`fit.threads` of
 * `workers` solve at once) shared among the deals it solves at once — none where every worker runs, so that a
 * run's file stays the same byte for byte whatever the timing; then fewer where `memory` cannot hold each
 * deal's helpers (THREAD_BYTES each) beside its tables. 1 for a run with no optional rule set: only the
 * optional rule's searches run on a group.
 */
export function dealThreadsFor(fits: readonly PassFit[], optional: boolean, workers: number, memory: number, given?: number): number[] {
  return fits.map((fit) => {
    if (!optional || fit.threads < 1) return 1;
    let threads = Math.min(MAX_THREADS, given ?? Math.max(1, Math.floor(workers / fit.threads)));
    while (threads > 1 && fit.threads * (fit.workerBytes + (threads - 1) * THREAD_BYTES) > memory) threads -= 1;
    return threads;
  });
}
