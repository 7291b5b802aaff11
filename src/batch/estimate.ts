// Solving the missing deals of a result table on a piscina pool: chunks of consecutive deal indices, sized
// from the measured speed of each rule set, handed out so that every rule set advances at the same pace.
// The results never depend on the chunks, the worker count or the order in which chunks finish.

import { Piscina } from 'piscina';
import type { MaxDiscardsMode } from '../core/solve.ts';
import { rulesetName, type Outcome, ResultTable, WON } from './results.ts';
import { type ChunkResult, type ChunkTask, FIELDS } from './worker.ts';

export interface PoolOptions {
  workers: number;
  maxStates: number;
  /** 'exact' (pin lost deals' max discards within the budget) or 'bounds' (stop at the verdict). */
  maxDiscards: MaxDiscardsMode;
  /** Aborting stops the workers at once; the chunks that finished stay in the table. */
  signal?: AbortSignal;
  /** Called after each finished chunk with the rule set's slot, the deals it solved and how many were won. */
  onChunk?: (slot: number, solved: number, won: number) => void;
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
  slot: number;
  start: number;
  count: number;
}

/**
 * Solves every deal of `table` not solved yet, under each of its rule sets, on `workers` threads, and
 * fills the table. Resolves when all are solved, when `signal` aborts, or at the first deal that throws or
 * worker that dies (a dying chunk is retried one deal at a time to name the deal).
 */
export async function solveMissing(table: ResultTable, options: PoolOptions): Promise<PoolEnd> {
  const { workers, maxStates, maxDiscards, signal } = options;
  const slots = table.rulesets.length;
  const runs = Array.from({ length: slots }, (_, slot) => table.missing(slot));
  const total = runs.map((list) => list.reduce((n, [start, end]) => n + end - start, 0));
  const handedOut = new Array<number>(slots).fill(0);
  const measured = Array.from({ length: slots }, () => ({ deals: 0, ms: 0 }));
  const retries: Chunk[] = [];
  if (total.every((n) => n === 0)) return { kind: 'complete' };

  const pool = new Piscina<ChunkTask, ChunkResult>({
    // The worker is TypeScript: each thread starts from a small entry that registers tsx, then loads it.
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: 60_000,
  });

  const chunkSize = (slot: number): number => {
    const { deals, ms } = measured[slot]!;
    const bySpeed = deals === 0 ? 1 : Math.floor((deals / Math.max(ms, 1e-3)) * 1000 * CHUNK_SECONDS);
    // Never more than a quarter of a worker's share, so that the last chunks end together.
    const byShare = Math.ceil(total[slot]! / (workers * 4));
    return Math.max(1, Math.min(bySpeed, byShare, MAX_CHUNK));
  };

  const nextChunk = (): Chunk | undefined => {
    const retry = retries.shift();
    if (retry !== undefined) return retry;
    let slot = -1;
    for (let s = 0; s < slots; s++) {
      if (handedOut[s] === total[s]) continue;
      if (slot < 0 || handedOut[s]! / total[s]! < handedOut[slot]! / total[slot]!) slot = s;
    }
    if (slot < 0) return undefined;
    const run = runs[slot]![0]!;
    const count = Math.min(chunkSize(slot), run[1] - run[0]);
    const chunk = { slot, start: run[0], count };
    run[0] += count;
    if (run[0] === run[1]) runs[slot]!.shift();
    handedOut[slot]! += count;
    return chunk;
  };

  let end: PoolEnd | undefined;
  let inFlight = 0;
  let stopping: Promise<void> | undefined;
  const stop = (why: PoolEnd): void => {
    if (end !== undefined) return;
    end = why;
    stopping = pool.destroy();
  };
  const onAbort = (): void => stop({ kind: 'interrupted' });
  // The pool's own 'error' events (unhandled, one would end the process with a stack trace and lose the
  // finished deals). Once stopping, they carry nothing: piscina emits one when a worker's answer arrives
  // for a task that `destroy` has already dropped (seen in a test run where a deal failed). Before that,
  // one means a thread died holding no task (a thread that dies on a task fails that task instead, and
  // is handled below): the run stops, keeping what is finished.
  pool.on('error', (error: unknown) => {
    if (end !== undefined) return;
    stop({ kind: 'pool-failed', message: error instanceof Error ? error.message : String(error) });
  });
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });

  const record = (chunk: Chunk, result: ChunkResult): void => {
    let won = 0;
    let ms = 0;
    for (let i = 0; i < result.solved; i++) {
      const at = i * FIELDS;
      const outcome = result.values[at]! as Outcome;
      if (outcome === WON) won += 1;
      ms += result.values[at + 4]!;
      table.set(chunk.slot, chunk.start + i, {
        outcome, lower: result.values[at + 1]!, upper: result.values[at + 2]!, states: result.values[at + 3]!, ms: result.values[at + 4]!,
      });
    }
    measured[chunk.slot]!.deals += result.solved;
    measured[chunk.slot]!.ms += ms;
    if (result.solved > 0) options.onChunk?.(chunk.slot, result.solved, won);
  };

  await new Promise<void>((resolve) => {
    const pump = (): void => {
      while (end === undefined && inFlight < workers * 2) {
        const chunk = nextChunk();
        if (chunk === undefined) break;
        inFlight += 1;
        const { variant, discards } = table.rulesets[chunk.slot]!;
        pool.run({ seed: table.seed, start: chunk.start, count: chunk.count, variant, discards, maxStates, maxDiscards })
          .then(
            (result) => {
              record(chunk, result);
              if (result.error !== undefined) {
                stop({ kind: 'failed', index: chunk.start + result.solved, slot: chunk.slot, message: result.error });
              }
            },
            (error: unknown) => {
              if (end !== undefined) return; // the pool was stopped under this chunk
              if (chunk.count > 1) {
                // A thread died somewhere in the chunk: solve it again deal by deal to find the deal.
                for (let i = 0; i < chunk.count; i++) retries.push({ slot: chunk.slot, start: chunk.start + i, count: 1 });
                return;
              }
              const message = error instanceof Error ? error.message : String(error);
              stop({ kind: 'failed', index: chunk.start, slot: chunk.slot, message: `the worker thread died (${message})` });
            },
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
  else await pool.destroy();
  return end ?? { kind: 'complete' };
}

/** `deal 12 (standard/optional)`, for messages. */
export const dealName = (table: ResultTable, index: number, slot: number): string =>
  `deal ${index} of seed ${table.seed} (${rulesetName(table.rulesets[slot]!)})`;
