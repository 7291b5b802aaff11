// The seeded random streams of the policies (random moves, expert's sampled stock orders), and the word
// mixer and generator that seed them and the deals.

import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** murmur3's 32-bit finaliser: mixes a word so that nearby seeds give unrelated streams. */
export function fmix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** pure-rand's xoroshiro128+ from a mixed 32-bit word `h`: the state [fmix32(h + k·0x9E3779B9) for k = 1…4]. */
export function generatorFrom(h: number): RandomGenerator {
  const state = [1, 2, 3, 4].map((k) => fmix32(h + Math.imul(k, 0x9e3779b9)));
  if (!state.some((word) => word !== 0)) state[0] = 1; // xoroshiro's one forbidden state
  return xoroshiro128plusFromState(state);
}

/**
 * A game's random stream (pure-rand's xoroshiro128+, the deals' generator too), seeded by the words given
 * alone, so a game replays whatever thread plays it. Its seeding differs from the deals' (deals.ts), so a
 * policy's stream never repeats the shuffle that made the deal.
 */
export class Rng {
  private readonly generator: RandomGenerator;

  /** A stream from any number of 32-bit words (e.g. seed, deal index, variant and rule numbers). */
  constructor(...words: number[]) {
    let h = 0x2545f491;
    for (const word of words) {
      h = fmix32(h ^ (word % 0x100000000));
      h = fmix32(h ^ Math.floor(word / 0x100000000));
    }
    this.generator = generatorFrom(h);
  }

  /** A uniform integer in 0 … n−1 (n ≥ 1), exactly. */
  below(n: number): number {
    return uniformInt(this.generator, 0, n - 1);
  }

  /** Shuffles `items` in place (Fisher–Yates). */
  shuffle<T>(items: T[] | Uint8Array): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t as never;
    }
  }
}
