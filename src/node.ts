// The package's Node entry (`import … from 'acesup/node'`): everything the main entry has, a deal solved on
// threads of its own (solveOnThreads: the caller stays free, a signal stops it at once, a hard deal gets every
// core), and the win rate over many seeded deals solved on worker threads (the estimate's pool, batch/pool.ts),
// which a browser cannot run.

import { availableParallelism } from 'node:os';
import { solveDealOnThread } from './batch/deal-thread.ts';
import { solveMissing } from './batch/pool.ts';
import { LOST, ResultTable, UNKNOWN, WON } from './batch/results.ts';
import { winRate } from './core/stats.ts';
import {
  DEFAULT_MAX_STATES,
  type Deal,
  type GameOptions,
  MAX_INDEX,
  MAX_SEED,
  type SolveOptions,
  type Verdict,
  progressOf,
  verdictOf,
} from './core/api.ts';
import { dealIn, rulesOf, searchOptions, statesOption, timeLimitOf, wholeNumber } from './core/api-input.ts';
import { KEY_WORDS } from './core/engine/state.ts';
import { DEFAULT_MAX_TABLE_BYTES } from './core/engine/table.ts';
import { groupMemory } from './core/search/group.ts';

export * from './index.ts';

export interface EstimateOptions extends GameOptions {
  /** How many deals: index … index + deals − 1 of the seed. */
  deals: number;
  /** The seed (default 1) and the first deal's index (default 0). */
  seed?: number;
  index?: number;
  /** Positions each deal may take (default 2,000,000); past it the deal is unknown. */
  maxStates?: number;
  /** Worker threads (default: the cores of this machine). */
  workers?: number;
  /** Aborting stops the workers; the promise then rejects. */
  signal?: AbortSignal;
}

export interface Estimate {
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  /** The share won: from won/deals (every unknown lost) to (won + unknown)/deals (every unknown won). */
  winRate: { low: number; high: number };
  /** Its 95% interval: Wilson's low end of the first to Wilson's high end of the second. */
  ci95: { low: number; high: number };
}

export interface ThreadOptions extends SolveOptions {
  /** Threads that search a deal still open after its first pass together, over one shared table (the optional
   *  rule's searches; default: the cores of this machine). The first pass runs on one thread: a deal it settles
   *  gets the same answer every run, and never starts the others. */
  threads?: number;
}

/**
 * `solve` on threads of its own: the same answer, as a promise, while the calling thread stays free. `signal` stops
 * it at once, resolving with the bounds proven so far (`stoppedBy: 'aborted'`); `onProgress` is called about
 * every 100 ms. A deal the first pass does not settle is searched by `threads` threads from its second pass (with a
 * `timeLimit`: without one there is one pass); their count of positions and the winning line they find may differ
 * from run to run, their verdict and exact max discards never.
 */
export async function solveOnThreads(deal: string | Deal, options: ThreadOptions = {}): Promise<Verdict> {
  const game = rulesOf(options);
  const cards = dealIn(deal, game.reading);
  const search = searchOptions(cards, options, game);
  const timeLimit = timeLimitOf(options);
  const threads = wholeNumber(options.threads ?? availableParallelism(), 'threads', 1, 64);
  const group =
    threads > 1 && search.rule === 'optional' && timeLimit > 0 ? groupMemory(threads, KEY_WORDS, DEFAULT_MAX_TABLE_BYTES) : undefined;
  let verdict: Verdict | undefined;
  const { onProgress } = options;
  await solveDealOnThread(
    {
      deal: cards,
      options: [search],
      deadline: timeLimit === 0 ? 0 : Date.now() + timeLimit * 1000,
      maxTableBytes: DEFAULT_MAX_TABLE_BYTES,
      ...(group === undefined ? {} : { group }),
    },
    {
      answer: (_index, answer, info) => {
        verdict = verdictOf(answer.result, info.stopped ? 'aborted' : 'time', game.reading.formatMove);
      },
      ...(onProgress === undefined ? {} : { progress: (p) => onProgress(progressOf(p)) }),
    },
    options.signal,
  );
  return verdict!;
}

/**
 * Solves the deals on a pool of worker threads, the verdict only (lost deals' max discards are not pinned), and
 * counts them: the same figures as `acesup estimate --max-states N --passes none` over those deals.
 */
export async function estimateWinRate(options: EstimateOptions): Promise<Estimate> {
  const { variant, rule } = rulesOf(options);
  const seed = wholeNumber(options.seed ?? 1, 'seed', 0, MAX_SEED);
  const first = wholeNumber(options.index ?? 0, 'index', 0, MAX_INDEX);
  const deals = wholeNumber(options.deals, 'deals', 1, MAX_INDEX - first + 1);
  const maxStates = statesOption(options.maxStates, 'maxStates', DEFAULT_MAX_STATES);
  const workers = wholeNumber(options.workers ?? availableParallelism(), 'workers', 1, 1024);
  const table = new ResultTable(seed, first, deals, [{ variant, rule }]);
  const end = await solveMissing(table, {
    workers,
    maxStates,
    maxDiscards: 'bounds',
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (end.kind === 'interrupted') throw new Error('the estimate was aborted');
  if (end.kind === 'failed') throw new Error(`deal ${end.index} failed: ${end.message}`);
  if (end.kind === 'pool-failed') throw new Error(`the worker pool failed: ${end.message}`);
  const counts = { [WON]: 0, [LOST]: 0, [UNKNOWN]: 0 };
  for (let index = first; index < first + deals; index++) counts[table.get(0, index)!.outcome] += 1;
  const rate = winRate(counts[WON], counts[UNKNOWN], deals);
  return {
    deals,
    won: counts[WON],
    lost: counts[LOST],
    unknown: counts[UNKNOWN],
    winRate: { low: rate.low, high: rate.high },
    ci95: rate.ci95,
  };
}
