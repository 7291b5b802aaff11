// A line of play for a deal that is not won, to show on its replay page: the solver proves a loss and its
// max discards but keeps no line, so a plain depth-first search over the verifier's game looks for a line
// that reaches the proven max (stopping there, or at its budget with the best line it saw).

import type { Deal } from '../core/game/cards.ts';
import type { GameMove } from '../core/game/notation.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { Replayer } from '../core/game/verify.ts';

export interface BestLine {
  moves: GameMove[];
  /** Cards the line discards. */
  discards: number;
  /** Positions the search visited. */
  positions: number;
  /** Whether the line reaches `target` (else the search stopped at its budget). */
  reached: boolean;
}

/** Positions the search may visit: about a second of search, so that a page is made quickly. */
const BEST_LINE_BUDGET = 100_000;

const order = (move: GameMove): number => (move.kind === 'remove' ? 0 : move.kind === 'deal' ? 1 : 2);

/**
 * The line with the most discards found by a depth-first search (each position once), stopped as
 * soon as a line discards `target` cards (the proven max discards) or after `budget` positions.
 */
export function bestLine(deal: Deal, variant: Variant, rule: DiscardRule, target: number, budget = BEST_LINE_BUDGET): BestLine {
  const seen = new Set<string>();
  const path: GameMove[] = [];
  let best: GameMove[] = [];
  let bestDiscards = 0;
  const search = (game: Replayer): boolean => {
    if (seen.has(game.key()) || seen.size >= budget) return false;
    seen.add(game.key());
    const d = game.discarded();
    if (d > bestDiscards) {
      bestDiscards = d;
      best = path.slice();
      if (d >= target) return true;
    }
    // Removals first. Under forced, then the deal before moves into empty piles (a line that moves cards only when it
    // must reads best); under optional the moves first, which reached the max on more deals of a sample.
    const moves = game.legalMoves();
    if (rule === 'forced') moves.sort((a, b) => order(a) - order(b));
    for (const move of moves) {
      const next = game.clone();
      next.play(move);
      path.push(move);
      const done = search(next);
      path.pop();
      if (done) return true;
    }
    return false;
  };
  const start = new Replayer(deal, variant, rule);
  const reached = search(start) || start.discarded() >= target;
  return { moves: shorten(deal, variant, rule, best, bestDiscards), discards: bestDiscards, positions: seen.size, reached };
}

/** Cards `moves` discard when replayed from the deal, or -1 when one of them is illegal. */
function replayDiscards(deal: Deal, variant: Variant, rule: DiscardRule, moves: readonly GameMove[]): number {
  const game = new Replayer(deal, variant, rule);
  for (const move of moves) {
    if (game.illegal(move) !== undefined) return -1;
    game.play(move);
  }
  return game.discarded();
}

/**
 * Drops the detours a depth-first line takes (an ace walked from one empty pile to another and back): every
 * single move, then every pair of moves into empty piles, whose removal leaves a legal line with as many discards.
 */
function shorten(deal: Deal, variant: Variant, rule: DiscardRule, line: readonly GameMove[], count: number): GameMove[] {
  let moves = line.slice();
  const keeps = (candidate: GameMove[]): boolean => replayDiscards(deal, variant, rule, candidate) >= count;
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = moves.length - 1; i >= 0; i--) {
      const candidate = moves.filter((_, k) => k !== i);
      if (keeps(candidate)) {
        moves = candidate;
        changed = true;
      }
    }
    const into = moves.flatMap((move, k) => (move.kind === 'move' ? [k] : []));
    pairs: for (let a = into.length - 1; a >= 0; a--) {
      for (let b = a - 1; b >= 0; b--) {
        const candidate = moves.filter((_, k) => k !== into[a] && k !== into[b]);
        if (keeps(candidate)) {
          moves = candidate;
          changed = true;
          break pairs;
        }
      }
    }
  }
  return moves;
}
