// R7's bookkeeping for the reduced search under the optional rule: which kept cards still owe an action
// (the owed mask), what the current round has shown them (the seen mask), and when a line can no longer
// pay (docs/search.md#r7).
//
// R7 (a kept card must act; optional rule). Say a play *keeps* card c at deal j when c is on a pile and
// removable just before deal j but is not removed. For a round r (the play between deal r and the next deal,
// or the end), let Seen(r) be the cards exposed at some moment of it. Within a round nothing is covered, so
// Seen(r) is exactly the cards exposed at its last moment plus those removed during it: a function of the
// positions at the round's two ends. Call c *discharged* if for some round r after deal j, c ∈ Seen(r) and
// Seen(r) holds a lower card of c's suit (in strict: with another home pile, since non-aces never move).
// If c ever removes a card after deal j, both are exposed at that moment, so c is discharged. Hence, if c is
// never discharged, c never removes a card after deal j, and by Lemma S (docs/search.md#lemma-s) the play
// T(σ) that removes c just before deal j (legal: c is removable then; deals are always legal under
// optional) reaches at least σ's discards and wins when σ wins, while its vector (discards before deal 1,
// before deal 2, …) is lexicographically larger (one more discard before deal j, none fewer anywhere).
// Among the plays with the most discards, one with the largest vector therefore discharges every keep. The
// reduced search explores a play with the very same positions at every deal (R2's canonical order changes
// nothing at deals), hence the same Seen sets and the same discharges. So the search may drop every line in
// which some kept card can no longer be discharged: at a deal, (a) a card kept earlier and still owed has
// been discarded, or (b) no lower card of its suit (strict: with another home pile) is left on the piles or
// in the stock. The frame carries the owed cards and the part of the current round's Seen set that bears on
// them (both in the key).
//
// R7, sharpened (the kept card must act as its suit's highest exposed card). If at every removal c makes
// after deal j some other exposed card of its suit outranks c, let that card (the suit's highest exposed
// card; it is not on the pile of the removed card, which is exposed) make the removal instead: the
// positions are the same at every moment, and c no longer removes anything after deal j, so the argument
// above applies. Hence the optimal play with the largest vector has each kept card c remove, at some moment
// of a round after deal j, a lower card while no exposed card of its suit outranks c. Each round starts
// with the four cards just dealt exposed, and the suit's highest exposed card never gets lower within the
// round (Lemma C). So a round whose four dealt cards include one of c's suit that outranks c cannot
// discharge c: there `see` does not discharge it, and a deal drops the line when every round left is such.

import { RANKS } from '../game/cards.ts';
import { type DealTables, LANDING_HI, LANDING_LO, highestPosition, pilesHi, pilesLo, setPositions } from '../engine/masks.ts';
import { F_DEALT, F_KEPT, F_OWED_HI, F_OWED_LO, F_SEEN_HI, F_SEEN_LO, dealFrame, inPlayHi, inPlayLo } from '../engine/state.ts';

export class OwedCards {
  /** Per position: mask (lo, hi) of the lower cards of its suit that could still meet it on another pile
   *  (all of them; with `fixedPiles`, only those whose home pile differs). */
  readonly lowerLo = new Int32Array(52);
  readonly lowerHi = new Int32Array(52);
  /** Per position, bit k set when the four cards dealt by the deal that makes `dealt` = 4k include one of
   *  its suit that outranks it (that round cannot discharge it). */
  private readonly outrankedRounds = new Int32Array(52);
  /** Scratch: the owed cards as a list of positions. */
  private readonly list = new Int8Array(52);

  constructor(
    private readonly tables: DealTables,
    /** Non-aces never change piles (variant rules): a lower card with the same home pile never meets. */
    private readonly fixedPiles: boolean,
  ) {}

  /** Fills the tables of the deal loaded in `tables`. */
  setDeal(): void {
    const { suit, rank, positionOf } = this.tables;
    for (let pos = 0; pos < 52; pos++) {
      const home = pos & 3;
      this.lowerLo[pos] = this.fixedPiles ? this.tables.lowerLo[pos]! & ~LANDING_LO[home]! : this.tables.lowerLo[pos]!;
      this.lowerHi[pos] = this.fixedPiles ? this.tables.lowerHi[pos]! & ~LANDING_HI[home]! : this.tables.lowerHi[pos]!;
      const first = suit[pos]! * RANKS;
      let rounds = 0;
      for (let r = rank[pos]! + 1; r < RANKS; r++) {
        const other = positionOf[first + r]!;
        if (other >= 4) rounds |= 1 << ((other >> 2) + 1);
      }
      this.outrankedRounds[pos] = rounds;
    }
  }

