// What a run of the search hands back (`SearchRun`), built here alone: a win with its line and final position,
// or the proven bounds of a run that ended unwon, whether one thread ran it (search.ts) or a group of threads
// (group-search.ts).

import type { Move } from '../engine/move.ts';
import { WIN_DISCARDS } from '../game/rules.ts';

type SearchStatus = 'won' | 'exhausted' | 'aborted';

export interface SearchRun {
  status: SearchStatus;
  /** The larger of `atLeast` and the most discards reached: exact max discards when `exhausted` (given that
   *  `atLeast` is reached by some line), 48 when `won`. */
  best: number;
  /** Most discards reached on any line explored: a lower bound on max discards. */
  reached: number;
  /** A proven upper bound on max discards (`best`, or the root's bound when lower, unless `aborted`). */
  upper: number;
  /** Positions searched during this run (the budget counts these): every position entered, stored or not,
   *  so a stretch of unstored positions walked twice counts twice. */
  states: number;
  /** The line that wins (search moves, `KEEP` decisions included), when `won`. */
  path: Move[];
  /** The winning position's frame (to spread the aces), when `won`. */
  final: Int32Array | undefined;
  /** `aborted` by the visited set's memory cap, not by the state budget. */
  full: boolean;
}

/** How a run that did not win ended. */
export interface UnwonEnd {
  /** Stopped with positions left open (the budget, the memory cap, the poll, a group's stop); else every
   *  line was explored. */
  aborted: boolean;
  states: number;
  /** The larger of `atLeast` and the most discards reached. */
  best: number;
  reached: number;
  /** The largest upper bound of the positions left open (when aborted). */
  open: number;
  /** The start position's bound: no line from it discards more. */
  rootBound: number;
  /** Aborted by the memory cap. */
  full: boolean;
}

/** A won run: its line from the start, and the winning position's frame (both copied). */
export function wonRun(states: number, line: Int32Array, final: Int32Array): SearchRun {
  return {
    status: 'won',
    best: WIN_DISCARDS,
    reached: WIN_DISCARDS,
    upper: WIN_DISCARDS,
    states,
    path: Array.from(line),
    final: final.slice(),
    full: false,
  };
}

/** A run that did not win, with its proven bounds. */
export function unwonRun(end: UnwonEnd): SearchRun {
  const { states, best, reached, rootBound } = end;
  if (end.aborted) {
    // What is left open caps what the run could still have found; nothing beats the start's bound.
    const upper = Math.min(rootBound, Math.max(best, end.open));
    return { status: 'aborted', best, reached, upper, states, path: [], final: undefined, full: end.full };
  }
  // Exhausted: no line beats `best`, and none beats the root's bound either (when `atLeast` was above it).
  return { status: 'exhausted', best, reached, upper: Math.min(rootBound, best), states, path: [], final: undefined, full: false };
}

/** A copy of a run that its user may change (the solver plays the last deals on `final`). */
export function copyRun(run: SearchRun): SearchRun {
  return { ...run, path: run.path.slice(), final: run.final?.slice() };
}
