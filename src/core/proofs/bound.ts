// Upper bounds on the discards still reachable: R6 for the whole deal, R8 and R8′ per position
// (docs/search.md#r6, #r8, #bounds). A bound only drops lines that cannot beat the best found.
//
// R6 (an inert last deal). When the last four cards of the deal (positions 48–51) have four different
// suits, nothing can happen after the last deal: each pile then exposes one of those cards, no two share
// a suit, so no removal is possible, and no pile is empty, so no move is possible either. Hence:
//  - those cards are never discarded: every position's max discards is at most 48 minus the number of
//    non-aces among them (`dealMax`), and a win needs them to be the four aces;
//  - the last deal changes no discard count and is followed by nothing, so from 48 cards dealt on, the
//    position behaves as if the stock were empty (`endgameDealt` = 48): R4 and R5 apply there (their
//    proofs only need "no later deal after which a card acts"), and the last deal itself need not be
//    explored — a won line (possible only when those cards are the aces) ends with it, added when the
//    solution is written out.
// Otherwise `endgameDealt` is 52 and `dealMax` 48.
//
// R8 (cards that can never go; a least fixpoint). Call a card of this position *exposable* when every
// non-ace above it on its pile is in R, and build R, the cards that may still be removed, step by step: add
// a non-ace c on pile P once it is exposable and some card h that outranks it in its suit could meet it: h
// exposable on a pile other than P, or h in the stock and dealt onto a pile other than P; the ace of c's
// suit may also lie on P above c (strict: an ace can move away). Each step adds the highest non-ace of a
// pile not yet in R (its *frontier*): the cards below a frontier are not exposable yet.
// Soundness, in a *fixed-pile* world: a play in which non-aces never change piles (strict always; any
// variant when nothing moves). Claim: every card on a pile now that such a play removes is in R. By
// induction on the order of removals: when c goes at time t, it is exposed, so every card now above it has
// left its pile before t — a non-ace only by removal, so it went earlier and is in R; and a card h that
// outranks c is exposed at t on another pile: a non-ace h on a pile now stays on its pile, and the
// non-aces above it went before t (in R); a stock card lands on its own pile (position mod 4); the ace, if
// it lies on P below c, could leave P only after c. So c meets the rule and is in R.
// Which worlds are fixed-pile: strict, always (only aces move). In standard and easy a move needs an empty
// pile. If no pile is empty now and every pile holds an ace or a non-ace not in R (the position is
// *locked*), no pile ever empties: up to the first move the play is fixed-pile, so that non-ace is never
// removed, and an ace leaves a pile only by a move; so there is no first move, and every play is
// fixed-pile. (There the ace must be on another pile: the rule above with "P above c" dropped for it.)
// Not locked: the bound is R6's alone.
// So no non-ace outside R is ever discarded; the bound is 48 minus their number (and R6's, if lower).
// Every card strictly below a non-ace outside R is *buried for good*: never exposed again.
//
// R8′ (standard, easy: aces block too). The bound is only used when the position is locked, and then no
// move is ever made, so an ace never leaves its pile: the cards below it are never exposed. So in these
// variants an ace is a frontier that never advances (R is built with "every card above it, aces included,
// in R or gone"); the induction above goes through unchanged (a card exposed at t has no ace above it, as
// no ace has moved), and the cards below the highest ace of a pile count as never discarded and buried for
// good. The locked test is the same: a pile that can empty holds no ace. (In strict aces move, and the
// rule above stands.)

import { ACE_RANK } from '../game/cards.ts';
import { type DealTables, LANDING_HI, LANDING_LO, highestPosition, popcount32 } from '../engine/masks.ts';
import type { OwedCards } from './owed.ts';
import { F_DEALT, stockHi, stockLo } from '../engine/state.ts';

export class DiscardBound {
  /** R6: cards dealt from which no deal that matters is left (48 when the last deal is inert, else 52). */
  endgameDealt = 52;
  /** R6: the most discards any position of this deal can reach. */
  dealMax = 48;
  /** R8 scratch, per pile: the frontier (highest non-ace not in R, or -1) and the exposable cards. */
  private readonly frontier = new Int32Array(4);
  private readonly exposableLo = new Int32Array(4);
  private readonly exposableHi = new Int32Array(4);

  constructor(
    private readonly tables: DealTables,
    /** Non-aces never change piles (strict): R8 holds in every position, not only in locked ones. */
    private readonly fixedPiles: boolean,
    /** R8′: aces block the cards below them (sound where the bound is used on locked positions only). */
    private readonly acesBlock: boolean,
    /** false: R6 and R8 are off (the plain search's yardstick), the bound is 48. */
    private readonly reductions: boolean,
    /** R7's owed cards (reduced search under the optional rule): a line that cannot pay them is dropped. */
    private readonly owed: OwedCards | undefined,
  ) {}

  /** R6 for the deal loaded in `tables`. */
  setDeal(): void {
    const { suit, rank } = this.tables;
    const lastSuits = (1 << suit[48]!) | (1 << suit[49]!) | (1 << suit[50]!) | (1 << suit[51]!);
    const inert = this.reductions && lastSuits === 15;
    this.endgameDealt = inert ? 48 : 52;
    this.dealMax = 48;
    if (inert) for (let pos = 48; pos < 52; pos++) if (rank[pos] !== ACE_RANK) this.dealMax -= 1;
  }

