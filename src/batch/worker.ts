// A pool worker: solves a chunk of consecutive deals of one seed under one variant and one or both discard
// rules (the estimate's), or a list of deals given as they are (`solveDeals`: `acesup solve`'s many deals),
// keeping one Solver (and its search tables) for every chunk this thread is given.

import type { Policy } from '../core/play/game.ts';
import { playGame } from '../core/play/game.ts';
import { type PolicyName, type PolicySettings, makePolicy } from '../core/play/policies.ts';
import { Rng } from '../core/game/random.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { type MaxDiscardsMode, Solver, discardBounds, quitGroup } from '../core/search/solve.ts';
import { type GroupMemory, groupMemory } from '../core/search/group.ts';
import type { Worker } from 'node:worker_threads';
import { DEFAULT_MAX_TABLE_BYTES } from '../core/engine/table.ts';
import { KEY_WORDS } from '../core/engine/state.ts';
import { startHelpers } from './group-threads.ts';
import { collectGarbage } from './collect.ts';
import { tableBytes } from './passes.ts';
import { replay } from '../core/game/verify.ts';
import { formatMove } from '../core/game/notation.ts';
import { GROWTH_MS_PER_POSITION } from '../core/search/time-limit.ts';
import type { SolveLimit } from '../core/search/solve.ts';
import { dealFor } from '../core/game/deals.ts';
import { LOST, UNKNOWN, WON } from './results.ts';

export interface ChunkTask {
  seed: number;
  /** First deal index of the chunk. */
  start: number;
  count: number;
  variant: Variant;
  /** The discard rules to solve each deal under, in turn: one deal under both rules on one solver pays once
   *  for the searches the two share (solve.ts, `Solver.run`). */
  rules: DiscardRule[];
  maxStates: number;
  /** 'exact': pin a lost deal's max discards within the budget; 'bounds': stop at the verdict. */
  maxDiscards: MaxDiscardsMode;
  /** Per entry of `rules`: the policy that plays the deal instead of the solver (absent: the solver). */
  policies?: (PolicySpec | null)[];
  /** With `policies`: solve each deal exactly too, its verdict beside the game (`--compare solver`). */
  compare?: boolean;
  /** Shrink the solver's tables back to their default size after the chunk: a later pass's tables (a larger
   *  budget) are then not kept by a thread that goes back to waiting. */
  shrinkAfter?: boolean;
  /** The most bytes one visited set may take (--max-memory; default: the solver's 4 GiB). */
  maxTableBytes?: number;
  /** Threads that search each deal under the optional rule together, this one and helpers started for the
   *  chunk over one shared table (docs/search.md#threads); 1 or absent: this thread alone. */
  dealThreads?: number;
}

/** A policy to play deals with (policies.ts). */
export interface PolicySpec {
  name: PolicyName;
  settings: PolicySettings;
}

/** Numbers per verdict in `ChunkResult.values`: outcome, max-discards lower and upper bounds, states, ms. */
export const FIELDS = 5;

/** Numbers per result of `task`: a verdict, and with `compare` the solver's after it. */
export const fieldsOf = (task: Pick<ChunkTask, 'compare'>): number => (task.compare === true ? 2 * FIELDS : FIELDS);

export interface ChunkResult {
  /** `fieldsOf(task)` numbers per result: deal by deal in index order from `start`, and each deal rule by
   *  rule, as in `rules`. */
  values: Float64Array;
  /** Results solved: `count` × the rules, or fewer when the result after them threw. */
  solved: number;
  /** The message of the error that result `solved` threw (deal `start + ⌊solved / rules⌋`). */
  error?: string;
}

/** This thread's solver per table cap (the solver's default cap when undefined): its tables are kept from deal
 *  to deal, and from pass to pass. */
const solvers = new Map<number | undefined, Solver>();
const solverFor = (maxTableBytes: number | undefined): Solver => {
  let solver = solvers.get(maxTableBytes);
  if (solver === undefined) {
    solver = new Solver({ ...(maxTableBytes === undefined ? {} : { maxTableBytes }), released: collectGarbage });
    solvers.set(maxTableBytes, solver);
  }
  return solver;
};
/** The policies of this thread, by name, settings, variant and rule (pimc keeps solver tables, expert its buffers). */
const policies = new Map<string, Policy>();

