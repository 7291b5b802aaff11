// R12's canonical key (src/core/proofs/canonical.ts) against a brute-force reading of "the same position up to piles,
// suits and ranks": every relabelling of a position gets its key, and two positions share a key only when
// one is a relabelling of the other.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RANKS } from '../src/core/game/cards.ts';
import { CANONICAL_CARDS, CanonicalKey } from '../src/core/proofs/canonical.ts';
import { DealTables } from '../src/core/engine/masks.ts';
import { F_DEALT, F_KEPT, F_OWED_LO, FRAME, PILE_KEY_WORDS, addToPile, writeKey } from '../src/core/engine/state.ts';

/** A tableau: four piles of cards (suit × 13 + rank), each from the bottom. */
type Tableau = number[][];

/** A deal and frame holding `tableau` with `dealt` cards dealt: each pile's cards get increasing dealing
 *  positions, taken from `slots` (52 distinct positions, in the order to hand them out), the other cards
 *  the positions left. */
function realise(tableau: Tableau, dealt: number, slots: number[]): { tables: DealTables; frame: Int32Array } {
  const deal = new Uint8Array(52);
  const frame = new Int32Array(FRAME);
  const used = new Set<number>();
  let next = 0;
  for (let p = 0; p < 4; p++) {
    const positions = slots.slice(next, next + tableau[p]!.length).sort((a, b) => a - b);
    next += tableau[p]!.length;
    tableau[p]!.forEach((card, i) => {
      deal[positions[i]!] = card;
      addToPile(frame, 0, p, positions[i]!);
      used.add(card);
    });
  }
  const rest = slots.slice(next);
  let r = 0;
  for (let card = 0; card < 52; card++) if (!used.has(card)) deal[rest[r++]!] = card;
  frame[F_DEALT] = dealt;
  const tables = new DealTables();
  tables.setDeal(deal);
  return { tables, frame };
}

function keyOf(tableau: Tableau, dealt: number, slots: number[], words = PILE_KEY_WORDS): number[] | undefined {
  const { tables, frame } = realise(tableau, dealt, slots);
  const out = new Int32Array(words).fill(7);
  return new CanonicalKey(tables).write(frame, 0, out, 0, words) ? Array.from(out) : undefined;
}

/** The tableau with its piles in `piles` order, suits renamed by `suits`, and each card's rank its rank among
 *  the cards of its suit on the piles. */
function normal(tableau: Tableau, piles: number[], suits: number[]): string {
  const all = tableau.flat();
  const relabel = (card: number): string => {
    const suit = Math.floor(card / RANKS);
    const rank = all.filter((other) => Math.floor(other / RANKS) === suit && other % RANKS < card % RANKS).length;
    return `${suits[suit]}:${rank}`;
  };
  return piles.map((p) => tableau[p]!.map(relabel).join(',')).join('|');
}

const PERMUTATIONS: number[][] = [0, 1, 2, 3].flatMap((a) =>
  [0, 1, 2, 3].flatMap((b) => [0, 1, 2, 3].flatMap((c) => (a !== b && a !== c && b !== c ? [[a, b, c, 6 - a - b - c]] : []))),
);

/** Whether two tableaux are the same up to piles, suits and order-keeping ranks (every permutation tried). */
function sameUpToRelabelling(a: Tableau, b: Tableau): boolean {
  const target = normal(a, [0, 1, 2, 3], [0, 1, 2, 3]);
  return PERMUTATIONS.some((piles) => PERMUTATIONS.some((suits) => normal(b, piles, suits) === target));
}

/** A random tableau of at most `max` cards: distinct cards dealt into four piles. */
const tableau = (max: number): fc.Arbitrary<Tableau> =>
  fc
    .tuple(
      fc.shuffledSubarray(
        Array.from({ length: 52 }, (_, c) => c),
        { maxLength: max },
      ),
      fc.array(fc.nat(3), { minLength: 52, maxLength: 52 }),
    )
    .map(([cards, piles]) => {
      const out: Tableau = [[], [], [], []];
      cards.forEach((card, i) => out[piles[i]!]!.push(card));
      return out;
    });

/** Dealing positions in a random order. */
const slots = fc.shuffledSubarray(
  Array.from({ length: 52 }, (_, pos) => pos),
  { minLength: 52, maxLength: 52 },
);

/** A random relabelling of `t`: piles permuted, suits permuted, and per suit its ranks on the piles mapped, in
 *  order, onto a random set of ranks. */