  /** An upper bound on the discards of every position reachable from the frame at `base` (R6, R8, R8′);
   *  -1 when R7 drops every continuation (an owed card that can never be discharged). */
  at(frames: Int32Array, base: number): number {
    if (!this.reductions) return this.dealMax;
    const fixedPiles = this.fixedPiles;
    if (!fixedPiles) {
      for (let p = 0; p < 4; p++) if ((frames[base + 2 * p]! | frames[base + 2 * p + 1]!) === 0) return this.dealMax;
    }
    const { rank, higherLo, higherHi, acePosition, nonAceLo, nonAceHi } = this.tables;
    const dealt = frames[base + F_DEALT]!;
    const inStockLo = stockLo(dealt),
      inStockHi = stockHi(dealt);
    const frontier = this.frontier;
    const exposableLo = this.exposableLo,
      exposableHi = this.exposableHi;
    // Start: R empty; each pile's frontier is its highest non-ace.
    for (let p = 0; p < 4; p++) this.setFrontier(frames, base, p, 64);
    let allLo = exposableLo[0]! | exposableLo[1]! | exposableLo[2]! | exposableLo[3]!;
    let allHi = exposableHi[0]! | exposableHi[1]! | exposableHi[2]! | exposableHi[3]!;
    // Visit the piles in turn, advancing each frontier as far as it goes, until four piles in a row stay.
    for (let p = 0, still = 0; still < 4; p = (p + 1) & 3) {
      const pileLo = frames[base + 2 * p]!,
        pileHi = frames[base + 2 * p + 1]!;
      let advanced = false;
      for (let c = frontier[p]!; c >= 0; c = frontier[p]!) {
        // R8′: an ace is a frontier that never advances.
        if (rank[c] === ACE_RANK) break;
        // Where a card that outranks c could meet it: exposable on another pile, or dealt onto another pile.
        const meetLo = (allLo & ~pileLo) | (inStockLo & ~LANDING_LO[p]!);
        const meetHi = (allHi & ~pileHi) | (inStockHi & ~LANDING_HI[p]!);
        let meets = (higherLo[c]! & meetLo) !== 0 || (higherHi[c]! & meetHi) !== 0;
        if (!meets) {
          const ace = acePosition[c]!;
          // Fixed piles: the ace may also be exposable on P itself (above c), or dealt onto P, and move away.
          meets =
            ace < 32
              ? ((fixedPiles ? allLo | inStockLo : meetLo) & (1 << ace)) !== 0
              : ((fixedPiles ? allHi | inStockHi : meetHi) & (1 << (ace - 32))) !== 0;
        }
        if (!meets) break;
        this.setFrontier(frames, base, p, c);
        allLo |= exposableLo[p]!;
        allHi |= exposableHi[p]!;
        advanced = true;
      }
      // Not fixed piles: a pile with no ace whose every card is in R can empty, so the position is not
      // locked (R only grows; the check after the loop would say the same) and the bound is R6's.
      if (!fixedPiles && frontier[p]! < 0 && ((pileLo & ~nonAceLo) | (pileHi & ~nonAceHi)) === 0) return this.dealMax;
      // A pile that advanced is settled (its own cards never meet it); the other three are checked again.
      still = advanced ? 1 : still + 1;
    }
    let dead = 0;
    let buriedLo = 0,
      buriedHi = 0;
    for (let p = 0; p < 4; p++) {
      const c = frontier[p]!;
      const pileLo = frames[base + 2 * p]!,
        pileHi = frames[base + 2 * p + 1]!;
      // (Locked needs a non-ace outside R or an ace on every pile when piles are not fixed: the loop above
      // returned already for a pile with neither.)
      if (c < 0) continue;
      // The frontier and every card below it: not in R (non-aces), buried for good (strictly below).
      const belowLo = c >= 32 ? pileLo : pileLo & ((1 << c) - 1);
      const belowHi = c >= 32 ? pileHi & ((1 << (c - 32)) - 1) : 0;
      buriedLo |= belowLo;
      buriedHi |= belowHi;
      dead += (rank[c] === ACE_RANK ? 0 : 1) + popcount32(belowLo & nonAceLo) + popcount32(belowHi & nonAceHi);
    }
    // R7 with R8: a line that can no longer discharge an owed card is dropped (a bound below any discards).
    if (this.owed !== undefined && !this.owed.payable(frames, base, buriedLo, buriedHi)) return -1;
    return Math.min(this.dealMax, 48 - dead);
  }

  /** R8: pile p's frontier becomes its highest blocker (a non-ace; with R8′ also an ace) below position
   *  `under`; the cards above it are exposable. */
  private setFrontier(frames: Int32Array, base: number, p: number, under: number): void {
    const pileLo = frames[base + 2 * p]!,
      pileHi = frames[base + 2 * p + 1]!;
    const belowLo = under >= 32 ? -1 : (1 << under) - 1;
    const belowHi = under >= 64 ? -1 : under <= 32 ? 0 : (1 << (under - 32)) - 1;
    const blockLo = this.acesBlock ? -1 : this.tables.nonAceLo,
      blockHi = this.acesBlock ? -1 : this.tables.nonAceHi;
    const c = highestPosition(pileLo & blockLo & belowLo, pileHi & blockHi & belowHi);
    this.frontier[p] = c;
    if (c < 0) {
      this.exposableLo[p] = pileLo;
      this.exposableHi[p] = pileHi;
    } else if (c >= 32) {
      this.exposableLo[p] = 0;
      this.exposableHi[p] = pileHi & ~((1 << (c - 32)) - 1);
    } else {
      this.exposableLo[p] = pileLo & ~((1 << c) - 1);
      this.exposableHi[p] = pileHi;
    }
  }
}
