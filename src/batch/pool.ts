// Solving the missing deals of a result table on a piscina pool: chunks of consecutive deal indices of one
// variant, each deal solved under every discard rule the table asks for (one worker, one deal, both rules in
// turn: they share their first searches, solve.ts), sized from the measured speed of each variant and
// handed out so that every variant advances at the same pace. The results never depend on the chunks, the
// worker count or the order in which chunks finish.

import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import type { MaxDiscardsMode } from '../core/search/solve.ts';
import { type DealRecord, type Outcome, type ResultTable, UNKNOWN, type DealResult, WON } from './results.ts';
import { type ChunkResult, type ChunkTask, FIELDS, type PolicySpec, fieldsOf } from './worker.ts';

export interface PoolOptions {
  workers: number;
  /** The budget of the pass solved (the first pass's, max_states, when `pass` is 0). */
  maxStates: number;
  /** The pass of the table's plan to solve (0, the default: the deals not solved yet; a later one: the
   *  deals unknown at the pass before, each a chunk of its own, on a solver of its own). */
  pass?: number;
  /** At most this many chunks at once (default: two per thread, so that no thread waits); a later pass's
   *  deals are solved on this many threads at most, so that their tables fit the machine's memory. */
  concurrency?: number;
  /** 'exact' (pin lost deals' max discards within the budget) or 'bounds' (stop at the verdict). */
  maxDiscards: MaxDiscardsMode;
  /** The most bytes one visited set of a worker's solver may take (default: the solver's). */
  maxTableBytes?: number;
  /** A later pass: threads that search each of its deals under the optional rule together (default 1). */
  dealThreads?: number;
  /** Aborting stops the workers at once; the chunks that finished stay in the table. */
  signal?: AbortSignal;
  /** Called after each finished chunk, per rule set solved in it: its slot, the deals solved, how many were
   *  won and how many decided (won or lost). */
  onChunk?: (slot: number, solved: number, won: number, decided: number) => void;
  /**
   * A pool from `createPool` (its thread count should be `workers`), to run on instead of a new one: it
   * stays open when the run completes, so that one pool serves several runs (the bench times solving, not
   * the threads' start-up). A run that stops early (abort, failure) destroys it.
   */
  pool?: SolverPool;
  /** The policy that plays the rule sets that have a `policy` (results.ts). */
  policy?: PolicySpec;
}

/** A pool of solver threads. */
export type SolverPool = Piscina<ChunkTask, ChunkResult>;

/**
 * The thread entry: compiled (dist/batch/worker.js), threads load the worker as it is; run from the TypeScript
 * sources (tests, bench), they start from a small entry that registers tsx, then loads worker.ts.
 */
export const WORKER = import.meta.url.endsWith('.js')
  ? new URL('./worker.js', import.meta.url).href
  : new URL('./worker-entry.mjs', import.meta.url).href;

/** A pool of `workers` solver threads running `filename` (the worker, or a module that serves it); its
 *  owner destroys it. */
export function createPool(workers: number, filename: string = WORKER): SolverPool {
  // Loaded on first use: piscina takes a third of the command's start-up, and most commands never need a pool.
  const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
  return new Pool<ChunkTask, ChunkResult>({
    filename,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
  });
}

export type PoolEnd =
  | { kind: 'complete' }
  | { kind: 'interrupted' }
  | { kind: 'failed'; index: number; slot: number; message: string }
  /** The pool itself reported an error that belongs to no deal (a thread that died holding no task). */
  | { kind: 'pool-failed'; message: string };

/** Seconds of work a chunk should hold once the speed of its rule set is known. */
const CHUNK_SECONDS = 0.5;
const MAX_CHUNK = 4096;

interface Chunk {
  /** Which group of rule sets (one variant): an index into `groups`. */
  group: number;
  start: number;
  count: number;
  /** The slots of the group's rule sets that miss some deal of the chunk: each deal is solved under these. */
  slots: number[];
}

/** Groups the rule sets of `table` by variant (slots in table order): a chunk is one group's deals. */
function groupsByVariant(table: ResultTable): number[][] {
  const groups: number[][] = [];
  for (const [slot, { variant }] of table.rulesets.entries()) {
    const group = groups.find((g) => table.rulesets[g[0]!]!.variant === variant);
    if (group === undefined) groups.push([slot]);
    else group.push(slot);
  }
  return groups;
}

/**
 * The chunks of one `solveMissing`: handed out so that every group advances at the same pace, sized from
 * each group's measured speed, and the chunks of a dead thread again deal by deal, then rule by rule.
 */
class ChunkPlan {
  private readonly groups: number[][];
  /** Per group: the runs of deals still to hand out, how many in all, and how many handed out. */
  private readonly runs: [number, number][][];
  private readonly total: number[];
  private readonly handedOut: number[];
  /** Per group: deals solved and the milliseconds they took (every rule of a deal together). */
  private readonly measured: { deals: number; ms: number }[];
  private readonly retries: Chunk[] = [];

