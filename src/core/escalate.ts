// Solving one deal within a time limit rather than a state budget: the budget grows pass by pass while a
// deal stays unknown and the next pass is expected to fit in the time left.
//
// Each pass is a fresh solve at a larger budget (the searches are deterministic, so a pass repeats the work
// of the one before; with a growth factor of 8 that repeats at most 1/7 of the total). The clock is passed
// in, so that the core stays free of any host API.

import type { Deal } from './cards.ts';
import { DEFAULT_MAX_STATES, type SolveOptions, type SolveResult, type Solver } from './solve.ts';

/** A pass's budget is this many times the last one's while a pass after it would still fit (see nextBudget). */
export const GROWTH = 8;

/** The share of the time left a pass is planned for: a larger table is slower per state, and a lost deal may
 * spend its whole budget pinning its max discards. */
export const PLAN = 0.6;

export interface EscalateLimits {
  /** Milliseconds the passes may take in all (counted from the call); the first pass always runs. */
  timeLimitMs: number;
  /** The clock, in milliseconds (e.g. `performance.now`). */
  now: () => number;
  /** Called before each pass after the first, with its budget and the result that asked for it. */
  onPass?: (pass: number, maxStates: number, last: SolveResult) => void;
  /** A first pass already run at `options.maxStates` (its result and milliseconds): the passes go on from it. */
  first?: { result: SolveResult; ms: number };
}

export interface Escalated {
  result: SolveResult;
  /** The budget of the last pass (the one whose result this is). */
  maxStates: number;
  /** Passes run (1: the first budget settled it, or no time was left for a second). */
  passes: number;
}

/**
 * The budget of the next pass after one at `last` states, when `fits` states are expected to fit in the
 * time planned for it (0: no pass of at least twice the last fits). GROWTH times the last, unless the pass
 * after that one could not be run at all (`fits - grown * PLAN` would be under twice it): then the time goes
 * to one pass, as large as fits, rather than to a pass at GROWTH× and nothing after.
 */
export function nextBudget(last: number, fits: number): number {
  const fit = Math.floor(fits);
  if (!(fit >= 2 * last)) return 0;
  const grown = last * GROWTH;
  if (fit <= grown) return fit;
  return fit - grown * PLAN >= 2 * grown ? grown : fit;
}

/**
 * Solves `deal` at `options.maxStates` (or takes `limits.first`), then, while the verdict is unknown for
 * want of states (not of memory), again at the budget of `nextBudget`, planned at the states per
 * millisecond the last pass ran at so that it ends within `timeLimitMs` of the call. The limit is a plan,
 * not a hard stop: a pass that runs slower than the last may end after it. A verdict found at any budget is
 * the verdict: budgets only decide when a search stops.
 */
export function solveEscalating(solver: Solver, deal: Deal, options: SolveOptions, limits: EscalateLimits): Escalated {
  const started = limits.now();
  let maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
  let result: SolveResult;
  let passMs: number;
  if (limits.first === undefined) {
    result = solver.solve(deal, { ...options, maxStates });
    passMs = limits.now() - started;
  } else {
    ({ result, ms: passMs } = limits.first);
  }
  let passes = 1;
  while (result.kind === 'unknown' && result.limit === 'states') {
    const now = limits.now();
    const perMs = result.states / Math.max(1, passMs);
    const next = nextBudget(maxStates, perMs * (started + limits.timeLimitMs - now) * PLAN);
    if (next === 0) break;
    passes += 1;
    limits.onPass?.(passes, next, result);
    maxStates = next;
    const passStart = limits.now();
    result = solver.solve(deal, { ...options, maxStates });
    passMs = limits.now() - passStart;
  }
  return { result, maxStates, passes };
}
