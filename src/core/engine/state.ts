// The bit-packed position: four pile masks over dealing positions, the deal count, kept marks; and its key.
//
// Why a pile is a set (docs/search.md#lemma-p): cards only ever land on a pile in increasing dealing order.
// A deal puts newer cards on top; a move only fills an *empty* pile; a removal takes the top card; the
// `easy` extraction keeps the rest in order. So a pile is exactly the set of the dealing positions of its
// cards, ordered by position, and its exposed card is the one with the highest position. A position is
// therefore fully described by one 52-bit mask per pile (split in two 32-bit words: positions 0–31 in
// `lo`, 32–51 in `hi`), plus the number of cards dealt (cards at positions ≥ dealt are in the stock, the
// other positions in no pile are discarded).

import { highestPosition, pilesHi, pilesLo, popcount32 } from './masks.ts';

/** Int32 slots of one position ("frame") in a frame buffer. */
export const FRAME = 16;
/** Slot of pile p's low mask word is 2p, of its high word 2p + 1. */
export const F_DEALT = 8;
/** Bit p set: the exposed card of pile p is kept (optional rule: it will not be removed before the deal). */
export const F_KEPT = 9;
export const F_DISCARDS = 10;
/** Optional rule, reduced search: mask (lo, hi) of the cards kept at an earlier deal that must still act
 *  (owed.ts, R7), and mask of the cards exposed at some moment of this round that bear on them. */
export const F_OWED_LO = 11;
export const F_OWED_HI = 12;
export const F_SEEN_LO = 13;
export const F_SEEN_HI = 14;

/** Position of pile p's exposed card in the frame at `base`, or -1 when the pile is empty. */
export function exposedPosition(frames: Int32Array, base: number, pile: number): number {
  return highestPosition(frames[base + 2 * pile]!, frames[base + 2 * pile + 1]!);
}

/** Number of cards on pile p. */
export function pileSize(frames: Int32Array, base: number, pile: number): number {
  return popcount32(frames[base + 2 * pile]!) + popcount32(frames[base + 2 * pile + 1]!);
}

/** Low word (positions 0–31) of the mask of the cards still in the stock once `dealt` cards are dealt. */
export const stockLo = (dealt: number): number => (dealt >= 32 ? 0 : ~((1 << dealt) - 1));

/** High word (positions 32–51) of the mask of the cards still in the stock once `dealt` cards are dealt. */
export const stockHi = (dealt: number): number => (dealt <= 32 ? 0xfffff : 0xfffff & ~((1 << (dealt - 32)) - 1));

/** Low word (positions 0–31) of the mask of cards still in play: on a pile or in the stock. */
export function inPlayLo(frames: Int32Array, base: number): number {
  return pilesLo(frames, base) | stockLo(frames[base + F_DEALT]!);
}

/** High word (positions 32–51) of the mask of cards still in play: on a pile or in the stock. */
export function inPlayHi(frames: Int32Array, base: number): number {
  return pilesHi(frames, base) | stockHi(frames[base + F_DEALT]!);
}

/** Writes the starting position of a deal (cards 0–3 on piles 0–3) into the frame at `base`. */
export function startFrame(frames: Int32Array, base: number): void {
  frames.fill(0, base, base + FRAME);
  for (let pile = 0; pile < 4; pile++) frames[base + 2 * pile] = 1 << pile;
  frames[base + F_DEALT] = 4;
}

/** Adds dealing position `pos` to pile p's mask. */
export function addToPile(frames: Int32Array, base: number, pile: number, pos: number): void {
  if (pos < 32) frames[base + 2 * pile] |= 1 << pos;
  else frames[base + 2 * pile + 1] |= 1 << (pos - 32);
}

/** Takes dealing position `pos` out of pile p's mask. */
export function takeFromPile(frames: Int32Array, base: number, pile: number, pos: number): void {
  if (pos < 32) frames[base + 2 * pile] &= ~(1 << pos);
  else frames[base + 2 * pile + 1] &= ~(1 << (pos - 32));
}

/** Whether dealing position `pos` is on pile p. */
function pileHas(frames: Int32Array, base: number, pile: number, pos: number): boolean {
  return pos < 32 ? (frames[base + 2 * pile]! & (1 << pos)) !== 0 : (frames[base + 2 * pile + 1]! & (1 << (pos - 32))) !== 0;
}

