// Move generation over packed positions, per variant and discard rule: every legal move ("plain"), or the
// proven-complete reduced set the fast search explores. The proofs of the reductions are written here.
//
// Notation. A *round* is the stretch of play between two deals. Lemma C (champion, SEARCH-NOTES fact 2):
// within a round no card is ever covered (deals are the only way to cover a card; a move only fills an
// empty pile), so an exposed card stays exposed until it is removed, and the highest exposed card of a
// suit never gets lower (only a higher exposed card removes it). Hence a removable card stays removable
// until it is removed or the round ends, and whatever card c could remove, the suit's highest exposed card
// (on another pile than that card, since each pile exposes one card) can remove too.
//
// Lemma S (simulation). Let B be a position, c a removable card of B, and A = B with c discarded. Take any
// legal play σ from B in which c never removes a card after the next deal. Replay σ from A, skipping the
// moves of c and its removal, and letting the suit's highest exposed card remove whatever c removed
// (Lemma C; that card is not c, so it is exposed in A too). Inductively each pile of A is the matching pile
// of B without c, so every other card exposed in B is exposed in A, every pile empty in B is empty in A,
// and each replayed move is legal in A under every variant. Discard counts are equal at every step (c is
// counted in A from the start, in B when σ removes it). If σ removes c before the next deal — which the
// forced rule demands, c being removable until it goes — the two lines are in the same position from then
// on, so forced-rule deals stay legal. So A reaches at least the discards of σ, and wins when σ wins
// (c is not an ace, so σ's win discards it).

import { ACE_RANK, type Deal, RANKS } from './cards.ts';
import { type DiscardRule, type Variant, VARIANT_RULES } from './rules.ts';
import { DEAL, KEEP, MOVE, type Move, REMOVE, dealMove, keepMove, moveFrom, moveKind, movePosition, moveMove, moveTo, removeMove } from './move.ts';
import { F_DEALT, F_DISCARDS, F_KEPT, FRAME, addToPile, dealFrame, highestPosition, popcount32, takeFromPile } from './state.ts';

/** Most moves one position can have (easy: up to 51 cards × 3 empty piles, plus a deal). */
export const MAX_MOVES = 160;

export class MoveGenerator {
  readonly suit = new Int8Array(52);
  readonly rank = new Int8Array(52);
  /** Per dealing position: mask (lo, hi) of the positions holding lower cards of the same suit that could
   *  still meet it on another pile (all lower cards; in `strict`, only those whose home pile differs). */
  private readonly lowerLo = new Int32Array(52);
  private readonly lowerHi = new Int32Array(52);
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
  private readonly forced: boolean;
  /**
   * R6 (an inert last deal). When the last four cards of the deal (positions 48–51) have four different
   * suits, nothing can happen after the last deal: each pile then exposes one of those cards, no two share
   * a suit, so no removal is possible, and no pile is empty, so no move is possible either. Hence:
   *  - those cards are never discarded: every position's max discards is at most 48 minus the number of
   *    non-aces among them (`upperBound`), and a win needs them to be the four aces;
   *  - the last deal changes no discard count and is followed by nothing, so from 48 cards dealt on, the
   *    position behaves as if the stock were empty (`endgameDealt` = 48): R4 and R5 apply there (their
   *    proofs only need "no later deal after which a card acts"), and the last deal itself need not be
   *    explored — a won line (possible only when those cards are the aces) ends with it, added when the
   *    solution is written out.
   * Otherwise `endgameDealt` is 52 and `upperBound` 48.
   */
  endgameDealt = 52;
  upperBound = 48;
  /** Scratch: exposed position per pile. */
  private readonly exposed = new Int32Array(4);

  constructor(
    readonly variant: Variant,
    readonly discards: DiscardRule,
    /** false: generate every legal move, with no reduction (the yardstick for tests). */
    readonly reductions: boolean,
  ) {
    this.acesOnly = VARIANT_RULES[variant].acesOnly;
    this.buriedCards = VARIANT_RULES[variant].buriedCards;
    this.forced = discards === 'forced';
  }

