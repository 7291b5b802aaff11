// R12 (no deal left: positions equal up to piles, suits and ranks share a key; docs/search.md#r12).
//
// Statement. With no deal left (R6's inert last deal included), two positions with the same cards dealt
// whose piles are the same up to a permutation of the piles, a permutation of the suits, and, within each
// suit, a relabelling of the ranks of the cards on the piles that keeps their order, have the same max
// discards; the visited set gives them one key.
//
// Proof sketch. With no deal left the rules read the cards only through "same suit" and "higher rank"
// between two cards on the piles: a removal needs an exposed card of the same suit and a higher rank on
// another pile; `standard` and `easy` move any card they allow whatever it is. "An ace is never removed"
// follows: the ace is the highest card of its suit, and it is on the piles (no stock card will ever come
// out). The piles are interchangeable (R5). The win is a count, 48 discards, and the discards are the cards
// dealt less those on the piles. So the relabelling maps every play of one position onto a play of the
// other with the same discards. With R6's inert deal left, the four stock cards never meet anything: the
// position's max discards are those of the game with no deal, on the piles alone. The reduced search from
// such a position is complete for its max (R4, R5, R9 are proved for the real game; under the optional rule
// only with nothing owed, R7 having nothing left to drop), so one representative of each class suffices,
// exactly as the visited set already merges positions equal up to the piles' order.
//
// The key. Each card becomes (its suit renamed by first appearance, its rank among the cards of its suit on
// the piles), 6 bits; the piles are written in order of a signature that the relabelling does not change
// (length, then the ranks from the bottom), and among piles whose signatures tie, every order is tried and
// the smallest encoding kept, so the key is the same for every relabelling of a position. It holds the
// cards dealt, the pile lengths and the cards, so the position is read back from it up to relabelling:
// equal keys only for positions the rules cannot tell apart. It fits for up to 26 cards on the piles; a
// larger position keeps the ordinary key, which a flag bit keeps apart. `strict` is left out: there only an
// ace may move, and with R6's inert deal left an ace may still be in the stock, so the highest card of a
// suit on the piles need not be its ace.

import type { DealTables } from '../engine/masks.ts';
import { pilesHi, pilesLo, popcount32, setPositions } from '../engine/masks.ts';
import { F_DEALT, F_KEPT, F_OWED_HI, F_OWED_LO, PILE_KEY_WORDS } from '../engine/state.ts';

/** Most cards on the piles a canonical key holds: 26 cards of 6 bits in the five words besides word 1. */
export const CANONICAL_CARDS = 26;
/** Word 1's flag of a canonical key; an ordinary key leaves bits 28–31 of word 1 clear (state.ts). */
const CANONICAL_FLAG = 1 << 31;
/** Every order of four piles, 4 entries each. */
const ORDERS = Int8Array.from(
  [0, 1, 2, 3].flatMap((a) =>
    [0, 1, 2, 3].flatMap((b) =>
      [0, 1, 2, 3].flatMap((c) => {
        const d = 6 - a - b - c;
        return a !== b && a !== c && b !== c ? [a, b, c, d] : [];
      }),
    ),
  ),
);

export class CanonicalKey {
  /** Per pile p, its cards' positions from the bottom, from p × 52. */
  private readonly cards = new Int8Array(4 * 52);
  private readonly size = new Int32Array(4);
  /** Per position: the card's rank among the cards of its suit on the piles. */
  private readonly rank = new Int8Array(52);
  /** The piles in signature order, and per place in it the signature's tie group. */
  private readonly sorted = new Int32Array(4);
  private readonly group = new Int32Array(4);
  private readonly order = new Int32Array(4);
  private readonly suitName = new Int8Array(4);
  /** The encoding of one order, and the smallest so far (the five card words). */
  private readonly encoding = new Int32Array(5);
  private readonly smallest = new Int32Array(5);

  constructor(private readonly tables: DealTables) {}

