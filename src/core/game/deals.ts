// Reproducible random deals: deal number I of seed S is always the same 52 cards, computed on its own
// (no sequence to replay), so any worker, shard or order gets the same deal for (S, I).
//
// Algorithm (documented in docs/estimate.md, "Reproducible deals"; pinned by tests):
//   1. h = fmix32(S); h = fmix32(h ^ lo32(I)); h = fmix32(h ^ hi32(I))    — murmur3's 32-bit finaliser
//   2. the xoroshiro128+ state (pure-rand) is [fmix32(h + k·0x9E3779B9) for k = 1, 2, 3, 4]
//   3. start from the ordered deck 2C 3C … AC 2D … AD 2H … AH 2S … AS (card ids 0–51) and shuffle it by
//      Fisher–Yates: for i = 51 down to 1, j = uniformInt(rng, 0, i), swap cards i and j.
//   The shuffled deck is the deal in dealing order.

import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { type Deal, MAX_INDEX, MAX_SEED } from './cards.ts';
import { fmix32, generatorFrom } from './random.ts';

/** Deal number `index` (0, 1, 2, …) of `seed`. */
export function dealFor(seed: number, index: number): Deal {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) throw new RangeError(`seed ${seed} is not in 0..${MAX_SEED}`);
  if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX) throw new RangeError(`index ${index} is not a whole number ≥ 0`);
  let h = fmix32(seed);
  h = fmix32(h ^ (index % 0x100000000));
  h = fmix32(h ^ Math.floor(index / 0x100000000));
  const rng = generatorFrom(h);
  const deck = new Uint8Array(52);
  for (let i = 0; i < 52; i++) deck[i] = i;
  for (let i = 51; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const card = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = card;
  }
  return deck;
}