  /** Loads a deal: per-position suit, rank and lower-card masks. */
  setDeal(deal: Deal): void {
    for (let pos = 0; pos < 52; pos++) {
      this.suit[pos] = (deal[pos]! / RANKS) | 0;
      this.rank[pos] = deal[pos]! % RANKS;
    }
    for (let pos = 0; pos < 52; pos++) {
      let lo = 0, hi = 0;
      for (let other = 0; other < 52; other++) {
        if (this.suit[other] !== this.suit[pos] || this.rank[other]! >= this.rank[pos]!) continue;
        // In strict only aces move, so a non-ace stays on its home pile (position mod 4) for good: a lower
        // card with the same home pile can never be exposed beside it on another pile.
        if (this.acesOnly && (other & 3) === (pos & 3)) continue;
        if (other < 32) lo |= 1 << other;
        else hi |= 1 << (other - 32);
      }
      this.lowerLo[pos] = lo;
      this.lowerHi[pos] = hi;
    }
    const lastSuits = new Set([48, 49, 50, 51].map((pos) => this.suit[pos]));
    const inert = this.reductions && lastSuits.size === 4;
    this.endgameDealt = inert ? 48 : 52;
    this.upperBound = 48;
    if (inert) for (let pos = 48; pos < 52; pos++) if (this.rank[pos] !== ACE_RANK) this.upperBound -= 1;
  }

  /** Whether the exposed card of pile p (position e) is removable: a higher exposed card of its suit elsewhere. */
  private removable(p: number): boolean {
    const e = this.exposed[p]!;
    if (e < 0) return false;
    const s = this.suit[e], r = this.rank[e]!;
    for (let q = 0; q < 4; q++) {
      const o = this.exposed[q]!;
      if (q !== p && o >= 0 && this.suit[o] === s && this.rank[o]! > r) return true;
    }
    return false;
  }

  /**
   * Whether card `pos` could remove some card after the next deal: a lower card of its suit is still in play
   * (on a pile or in the stock) and, in strict, has another home pile (SEARCH-NOTES fact 4, sharpened).
   */
  private mayRemoveLater(frames: Int32Array, base: number, pos: number): boolean {
    const dealt = frames[base + F_DEALT]!;
    const onPilesLo = frames[base]! | frames[base + 2]! | frames[base + 4]! | frames[base + 6]!;
    const onPilesHi = frames[base + 1]! | frames[base + 3]! | frames[base + 5]! | frames[base + 7]!;
    const stockLo = dealt >= 32 ? 0 : ~((1 << dealt) - 1);
    const stockHi = dealt <= 32 ? 0xfffff : 0xfffff & ~((1 << (dealt - 32)) - 1);
    return ((onPilesLo | stockLo) & this.lowerLo[pos]!) !== 0 || ((onPilesHi | stockHi) & this.lowerHi[pos]!) !== 0;
  }

  /**
   * Writes the moves to explore from the position at `base` into `out` from `at`; returns how many.
   * Reduced generation (the proofs):
   *
   * R1 (one removal at a time, forced rule). If a card c is removable, the only child is "remove c".
   *    Every play from here either stops before the next deal or removes c before it (c stays removable,
   *    Lemma C, and the forced rule deals only when no removal is possible); by Lemma S, removing c now
   *    loses nothing. Which removable card comes first does not matter: after it, the others still are.
   * R2 (decide each removable card once, optional rule). Let c be the first removable card not yet kept.
   *    A play from here either removes c before the next deal (then, by Lemma S, removing c now loses
   *    nothing) or keeps it to the deal. So two children cover every play: "remove c", and "keep c" — a
   *    mark, carried in the position's key, that c is not removed before the deal. With the mark, c's
   *    decision is never branched on again in this round, and removal orders are not explored twice.
   * R3 (no keep without a later use). "Keep c" is generated only if c could remove a card after the
   *    next deal (`mayRemoveLater`). Otherwise every play from here satisfies Lemma S's condition, and
   *    "remove c" alone suffices (SEARCH-NOTES fact 4, sharpened for strict).
   * R4 (stock empty: remove at once, SEARCH-NOTES fact 3). With no deal left, no play has a "next deal",
   *    so Lemma S applies to every play: "remove c" is the only child, under either rule.
   * R5 (stock empty: piles interchangeable, fact 5). With no deal left, the pile a card is on matters for
   *    nothing (no card will land on any pile), so positions equal up to a permutation of piles have the
   *    same future; the key sorts the piles. Consequently moving a lone card is a no-op up to that
   *    permutation and is not generated, and of several empty target piles only the first is used.
   * Moves into empty piles and the deal are otherwise generated in full.
   */
  generate(frames: Int32Array, base: number, out: Int32Array, at: number): number {
    const exposed = this.exposed;
    let empty = 0;
    for (let p = 0; p < 4; p++) {
      exposed[p] = highestPosition(frames[base + 2 * p]!, frames[base + 2 * p + 1]!);
      if (exposed[p]! < 0) empty |= 1 << p;
    }
    const dealt = frames[base + F_DEALT]!;
    let n = at;

    if (!this.reductions) {
      const stockEmpty = dealt >= 52;
      let anyRemoval = false;
      for (let p = 0; p < 4; p++) {
        if (this.removable(p)) {
          out[n++] = removeMove(exposed[p]!, p);
          anyRemoval = true;
        }
      }
      n = this.generateMovesIntoEmpty(frames, base, empty, false, out, n);
      if (!stockEmpty && (!this.forced || !anyRemoval)) out[n++] = dealMove();
      return n - at;
    }

    // From here on, "stock empty" means "no deal left that can matter" (R6).
    const stockEmpty = dealt >= this.endgameDealt;
    const kept = frames[base + F_KEPT]!;
    for (let p = 0; p < 4; p++) {
      if ((kept & (1 << p)) !== 0 || !this.removable(p)) continue;
      const e = exposed[p]!;
      out[n++] = removeMove(e, p); // R1, R4, first child of R2
      if (!stockEmpty && !this.forced && this.mayRemoveLater(frames, base, e)) out[n++] = keepMove(e, p); // R2, R3
      return n - at;
    }
    n = this.generateMovesIntoEmpty(frames, base, empty, stockEmpty, out, n);
    if (!stockEmpty) out[n++] = dealMove();
    return n - at;
  }

