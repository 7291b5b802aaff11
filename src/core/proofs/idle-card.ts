// R11 and R13 (easy, deals left: a buried idle card that an exposed card outranks goes at once;
// docs/search.md#r11, #r13). R9 (movegen.ts) is the same move with no deal left, where any buried card
// that an exposed card outranks goes.
//
// Words. A card is *dead* when no lower card of its suit is still in play (on a pile or in the stock): it can
// never remove a card again, and it stays dead. A deal *outranks* y when one of the four cards it brings is
// of y's suit and higher. The deals *left* are those that matter (R6: an inert last deal is not one).
// A card y is *idle* when it is dead, or every deal left outranks it.
//
// Statement. In `easy`, let no card be removable, a pile be empty, and y a buried idle card that an exposed
// card h of its suit outranks. Under the forced rule (R11), let also nothing lie below y on its pile, or
// every deal left but the last outrank y (so with one deal left, always). Under the optional rule (R13),
// let nothing be kept or owed (R2, R7). Then "move y into the empty pile" is the only child; its removal
// follows.
//
// Proof sketch. After the move y is exposed on the empty pile, h on another one: y is removable, the only
// removable card under the forced rule (the exposed cards are the same plus y, and y removes nothing that
// was not removable already: a card y outranks is outranked by h too). Call A the position with y
// discarded, B this one; A is reached from the child. Replay any play σ from B in A, skipping y's moves and
// its removal. Invariant: each pile of A is the matching pile of B without y. Within a round the highest
// exposed card of a suit never gets lower (docs/search.md#lemma-c); this round it is at least h, and a
// round that a deal outranking y starts keeps one above y to its end. A removal of x ≠ y is legal in A: x is
// exposed there too, and if y removes x in σ (so y is not dead, and every deal left outranks it), the
// highest exposed card of the suit, above y, on another pile than x, and not y, removes x in A. A move of
// x ≠ y into an empty pile is legal in A (that pile is empty there too; easy moves any card). Under the
// optional rule deals are always legal: A reaches at least σ's discards (one more until σ removes y) and
// wins when σ wins. With nothing kept or owed, the search from B and from A is the real game's (R2, R7 start
// afresh), and the child's only child is y's removal: R3 keeps no idle card (a dead one has no lower card
// left; one that every deal left outranks, no round left to discharge it, R7 sharpened). Under the forced rule a deal also needs no removable card in A. Where B does
// not expose y, A exposes what B exposes. B never exposes y at the first deal (y would be removable: this
// round's highest card of its suit is on another pile), nor at a later one whose round an outranking deal
// started. Otherwise nothing lies below y, and it stays so (y only moves into empty piles; nothing is
// ever put under a card): where B exposes y, A's pile is empty, A exposes some of B's cards, and a removal
// in A would be one in B. (Before R6's inert deal A may stop instead: that deal adds no discard and nothing
// follows it.) Without these conditions y may be a shield: B deals over y while A, showing the card below
// it, must first discard that card; or y may be the only card left to remove a lower one after a deal.

import type { DealTables } from '../engine/masks.ts';
import { setPositions } from '../engine/masks.ts';
import type { ExposedCards } from '../engine/exposed.ts';
import { type Move, moveMove } from '../engine/move.ts';
import { F_DEALT, inPlayHi, inPlayLo } from '../engine/state.ts';

export class IdleCardOut {
  /** Per position: bit k set when the deal of positions 4k … 4k+3 brings a card of its suit that outranks it. */
  private readonly outrankedBy = new Int32Array(52);
  /** Cards dealt from which no deal that matters is left (R6, bound.ts). */
  private endgameDealt = 52;
  /** Scratch: the cards of a pile, as a list of positions. */
  private readonly list = new Int8Array(52);

  constructor(private readonly tables: DealTables) {}

  /** Fills the table of the deal loaded in `tables`. */
  setDeal(endgameDealt: number): void {
    const { suit, rank } = this.tables;
    this.endgameDealt = endgameDealt;
    for (let pos = 0; pos < 52; pos++) {
      let deals = 0;
      for (let other = 4; other < 52; other++) if (suit[other] === suit[pos] && rank[other]! > rank[pos]!) deals |= 1 << (other >> 2);
      this.outrankedBy[pos] = deals;
    }
  }

  /**
   * The move of R11 (`forced`) or R13 in the frame at `base`, with deals left: no card removable, `exposed`
   * its exposed cards, `empty` the mask of its empty piles (not 0). The first buried idle card that an exposed
   * card of its suit outranks (and, forced, that meets R11's condition on the deals), in pile order then from
   * the bottom, into the first empty pile; or −1 when there is none.
   */
  find(exposed: ExposedCards, frames: Int32Array, base: number, empty: number, forced: boolean): Move {
    const { lowerLo, lowerHi } = this.tables;
    const playLo = inPlayLo(frames, base),
      playHi = inPlayHi(frames, base);
    const next = frames[base + F_DEALT]! >> 2,
      end = this.endgameDealt >> 2;
    // The deals left, and all but the last, as bits of `outrankedBy`.
    const left = ((1 << end) - 1) & ~((1 << next) - 1);
    const leftButLast = ((1 << (end - 1)) - 1) & ~((1 << next) - 1);
    const target = 31 - Math.clz32(empty & -empty);
    const list = this.list;
    for (let p = 0; p < 4; p++) {
      const e = exposed.pile[p]!;
      if (e < 0) continue;
      for (let i = 0, count = setPositions(frames[base + 2 * p]!, frames[base + 2 * p + 1]!, list, 0); i < count; i++) {
        const y = list[i]!;
        if (y === e) break; // the exposed card: the pile's highest position, last in the list
        if (!exposed.outranked(y)) continue;
        const outranked = this.outrankedBy[y]!;
        if ((outranked & left) !== left && ((lowerLo[y]! & playLo) !== 0 || (lowerHi[y]! & playHi) !== 0)) continue; // not idle
        if (forced && i > 0 && (outranked & leftButLast) !== leftButLast) continue; // may shield
        return moveMove(y, p, target);
      }
    }
    return -1;
  }
}
