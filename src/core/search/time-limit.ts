// Solving one deal within a time limit rather than a state budget: every variant gets a first pass at the
// given budget, then the variants still open share the time left, pass after pass at growing budgets, and the
// clock stops any pass at its variant's share of the time.
//
// Each pass is a fresh solve at a larger budget (the searches are deterministic, so a pass repeats the work
// of the one before; with a growth factor of 8 that repeats at most 1/7 of the total). Every pass's bounds
// are proven, so the answer keeps the best of them. The clock is passed in: the core has no host API.

import type { Deal } from '../game/cards.ts';
import { WIN_DISCARDS } from '../game/rules.ts';
import { DEFAULT_MAX_STATES, GROWTH } from './budget.ts';
import { discardBounds, type MaxDiscardsMode, type SolveSettings, type SolveResult, type Solver } from './solve.ts';

// GROWTH lives in budget.ts, which imports nothing (the help of `acesup solve --time-limit` shows it).
export { GROWTH };

/** The share of the time left that a pass's budget is planned to fill, at the last pass's speed: a larger
 *  table is slower per state (and the clock stops a pass that overruns). */
const SPEED_MARGIN = 0.85;

/** Milliseconds a visited set takes to grow, per position it rehashes: 0.25–0.45 µs measured on the 2-core
 *  test machine under load, taken high, so that a growth that would end past the limit is not begun. */
export const GROWTH_MS_PER_POSITION = 0.0005;

/** A pass under this many times the last budget is not run: it would first repeat the last one's work. */
export const MIN_GAIN = 1.25;

/** The last pass's budget is this many times what is expected to fit, so that the clock, not the budget,
 *  ends it when it runs faster than planned: the time is used to its end. */
export const LAST_STRETCH = 2;

/** A GROWTH× pass is run when this many times its budget fit at the last pass's speed: a pass of twice it
 *  must fit after it, and a table 8× larger is about 1.5× slower per position (on the 2-core test machine,
 *  2,000,000 positions at 1.6–2 million/s, 16,000,000 at 1 million/s), so 1.5 × (1 + 2). */
export const STEP_ROOM = 4.5;

/**
 * The budget of the next pass after one at `last` states, when `fits` states are expected to fit in the
 * time left at the last pass's speed (0: none worth running). GROWTH times the last while there is room
 * for it and a pass after it (STEP_ROOM); otherwise the time goes to one last pass, stretched past what
 * fits (LAST_STRETCH).
 */
export function nextBudget(last: number, fits: number): number {
  const fit = Math.floor(fits);
  if (!(fit >= MIN_GAIN * last)) return 0;
  const grown = last * GROWTH;
  return fit >= STEP_ROOM * grown ? grown : fit * LAST_STRETCH;
}

/** Whether a larger budget may still settle `result`: a verdict still open for want of states or time, or,
 *  with exact max discards wanted, a lost deal whose max is still a range. */
export function isOpen(result: SolveResult, maxDiscards: MaxDiscardsMode | undefined): boolean {
  if (result.result === 'unknown') return result.limit !== 'memory';
  return result.result === 'lost' && result.lower < result.upper && maxDiscards !== 'bounds';
}

/**
 * The answer of two passes on one deal: a win is a win; otherwise the larger lower and the smaller upper
 * bound (both proven), lost when either pass proved it or the upper bound is under 48. The counters and the
 * stop reason are the later pass's.
 */
export function combine(earlier: SolveResult, later: SolveResult): SolveResult {
  if (later.result === 'won' || earlier.result === 'won') return later.result === 'won' ? later : earlier;
  const lower = Math.max(earlier.lower, later.lower);
  const upper = Math.min(earlier.upper, later.upper);
  if (earlier.result === 'lost' || later.result === 'lost' || upper < WIN_DISCARDS) {
    return { result: 'lost', states: later.states, lower, upper };
  }
  return { ...later, lower, upper };
}

/** What a running pass has reached, for a progress display. */
export interface PassProgress {
  /** Index of the variant in the list solved. */
  index: number;
  /** 1 for the first pass. */
  pass: number;
  maxStates: number;
  /** Positions searched so far in this pass. */
  states: number;
  /** Proven bounds on max discards: the most a line has reached, and the best upper bound of the passes before. */
  lower: number;
  upper: number;
  /** Milliseconds since the call, and since this pass started. */
  elapsedMs: number;
  passMs: number;
}

