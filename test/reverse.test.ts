// Reverse Idiot's Delight (aces low, the four kings kept): the rank map keeps the order of ranks, a deal and its
// twin get the same verdict and the same line, mapped, and the twin's line replays under the reversed rules as
// this file states them apart (aces low); the commands read and print that reading with --reverse.

import { describe, expect, it } from 'vitest';
import { solve, winnableDeals } from '../src/core/api.ts';
import { CARDS, cardName, formatDeal, parseCards, parseDeal, suitOf } from '../src/core/game/cards.ts';
import { formatMove, parseMoves } from '../src/core/game/notation.ts';
import { removes } from '../src/core/game/rules.ts';
import { fromReversed, parseReversedDeal, parseReversedPosition, toReversed, writeReversed } from '../src/core/game/reverse.ts';
import { acesup } from './cli-run.ts';

/** Rank with aces low, from the card's name as written: A = 0 … K = 12. */
const lowRank = (name: string): number => 'A23456789TJQK'.indexOf(name[0]!);

/**
 * Reverse Idiot's Delight (standard variant, forced discards), stated apart from the solver's rules: a card is
 * removed when another pile exposes a higher card of its suit, aces low; a king is never removed; any exposed
 * card may fill an empty pile; won with the stock empty and the four kings left. Cards are names as written.
 */
function replayReversed(deal: string[], moves: string[]): string {
  const piles: string[][] = [[], [], [], []];
  let next = 0;
  const land = (): void => {
    for (const pile of piles) pile.push(deal[next++]!);
  };
  const top = (pile: string[]): string | undefined => pile[pile.length - 1];
  const removable = (card: string): boolean => piles.some((pile) => top(pile)?.[1] === card[1] && lowRank(top(pile)!) > lowRank(card));
  land();
  for (const [i, move] of moves.entries()) {
    const [verb, card, to] = move.split(' ');
    const from = piles.find((pile) => top(pile) === card);
    if (verb === 'deal') {
      if (next === CARDS) return `move ${i + 1}: the stock is empty`;
      if (piles.some((pile) => top(pile) !== undefined && removable(top(pile)!))) return `move ${i + 1}: a removal is left`;
      land();
    } else if (from === undefined) return `move ${i + 1}: ${card} is not exposed`;
    else if (verb === 'remove') {
      if (card![0] === 'K' || !removable(card!)) return `move ${i + 1}: ${card} cannot be removed`;
      from.pop();
    } else {
      if (piles[Number(to) - 1]!.length !== 0) return `move ${i + 1}: pile ${to} is not empty`;
      piles[Number(to) - 1]!.push(from.pop()!);
    }
  }
  const left = piles.flat();
  return next === CARDS && left.length === 4 && left.every((card) => card[0] === 'K') ? 'won' : `not won: ${left.join(' ')}`;
}

describe('the reversed reading', () => {
  it('maps each card to one of the standard game, undone by its inverse, keeping the order of ranks', () => {
    for (let card = 0; card < CARDS; card++) {
      expect(toReversed(fromReversed(card))).toBe(card);
      expect(suitOf(fromReversed(card))).toBe(suitOf(card));
    }
    for (let a = 0; a < CARDS; a++) {
      for (let b = 0; b < CARDS; b++) {
        const outranks = suitOf(a) === suitOf(b) && lowRank(cardName(a)) > lowRank(cardName(b));
        expect(removes(fromReversed(a), fromReversed(b)), `${cardName(a)} over ${cardName(b)}`).toBe(outranks);
      }
    }
    expect(parseCards('KS AS').map(fromReversed).map(cardName)).toEqual(['AS', '2S']);
    expect(writeReversed('remove AS, move 10♠ to pile 2; only an ace may move')).toBe('remove KS, move 9♠ to pile 2; only a king may move');
  });

  it('gives a deal and its twin the same verdict and the same line, mapped; the line wins under the reversed rules', () => {
    for (const { deal, solution } of winnableDeals({ seed: 11, count: 3, variant: 'standard', discards: 'forced' })) {
      const twin = writeReversed(deal);
      const twinVerdict = solve(parseReversedDeal(twin), { variant: 'standard', discards: 'forced' });
      expect(twinVerdict.result).toBe('won');
      const twinLine = twinVerdict.result === 'won' ? twinVerdict.solution.map(writeReversed) : [];
      expect(twinLine).toEqual(solution.map(writeReversed));
      expect(replayReversed(twin.split(' '), twinLine)).toBe('won');
      // The same line read the standard way is not a win of the twin: the reading matters.
      expect(replayReversed(deal.split(' '), solution)).not.toBe('won');
    }
  });

  it('reads positions with the king as the card never discarded', () => {
    expect(() => parseReversedPosition('7S | 2C | 5H | AC ; stock 44 ; out 3C 4C 6D KD')).toThrow(
      'KD is listed as discarded: a king is never discarded',
    );
    const position = parseReversedPosition('7S | 2C | 5H | KC ; stock 44 ; out 3C 4C 6D AD');
    expect(position.piles[3]!.map(cardName)).toEqual(['AC']);
    expect(position.discards.map(cardName).sort()).toEqual(['2D', '4C', '5C', '7D']);
  });
});

describe('--reverse', () => {
  it('deal, solve, verify and play read and print the reversed reading', async () => {
    const deal = (await acesup(['deal', '--seed', '11', '--index', '4'])).stdout.trim();
    const twin = (await acesup(['deal', '--seed', '11', '--index', '4', '--reverse'])).stdout.trim();
    expect(twin).toBe(writeReversed(deal));
    expect(formatDeal(parseReversedDeal(twin))).toBe(formatDeal(parseDeal(deal)));
    const [plain, reversed] = await Promise.all([
      acesup(['solve', deal, '--variant', 'standard', '--discards', 'forced', '--json']),
      acesup(['solve', twin, '--reverse', '--variant', 'standard', '--discards', 'forced', '--json']),
    ]);
    const a = JSON.parse(plain.stdout) as { result: string; solution?: string[]; deal: string };
    const b = JSON.parse(reversed.stdout) as { result: string; solution?: string[]; deal: string };
    expect(b.result).toBe(a.result);
    expect(b.deal).toBe(twin);
    expect(b.solution).toEqual(a.solution?.map(writeReversed));
    // Deal 4 of seed 11 is won under these rules (acesup deal --seed 11 --winnable lists it).
    expect(b.result).toBe('won');
    expect(replayReversed(twin.split(' '), b.solution!)).toBe('won');
    const checked = await acesup(['verify', twin, b.solution!.join(', '), '--reverse', '--discards', 'forced']);
    expect(checked.stdout.trim()).toBe('ok');
    const [game, twinGame] = await Promise.all([
      acesup(['play', deal, '--policy', 'greedy', '--json']),
      acesup(['play', twin, '--policy', 'greedy', '--json', '--reverse']),
    ]);
    const moves = (JSON.parse(game.stdout) as { moves: string[] }).moves;
    expect((JSON.parse(twinGame.stdout) as { moves: string[] }).moves).toEqual(moves.map(writeReversed));
    expect(parseMoves(moves.join(',')).map(formatMove)).toEqual(moves);
  });

  it('refuses --html with --reverse in one line, exit 2', async () => {
    const twin = writeReversed(formatDeal(parseDeal((await acesup(['deal', '--seed', '11'])).stdout)));
    const ran = await acesup(['solve', twin, '--reverse', '--html', 'never-written.html']);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe('acesup: --html draws the standard reading only: it does not take --reverse\n');
  });
});
