// A slow, obviously correct exhaustive solver for the tests: every legal move of verify's Game, a visited set.

import type { Deal } from '../src/core/game/cards.ts';
import type { DiscardRule, Variant } from '../src/core/game/rules.ts';
import { Replayer } from '../src/core/game/verify.ts';

export interface ReferenceResult {
  readonly won: boolean;
  /** The largest number of discards over every reachable position (48 exactly when won). */
  readonly maxDiscards: number;
}

/**
 * Explores every position reachable from the start of `deal` (depth first, each position once).
 * Returns undefined when more than `maxStates` distinct positions would be needed to decide.
 * Stops at the first win found.
 */
export function referenceSolve(deal: Deal, variant: Variant, discards: DiscardRule, maxStates: number): ReferenceResult | undefined {
  const start = new Replayer(deal, variant, discards);
  const seen = new Set<string>([start.key()]);
  const todo: Replayer[] = [start];
  let maxDiscards = 0;
  while (todo.length > 0) {
    const game = todo.pop()!;
    maxDiscards = Math.max(maxDiscards, game.discarded());
    if (game.isWon()) return { won: true, maxDiscards };
    // Pushed in reverse so that the first legal move (a removal, when there is one) is explored first.
    for (const move of game.legalMoves().reverse()) {
      const child = game.clone();
      child.play(move);
      const key = child.key();
      if (seen.has(key)) continue;
      if (seen.size >= maxStates) return undefined;
      seen.add(key);
      todo.push(child);
    }
  }
  return { won: false, maxDiscards };
}
