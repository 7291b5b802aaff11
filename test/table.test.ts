// The visited set against a plain Set of keys: over many deals (clears) and growths, `add` answers "new"
// exactly for the keys not added since the last clear, for both key widths and for canonical keys; its memory
// follows the positions stored and its cap. The value memo against a plain Map that forgets at the memo's cap:
// the same values through growth and clears.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOAD_FULL, positionsIn, slotWords, tableBytesFor, VisitedSet } from '../src/core/engine/table.ts';
import { ValueMemo } from '../src/core/engine/value-memo.ts';

/** A seeded xorshift generator (fast-check's own arrays stay short; these keys are many). */
function generator(seed: number): () => number {
  let x = seed | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/** Bits each word of a key may use (state.ts writeKey): word 1 28 bits, the high halves of masks 20. */
function widths(words: number): number[] {
  return words === 6 ? [32, 28, 32, 20, 32, 20] : [32, 28, 32, 20, 32, 20, 32, 20, 32, 20];
}

/**
 * The keys of one deal: `count` keys of `words` words in their layouts, from a small alphabet (so that
 * repeats are common and keys differ in one bit of one word, often a high bit), a share of them canonical
 * (word 1's bit 31 set, bits 0–20; word 5 28 bits; words 6–9 zero). Word 1 is never 0, as in state.ts.
 */
function keysOf(words: number, count: number, seed: number): number[][] {
  const next = generator(seed);
  const bits = widths(words);
  const pick = (width: number): number => {
    const r = next();
    // One of a few values per word: 0, a low bit, the top bit the layout allows, or both.
    const top = 2 ** (width - 1);
    return [0, 1, top, top + 1, 2][r % 5]! >>> 0;
  };
  return Array.from({ length: count }, () => {
    if (next() % 4 === 0) {
      const key = Array.from({ length: words }, (_, w) =>
        w === 1 ? 0x80000000 | pick(21) | 0 : w === 5 ? pick(28) : w >= 6 ? 0 : pick(32) | 0,
      );
      return key;
    }
    return Array.from({ length: words }, (_, w) => (w === 1 ? 1 << 20 : 0) | (pick(bits[w]!) | 0));
  });
}

describe('visited set', () => {
  for (const words of [6, 10]) {
    it(`${words}-word keys: add says "new" exactly once per key between clears, through clears and growth`, () => {
      fc.assert(
        fc.property(
          // Deals: how many keys each adds (up to several growths of the table), the seed of its keys, and
          // whether the deal starts with clearFor (a budget) or clear (slots kept).
          fc.array(fc.tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer(), fc.integer({ min: 0, max: 3 })), {
            minLength: 1,
            maxLength: 6,
          }),
          (deals) => {
            const visited = new VisitedSet(words, 12);
            const key = new Int32Array(words);
            for (const [count, seed, how] of deals) {
              if (how === 0) visited.clear(1 << 12);
              else if (how === 1) visited.clear();
              else visited.clearFor(how === 2 ? 1_000 : 100_000);
              const seen = new Set<string>();
              let wrong = 0;
              for (const k of keysOf(words, count, seed)) {
                key.set(k);
                const name = k.join();
                if (visited.add(key, 0) === seen.has(name)) wrong += 1;
                seen.add(name);
              }
              expect(wrong).toBe(0);
              expect(visited.size).toBe(seen.size);
              expect(visited.full).toBe(false);
            }
          },
        ),
        { numRuns: 15 },
      );
    });
  }

  it('finds every key again after growing many times (distinct keys, a key read at an offset)', () => {
    const visited = new VisitedSet(10, 12);
    const keys = new Int32Array(11 * 200_000);
    const next = generator(7);
    for (let i = 0; i < 200_000; i++) {
      const o = 1 + i * 11;
      keys[o] = i;
      keys[o + 1] = (1 << 20) | (next() & 0xfffff);
      for (let w = 2; w < 10; w++) keys[o + w] = w % 2 === 1 ? next() & 0xfffff : next() | 0;
    }
    let fresh = 0;
    for (let i = 0; i < 200_000; i++) if (visited.add(keys, 1 + i * 11)) fresh += 1;
    expect(fresh).toBe(200_000);
    let again = 0;
    for (let i = 0; i < 200_000; i++) if (!visited.add(keys, 1 + i * 11)) again += 1;
    expect(again).toBe(200_000);
    expect(visited.size).toBe(200_000);
  });

  it('refuses a key with bits outside its layout (it could share a slot with another)', () => {
    const visited = new VisitedSet(6, 12);
    const key = new Int32Array([0, 1 << 28, 0, 0, 0, 0]);
    expect(() => visited.add(key, 0)).toThrow(/outside its layout/);
    key[1] = 1;
    key[3] = 1 << 20;
    expect(() => visited.add(key, 0)).toThrow(/outside its layout/);
    const wide = new VisitedSet(10, 12);
    const canonical = new Int32Array(10);
    canonical[1] = 0x80000001 | 0;
    canonical[7] = 1;
    expect(() => wide.add(canonical, 0)).toThrow(/outside its layout/);
  });

  for (const words of [6, 10]) {
    it(`${words}-word keys at a cap: full exactly when the reserved slots are 9/10 loaded, every key kept`, () => {
      const maxBytes = 48 << 20;
      const visited = new VisitedSet(words, 12, maxBytes);
      visited.clearFor(10_000_000);
      expect(visited.capacity).toBeLessThanOrEqual(maxBytes);
      const most = visited.maxPositions;
      // Exact keys at 9/10 load: the slots are the bytes, less the tail, at slotWords words each.
      expect(most).toBeGreaterThan(0.97 * LOAD_FULL * (maxBytes / (4 * slotWords(words))));
      expect(positionsIn(visited.capacity, words)).toBe(most);
      const key = new Int32Array(words);
      key[1] = 1;
      let i = 0,
        seen = 0;
      for (; !visited.full; i++) {
        key[0] = i;
        key[2] = i * 7919;
        if (!visited.add(key, 0)) seen += 1;
      }
      expect(seen).toBe(0);
      expect(i).toBe(most);
      let found = 0;
      for (let j = 0; j < i; j++) {
        key[0] = j;
        key[2] = j * 7919;
        if (!visited.add(key, 0)) found += 1;
      }
      expect(found).toBe(i);
    });
  }

  it('reserves what a budget can fill, uses memory as positions arrive, and lets a large table go on clear', () => {
    let released = 0;
    const visited = new VisitedSet(6, 12, undefined, () => (released += 1));
    visited.clearFor(3_000_000);
    const reserved = visited.capacity;
    expect(reserved).toBeGreaterThanOrEqual(tableBytesFor(3_000_000, 6) - 1);
    expect(positionsIn(reserved, 6)).toBeGreaterThanOrEqual(3_000_000);
    const small = visited.bytes;
    expect(small).toBeLessThan(reserved / 10);
    const key = new Int32Array(6);
    key[1] = 1;
    let seen = 0;
    for (let i = 0; i < 3_000_000; i++) {
      key[0] = i;
      if (!visited.add(key, 0)) seen += 1;
    }
    expect(seen).toBe(0);
    expect(visited.full).toBe(false);
    expect(visited.bytes).toBeGreaterThan(small);
    expect(visited.bytes).toBeLessThanOrEqual(reserved);
    expect(released).toBe(0);
    // A smaller budget next: the slots written reach past twice what is kept, so a fresh reservation, and the
    // host is told the written memory is let go (once).
    visited.clear(1 << 12);
    expect(released).toBe(1);
    expect(visited.size).toBe(0);
    expect(visited.bytes).toBeLessThan(small * 2);
    key[0] = 5;
    expect(visited.add(key, 0)).toBe(true);
    expect(visited.add(key, 0)).toBe(false);
    // A larger budget reserves afresh: the little used since is not worth a collection.
    visited.clearFor(30_000_000);
    expect(released).toBe(1);
  });

  it('sizes by the budget, not a power of two: a table for n positions holds n and not twice n', () => {
    for (const positions of [1_500_000, 5_000_000, 20_000_000]) {
      for (const words of [6, 10]) {
        const bytes = tableBytesFor(positions, words);
        expect(positionsIn(bytes, words)).toBeGreaterThanOrEqual(positions);
        expect(bytes).toBeLessThan((1.05 * positions * slotWords(words) * 4) / LOAD_FULL);
      }
    }
  });
});

describe('value memo', () => {
  it('holds what a memo allocated at its cap holds: every value stored since the last clear, through growth', () => {
    fc.assert(
      fc.property(
        // Deals: how many keys each looks up (storing a value on a miss) and the seed of its keys; a cap of
        // 2^13 or 2^14 slots, so that a long deal reaches the cap's half and starts afresh.
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.integer()), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 13, max: 14 }),
        (deals, maxBits) => {
          const memo = new ValueMemo(6, maxBits);
          const key = new Int32Array(6);
          for (const [count, seed] of deals) {
            memo.clear();
            // The reference: a map of the values stored, forgotten whenever it would pass half the cap.
            const stored = new Map<string, number>();
            let wrong = 0;
            for (const [i, k] of keysOf(6, count, seed).entries()) {
              key.set(k);
              const name = k.join();
              if (memo.get(key, 0) !== (stored.get(name) ?? -1)) wrong += 1;
              if (stored.has(name)) continue;
              if ((stored.size + 1) * 2 > 2 ** maxBits) stored.clear();
              stored.set(name, i % 50);
              memo.set(key, 0, i % 50);
            }
            expect(wrong).toBe(0);
            expect(memo.size).toBe(stored.size);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