/** The pile holding dealing position `pos`, or -1 (in the stock, or discarded). */
export function pileOf(frames: Int32Array, base: number, pos: number): number {
  for (let pile = 0; pile < 4; pile++) if (pileHas(frames, base, pile, pos)) return pile;
  return -1;
}

/** Deals the next four stock cards, one onto each pile 0–3 (empty piles included); clears kept marks. */
export function dealFrame(frames: Int32Array, base: number): void {
  const dealt = frames[base + F_DEALT]!;
  for (let pile = 0; pile < 4; pile++) addToPile(frames, base, pile, dealt + pile);
  frames[base + F_DEALT] = dealt + 4;
  frames[base + F_KEPT] = 0;
}

/** Unsigned order of two 52-bit masks given as (hi, lo) words. */
function less(ah: number, al: number, bh: number, bl: number): boolean {
  return ah >>> 0 < bh >>> 0 || (ah === bh && al >>> 0 < bl >>> 0);
}

/** Key words of a position: the piles, deal count and kept marks (words 0–5), then R7's owed and seen
 *  masks (words 6–9), which only the reduced search under the optional rule uses. */
export const KEY_WORDS = 10;
export const PILE_KEY_WORDS = 6;

/**
 * Writes the position's key (`words`: 6, or 10 with R7's masks) to `out` at `at`. Injective over
 * positions: word 0/1 hold the mask of positions on any pile, words 2/3 the mask of those on piles 1 or 3,
 * words 4/5 those on piles 2 or 3, so each card's pile is read back from two bits. The high words use 20
 * bits; the number of deals made (dealt / 4, 1–13) and the kept marks ride in the spare bits of word 1,
 * which is therefore never 0 (a free slot in the table is marked by 0). Words 6–9, when asked for, copy
 * the owed and seen masks. With `sortPiles`, the four piles are first put in a canonical order (allowed
 * only when the stock is empty, docs/search.md#r5; proof at the caller).
 */
export function writeKey(frames: Int32Array, base: number, out: Int32Array, at: number, sortPiles: boolean, words: number): void {
  let l0 = frames[base]!,
    h0 = frames[base + 1]!;
  let l1 = frames[base + 2]!,
    h1 = frames[base + 3]!;
  let l2 = frames[base + 4]!,
    h2 = frames[base + 5]!;
  let l3 = frames[base + 6]!,
    h3 = frames[base + 7]!;
  if (sortPiles) {
    // A 4-element sorting network on (hi, lo) pairs, unsigned order.
    let t: number;
    if (less(h1, l1, h0, l0)) {
      t = l0;
      l0 = l1;
      l1 = t;
      t = h0;
      h0 = h1;
      h1 = t;
    }
    if (less(h3, l3, h2, l2)) {
      t = l2;
      l2 = l3;
      l3 = t;
      t = h2;
      h2 = h3;
      h3 = t;
    }
    if (less(h2, l2, h0, l0)) {
      t = l0;
      l0 = l2;
      l2 = t;
      t = h0;
      h0 = h2;
      h2 = t;
    }
    if (less(h3, l3, h1, l1)) {
      t = l1;
      l1 = l3;
      l3 = t;
      t = h1;
      h1 = h3;
      h3 = t;
    }
    if (less(h2, l2, h1, l1)) {
      t = l1;
      l1 = l2;
      l2 = t;
      t = h1;
      h1 = h2;
      h2 = t;
    }
  }
  out[at] = l0 | l1 | l2 | l3;
  out[at + 1] = h0 | h1 | h2 | h3 | ((frames[base + F_DEALT]! >> 2) << 20) | (frames[base + F_KEPT]! << 24);
  out[at + 2] = l1 | l3;
  out[at + 3] = h1 | h3;
  out[at + 4] = l2 | l3;
  out[at + 5] = h2 | h3;
  if (words === PILE_KEY_WORDS) return;
  out[at + 6] = frames[base + F_OWED_LO]!;
  out[at + 7] = frames[base + F_OWED_HI]!;
  out[at + 8] = frames[base + F_SEEN_LO]!;
  out[at + 9] = frames[base + F_SEEN_HI]!;
}