  constructor(
    private readonly table: ResultTable,
    private readonly workers: number,
    private readonly pass: number,
  ) {
    this.groups = groupsByVariant(table);
    this.runs = this.groups.map((group) => table.pending(group, pass));
    this.total = this.runs.map((list) => list.reduce((n, [start, end]) => n + end - start, 0));
    this.handedOut = this.groups.map(() => 0);
    this.measured = this.groups.map(() => ({ deals: 0, ms: 0 }));
  }

  get empty(): boolean {
    return this.total.every((n) => n === 0);
  }

  /** The next chunk to solve: a retry first, else from the group furthest behind; undefined when none is left. */
  next(): Chunk | undefined {
    const retry = this.retries.shift();
    if (retry !== undefined) return retry;
    let group = -1;
    for (let g = 0; g < this.groups.length; g++) {
      if (this.handedOut[g] === this.total[g]) continue;
      if (group < 0 || this.handedOut[g]! / this.total[g]! < this.handedOut[group]! / this.total[group]!) group = g;
    }
    if (group < 0) return undefined;
    const run = this.runs[group]![0]!;
    const count = Math.min(this.chunkSize(group), run[1] - run[0]);
    const chunk = { group, start: run[0], count, slots: this.slotsMissing(group, run[0], count) };
    run[0] += count;
    if (run[0] === run[1]) this.runs[group]!.shift();
    this.handedOut[group]! += count;
    return chunk;
  }

  /** Records the speed of a finished chunk: `deals` solved under every rule in `ms`. */
  measure(chunk: Chunk, deals: number, ms: number): void {
    this.measured[chunk.group]!.deals += deals;
    this.measured[chunk.group]!.ms += ms;
  }

  /**
   * A thread died in `chunk`: its deals are solved again one by one to find the deal, a single deal's rules
   * one by one to find the rule set. False when the chunk is one deal under one rule set (the culprit).
   */
  retry(chunk: Chunk): boolean {
    if (chunk.count > 1) {
      for (let i = 0; i < chunk.count; i++) {
        const start = chunk.start + i;
        this.retries.push({ group: chunk.group, start, count: 1, slots: this.slotsMissing(chunk.group, start, 1) });
      }
      return true;
    }
    if (chunk.slots.length > 1) {
      for (const slot of chunk.slots) this.retries.push({ group: chunk.group, start: chunk.start, count: 1, slots: [slot] });
      return true;
    }
    return false;
  }

  private chunkSize(group: number): number {
    // A later pass's deals are few and slow (seconds to minutes each): one a chunk balances the threads.
    if (this.pass > 0) return 1;
    const { deals, ms } = this.measured[group]!;
    const bySpeed = deals === 0 ? 1 : Math.floor((deals / Math.max(ms, 1e-3)) * 1000 * CHUNK_SECONDS);
    // Never more than a quarter of a worker's share, so that the last chunks end together.
    const byShare = Math.ceil(this.total[group]! / (this.workers * 4));
    return Math.max(1, Math.min(bySpeed, byShare, MAX_CHUNK));
  }

  /** The group's slots that need this pass for some deal of `start … start + count − 1` (after --resume, or
   *  in a later pass, not always all). */
  private slotsMissing(group: number, start: number, count: number): number[] {
    return this.groups[group]!.filter((slot) => {
      for (let index = start; index < start + count; index++) if (this.table.needs(slot, index, this.pass)) return true;
      return false;
    });
  }
}

/** The deal and the slot of result `cell` of a chunk (ChunkResult.values' order). */
const cellOf = (chunk: Chunk, cell: number): { index: number; slot: number } => ({
  index: chunk.start + Math.floor(cell / chunk.slots.length),
  slot: chunk.slots[cell % chunk.slots.length]!,
});

/** The worker's task for `chunk`: its deals under the rules of its slots, played by the policy where one plays. */
function taskOf(table: ResultTable, chunk: Chunk, options: PoolOptions): ChunkTask {
  const { variant } = table.rulesets[chunk.slots[0]!]!;
  const rules = chunk.slots.map((slot) => table.rulesets[slot]!.rule);
  const task: ChunkTask = {
    seed: table.seed,
    start: chunk.start,
    count: chunk.count,
    variant,
    rules,
    maxStates: options.maxStates,
    maxDiscards: options.maxDiscards,
  };
  if ((options.pass ?? 0) > 0) {
    task.shrinkAfter = true;
    if ((options.dealThreads ?? 1) > 1) task.dealThreads = options.dealThreads!;
  }
  if (options.maxTableBytes !== undefined) task.maxTableBytes = options.maxTableBytes;
  if (table.rulesets.some((r) => r.policy !== undefined)) {
    if (options.policy === undefined) throw new Error('a rule set played by a policy, but no policy given');
    task.policies = chunk.slots.map(() => options.policy!);
    if (table.rulesets[chunk.slots[0]!]!.compare === true) task.compare = true;
  }
  return task;
}

