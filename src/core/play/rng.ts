// The seeded random source of the policies (random moves, expert's sampled stock orders): small and exact.

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

/**
 * sfc32 (Chris Doty-Humphrey's small fast counting generator): 128 bits of state, 32-bit output. A game's
 * stream is a function of the words it is seeded with alone, so a game replays whatever thread plays it.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d = 1;

  /** A stream from any number of 32-bit words (e.g. seed, deal index, variant and rule numbers). */
  constructor(...words: number[]) {
    let h = 0x2545f491;
    for (const word of words) {
      h = fmix32(h ^ (word % 0x100000000));
      h = fmix32(h ^ Math.floor(word / 0x100000000));
    }
    this.a = fmix32(h + 0x9e3779b9);
    this.b = fmix32(h + 0x3c6ef372);
    this.c = fmix32(h + 0xdaa66d2b);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next 32 random bits, as an unsigned number. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in 0 … n−1 (1 ≤ n ≤ 2^32), exactly: draws above the last whole multiple of n are redrawn. */
  below(n: number): number {
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
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