const relabelling = (t: Tableau): fc.Arbitrary<Tableau> => {
  const all = t.flat();
  const count = [0, 1, 2, 3].map((s) => all.filter((c) => Math.floor(c / RANKS) === s).length);
  const ranks = count.map((n) =>
    fc.shuffledSubarray(
      Array.from({ length: RANKS }, (_, r) => r),
      { minLength: n, maxLength: n },
    ),
  );
  return fc.tuple(fc.constantFrom(...PERMUTATIONS), fc.constantFrom(...PERMUTATIONS), fc.tuple(...ranks)).map(([piles, suits, chosen]) => {
    const card = (c: number): number => {
      const suit = Math.floor(c / RANKS);
      const order = all.filter((o) => Math.floor(o / RANKS) === suit && o % RANKS < c % RANKS).length;
      return suits[suit]! * RANKS + chosen[suit]!.slice().sort((x, y) => x - y)[order]!;
    };
    return piles.map((p) => t[p]!.map(card));
  });
};

describe('the canonical key (R12)', () => {
  it('is the same for every relabelling of a position: piles, suits, ranks and dealing positions', () => {
    fc.assert(
      fc.property(
        tableau(CANONICAL_CARDS).chain((t) => fc.tuple(fc.constant(t), relabelling(t))),
        slots,
        slots,
        fc.constantFrom(48, 52),
        ([t, image], slotsA, slotsB, dealt) => {
          const a = keyOf(t, dealt, slotsA),
            b = keyOf(image, dealt, slotsB);
          expect(a).toBeDefined();
          expect(b).toEqual(a);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('differs for positions that are not relabellings of each other', () => {
    // A random pair, and a position against a small change of it (a card moved, two cards swapped, a card
    // of another suit or rank): the key is equal exactly when the brute force finds a relabelling.
    const change = (t: Tableau): fc.Arbitrary<Tableau> =>
      fc.tuple(fc.nat(3), fc.nat(3), fc.nat(60), fc.nat(51)).map(([p, q, i, card]) => {
        const out = t.map((pile) => pile.slice());
        const from = out[p]!;
        if (from.length === 0) return out;
        const [moved] = from.splice(i % from.length, 1);
        const to = out[q]!;
        const used = new Set(out.flat());
        // Either the card goes to another place, or another card (not on the piles) takes its place.
        to.splice(i % (to.length + 1), 0, used.has(card) || i % 3 !== 0 ? moved! : card);
        return out;
      });
    let equal = 0,
      different = 0;
    fc.assert(
      fc.property(
        tableau(CANONICAL_CARDS).chain((t) => fc.tuple(fc.constant(t), fc.oneof(change(t), tableau(CANONICAL_CARDS)))),
        slots,
        ([a, b], positions) => {
          const same = sameUpToRelabelling(a, b);
          expect(keyOf(a, 52, positions)).toEqual(keyOf(a, 52, positions));
          expect({ same, key: keyOf(a, 52, positions)!.join() === keyOf(b, 52, positions)!.join() }).toEqual({ same, key: same });
          if (same) equal += 1;
          else different += 1;
        },
      ),
      { numRuns: 400 },
    );
    // Both cases met (the small changes give relabellings now and then: a card moved within a run of its
    // pile's equals, or onto an empty pile's place).
    expect(equal).toBeGreaterThan(5);
    expect(different).toBeGreaterThan(100);
  });

  it('tells the cards dealt apart, is never an ordinary key, and leaves big, keeping or owing positions to the ordinary key', () => {
    fc.assert(
      fc.property(tableau(CANONICAL_CARDS), slots, (t, positions) => {
        const dealt48 = keyOf(t, 48, positions)!,
          dealt52 = keyOf(t, 52, positions)!;
        expect(dealt48).not.toEqual(dealt52);
        // An ordinary key leaves bits 28–31 of word 1 clear; a canonical key sets bit 31.
        const { frame } = realise(t, 52, positions);
        const ordinary = new Int32Array(PILE_KEY_WORDS);
        writeKey(frame, 0, ordinary, 0, true, PILE_KEY_WORDS);
        expect(ordinary[1]! >>> 28).toBe(0);
        expect(dealt52[1]! >>> 31).toBe(1);
        // With R7's words: the same canonical words, then zeros.
        expect(keyOf(t, 52, positions, 10)).toEqual([...dealt52, 0, 0, 0, 0]);
      }),
      { numRuns: 200 },
    );
    const big: Tableau = [[], [], [], []];
    for (let card = 0; card <= CANONICAL_CARDS; card++) big[card % 4]!.push(card);
    expect(
      keyOf(
        big,
        52,
        Array.from({ length: 52 }, (_, pos) => pos),
      ),
    ).toBeUndefined();
    // Owed cards (optional rule): the ordinary key.
    const { tables, frame } = realise(
      [[0], [13], [], []],
      52,
      Array.from({ length: 52 }, (_, pos) => pos),
    );
    frame[F_OWED_LO] = 1;
    expect(new CanonicalKey(tables).write(frame, 0, new Int32Array(10), 0, 10)).toBe(false);
    // Kept marks (never with no deal left): the ordinary key, which holds them.
    frame[F_OWED_LO] = 0;
    frame[F_KEPT] = 1;
    expect(new CanonicalKey(tables).write(frame, 0, new Int32Array(10), 0, 10)).toBe(false);
  });
});
