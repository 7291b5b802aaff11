// The shared state of a group of threads that search one deal together (group-search.ts, docs/search.md#threads):
// the table every thread stores into, the job the first thread hands out, and per thread what the others
// read: the positions it claimed and has not finished, the stored positions on its stack, its counts and its
// result. Plain memory (SharedArrayBuffer and Atomics): the core starts no threads; the CLI does, and gives
// each the same `GroupMemory`.

import { FRAME } from '../engine/state.ts';
import { segmentsFor } from '../engine/table.ts';
import { MAX_THREADS, SharedTable, type SharedTableMemory, sharedTableMemory } from '../engine/shared-table.ts';

/** Deepest stack a thread publishes (search.ts MAX_DEPTH). */
export const GROUP_DEPTH = 2048;
/** Longest winning line the group hands back (search.ts MAX_LINE). */
const GROUP_LINE = GROUP_DEPTH + 256;

// Control words.
/** The job's number: helpers wait for it to change; -1 tells them to quit. */
export const JOB = 0;
/** Helpers still in the current job. */
export const RUNNING = 1;
/** Set to stop every thread's search (a win, the budget, a full table, the caller's poll). */
export const STOP = 2;
/** The thread that stored the start position has finished it. */
export const ROOT_DONE = 3;
/** The most discards any thread reached (at least the job's `atLeast`). */
export const BEST = 4;
/** The thread whose win the group reports, or -1. */
export const WINNER = 5;
/** The winning line's length (its moves and final frame follow in `WIN_AT`). */
export const WIN_LENGTH = 6;
/** The job: which search (its variant and flags), atLeast, whether it starts from a frame, the frame, the deal. */
export const SPEC = 7;
export const AT_LEAST = 8;
export const HAS_FROM = 9;
/** A helper's search threw: the group stops, and thread 0 throws too (the run's result would be incomplete). */
export const FAILED = 10;
export const FROM_AT = 16;
export const DEAL_AT = FROM_AT + FRAME;
/** Per thread, `THREAD_WORDS` words from THREADS_AT + t · THREAD_WORDS (a cache line or more apart). */
const THREADS_AT = DEAL_AT + 64;
export const THREAD_WORDS = 32;
/** Per-thread words: claims unfinished, claims ever made, stored frames on its stack, and its result. */
export const CLAIMS = 0;
export const EVER = 1;
export const TOP = 2;
export const R_STATUS = 3;
export const R_BEST = 4;
export const R_REACHED = 5;
export const R_UPPER = 6;
export const R_FULL = 7;
/** Per thread: the slots of the stored positions on its stack, GROUP_DEPTH words each. */
export const PATHS_AT = THREADS_AT + MAX_THREADS * THREAD_WORDS;
export const WIN_AT = PATHS_AT + MAX_THREADS * GROUP_DEPTH;
const CONTROL_WORDS = WIN_AT + GROUP_LINE + FRAME;

/** Result statuses a thread writes. */
export const R_EXHAUSTED = 1;
export const R_ABORTED = 2;
export const R_WON = 3;

/** What every thread of a group is given. */
export interface GroupMemory {
  threads: number;
  control: SharedArrayBuffer;
  /** Per thread, positions searched in the current job (written by that thread only); [0] the job's budget. */
  counts: SharedArrayBuffer;
  table: SharedTableMemory;
}

/** The memory of a group of `threads` threads over one table of `tableBytes` for keys of `keyWords` words. */
export function groupMemory(threads: number, keyWords: number, tableBytes: number): GroupMemory {
  if (!Number.isInteger(threads) || threads < 2 || threads > MAX_THREADS) throw new Error(`a group has 2 to ${MAX_THREADS} threads`);
  return {
    threads,
    control: new SharedArrayBuffer(CONTROL_WORDS * 4),
    counts: new SharedArrayBuffer((MAX_THREADS + 1) * 8),
    // A segment per thread at least (up to 8): the threads move segments of a growth side by side.
    table: sharedTableMemory(keyWords, tableBytes, Math.max(segmentsFor(tableBytes), Math.min(8, 2 ** Math.ceil(Math.log2(threads))))),
  };
}

/** One thread's view of its group. */
export class SearchGroup {
  readonly threads: number;
  readonly control: Int32Array;
  readonly counts: Float64Array;
  readonly table: SharedTable;

  constructor(
    readonly memory: GroupMemory,
    /** This thread's index: 0 is the thread that hands out the jobs. */
    readonly thread: number,
  ) {
    this.threads = memory.threads;
    this.control = new Int32Array(memory.control);
    this.counts = new Float64Array(memory.counts);
    this.table = new SharedTable(memory.table);
  }

  /** The word `word` of thread `t`'s block. */
  at(t: number, word: number): number {
    return THREADS_AT + t * THREAD_WORDS + word;
  }

  /** Positions searched by every thread in this job (each thread's count as last published). */
  totalStates(): number {
    let states = 0;
    for (let t = 0; t < this.threads; t++) states += this.counts[1 + t]!;
    return states;
  }

  /** Raises the shared best to `best`. */
  raiseBest(best: number): number {
    const c = this.control;
    for (;;) {
      const now = Atomics.load(c, BEST);
      if (now >= best) return now;
      if (Atomics.compareExchange(c, BEST, now, best) === now) return best;
    }
  }

  /** Whether slot `slot` is a stored position on the stack of a thread other than this one. */
  onAnotherStack(slot: number): boolean {
    const c = this.control;
    for (let t = 0; t < this.threads; t++) {
      if (t === this.thread) continue;
      const top = Math.min(GROUP_DEPTH, Atomics.load(c, this.at(t, TOP)));
      const from = PATHS_AT + t * GROUP_DEPTH;
      for (let d = 0; d < top; d++) if (Atomics.load(c, from + d) === slot) return true;
    }
    return false;
  }

  /**
   * Whether the search is complete (Lemma T, docs/search.md#threads): the start position's claim is finished,
   * and two reads of every thread's (claims unfinished, claims ever) find no claim unfinished and nothing
   * changed between them, so that at one moment every stored position had been finished.
   */
  complete(): boolean {
    const c = this.control;
    if (Atomics.load(c, ROOT_DONE) !== 1) return false;
    const ever: number[] = [];
    for (let t = 0; t < this.threads; t++) {
      if (Atomics.load(c, this.at(t, CLAIMS)) !== 0) return false;
      ever.push(Atomics.load(c, this.at(t, EVER)));
    }
    for (let t = 0; t < this.threads; t++) {
      if (Atomics.load(c, this.at(t, CLAIMS)) !== 0 || Atomics.load(c, this.at(t, EVER)) !== ever[t]) return false;
    }
    return true;
  }

  /** Sleeps up to `ms` or until `word` changes from `value` (a thread that waits for work or for the others). */
  wait(word: number, value: number, ms: number): void {
    Atomics.wait(this.control, word, value, ms);
  }
}
