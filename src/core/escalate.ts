// Solving one deal within a time limit rather than a state budget: the budget grows pass by pass while a
// deal stays unknown and the next pass is expected to fit in the time left.
//
// Each pass is a fresh solve at a larger budget (the searches are deterministic, so a pass repeats the work
// of the one before; with a growth factor of 8 that repeats at most 1/7 of the total). The clock is passed
// in, so that the core stays free of any host API.

import type { Deal } from './cards.ts';
import { DEFAULT_MAX_STATES, type SolveOptions, type SolveResult, type Solver } from './solve.ts';

/** Each pass's budget is this many times the last one's, or what the time left allows if less. */
export const GROWTH = 8;

export interface EscalateLimits {
  /** Milliseconds the passes may take in all; the first pass always runs. */
  timeLimitMs: number;
  /** The clock, in milliseconds (e.g. `performance.now`). */
  now: () => number;
  /** Called before each pass after the first, with its budget and the result that asked for it. */
  onPass?: (pass: number, maxStates: number, last: SolveResult) => void;
}

export interface Escalated {
  result: SolveResult;
  /** The budget of the last pass (the one whose result this is). */
  maxStates: number;
  /** Passes run (1: the first budget settled it, or no time was left for a second). */
  passes: number;
}

/**
 * Solves `deal` at `options.maxStates`, then, while the verdict is unknown for want of states (not of
 * memory), again at a budget up to GROWTH times larger, as long as the next pass is expected to end
 * within `timeLimitMs` of the start (at the states per millisecond the last pass ran at) and is at least
 * twice the last. The limit is a plan, not a hard stop: a pass that runs slower than the last may end after
 * it. A verdict found at any budget is the verdict: budgets only decide when a search stops.
 */
export function solveEscalating(solver: Solver, deal: Deal, options: SolveOptions, limits: EscalateLimits): Escalated {
  const started = limits.now();
  let maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
  let passStart = started;
  let result = solver.solve(deal, { ...options, maxStates });
  let passes = 1;
  while (result.kind === 'unknown' && result.limit === 'states') {
    const now = limits.now();
    const perMs = result.states / Math.max(1, now - passStart);
    const left = started + limits.timeLimitMs - now;
    // A larger table is slower per state (more cache misses), and a lost deal may spend the whole budget
    // pinning its max discards: plan for 40% of the time left.
    const next = Math.min(maxStates * GROWTH, Math.floor(perMs * left * 0.4));
    if (!(next >= 2 * maxStates)) break;
    passes += 1;
    limits.onPass?.(passes, next, result);
    maxStates = next;
    passStart = limits.now();
    result = solver.solve(deal, { ...options, maxStates });
  }
  return { result, maxStates, passes };
}
