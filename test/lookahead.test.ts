// greedy's typed-array lookahead against a plain recursion over every line of fills, on positions of
// random games in every variant: the same best value and the same first fill.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, isAce } from '../src/core/game/cards.ts';
import { FillLookahead } from '../src/core/play/lookahead.ts';
import { fills, isRemovable } from '../src/core/play/view.ts';
import { type Variant, VARIANTS } from '../src/core/game/rules.ts';

/** Removes every removable card, leftmost first, until none is left; how many went. */
function removeAll(piles: Card[][]): number {
  let count = 0;
  for (let pile = 0; pile < 4; pile++) {
    if (isRemovable(piles, pile)) {
      piles[pile]!.pop();
      count += 1;
      pile = -1;
    }
  }
  return count;
}

/** The best line's value from `piles` (-1: no fill) and its first fill, trying every line. */
function reference(piles: Card[][], variant: Variant, aceBonus: number): { value: number; card?: Card } {
  let best: { value: number; card?: Card } = { value: -1 };
  for (const move of fills(piles, variant)) {
    if (move.kind !== 'move') continue;
    const after = piles.map((cards) => cards.filter((card) => card !== move.card));
    after[move.pile]!.push(move.card);
    const value = removeAll(after) + (isAce(move.card) ? aceBonus : 0) + Math.max(0, reference(after, variant, aceBonus).value);
    if (value > best.value) best = { value, card: move.card };
  }
  return best;
}

/** Four piles of distinct cards, at least one empty, with no removal left (as greedy meets them). */
const positions = fc
  .tuple(fc.shuffledSubarray([...Array(52).keys()], { minLength: 3, maxLength: 11 }), fc.array(fc.nat(2), { minLength: 11, maxLength: 11 }))
  .map(([cards, where]) => {
    const piles: Card[][] = [[], [], [], []];
    cards.forEach((card, i) => piles[1 + where[i]!]!.push(card));
    removeAll(piles);
    return piles;
  })
  .filter((piles) => piles.some((cards) => cards.length === 0));

describe('greedy lookahead', () => {
  for (const variant of VARIANTS) {
    it(`${variant}: the best fill and value of a plain search over every line`, () => {
      fc.assert(
        fc.property(positions, fc.nat(3), (piles, aceBonus) => {
          const want = reference(piles, variant, aceBonus);
          const lookahead = new FillLookahead(variant, aceBonus, Number.MAX_SAFE_INTEGER);
          const got = lookahead.best(piles);
          expect(got?.card).toBe(want.card);
          if (got !== undefined) expect(piles[got.pile]![got.index]).toBe(got.card);
        }),
        { numRuns: 400 },
      );
    });
  }
});