  /** Deals in the frame at `child`; settles the owed cards at the end of the round. False when R7 drops
   *  the line. */
  deal(frames: Int32Array, child: number): boolean {
    let owedLo = frames[child + F_OWED_LO]!,
      owedHi = frames[child + F_OWED_HI]!;
    // R7 (a): an owed card discarded without being discharged.
    if ((owedLo & ~pilesLo(frames, child)) !== 0 || (owedHi & ~pilesHi(frames, child)) !== 0) return false;
    // The cards kept at this deal become owed.
    const kept = frames[child + F_KEPT]!;
    for (let p = 0; p < 4; p++) {
      if ((kept & (1 << p)) === 0) continue;
      const pos = highestPosition(frames[child + 2 * p]!, frames[child + 2 * p + 1]!);
      if (pos < 32) owedLo |= 1 << pos;
      else owedHi |= 1 << (pos - 32);
    }
    dealFrame(frames, child);
    frames[child + F_OWED_LO] = owedLo;
    frames[child + F_OWED_HI] = owedHi;
    frames[child + F_SEEN_LO] = 0;
    frames[child + F_SEEN_HI] = 0;
    if ((owedLo | owedHi) === 0) return true;
    // R7 (b): an owed card with no lower card left to meet, or none of the rounds left can discharge it.
    const dealt = frames[child + F_DEALT]!;
    const playLo = inPlayLo(frames, child),
      playHi = inPlayHi(frames, child);
    const list = this.list;
    for (let i = 0, n = setPositions(owedLo, owedHi, list, 0); i < n; i++) {
      const pos = list[i]!;
      if ((this.lowerLo[pos]! & playLo) === 0 && (this.lowerHi[pos]! & playHi) === 0) return false;
      if (!this.dischargeableFrom(pos, dealt)) return false;
    }
    // A new round: its Seen set starts with the four cards just dealt.
    for (let p = 0; p < 4; p++) this.see(frames, child, dealt - 4 + p);
    return true;
  }

  /** The exposed card of pile p has been seen this round. */
  seeTop(frames: Int32Array, child: number, pile: number): void {
    const pos = highestPosition(frames[child + 2 * pile]!, frames[child + 2 * pile + 1]!);
    if (pos >= 0) this.see(frames, child, pos);
  }

  /**
   * Card `pos` is exposed at this moment of the round. Adds it to Seen, discharges every owed card that
   * has now been seen together with a lower card of its suit, and keeps in Seen only what bears on the
   * cards still owed (so that equal futures have equal keys).
   */
  see(frames: Int32Array, child: number, pos: number): void {
    let owedLo = frames[child + F_OWED_LO]!,
      owedHi = frames[child + F_OWED_HI]!;
    if ((owedLo | owedHi) === 0) return;
    let seenLo = frames[child + F_SEEN_LO]!,
      seenHi = frames[child + F_SEEN_HI]!;
    const round = frames[child + F_DEALT]! >> 2;
    if (pos < 32) seenLo |= 1 << pos;
    else seenHi |= 1 << (pos - 32);
    let keepLo = 0,
      keepHi = 0;
    const list = this.list;
    for (let i = 0, n = setPositions(owedLo, owedHi, list, 0); i < n; i++) {
      const c = list[i]!;
      const seen = c < 32 ? (seenLo >>> c) & 1 : (seenHi >>> (c - 32)) & 1;
      if (
        seen !== 0 &&
        ((this.outrankedRounds[c]! >> round) & 1) === 0 &&
        ((seenLo & this.lowerLo[c]!) !== 0 || (seenHi & this.lowerHi[c]!) !== 0)
      ) {
        if (c < 32) owedLo ^= 1 << c;
        else owedHi ^= 1 << (c - 32);
        continue;
      }
      keepLo |= this.lowerLo[c]!;
      keepHi |= this.lowerHi[c]!;
      if (c < 32) keepLo |= 1 << c;
      else keepHi |= 1 << (c - 32);
    }
    frames[child + F_OWED_LO] = owedLo;
    frames[child + F_OWED_HI] = owedHi;
    frames[child + F_SEEN_LO] = seenLo & keepLo;
    frames[child + F_SEEN_HI] = seenHi & keepHi;
  }

  /** R7 sharpened: whether some round, from the one that starts with `dealt` cards dealt to the last, could
   *  discharge card `pos`: one whose four dealt cards hold none of its suit that outranks it. */
  dischargeableFrom(pos: number, dealt: number): boolean {
    const roundsLeft = ((1 << 14) - 1) & ~((1 << (dealt >> 2)) - 1);
    return (this.outrankedRounds[pos]! & roundsLeft) !== roundsLeft;
  }

  /**
   * R3 with R7 sharpened: whether card `pos`, kept now, could remove some card after the next deal: some
   * round after it could discharge it, and a lower card of its suit is still in play (on a pile or in the
   * stock) and, in strict, has another home pile (docs/search.md#r3).
   */
  mayActLater(frames: Int32Array, base: number, pos: number): boolean {
    if (!this.dischargeableFrom(pos, frames[base + F_DEALT]! + 4)) return false;
    return (inPlayLo(frames, base) & this.lowerLo[pos]!) !== 0 || (inPlayHi(frames, base) & this.lowerHi[pos]!) !== 0;
  }

  /**
   * R7 with R8 (docs/search.md#r8): whether every owed card of the frame at `base` can still be discharged,
   * given the cards buried for good (never exposed again). An owed card buried for good is never seen again,
   * and one whose lower cards are all gone or buried for good, none seen this round, is never seen beside one.
   */
  payable(frames: Int32Array, base: number, buriedLo: number, buriedHi: number): boolean {
    const owedLo = frames[base + F_OWED_LO]!,
      owedHi = frames[base + F_OWED_HI]!;
    if ((owedLo | owedHi) === 0) return true;
    if ((owedLo & buriedLo) !== 0 || (owedHi & buriedHi) !== 0) return false;
    const liveLo = (inPlayLo(frames, base) & ~buriedLo) | frames[base + F_SEEN_LO]!;
    const liveHi = (inPlayHi(frames, base) & ~buriedHi) | frames[base + F_SEEN_HI]!;
    const list = this.list;
    for (let i = 0, n = setPositions(owedLo, owedHi, list, 0); i < n; i++) {
      const c = list[i]!;
      if ((this.lowerLo[c]! & liveLo) === 0 && (this.lowerHi[c]! & liveHi) === 0) return false;
    }
    return true;
  }
}
