// A hint in plain words, as `acesup hint` and the web page say it: what to play, the chance of winning from here for
// a player who plays on well without seeing the stock, and what perfect play with the stock known would win; and,
// apart (the command's --verbose, the page's details), who chose the move and played on, with their settings.

import { fmt, percent } from '../game/format.ts';
import { describeGameMove, parseMove } from '../game/notation.ts';

/** What the words need of a hint (the library's HintAnswer): its move in the rules' notation, and the shares. */
export interface HintFigures {
  move: string | null;
  over: 'won' | 'lost' | null;
  player: string;
  chance: { won: number; low: number; of: number; ci95: { low: number; high: number }; exact: boolean; player: string };
  perfect: {
    won: number;
    low: number;
    high: number;
    of: number;
    unknown: number;
    maxStates: number;
    ci95: { low: number; high: number };
    exact: boolean;
    decided: boolean;
  } | null;
}

/** A hint said in words: one sentence each, and the details behind them. */
export interface HintWords {
  /** What to play ("Play: remove 8♣"), or that the game is over. */
  move: string;
  /** The chance of winning from here; null when the game is over. */
  chance: string | null;
  /** What perfect play with the stock known would win from here; null when it was not asked for. */
  perfect: string | null;
  /** Who chose the move and who played on, and how many orders were played or solved at which budgets. */
  details: string[];
}

/** "about 1 game in 37", "about 7 games in 10": a share as odds a player reads at a glance. */
function odds(p: number): string {
  if (p <= 0) return 'almost never';
  if (p >= 1) return 'almost always';
  if (p < 0.5) {
    const n = Math.round(1 / p);
    return `about 1 game in ${fmt(n)}`;
  }
  const tens = Math.round(p * 10);
  if (tens < 10) return `about ${tens} games in 10`;
  const hundreds = Math.round(p * 100);
  return hundreds < 100 ? `about ${hundreds} games in 100` : 'almost every game';
}

/** An exact share: "54.17%, about 1 game in 2", or "0%" and "100%" alone. */
const exact = (p: number): string => (p <= 0 ? '0%' : p >= 1 ? '100%' : `${percent(p)}, ${odds(p)}`);
const interval = (ci: { low: number; high: number }): string => `95% interval ${percent(ci.low)}–${percent(ci.high)}`;
const orders = (n: number): string => `${fmt(n)} ${n === 1 ? 'order' : 'orders'}`;

/**
 * The hint in words. `write` writes the cards in the reading asked for (Reverse Idiot's Delight's, reverse.ts
 * `writeReversed`; default: as they are).
 */
export function hintWords(hint: HintFigures, write: (text: string) => string = (text) => text): HintWords {
  const { chance, perfect } = hint;
  const unseen = chance.exact ? (chance.of === 1 ? 0 : 4) : undefined;
  const move =
    hint.over === null
      ? `Play: ${write(describeGameMove(parseMove(hint.move!)))}`
      : hint.over === 'won'
        ? 'Nothing to play: the game is won.'
        : 'Nothing to play: no legal move is left, and the game is lost.';
  let chanceLine: string | null = null;
  if (hint.over === null) {
    if (unseen === 0)
      chanceLine =
        chance.low === 1
          ? 'You can win from here for certain: every card is in sight (this is exact).'
          : 'This game can no longer be won: every card is in sight, and no line of play wins (this is exact).';
    else if (unseen === 4)
      chanceLine =
        'Your chance of winning from here, playing on as well as a player can without seeing the last four cards: ' +
        `exactly ${exact(chance.low)} (the best play wins ${fmt(chance.won)} of the 24 orders they may come in).`;
    else
      chanceLine =
        `Your chance of winning from here, playing on well without seeing the stock: ${odds(chance.low)} ` +
        `(${percent(chance.low)}, ${interval(chance.ci95)}).`;
  }
  let perfectLine: string | null = null;
  if (perfect !== null) {
    const share = perfect.low === perfect.high ? percent(perfect.low) : `${percent(perfect.low)}–${percent(perfect.high)}`;
    if (perfect.exact && perfect.of === 1)
      perfectLine =
        perfect.low === 1
          ? 'With every card in sight, perfect play wins from here.'
          : 'With every card in sight, no line of play wins from here.';
    else if (perfect.exact)
      perfectLine =
        `With the stock known, perfect play would win from here exactly ${fmt(perfect.won)} of the 24 orders the last ` +
        `four cards may come in (${exact(perfect.low)}).`;
    else if (perfect.decided)
      perfectLine = `With the stock known, perfect play would win from here ${odds((perfect.low + perfect.high) / 2)} (${share}, ${interval(perfect.ci95)}).`;
    else
      perfectLine =
        `With the stock known, perfect play: could not tell from here. Of the ${orders(perfect.of)} of the stock tried, ` +
        `${fmt(perfect.unknown)} were too hard to settle within a hint's budget (as most are early in a game).`;
  }
  const details: string[] = [];
  if (hint.over === null) {
    details.push(`The move is ${hint.player}'s choice.`);
    details.push(
      chance.exact
        ? `The chance is exact: ${chance.player}, as a player who does not see the stock plays it best, over every order the unseen cards may come in.`
        : `The chance is ${chance.player} playing on after the move, over ${orders(chance.of)} of the unseen cards drawn at random.`,
    );
  }
  if (perfect !== null && !(perfect.exact && perfect.of === 1)) {
    const undecided = perfect.unknown === 0 ? 'every one decided' : `${fmt(perfect.unknown)} undecided`;
    details.push(
      `Perfect play: ${orders(perfect.of)} of the unseen cards ${perfect.exact || unseen === 4 ? '(every one)' : 'drawn at random'}, each solved exactly from the position within ${fmt(perfect.maxStates)} positions at most; ${undecided}.`,
    );
  }
  return { move, chance: chanceLine, perfect: perfectLine, details };
}
