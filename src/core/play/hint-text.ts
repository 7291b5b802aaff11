// The three answers of a hint as `acesup hint` prints them, one line each: the command and the web page both
// write them from here, so that a hint reads the same wherever it is asked for.

import { fmt, percent } from '../game/format.ts';
import { describeMove, parseMove } from '../game/notation.ts';

/** What the lines need of a hint (the library's HintAnswer): its move in the rules' notation, and the two shares. */
export interface HintFigures {
  move: string | null;
  over: 'won' | 'lost' | null;
  player: string;
  chance: { low: number; of: number; ci95: { low: number; high: number }; player: string };
  perfect: { low: number; high: number; of: number; unknown: number; maxStates: number; ci95: { low: number; high: number } };
}

const range = (low: number, high: number): string => (low === high ? percent(low) : `${percent(low)}–${percent(high)}`);
const orders = (n: number): string => `${fmt(n)} ${n === 1 ? 'order' : 'orders'}`;

/**
 * The move line, the chance line and the perfect-play line of a hint. `out` writes the cards in the reading
 * asked for (Reverse Idiot's Delight's, reverse.ts `writeReversed`; default: as they are).
 */
export function hintLines(hint: HintFigures, out: (text: string) => string = (text) => text): [string, string, string] {
  const { chance, perfect } = hint;
  const move =
    hint.move === null
      ? `move: none, the game is ${hint.over}`
      : `move: ${out(describeMove(parseMove(hint.move)))} — ${hint.player}'s choice`;
  const unknown = perfect.unknown === 0 ? '' : `, ${fmt(perfect.unknown)} unknown at ${fmt(perfect.maxStates)} states`;
  return [
    move,
    // Whose chance: a player who plays the move, then plays on as greedy does (the expert's own rollouts' player).
    `${hint.move === null ? 'chance of winning' : `chance of winning for a player who plays it, then plays on as ${chance.player}`}: ` +
      `${percent(chance.low)} (95% interval ${range(chance.ci95.low, chance.ci95.high)}) over ${fmt(chance.of)} random ${chance.of === 1 ? 'order' : 'orders'} of the unseen cards`,
    `perfect play wins: ${range(perfect.low, perfect.high)} (95% interval ${range(perfect.ci95.low, perfect.ci95.high)}) ` +
      `of ${orders(perfect.of)} solved from the position${unknown}`,
  ];
}