export interface TimedLimits {
  /** Milliseconds the deal may take, in all; 0: one pass per variant, at its budget, with no clock. */
  timeLimitMs: number;
  /** The clock, in milliseconds (e.g. `performance.now`). */
  now: () => number;
  /** Called every POLL_STATES positions or so of a pass (search.ts). */
  onProgress?: (progress: PassProgress) => void;
  /** Called as each pass starts (1: the first), before its search. */
  onPassStart?: (index: number, pass: number, maxStates: number) => void;
  /** The solver of the passes after the first (default: `solver`): a deal that the first pass does not settle
   *  may be searched by a group of threads from then on, so that a deal settled at once never starts them. */
  laterSolver?: Solver;
  /** Asked at every poll: true stops every search at once (limit 'poll'), the answers keeping the bounds proven
   *  (a caller's signal). */
  stop?: () => boolean;
  /** Called after every pass with the variant's answer so far (the best bounds of its passes). */
  onPassEnd?: (index: number, answer: TimedAnswer) => void;
  /** Called once per variant, in order, with its answer. */
  onAnswer?: (index: number, answer: TimedAnswer) => void;
}

export interface TimedAnswer {
  result: SolveResult;
  /** The budget of the last pass. */
  maxStates: number;
  /** Passes run (1: the first budget settled it, or no time was left for a second). */
  passes: number;
  /** Milliseconds its passes took. */
  ms: number;
}

/**
 * Solves `deal` once per entry of `options` (a variant each), within `timeLimitMs` of the call: first every
 * entry at its `maxStates`, each given an equal share of the time left; then each entry still open
 * (`isOpen`), in order, gets an equal share of what the ones before it left, spent on passes at the budgets
 * of `nextBudget`, planned at the last pass's speed. A pass that reaches its share's end is stopped there
 * (limit `'poll'`), or before a visited set's growth that would end past it: the whole call ends within
 * the limit, give or take the last POLL_STATES positions and the shortening of a solution. Budgets and the clock only decide when searches stop, never a verdict.
 */
export function solveWithin(solver: Solver, deal: Deal, options: readonly SolveSettings[], limits: TimedLimits): TimedAnswer[] {
  const { now, timeLimitMs } = limits;
  const started = now();
  const deadline = started + timeLimitMs;
  const timed = timeLimitMs > 0;
  const answers: TimedAnswer[] = [];
  /** Per entry, its last pass's positions and milliseconds: the speed the next pass is planned at. */
  const lastPass: { states: number; ms: number }[] = [];

  const pass = (index: number, number: number, maxStates: number, stopAt: number, before?: SolveResult): SolveResult => {
    const known = before === undefined ? { lower: 0, upper: WIN_DISCARDS } : discardBounds(before);
    limits.onPassStart?.(index, number, maxStates);
    const passStart = now();
    const poll = (states: number, lower: number, growing: number): boolean => {
      const time = now();
      limits.onProgress?.({
        index,
        pass: number,
        maxStates,
        states,
        lower: Math.max(lower, known.lower),
        upper: known.upper,
        elapsedMs: time - started,
        passMs: time - passStart,
      });
      if (limits.stop?.() === true) return true;
      return timed && time + growing * GROWTH_MS_PER_POSITION >= stopAt;
    };
    const result = (number > 1 ? (limits.laterSolver ?? solver) : solver).solve(deal, { ...options[index]!, maxStates, poll });
    const answer = before === undefined ? result : combine(before, result);
    const entry = answers[index];
    const ms = now() - passStart;
    if (entry === undefined) answers[index] = { result: answer, maxStates, passes: 1, ms };
    else answers[index] = { result: answer, maxStates, passes: entry.passes + 1, ms: entry.ms + ms };
    lastPass[index] = { states: result.states, ms };
    limits.onPassEnd?.(index, answers[index]!);
    return answer;
  };

  for (let i = 0; i < options.length; i++) {
    const time = now();
    pass(i, 1, options[i]!.maxStates ?? DEFAULT_MAX_STATES, time + (deadline - time) / (options.length - i));
  }
  const open = options.map((entry, i) => timed && isOpen(answers[i]!.result, entry.maxDiscards));
  let openLeft = open.filter(Boolean).length;
  for (let i = 0; i < options.length; i++) {
    if (open[i]) {
      const stopAt = now() + Math.max(0, deadline - now()) / openLeft--;
      while (isOpen(answers[i]!.result, options[i]!.maxDiscards) && limits.stop?.() !== true) {
        const { states, ms } = lastPass[i]!;
        const next = nextBudget(answers[i]!.maxStates, (states / Math.max(1, ms)) * (stopAt - now()) * SPEED_MARGIN);
        if (next === 0) break;
        pass(i, answers[i]!.passes + 1, next, stopAt, answers[i]!.result);
      }
    }
    limits.onAnswer?.(i, answers[i]!);
  }
  return answers;
}
