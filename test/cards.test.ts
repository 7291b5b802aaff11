// Deal strings: every accepted form, the canonical form, and the message for each kind of bad input; and
// numbers as the commands print them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError, cardLabel, cardName, formatDeal, parseCard, parseDeal } from '../src/core/game/cards.ts';
import { fmt } from '../src/core/game/format.ts';

const ORDERED = Array.from({ length: 52 }, (_, card) => cardName(card)).join(' ');
const deckArb = fc.shuffledSubarray(
  Array.from({ length: 52 }, (_, i) => i),
  { minLength: 52, maxLength: 52 },
);

describe('cards', () => {
  it('names cards with aces high and T for ten', () => {
    expect(cardName(0)).toBe('2C');
    expect(cardName(8)).toBe('TC');
    expect(cardName(12)).toBe('AC');
    expect(cardName(51)).toBe('AS');
    expect(cardLabel(21)).toBe('10♦');
    expect(parseCard('10♠')).toBe(47);
    expect(parseCard('as')).toBe(51);
  });

  it('parse ∘ format is the identity on every deal', () => {
    fc.assert(
      fc.property(deckArb, (cards) => {
        const deal = Uint8Array.from(cards);
        expect(parseDeal(formatDeal(deal))).toEqual(deal);
      }),
    );
  });

  it('accepts lower case, 10, suit symbols, commas and no separators', () => {
    fc.assert(
      fc.property(deckArb, fc.integer({ min: 0, max: 3 }), (cards, style) => {
        const deal = Uint8Array.from(cards);
        const words = Array.from(deal, (card) => {
          const name = cardName(card);
          if (style === 1) return name.toLowerCase();
          if (style === 2) return cardLabel(card);
          return name.replace('T', '10');
        });
        const text = words.join(style === 3 ? '' : style === 2 ? ', ' : ' ');
        expect(formatDeal(parseDeal(text))).toBe(formatDeal(deal));
      }),
    );
  });

  it('names the first unknown token and its position', () => {
    expect(() => parseDeal('2C 3C XX 4C')).toThrow(new InputError('unknown card "XX" at position 3 (column 7)'));
    expect(() => parseDeal('2C1C')).toThrow(/unknown card "1C" at position 2/);
  });

  it('names a duplicated card with both positions', () => {
    const text = ORDERED.replace('3C', '2C');
    expect(() => parseDeal(text)).toThrow('duplicate card 2C at positions 1 and 2');
  });

  it('names the wrong count and the missing cards', () => {
    expect(() => parseDeal(ORDERED.replace(' AS', ''))).toThrow('deal has 51 cards, expected 52 (missing card AS)');
    expect(() => parseDeal('')).toThrow('empty deal');
    expect(() => parseDeal(`${ORDERED} 2C`)).toThrow(/duplicate card 2C at positions 1 and 53/);
  });
});

describe('fmt', () => {
  it("writes every number as toLocaleString('en-US') does, whole numbers grouped by hand", () => {
    const same = (n: number): void => {
      expect(fmt(n), String(n)).toBe(n.toLocaleString('en-US'));
    };
    for (const n of [
      0,
      -0,
      1,
      -1,
      999,
      1000,
      -1000,
      1234567,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      2 ** 53,
      0.5,
      1234.5678,
      Number.NaN,
      Infinity,
    ])
      same(n);
    fc.assert(fc.property(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), (n) => same(n)));
    fc.assert(fc.property(fc.double({ noNaN: true, min: -1e9, max: 1e9 }), (n) => same(n)));
  });
});
