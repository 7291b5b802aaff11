// A player's line of play for the tests of review and of the web page: random legal moves that mostly remove a card.

import { Rng } from '../src/core/game/random.ts';
import { newGame } from '../src/index.ts';

/**
 * A player's line of `deal` (standard, optional discards): mostly removals, now and then a deal or a move, from the
 * stream of `seed`, until the game ends or `length` moves. The line KPatience's game 17 and seed 3 give loses a
 * winnable game (test/review-cli.test.ts checks it against solve).
 */
export function playersLine(deal: string, seed: number, length = 60): string[] {
  const game = newGame(deal);
  const rng = new Rng(seed);
  while (game.status() === 'playing' && game.moves().length < length) {
    const legal = game.legalMoves();
    const removals = legal.filter((move) => move.startsWith('remove'));
    game.play(removals.length > 0 && rng.below(3) > 0 ? removals[rng.below(removals.length)]! : legal[rng.below(legal.length)]!);
  }
  return game.moves();
}
