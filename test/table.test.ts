// The visited set against a plain Set of keys: over many deals (clears) and growths, `add` answers "new"
// exactly for the keys not added since the last clear. The value memo against a plain Map that forgets at
// the memo's cap: the same values through growth and clears.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValueMemo, VisitedSet } from '../src/core/engine/table.ts';

/** The keys of one deal: `count` keys of `words` words drawn from a small alphabet by a seeded generator (so
 *  that repeats are common; fast-check's own arrays stay short); word 1 is never 0, as in state.ts. */
function keysOf(words: number, count: number, seed: number): number[][] {
  let x = seed | 1;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: words }, (_, w) => (w === 1 ? 1 : 0) + ((next() >>> 0) % 5) * (w === 0 ? 997 : 1)),
  );
}

describe('visited set', () => {
  for (const words of [6, 10]) {
    it(`${words}-word keys: add says "new" exactly once per key between clears, through clears and growth`, () => {
      fc.assert(
        fc.property(
          // Deals: how many keys each adds (up to several growths of the table) and the seed of its keys.
          fc.array(fc.tuple(fc.integer({ min: 0, max: 12_000 }), fc.integer()), { minLength: 1, maxLength: 6 }),
          fc.integer({ min: 12, max: 14 }),
          (deals, keepBits) => {
            const visited = new VisitedSet(words, 12);
            const key = new Int32Array(words);
            for (const [count, seed] of deals) {
              visited.clear(keepBits);
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
            }
          },
        ),
        { numRuns: 20 },
      );
    });
  }

  it('clear lets go of a table grown past keepBits, and forgets every key', () => {
    const visited = new VisitedSet(6, 12);
    const key = new Int32Array(6);
    key[1] = 1;
    for (let i = 0; i < 20_000; i++) {
      key[0] = i;
      visited.add(key, 0);
    }
    expect(visited.bytes).toBe((1 << 16) * 7 * 4);
    visited.clear(13);
    expect(visited.bytes).toBe((1 << 13) * 7 * 4);
    key[0] = 5;
    expect(visited.add(key, 0)).toBe(true);
    expect(visited.add(key, 0)).toBe(false);
  });

  it('clearFor keeps a table a budget could fill, and shrinks a larger one to the default size', () => {
    const visited = new VisitedSet(6, 12);
    const key = new Int32Array(6);
    key[1] = 1;
    for (let i = 0; i < 3_000_000; i++) {
      key[0] = i;
      visited.add(key, 0);
    }
    const grown = (1 << 23) * 7 * 4;
    expect(visited.bytes).toBe(grown);
    visited.clearFor(16_000_000);
    expect(visited.bytes).toBe(grown);
    key[0] = 5;
    expect(visited.add(key, 0)).toBe(true);
    expect(visited.add(key, 0)).toBe(false);
    visited.clearFor(100_000);
    expect(visited.bytes).toBe((1 << 22) * 7 * 4);
    expect(visited.size).toBe(0);
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
