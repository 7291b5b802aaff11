// Where a game was lost: a player's line replayed, the deal's verdict at the start, and the first move after which
// the game could no longer be won, found by a binary search over the positions of the line with the exact solver.
//
// Why a binary search finds it (docs/search.md, "Where a game was lost"): a position from which no line wins has
// only such positions after it. Were some move to lead from it to a position with a winning line, that move
// followed by that line would win from the position itself. So along a line of play "winnable" holds for the
// positions up to some move and fails for every one after it: it changes at most once, from yes to no, and the
// move at the change is the first losing move. A position proved winnable says so of every position before it on
// the line, one proved lost of every position after it, so each solve halves the moves still in question.

import type { Deal } from './game/cards.ts';
import type { GameMove } from './game/notation.ts';
import type { DiscardRule, Variant } from './game/rules.ts';
import { GROWTH } from './search/budget.ts';
import type { Solver } from './search/solve.ts';

/** The verdict on one position of the line: won with a winning line from it, lost, or not decided. */
export type PositionVerdict = { result: 'won'; line: GameMove[] } | { result: 'lost' } | { result: 'unknown' };

export interface ReviewSettings {
  variant: Variant;
  rule: DiscardRule;
  /** The positions the first pass of each position's solve may search. */
  maxStates: number;
  /** Passes per position: a position still undecided is solved again at GROWTH× the last budget, this many times in all. */
  passes: number;
}

/** What the review found. Positions are numbered by the moves played to reach them: 0 is the start, n the line's end. */
export interface ReviewFindings {
  /** The latest position of the line proved winnable (-1: none), with a line that wins from it. */
  lastWinnable: number;
  winningLine: GameMove[] | null;
  /** The earliest position of the line proved lost (n + 1: none). */
  firstLost: number;
  /** Positions solved, and the positions the searches visited in all. */
  solved: number;
  states: number;
  /** The largest budget a pass was given. */
  maxStates: number;
}

/** Undecided positions a review asks about before it gives up: the positions near a hard one tend to be hard too,
 *  and each costs the whole budget. */
const MAX_UNDECIDED = 3;

/**
 * The binary search over positions 0 … n, asking `verdictAt` about as few as it can: the start, the end, then the
 * middle of the moves still in question. A position left undecided is set aside and the search asks the undecided
 * moves' nearest neighbour to the middle instead, so it ends either with the change found (firstLost = lastWinnable
 * + 1), with no change (lastWinnable = n), with the deal lost from the start (firstLost = 0), with every position
 * between the two undecided, or once `maxUndecided` positions were left undecided.
 */
export function searchLine(
  n: number,
  verdictAt: (position: number) => PositionVerdict,
  maxUndecided = MAX_UNDECIDED,
): Omit<ReviewFindings, 'solved' | 'states' | 'maxStates'> {
  let lastWinnable = -1;
  let winningLine: GameMove[] | null = null;
  let firstLost = n + 1;
  const undecided = new Set<number>();
  const ask = (position: number): void => {
    const verdict = verdictAt(position);
    if (verdict.result === 'won') {
      lastWinnable = position;
      winningLine = verdict.line;
    } else if (verdict.result === 'lost') firstLost = position;
    else undecided.add(position);
  };
  ask(0);
  if (firstLost === 0) return { lastWinnable, winningLine, firstLost };
  if (n > 0) ask(n);
  while (undecided.size < maxUndecided) {
    // The positions still in question lie strictly between the two known ones (the start and end were asked).
    const low = Math.max(lastWinnable, 0);
    const high = Math.min(firstLost, n);
    const middle = Math.floor((low + high) / 2);
    let next: number | undefined;
    for (let step = 0; step <= high - low && next === undefined; step++) {
      for (const position of [middle - step, middle + step]) {
        if (position > low && position < high && !undecided.has(position)) {
          next = position;
          break;
        }
      }
    }
    if (next === undefined) break;
    ask(next);
  }
  return { lastWinnable, winningLine, firstLost };
}

/**
 * Reviews `moves` (legal, played from the deal's start) with `solver`: each position asked about is solved from
 * the position (the solver's `after`), the verdict only, pass after pass while it is undecided.
 */
export function reviewLine(solver: Solver, deal: Deal, moves: readonly GameMove[], settings: ReviewSettings): ReviewFindings {
  let solved = 0;
  let states = 0;
  let largest = 0;
  const verdictAt = (position: number): PositionVerdict => {
    solved += 1;
    let budget = settings.maxStates;
    for (let pass = 1; ; pass++) {
      largest = Math.max(largest, budget);
      const result = solver.solve(deal, {
        variant: settings.variant,
        rule: settings.rule,
        maxStates: budget,
        maxDiscards: 'bounds',
        after: moves.slice(0, position),
      });
      states += result.states;
      if (result.result === 'won') return { result: 'won', line: result.solution };
      if (result.result === 'lost') return { result: 'lost' };
      // Memory, not the budget, stopped it: a larger budget would stop there again.
      if (pass >= settings.passes || result.limit === 'memory') return { result: 'unknown' };
      budget *= GROWTH;
    }
  };
  return { ...searchLine(moves.length, verdictAt), solved, states, maxStates: largest };
}
