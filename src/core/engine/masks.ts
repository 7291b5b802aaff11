// Bit-mask helpers over dealing positions (a 52-bit mask as two int32 words: positions 0–31 in `lo`,
// 32–51 in `hi`) and the per-deal card tables that the search, its bounds and the ghost game read.

import { ACE_RANK, type Deal, RANKS } from '../game/cards.ts';

/** Highest set position of a 52-bit mask, or -1 when empty. */
export function highestPosition(lo: number, hi: number): number {
  if (hi !== 0) return 63 - Math.clz32(hi);
  if (lo !== 0) return 31 - Math.clz32(lo);
  return -1;
}

/** Number of set bits of a 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Writes the positions set in the mask (lo, hi), lowest first, to `out` from `at`; returns how many. The one
 * set-bit loop of the core: callers walk the list (allocation-free, and nested walks just use other slots).
 */
export function setPositions(lo: number, hi: number, out: Int8Array, at: number): number {
  let n = at;
  for (let bits = lo; bits !== 0; bits &= bits - 1) out[n++] = 31 - Math.clz32(bits & -bits);
  for (let bits = hi; bits !== 0; bits &= bits - 1) out[n++] = 63 - Math.clz32(bits & -bits);
  return n - at;
}

/** Low word of the mask of the cards on the four piles of the frame at `base` (state.ts: pile p's words
 *  are slots 2p and 2p + 1). */
export const pilesLo = (frames: Int32Array, base: number): number =>
  frames[base]! | frames[base + 2]! | frames[base + 4]! | frames[base + 6]!;

/** High word of the mask of the cards on the four piles of the frame at `base`. */
export const pilesHi = (frames: Int32Array, base: number): number =>
  frames[base + 1]! | frames[base + 3]! | frames[base + 5]! | frames[base + 7]!;

/** Per pile p: mask (lo, hi) of the dealing positions whose card is dealt onto p (position mod 4 = p). */
export const LANDING_LO = Int32Array.from([0, 1, 2, 3], (p) => 0x11111111 << p);
export const LANDING_HI = Int32Array.from([0, 1, 2, 3], (p) => (0x11111 << p) & 0xfffff);

/** Per-deal tables by dealing position, filled by `setDeal`; one instance serves every reader of a deal. */
export class DealTables {
  readonly suit = new Int8Array(52);
  readonly rank = new Int8Array(52);
  /** The dealing position of each card. */
  readonly positionOf = new Int8Array(52);
  /** Per position, the position of the ace of its suit. */
  readonly acePosition = new Int8Array(52);
  /** Per position, mask (lo, hi) of the positions of the lower cards of its suit. */
  readonly lowerLo = new Int32Array(52);
  readonly lowerHi = new Int32Array(52);
  /** Per position, mask (lo, hi) of the positions of the non-aces of its suit that outrank it. */
  readonly higherLo = new Int32Array(52);
  readonly higherHi = new Int32Array(52);
  /** Mask of the positions holding non-aces. */
  nonAceLo = 0;
  nonAceHi = 0;

  setDeal(deal: Deal): void {
    const positionOf = this.positionOf;
    for (let pos = 0; pos < 52; pos++) {
      this.suit[pos] = (deal[pos]! / RANKS) | 0;
      this.rank[pos] = deal[pos]! % RANKS;
      positionOf[deal[pos]!] = pos;
    }
    this.nonAceLo = 0;
    this.nonAceHi = 0;
    for (let pos = 0; pos < 52; pos++) {
      // card = suit × 13 + rank: the cards of its suit below it, and above it.
      const first = this.suit[pos]! * RANKS,
        rank = this.rank[pos]!;
      let lowerLo = 0,
        lowerHi = 0;
      for (let r = 0; r < rank; r++) {
        const other = positionOf[first + r]!;
        if (other < 32) lowerLo |= 1 << other;
        else lowerHi |= 1 << (other - 32);
      }
      this.lowerLo[pos] = lowerLo;
      this.lowerHi[pos] = lowerHi;
      let higherLo = 0,
        higherHi = 0;
      for (let r = rank + 1; r < ACE_RANK; r++) {
        const other = positionOf[first + r]!;
        if (other < 32) higherLo |= 1 << other;
        else higherHi |= 1 << (other - 32);
      }
      this.higherLo[pos] = higherLo;
      this.higherHi[pos] = higherHi;
      this.acePosition[pos] = positionOf[first + ACE_RANK]!;
      if (rank === ACE_RANK) continue;
      if (pos < 32) this.nonAceLo |= 1 << pos;
      else this.nonAceHi |= 1 << (pos - 32);
    }
  }
}
