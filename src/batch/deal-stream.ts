// Many deals given as they are (`acesup solve` reading a file or standard input), solved on a pool of worker
// threads with passes at growing budgets, as the estimate's are: every deal first at the first budget (deals
// handed out in chunks sized from the measured speed), then each deal still unknown solved again at each later
// budget in turn, one deal a task, as many at once as the machine's memory holds at that budget. The later
// passes are for verdicts: a lost deal's max discards is pinned as far as the budget of the pass that proved the
// loss allows (--max-discards exact), never by a pass of its own, which would cost more than the verdicts. Answers are
// handed over in input order as soon as a deal and every deal before it are done (GNU parallel's --keep-order),
// reading ahead at most WINDOW deals. One thread per deal: a deal's answer depends on the deal and the budgets
// alone, never on the workers or the timing (a --time-limit aside).

import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import type { Deal } from '../core/game/cards.ts';
import { parseMoves } from '../core/game/notation.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import type { MaxDiscardsMode, SolveResult } from '../core/search/solve.ts';
import { type TimedAnswer, combine, isOpen } from '../core/search/time-limit.ts';
import { WORKER } from './pool.ts';
import type { CellAnswer, DealCell, DealsResult, DealsTask } from './worker.ts';

export interface StreamOptions {
  variants: readonly Variant[];
  rule: DiscardRule;
  /** The budget of every pass, the first's included. */
  budgets: readonly number[];
  /** Per later pass, how many deals may be solved at it at once (the memory plan: passes.ts fitPasses). */
  passThreads: readonly number[];
  maxDiscards: MaxDiscardsMode;
  maxTableBytes?: number;
  /** Milliseconds each deal × variant may take over all its passes; 0: no clock, every budget. */
  timeLimitMs: number;
  workers: number;
  /** Aborting stops the workers at once; the deals answered so far have been handed over. */
  signal?: AbortSignal;
  /** The module the pool's threads run (pool.ts's WORKER by default): it exports `solveDeals`. */
  workerFile?: string;
}

/** A deal to solve, with what the caller knows it by (its line number). */
export interface StreamItem<T> {
  deal: Deal;
  tag: T;
}

export type StreamEnd<T> =
  | { kind: 'complete' }
  | { kind: 'interrupted' }
  | { kind: 'failed'; tag: T; variant: Variant; message: string }
  /** The pool itself reported an error that belongs to no deal. */
  | { kind: 'pool-failed'; message: string };

/** Deals read ahead of the first one not yet handed over, at most. */
const WINDOW = 1024;
/** Milliseconds of work a first-pass chunk should hold once the speed is known, and its most deals. */
const CHUNK_MS = 250;
const MAX_CHUNK = 64;

interface Cell {
  variant: Variant;
  /** The pass to run next (an index into the budgets), and the answer so far. */
  pass: number;
  answer?: TimedAnswer;
  final: boolean;
}

interface Slot<T> {
  seq: number;
  item: StreamItem<T>;
  cells: Cell[];
}

/** A task in flight: the cells it holds, each by its slot and variant. */
interface Job {
  pass: number;
  cells: { seq: number; cell: number }[];
}

/** The solver's result of a worker's answer (a win's moves read back). */
function resultOf(answer: CellAnswer): SolveResult {
  if (answer.result === 'won') return { result: 'won', states: answer.states, solution: parseMoves(answer.solution!.join(',')) };
  if (answer.result === 'lost') return { result: 'lost', states: answer.states, lower: answer.lower, upper: answer.upper };
  return { result: 'unknown', states: answer.states, lower: answer.lower, upper: answer.upper, limit: answer.limit ?? 'states' };
}

/**
 * Solves the deals of `items` on a pool and hands each deal's answers (one per variant) to `onDeal` in input
 * order. Resolves when every deal is answered, when `signal` aborts, or at the first deal that throws or worker
 * that dies (a dying chunk is solved again deal by deal, to name the deal).
 */