  /**
   * Writes the canonical key of the frame at `base` (no deal left) to `out` from `at` in `words` words (6,
   * or 10 with R7's masks, then 0) and returns true; false, writing nothing, when it does not apply: more
   * than CANONICAL_CARDS cards on the piles, or cards kept or owed (R2, R7; with no deal left nothing is
   * ever kept, but the key would not tell).
   */
  write(frames: Int32Array, base: number, out: Int32Array, at: number, words: number): boolean {
    if (frames[base + F_KEPT]! !== 0) return false;
    if (words !== PILE_KEY_WORDS && (frames[base + F_OWED_LO]! | frames[base + F_OWED_HI]!) !== 0) return false;
    const cards = this.cards,
      size = this.size,
      rank = this.rank,
      sorted = this.sorted,
      group = this.group;
    let total = 0;
    for (let p = 0; p < 4; p++) {
      size[p] = setPositions(frames[base + 2 * p]!, frames[base + 2 * p + 1]!, cards, 52 * p);
      total += size[p]!;
    }
    if (total > CANONICAL_CARDS) return false;
    const onLo = pilesLo(frames, base),
      onHi = pilesHi(frames, base);
    const { lowerLo, lowerHi } = this.tables;
    for (let p = 0; p < 4; p++) {
      for (let i = 52 * p, end = i + size[p]!; i < end; i++) {
        const y = cards[i]!;
        rank[y] = popcount32(lowerLo[y]! & onLo) + popcount32(lowerHi[y]! & onHi);
      }
    }
    // The piles by signature (insertion sort), and the groups of equal signatures.
    for (let i = 0; i < 4; i++) {
      const p = i;
      let j = i;
      while (j > 0 && this.compare(sorted[j - 1]!, p) > 0) {
        sorted[j] = sorted[j - 1]!;
        j--;
      }
      sorted[j] = p;
    }
    group[0] = 0;
    for (let i = 1; i < 4; i++) group[i] = group[i - 1]! + (this.compare(sorted[i - 1]!, sorted[i]!) === 0 ? 0 : 1);
    // Every order that keeps the signature order (empty piles kept in place: they read alike); the smallest
    // encoding wins.
    const order = this.order,
      smallest = this.smallest,
      encoding = this.encoding;
    let first = true;
    for (let k = 0; k < ORDERS.length; k += 4) {
      let fits = true;
      for (let i = 0; i < 4 && fits; i++) {
        const j = ORDERS[k + i]!;
        fits = group[j] === group[i] && (j === i || size[sorted[i]!] !== 0);
      }
      if (!fits) continue;
      for (let i = 0; i < 4; i++) order[i] = sorted[ORDERS[k + i]!]!;
      this.encode();
      if (first || this.smaller(encoding, smallest)) {
        smallest.set(encoding);
        first = false;
      }
    }
    let lengths = 0;
    for (let i = 0; i < 4; i++) lengths |= size[sorted[i]!]! << (5 * i);
    out[at] = smallest[0]!;
    out[at + 1] = CANONICAL_FLAG | (frames[base + F_DEALT]! === 52 ? 1 << 20 : 0) | lengths;
    for (let w = 1; w < 5; w++) out[at + 1 + w] = smallest[w]!;
    for (let w = PILE_KEY_WORDS; w < words; w++) out[at + w] = 0;
    return true;
  }

  /** Signature order of piles p and q: length, then the ranks from the bottom (suits unread). */
  private compare(p: number, q: number): number {
    const size = this.size,
      cards = this.cards,
      rank = this.rank;
    if (size[p] !== size[q]) return size[p]! - size[q]!;
    for (let i = 0, n = size[p]!; i < n; i++) {
      const d = rank[cards[52 * p + i]!]! - rank[cards[52 * q + i]!]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  /** Encodes the piles in `order` into `encoding`: per card 6 bits, its suit renamed by first appearance
   *  (2 bits) and its rank among its suit's cards on the piles (4 bits). */
  private encode(): void {
    const encoding = this.encoding,
      suitName = this.suitName,
      cards = this.cards,
      rank = this.rank,
      suit = this.tables.suit;
    encoding.fill(0);
    suitName.fill(-1);
    let names = 0;
    let bit = 0;
    for (let i = 0; i < 4; i++) {
      const p = this.order[i]!;
      for (let j = 52 * p, end = j + this.size[p]!; j < end; j++) {
        const y = cards[j]!;
        const s = suit[y]!;
        if (suitName[s]! < 0) suitName[s] = names++;
        const value = (suitName[s]! << 4) | rank[y]!;
        const w = bit >> 5,
          off = bit & 31;
        encoding[w] |= value << off;
        if (off > 26) encoding[w + 1] |= value >>> (32 - off);
        bit += 6;
      }
    }
  }

  /** Whether encoding a comes before b (word by word, unsigned). */
  private smaller(a: Int32Array, b: Int32Array): boolean {
    for (let w = 0; w < 5; w++) {
      if (a[w] !== b[w]) return a[w]! >>> 0 < b[w]! >>> 0;
    }
    return false;
  }
}
