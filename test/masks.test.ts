// The bit-mask helpers and per-deal tables of src/core/engine/masks.ts against plain readings of the same facts.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { ACE_RANK, RANKS } from '../src/core/game/cards.ts';
import { DealTables, highestPosition, setPositions } from '../src/core/engine/masks.ts';

/** A set of dealing positions 0–51 as the two words of state.ts. */
function words(positions: readonly number[]): [number, number] {
  let lo = 0,
    hi = 0;
  for (const pos of positions) {
    if (pos < 32) lo |= 1 << pos;
    else hi |= 1 << (pos - 32);
  }
  return [lo, hi];
}

describe('setPositions', () => {
  it('lists exactly the set positions, lowest first (bits 31 and 51 included)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { maxLength: 52 }), fc.nat(8), (positions, at) => {
        const [lo, hi] = words(positions);
        const out = new Int8Array(at + 52).fill(-1);
        const count = setPositions(lo, hi, out, at);
        expect(count).toBe(positions.length);
        expect(Array.from(out.subarray(at, at + count))).toEqual(positions.slice().sort((a, b) => a - b));
        expect(highestPosition(lo, hi)).toBe(positions.length === 0 ? -1 : Math.max(...positions));
      }),
    );
  });
});

describe('DealTables', () => {
  it('per position: suit, rank, the ace of its suit, its lower cards and its higher non-aces', () => {
    for (let index = 0; index < 20; index++) {
      const deal = dealFor(11, index);
      const tables = new DealTables();
      tables.setDeal(deal);
      const suit = (pos: number): number => Math.floor(deal[pos]! / RANKS);
      const rank = (pos: number): number => deal[pos]! % RANKS;
      const all = Array.from({ length: 52 }, (_, pos) => pos);
      for (const pos of all) {
        expect(tables.suit[pos]).toBe(suit(pos));
        expect(tables.rank[pos]).toBe(rank(pos));
        expect(tables.positionOf[deal[pos]!]).toBe(pos);
        expect(rank(tables.acePosition[pos]!)).toBe(ACE_RANK);
        expect(suit(tables.acePosition[pos]!)).toBe(suit(pos));
        const sameSuit = all.filter((other) => suit(other) === suit(pos));
        expect([tables.lowerLo[pos], tables.lowerHi[pos]]).toEqual(words(sameSuit.filter((other) => rank(other) < rank(pos))));
        expect([tables.higherLo[pos], tables.higherHi[pos]]).toEqual(
          words(sameSuit.filter((other) => rank(other) > rank(pos) && rank(other) !== ACE_RANK)),
        );
      }
      expect([tables.nonAceLo, tables.nonAceHi]).toEqual(words(all.filter((pos) => rank(pos) !== ACE_RANK)));
    }
  });
});
