// The game engine of play: holds the deal (the stock order stays here), asks a policy for each move on the
// table's view alone, checks and applies it, deals, and records the game.

import { type Card, type Deal, isDeal } from '../game/cards.ts';
import { type GameMove, formatMove } from '../game/notation.ts';
import type { DiscardRule, Variant } from '../game/rules.ts';
import type { Rng } from '../game/random.ts';
import { type View, Table, illegalMove, isWon } from './view.ts';

/**
 * A way of playing: decides each move from the view alone. `null` ends the game, which is allowed only
 * when the stock is empty (before that, some move — a deal at least — is always legal).
 */
export interface Policy {
  /** The name and settings, as printed and written to CSV (e.g. `greedy`, `expert`). */
  readonly name: string;
  /** The next move; `rng` is the game's own random stream (seeded per game, so games replay). */
  choose(view: View, rng: Rng): GameMove | null;
  /** Solver states spent so far (the expert policy's samples), for reports; 0 for the others. */
  readonly states?: number;
}

/** A played game. */
export interface PlayedGame {
  won: boolean;
  /** Cards discarded (48 when won). */
  discarded: number;
  /** Every move played, in RULES notation order; replays through verify.ts. */
  moves: GameMove[];
  /** Solver states the policy spent on this game. */
  states: number;
}

/** Most moves one game may take before the policy is called faulty (a real game takes about 60–120). */
const MAX_GAME_MOVES = 20_000;

/**
 * Plays `deal` to its end with `policy`; throws when the policy plays an illegal move or never stops.
 * `opening`: moves played first, as given (checked like the policy's), before the policy takes over.
 */
export function playGame(
  deal: Deal,
  policy: Policy,
  variant: Variant,
  rule: DiscardRule,
  rng: Rng,
  opening: readonly GameMove[] = [],
): PlayedGame {
  if (!isDeal(deal)) throw new Error('not a deal: expected each of the 52 cards once');
  const table = new Table(variant, rule);
  let next = 0;
  const landNext = (): void => {
    const cards: Card[] = [deal[next]!, deal[next + 1]!, deal[next + 2]!, deal[next + 3]!];
    next += 4;
    table.land(cards);
  };
  landNext();
  const statesBefore = policy.states ?? 0;
  const moves: GameMove[] = [];
  let played = 0;
  while (!isWon(table)) {
    const move = played < opening.length ? opening[played++]! : policy.choose(table, rng);
    if (move === null) {
      if (table.stockLeft > 0) throw new Error(`policy ${policy.name} stopped with ${table.stockLeft} cards in the stock`);
      break;
    }
    const reason = illegalMove(table, move);
    if (reason !== undefined) throw new Error(`policy ${policy.name} played an illegal move (${formatMove(move)}): ${reason}`);
    moves.push(move);
    if (move.kind === 'deal') landNext();
    else table.apply(move);
    if (moves.length > MAX_GAME_MOVES) throw new Error(`policy ${policy.name} played more than ${MAX_GAME_MOVES} moves`);
  }
  return { won: isWon(table), discarded: table.discarded, moves, states: (policy.states ?? 0) - statesBefore };
}