  /** Moves into empty piles, by variant. With `canonical` (stock empty, R5): no lone cards, first empty pile only. */
  private generateMovesIntoEmpty(
    frames: Int32Array, base: number, empty: number, canonical: boolean, out: Int32Array, at: number,
  ): number {
    if (empty === 0) return 0 + at;
    let n = at;
    for (let p = 0; p < 4; p++) {
      const lo = frames[base + 2 * p]!, hi = frames[base + 2 * p + 1]!;
      if (lo === 0 && hi === 0) continue;
      const lone = popcount32(lo) + popcount32(hi) === 1;
      if (canonical && lone) continue;
      if (this.buriedCards) {
        // easy: any card of the pile, exposed or buried.
        for (let word = 0; word < 2; word++) {
          let bits = word === 0 ? lo : hi;
          while (bits !== 0) {
            const low = bits & -bits;
            const pos = 31 - Math.clz32(low) + word * 32;
            bits ^= low;
            n = this.pushTargets(pos, p, empty, canonical, out, n);
          }
        }
      } else {
        const e = this.exposed[p]!;
        if (this.acesOnly && this.rank[e] !== ACE_RANK) continue;
        n = this.pushTargets(e, p, empty, canonical, out, n);
      }
    }
    return n;
  }

  private pushTargets(pos: number, from: number, empty: number, canonical: boolean, out: Int32Array, at: number): number {
    let n = at;
    for (let q = 0; q < 4; q++) {
      if ((empty & (1 << q)) === 0 || q === from) continue;
      out[n++] = moveMove(pos, from, q);
      if (canonical) break;
    }
    return n;
  }

  /** Copies the frame at `base` to `child` and plays move m there. */
  apply(frames: Int32Array, base: number, child: number, m: Move): void {
    frames.copyWithin(child, base, base + FRAME);
    const kind = moveKind(m);
    if (kind === DEAL) {
      dealFrame(frames, child);
    } else if (kind === REMOVE) {
      takeFromPile(frames, child, moveFrom(m), movePosition(m));
      frames[child + F_DISCARDS]! += 1;
    } else if (kind === KEEP) {
      frames[child + F_KEPT]! |= 1 << moveFrom(m);
    } else if (kind === MOVE) {
      const from = moveFrom(m), to = moveTo(m), pos = movePosition(m);
      const wasExposed = highestPosition(frames[child + 2 * from]!, frames[child + 2 * from + 1]!) === pos;
      takeFromPile(frames, child, from, pos);
      addToPile(frames, child, to, pos);
      if (wasExposed) {
        // The kept mark follows the card; the card now exposed on the source pile is a new decision.
        const kept = frames[child + F_KEPT]!;
        frames[child + F_KEPT] = (kept & ~(1 << from)) | (((kept >> from) & 1) << to);
      }
    }
  }
}