/**
 * Plays deal `index` of `seed` with a policy: the game's random stream is seeded by (seed, index) alone, so
 * a deal's game is the same whatever thread plays it. Won means 48 discards; the discards are exact.
 */
function playDeal(
  spec: PolicySpec,
  seed: number,
  index: number,
  deal: Uint8Array,
  variant: Variant,
  rule: DiscardRule,
): { won: boolean; discarded: number; states: number } {
  const key = `${spec.name}/${JSON.stringify(spec.settings)}/${variant}/${rule}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = makePolicy(spec.name, variant, rule, spec.settings);
    policies.set(key, policy);
  }
  const game = playGame(deal, policy, variant, rule, new Rng(seed, index));
  // Every win is checked by the independent referee before it counts.
  if (game.won) {
    const check = replay(deal, game.moves, variant, rule);
    if (!check.ok) throw new Error(`the won game fails verification at move ${check.move}: ${check.reason}`);
  }
  return game;
}

/** Solves `deal` exactly on `solver` and writes its verdict at `values[at …]`; a win counts only once verified. */
function solveDeal(solver: Solver, task: ChunkTask, deal: Uint8Array, rule: DiscardRule, values: Float64Array, at: number): void {
  const started = performance.now();
  const result = solver.solve(deal, {
    variant: task.variant,
    rule: rule,
    maxStates: task.maxStates,
    maxDiscards: task.maxDiscards,
    solution: 'raw',
  });
  const ms = performance.now() - started;
  if (result.result === 'won') {
    const check = replay(deal, result.solution, task.variant, rule);
    if (!check.ok) throw new Error(`the winning line fails verification at move ${check.move}: ${check.reason}`);
  }
  const { lower, upper } = discardBounds(result);
  values.set([result.result === 'won' ? WON : result.result === 'lost' ? LOST : UNKNOWN, lower, upper, result.states, ms], at);
}

export default function solveChunk(task: ChunkTask): ChunkResult {
  if ((task.dealThreads ?? 1) > 1 && task.rules.includes('optional')) return solveInGroup(task, task.dealThreads!);
  const chunkSolver = solverFor(task.maxTableBytes);
  try {
    return solveCells(task, chunkSolver);
  } finally {
    if (task.shrinkAfter === true) chunkSolver.shrink();
  }
}

/** A group of threads kept from chunk to chunk (a later pass hands out one deal a chunk): its memory, the
 *  helper threads serving it and the solver that leads it. */
interface KeptGroup {
  key: string;
  memory: GroupMemory;
  helpers: Worker[];
  solver: Solver;
}
let kept: KeptGroup | undefined;
let idle: ReturnType<typeof setTimeout> | undefined;
/** An idle thread lets its group go after this long: the table then holds no pass's memory while it waits. */
const GROUP_IDLE_MS = 250;

function letGroupGo(): void {
  if (kept === undefined) return;
  quitGroup(kept.memory);
  for (const helper of kept.helpers) void helper.terminate();
  kept = undefined;
  collectGarbage();
}

/**
 * The chunk on a group of `threads` threads: this one and helpers, over one table reserved for the chunk's
 * budget (memory is committed as it fills). The group is kept for the next chunk of the same budget, and let go
 * when the next chunk asks for another, or when none comes for a moment, as a kept solver's tables are shrunk
 * after a later pass's chunk.
 */
function solveInGroup(task: ChunkTask, threads: number): ChunkResult {
  const maxTableBytes = task.maxTableBytes ?? DEFAULT_MAX_TABLE_BYTES;
  const bytes = tableBytes(task.maxStates, KEY_WORDS, maxTableBytes);
  const key = `${threads}/${bytes}/${maxTableBytes}`;
  if (idle !== undefined) clearTimeout(idle);
  if (kept?.key !== key) {
    letGroupGo();
    const memory = groupMemory(threads, KEY_WORDS, bytes);
    kept = { key, memory, helpers: startHelpers(memory), solver: new Solver({ maxTableBytes, group: memory, released: collectGarbage }) };
  }
  try {
    return solveCells(task, kept.solver);
  } finally {
    kept.solver.shrink();
    idle = setTimeout(letGroupGo, GROUP_IDLE_MS);
    idle.unref();
  }
}

/** The chunk's results, deal by deal and rule by rule, up to the first that throws. */
function solveCells(task: ChunkTask, chunkSolver: Solver): ChunkResult {
  const rules = task.rules.length;
  const fields = fieldsOf(task);
  const values = new Float64Array(task.count * rules * fields);
  for (let cell = 0; cell < task.count * rules; cell++) {
    const index = task.start + Math.floor(cell / rules);
    const rule = task.rules[cell % rules]!;
    const at = cell * fields;
    try {
      const deal = dealFor(task.seed, index);
      const spec = task.policies?.[cell % rules];
      if (spec === undefined || spec === null) {
        solveDeal(chunkSolver, task, deal, rule, values, at);
        continue;
      }
      const started = performance.now();
      const game = playDeal(spec, task.seed, index, deal, task.variant, rule);
      values.set([game.won ? WON : LOST, game.discarded, game.discarded, game.states, performance.now() - started], at);
      if (task.compare === true) solveDeal(chunkSolver, task, deal, rule, values, at + FIELDS);
    } catch (error) {
      return { values: values.slice(0, at), solved: cell, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { values, solved: task.count * rules };
}

/** A deal as it is given (not a seed's), to solve under one variant and discard rule: `acesup solve`'s many deals. */
export interface DealCell {
  deal: Uint8Array;
  variant: Variant;
  rule: DiscardRule;
  /** Milliseconds this pass may take (the deal's time limit less what its passes before took); absent: no clock. */
  timeLimitMs?: number;
}

/** Deals to solve at one budget, each a cell; solved in order, on this thread's solver. */
export interface DealsTask {
  cells: DealCell[];
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  maxTableBytes?: number;
  /** Shrink the solver's tables after the task (a later pass: its tables are not kept by a waiting thread). */
  shrinkAfter?: boolean;
}

/** A cell's answer, in plain values (they cross to the main thread): a win's solution in the rules' notation. */
export interface CellAnswer {
  result: 'won' | 'lost' | 'unknown';
  lower: number;
  upper: number;
  states: number;
  ms: number;
  limit?: SolveLimit;
  solution?: string[];
}

export interface DealsResult {
  /** One per cell, in order, up to the first that threw. */
  answers: CellAnswer[];
  /** The message of the error the cell after them threw. */
  error?: string;
}

/** Solves each cell in turn; a win is shortened to a clean, 1-minimal line and counts only once the independent
 *  replayer accepts it. */
export function solveDeals(task: DealsTask): DealsResult {
  const solver = solverFor(task.maxTableBytes);
  const answers: CellAnswer[] = [];
  try {
    for (const cell of task.cells) {
      const started = performance.now();
      const stopAt = cell.timeLimitMs === undefined ? undefined : started + cell.timeLimitMs;
      const result = solver.solve(cell.deal, {
        variant: cell.variant,
        rule: cell.rule,
        maxStates: task.maxStates,
        maxDiscards: task.maxDiscards,
        ...(stopAt === undefined
          ? {}
          : { poll: (_states: number, _lower: number, growing: number) => performance.now() + growing * GROWTH_MS_PER_POSITION >= stopAt }),
      });
      const ms = performance.now() - started;
      if (result.result === 'won') {
        const check = replay(cell.deal, result.solution, cell.variant, cell.rule);
        if (!check.ok) throw new Error(`the winning line fails verification at move ${check.move}: ${check.reason}`);
        answers.push({ result: 'won', lower: 48, upper: 48, states: result.states, ms, solution: result.solution.map(formatMove) });
      } else {
        const answer: CellAnswer = { result: result.result, lower: result.lower, upper: result.upper, states: result.states, ms };
        if (result.result === 'unknown') answer.limit = result.limit;
        answers.push(answer);
      }
    }
    return { answers };
  } catch (error) {
    return { answers, error: error instanceof Error ? error.message : String(error) };
  } finally {
    if (task.shrinkAfter === true) solver.shrink();
  }
}