/**
 * Puts a chunk's results into `table` (a deal that no longer needs this pass, one read by --resume, keeps
 * its record) and reports them per slot to `onChunk`. Returns the milliseconds the chunk's results took.
 */
function record(table: ResultTable, chunk: Chunk, result: ChunkResult, options: PoolOptions): number {
  const pass = options.pass ?? 0;
  /** Per slot of the table: the deals newly solved, won and decided. */
  const solved = table.rulesets.map(() => 0);
  const won = table.rulesets.map(() => 0);
  const decided = table.rulesets.map(() => 0);
  let ms = 0;
  const compare = table.rulesets[chunk.slots[0]!]!.compare === true;
  const fields = fieldsOf({ compare });
  const verdict = (at: number): DealResult => {
    ms += result.values[at + 4]!;
    return {
      outcome: result.values[at]! as Outcome,
      lower: result.values[at + 1]!,
      upper: result.values[at + 2]!,
      states: result.values[at + 3]!,
      ms: result.values[at + 4]!,
    };
  };
  for (let cell = 0; cell < result.solved; cell++) {
    const { index, slot } = cellOf(chunk, cell);
    const deal: DealRecord = verdict(cell * fields);
    if (compare) deal.solver = verdict(cell * fields + FIELDS);
    if (!table.needs(slot, index, pass)) continue;
    if (pass > 0) {
      deal.budget = options.maxStates;
      // The time of every pass so far: the cost of a deal is all its passes, not the one that decided it.
      const prior = table.get(slot, index);
      const before = prior?.msAll ?? prior?.ms ?? Number.NaN;
      if (!Number.isNaN(before) && !Number.isNaN(deal.ms)) deal.msAll = before + deal.ms;
    }
    solved[slot]! += 1;
    if (deal.outcome === WON) won[slot]! += 1;
    if (deal.outcome !== UNKNOWN) decided[slot]! += 1;
    table.set(slot, index, deal);
  }
  for (const slot of chunk.slots) if (solved[slot]! > 0) options.onChunk?.(slot, solved[slot]!, won[slot]!, decided[slot]!);
  return ms;
}

/**
 * Solves every deal of `table` not solved yet, under each of its rule sets, on `workers` threads, and
 * fills the table. Resolves when all are solved, when `signal` aborts, or at the first deal that throws or
 * worker that dies (a dying chunk is retried one deal at a time to name the deal).
 */
export async function solveMissing(table: ResultTable, options: PoolOptions): Promise<PoolEnd> {
  const { workers, signal } = options;
  const chunks = new ChunkPlan(table, workers, options.pass ?? 0);
  if (chunks.empty) return { kind: 'complete' };
  const pool = options.pool ?? createPool(workers);

  let end: PoolEnd | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (why: PoolEnd): void => {
    if (end !== undefined) return;
    end = why;
    stopping = pool.destroy();
  };
  const onAbort = (): void => stop({ kind: 'interrupted' });
  // The pool's own 'error' events (unhandled, one would end the process with a stack trace and lose the
  // finished deals). Once stopping, they carry nothing: piscina emits one when a worker's answer arrives
  // for a task that `destroy` has already dropped. Before that, one means a thread died holding no task
  // (a thread that dies on a task fails that task instead, and is handled below): the run stops, keeping
  // what is finished.
  const onPoolError = (error: unknown): void => {
    if (end !== undefined) return;
    stop({ kind: 'pool-failed', message: error instanceof Error ? error.message : String(error) });
  };
  pool.on('error', onPoolError);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const finished = (chunk: Chunk, result: ChunkResult): void => {
    chunks.measure(chunk, result.solved / chunk.slots.length, record(table, chunk, result, options));
    if (result.error !== undefined) stop({ kind: 'failed', ...cellOf(chunk, result.solved), message: result.error });
  };
  const died = (chunk: Chunk, error: unknown): void => {
    if (end !== undefined) return; // the pool was stopped under this chunk
    if (chunks.retry(chunk)) return;
    const message = error instanceof Error ? error.message : String(error);
    stop({ kind: 'failed', index: chunk.start, slot: chunk.slots[0]!, message: `the worker thread died (${message})` });
  };

  // Two chunks per thread in flight, so that no thread waits for its next one (or `concurrency`).
  const most = options.concurrency ?? workers * 2;
  await new Promise<void>((resolve) => {
    let inFlight = 0;
    const pump = (): void => {
      while (end === undefined && inFlight < most) {
        const chunk = chunks.next();
        if (chunk === undefined) break;
        inFlight += 1;
        pool
          .run(taskOf(table, chunk, options))
          .then(
            (result) => finished(chunk, result),
            (error: unknown) => died(chunk, error),
          )
          .finally(() => {
            inFlight -= 1;
            pump();
          });
      }
      if (inFlight === 0) resolve();
    };
    pump();
  });
  signal?.removeEventListener('abort', onAbort);
  if (stopping !== undefined) await stopping;
  else if (options.pool === undefined) await pool.destroy();
  else pool.off('error', onPoolError); // a borrowed pool that lives on
  return end ?? { kind: 'complete' };
}