export async function solveStream<T>(
  items: AsyncIterable<StreamItem<T>>,
  options: StreamOptions,
  onDeal: (item: StreamItem<T>, answers: TimedAnswer[]) => void,
): Promise<StreamEnd<T>> {
  const { budgets, variants, workers, signal } = options;
  const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
  let pool: Piscina<DealsTask, DealsResult> | undefined;
  const slots = new Map<number, Slot<T>>();
  /** The next deal to hand over, and the next number to give a deal read. */
  let next = 0;
  let read = 0;
  let exhausted = false;
  /** First passes not handed out yet (deal numbers, in order), and later passes (slot, cell) waiting. */
  const firsts: number[] = [];
  const laters: { seq: number; cell: number; pass: number }[] = [];
  const inFlightAt = budgets.map(() => 0);
  let inFlight = 0;
  const retries: Job[] = [];
  const speed = { cells: 0, ms: 0 };
  let end: StreamEnd<T> | undefined;
  let wake: (() => void) | undefined;
  let done: (() => void) | undefined;
  let readError: unknown;

  const finish = (why: StreamEnd<T>): void => {
    if (end !== undefined) return;
    end = why;
    wake?.();
    done?.();
  };
  const onAbort = (): void => finish({ kind: 'interrupted' });

  /** Hands over every deal answered in full, in order. */
  const handOver = (): void => {
    for (;;) {
      const slot = slots.get(next);
      if (slot === undefined || !slot.cells.every((cell) => cell.final)) break;
      slots.delete(next);
      next += 1;
      onDeal(
        slot.item,
        slot.cells.map((cell) => cell.answer!),
      );
    }
    wake?.();
    if (exhausted && next === read) finish({ kind: 'complete' });
  };

  const chunkSize = (): number =>
    speed.cells === 0 ? 1 : Math.max(1, Math.min(MAX_CHUNK, Math.floor((CHUNK_MS * speed.cells) / Math.max(speed.ms, 1e-3))));

  const record = (job: Job, result: DealsResult): void => {
    result.answers.forEach((answer, i) => {
      const { seq, cell: at } = job.cells[i]!;
      const cell = slots.get(seq)!.cells[at]!;
      const before = cell.answer;
      const solved = resultOf(answer);
      const combined = before === undefined ? solved : combine(before.result, solved);
      const ms = (before?.ms ?? 0) + answer.ms;
      cell.answer = { result: combined, maxStates: budgets[job.pass]!, passes: job.pass + 1, ms };
      cell.pass = job.pass + 1;
      const timeLeft = options.timeLimitMs === 0 || ms < options.timeLimitMs;
      if (isOpen(combined, 'bounds') && cell.pass < budgets.length && timeLeft) laters.push({ seq, cell: at, pass: cell.pass });
      else cell.final = true;
      if (job.pass === 0) {
        speed.cells += 1;
        speed.ms += answer.ms;
      }
    });
    if (result.error !== undefined) {
      const { seq, cell } = job.cells[result.answers.length]!;
      finish({ kind: 'failed', tag: slots.get(seq)!.item.tag, variant: variants[cell]!, message: result.error });
    }
  };

  const taskOf = (job: Job): DealsTask => {
    const cells: DealCell[] = job.cells.map(({ seq, cell }) => {
      const slot = slots.get(seq)!;
      const spent = slot.cells[cell]!.answer?.ms ?? 0;
      return {
        deal: slot.item.deal,
        variant: variants[cell]!,
        rule: options.rule,
        ...(options.timeLimitMs === 0 ? {} : { timeLimitMs: Math.max(1, options.timeLimitMs - spent) }),
      };
    });
    return {
      cells,
      maxStates: budgets[job.pass]!,
      maxDiscards: options.maxDiscards,
      ...(options.maxTableBytes === undefined ? {} : { maxTableBytes: options.maxTableBytes }),
      ...(job.pass > 0 ? { shrinkAfter: true } : {}),
    };
  };

  const run = (job: Job): void => {
    inFlight += 1;
    inFlightAt[job.pass]! += 1;
    pool ??= new Pool<DealsTask, DealsResult>({
      filename: options.workerFile ?? WORKER,
      name: 'solveDeals',
      minThreads: workers,
      maxThreads: workers,
      idleTimeout: 60_000,
    });
    if (pool.listenerCount('error') === 0)
      // An error of the pool that belongs to no task (a thread that died holding none): the run stops.
      pool.on('error', (error: unknown) =>
        finish({ kind: 'pool-failed', message: error instanceof Error ? error.message : String(error) }),
      );
    pool
      .run(taskOf(job))
      .then(
        (result) => {
          if (end === undefined) record(job, result);
        },
        (error: unknown) => {
          if (end !== undefined) return;
          // A thread died: the chunk's deals again one by one, to name the deal.
          if (job.cells.length > 1) for (const cell of job.cells) retries.push({ pass: job.pass, cells: [cell] });
          else {
            const { seq, cell } = job.cells[0]!;
            const message = error instanceof Error ? error.message : String(error);
            finish({
              kind: 'failed',
              tag: slots.get(seq)!.item.tag,
              variant: variants[cell]!,
              message: `the worker thread died (${message})`,
            });
          }
        },
      )
      .finally(() => {
        inFlight -= 1;
        inFlightAt[job.pass]! -= 1;
        if (end !== undefined) return;
        handOver();
        pump();
      });
  };

  /** Hands out work while threads may take it: retries, then the later passes of the earliest deals (they hold
   *  back the output) as the memory plan allows, then first passes. */
  const pump = (): void => {
    while (end === undefined && inFlight < 2 * workers) {
      const retry = retries.shift();
      if (retry !== undefined) {
        run(retry);
        continue;
      }
      laters.sort((a, b) => a.seq - b.seq || a.cell - b.cell);
      const later = laters.findIndex(({ pass }) => inFlightAt[pass]! < options.passThreads[pass - 1]!);
      if (later >= 0) {
        const [{ seq, cell, pass }] = laters.splice(later, 1) as [(typeof laters)[number]];
        run({ pass, cells: [{ seq, cell }] });
        continue;
      }
      if (firsts.length === 0) break;
      const seqs = firsts.splice(0, chunkSize());
      run({ pass: 0, cells: seqs.flatMap((seq) => variants.map((_, cell) => ({ seq, cell }))) });
    }
  };

  if (signal?.aborted) return { kind: 'interrupted' };
  signal?.addEventListener('abort', onAbort, { once: true });
  const finished = new Promise<void>((resolve) => {
    done = resolve;
  });
  try {
    // Reads the deals, at most WINDOW ahead of the first not handed over.
    const reading = (async () => {
      try {
        for await (const item of items) {
          if (end !== undefined) return;
          while (read - next >= WINDOW && end === undefined) await new Promise<void>((resolve) => (wake = resolve));
          if (end !== undefined) return;
          const seq = read++;
          slots.set(seq, { seq, item, cells: variants.map((variant) => ({ variant, pass: 0, final: false })) });
          firsts.push(seq);
          pump();
        }
        exhausted = true;
        handOver();
      } catch (error) {
        readError = error;
        finish({ kind: 'complete' });
      }
    })();
    await finished;
    if (readError !== undefined) throw readError;
    // Stopped early: the reading is left where it waits (the caller closes its input).
    if (end!.kind === 'complete') await reading;
    return end!;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await pool?.destroy();
  }
}
