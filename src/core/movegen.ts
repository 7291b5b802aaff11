// Move generation over packed positions, per variant and discard rule: every legal move ("plain"), or the
// proven-complete reduced set the fast search explores. The proofs of the reductions are written here.
//
// Notation. A *round* is the stretch of play between two deals. Lemma C (champion, docs/search.md#lemma-c):
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
import { type DiscardRule, type Variant, VARIANT_RULES, WIN_DISCARDS } from './rules.ts';
import { DEAL, KEEP, MOVE, type Move, REMOVE, dealMove, keepMove, moveFrom, moveKind, movePosition, moveMove, moveTo, removeMove } from './move.ts';
import { F_DEALT, F_DISCARDS, F_KEPT, F_OWED_HI, F_OWED_LO, F_SEEN_HI, F_SEEN_LO, FRAME, addToPile, dealFrame, highestPosition, inPlayHi, inPlayLo, popcount32, stockHi, stockLo, takeFromPile } from './state.ts';

// R7 (a kept card must act; optional rule). Say a play *keeps* card c at deal j when c is on a pile and
// removable just before deal j but is not removed. For a round r (the play between deal r and the next deal,
// or the end), let Seen(r) be the cards exposed at some moment of it. Within a round nothing is covered, so
// Seen(r) is exactly the cards exposed at its last moment plus those removed during it: a function of the
// positions at the round's two ends. Call c *discharged* if for some round r after deal j, c ∈ Seen(r) and
// Seen(r) holds a lower card of c's suit (in strict: with another home pile, since non-aces never move).
// If c ever removes a card after deal j, both are exposed at that moment, so c is discharged. Hence, if c is
// never discharged, c never removes a card after deal j, and by Lemma S the play T(σ) that removes c just
// before deal j (legal: c is removable then; deals are always legal under optional) reaches at least σ's
// discards and wins when σ wins, while its vector (discards before deal 1, before deal 2, …) is
// lexicographically larger (one more discard before deal j, none fewer anywhere). Among the plays with the
// most discards, one with the largest vector therefore discharges every keep. The reduced search explores a
// play with the very same positions at every deal (R2's canonical order changes nothing at deals), hence the
// same Seen sets and the same discharges. So the search may drop every line in which some kept card can no
// longer be discharged: at a deal, (a) a card kept earlier and still owed has been discarded, or (b) no
// lower card of its suit (strict: with another home pile) is left on the piles or in the stock. The frame
// carries the owed cards and the part of the current round's Seen set that bears on them (both in the key).
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

/** Per pile p: mask (lo, hi) of the dealing positions whose card is dealt onto p (position mod 4 = p). */
const LANDING_LO = Int32Array.from([0, 1, 2, 3], (p) => 0x11111111 << p);
const LANDING_HI = Int32Array.from([0, 1, 2, 3], (p) => (0x11111 << p) & 0xfffff);

/** Most moves one position can have (easy: up to 51 cards × 3 empty piles, plus a deal). */
export const MAX_MOVES = 160;

export class MoveGenerator {
  readonly suit = new Int8Array(52);
  readonly rank = new Int8Array(52);
  /** Per dealing position: mask (lo, hi) of the positions holding lower cards of the same suit that could
   *  still meet it on another pile (all lower cards; in `strict`, only those whose home pile differs). */
  private readonly lowerLo = new Int32Array(52);
  private readonly lowerHi = new Int32Array(52);
  /** R7: per position, bit k set when the four cards dealt by the deal that makes `dealt` = 4k include one
   *  of its suit that outranks it (that round cannot discharge it). */
  private readonly outrankedRounds = new Int32Array(52);
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
  private readonly forced: boolean;
  /** R7 in use: reduced search under the optional rule. */
  private readonly owing: boolean;
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
  /** Per position, mask of the non-aces of its suit that outrank it (R8). */
  private readonly higherLo = new Int32Array(52);
  private readonly higherHi = new Int32Array(52);
  /** Mask of the positions holding non-aces (R8). */
  private nonAceLo = 0;
  private nonAceHi = 0;
  /** Per position, the position of the ace of its suit. */
  private readonly acePosition = new Int8Array(52);
  /** Scratch: exposed position per pile. */
  private readonly exposed = new Int32Array(4);
  /** Scratch of `generate`: per suit, the mask of the ranks exposed (bit r: a card of rank r is exposed). */
  private readonly exposedRanks = new Int32Array(4);

  constructor(
    readonly variant: Variant,
    readonly discards: DiscardRule,
    /** false: generate every legal move, with no reduction (the yardstick for tests). */
    readonly reductions: boolean,
  ) {
    this.acesOnly = VARIANT_RULES[variant].acesOnly;
    this.buriedCards = VARIANT_RULES[variant].buriedCards;
    this.forced = discards === 'forced';
    this.owing = reductions && !this.forced;
  }

  /** Scratch of `setDeal`: the dealing position of each card. */
  private readonly positionOf = new Int8Array(52);

  /** Loads a deal: per-position suit, rank and lower-card masks. */
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
      const first = this.suit[pos]! * RANKS, rank = this.rank[pos]!;
      // The cards of its suit below it, and above it (by rank: card = suit × 13 + rank).
      let lowerLo = 0, lowerHi = 0;
      for (let r = 0; r < rank; r++) {
        const other = positionOf[first + r]!;
        // In strict only aces move, so a non-ace stays on its home pile (position mod 4) for good: a lower
        // card with the same home pile can never be exposed beside it on another pile.
        if (this.acesOnly && (other & 3) === (pos & 3)) continue;
        if (other < 32) lowerLo |= 1 << other;
        else lowerHi |= 1 << (other - 32);
      }
      this.lowerLo[pos] = lowerLo;
      this.lowerHi[pos] = lowerHi;
      let rounds = 0, higherLo = 0, higherHi = 0;
      for (let r = rank + 1; r < RANKS; r++) {
        const other = positionOf[first + r]!;
        if (other >= 4) rounds |= 1 << ((other >> 2) + 1);
        if (r === ACE_RANK) continue;
        if (other < 32) higherLo |= 1 << other;
        else higherHi |= 1 << (other - 32);
      }
      this.outrankedRounds[pos] = rounds;
      this.higherLo[pos] = higherLo;
      this.higherHi[pos] = higherHi;
      this.acePosition[pos] = positionOf[first + ACE_RANK]!;
      if (rank === ACE_RANK) continue;
      if (pos < 32) this.nonAceLo |= 1 << pos;
      else this.nonAceHi |= 1 << (pos - 32);
    }
    const lastSuits = (1 << this.suit[48]!) | (1 << this.suit[49]!) | (1 << this.suit[50]!) | (1 << this.suit[51]!);
    const inert = this.reductions && lastSuits === 15;
    this.endgameDealt = inert ? 48 : 52;
    this.upperBound = 48;
    if (inert) for (let pos = 48; pos < 52; pos++) if (this.rank[pos] !== ACE_RANK) this.upperBound -= 1;
  }

  /**
   * An upper bound on the discards of every position reachable from the frame at `base`; -1 when R7 drops
   * every continuation (see below).
   *
   * R6 gives a bound for the whole deal. R8 (cards that can never go; a least fixpoint). Call a card of
   * this position *exposable* when every non-ace above it on its pile is in R, and build R, the cards
   * that may still be removed, step by step: add a non-ace c on pile P once it is exposable and some card
   * h that outranks it in its suit could meet it: h exposable on a pile other than P, or h in the stock
   * and dealt onto a pile other than P; the ace of c's suit may also lie on P above c (strict: an ace can
   * move away). Each step adds the highest non-ace of a pile not yet in R (its *frontier*): the cards
   * below a frontier are not exposable yet.
   * Soundness, in a *fixed-pile* world: a play in which non-aces never change piles (strict always; any
   * variant when nothing moves). Claim: every card on a pile now that such a play removes is in R. By
   * induction on the order of removals: when c goes at time t, it is exposed, so every card now above it
   * has left its pile before t — a non-ace only by removal, so it went earlier and is in R; and a card h
   * that outranks c is exposed at t on another pile: a non-ace h on a pile now stays on its pile, and the
   * non-aces above it went before t (in R); a stock card lands on its own pile (position mod 4); the ace,
   * if it lies on P below c, could leave P only after c. So c meets the rule and is in R.
   * Which worlds are fixed-pile: strict, always (only aces move). In standard and easy a move needs an
   * empty pile. If no pile is empty now and every pile holds an ace or a non-ace not in R (the position is
   * *locked*), no pile ever empties: up to the first move the play is fixed-pile, so that non-ace is never
   * removed, and an ace leaves a pile only by a move; so there is no first move, and every play is
   * fixed-pile. (There the ace must be on another pile: the rule above with "P above c" dropped for it.)
   * Not locked: the bound is R6's alone.
   * So no non-ace outside R is ever discarded; the bound is 48 minus their number (and R6's, if lower).
   * Every card strictly below a non-ace outside R is *buried for good*: never exposed again.
   * R8′ (standard, easy: aces block too). The bound is only used when the position is locked, and then no
   * move is ever made, so an ace never leaves its pile: the cards below it are never exposed. So in these
   * variants an ace is a frontier that never advances (R is built with "every card above it, aces
   * included, in R or gone"); the induction above goes through unchanged (a card exposed at t has no ace
   * above it, as no ace has moved), and the cards below the highest ace of a pile count as never discarded
   * and buried for good. The locked test is the same: a pile that can empty holds no ace. (In strict aces
   * move, and the rule above stands.)
   */
  bound(frames: Int32Array, base: number): number {
    if (!this.reductions) return this.upperBound;
    const fixedPiles = this.acesOnly;
    if (!fixedPiles) {
      for (let p = 0; p < 4; p++) if ((frames[base + 2 * p]! | frames[base + 2 * p + 1]!) === 0) return this.upperBound;
    }
    const dealt = frames[base + F_DEALT]!;
    const inStockLo = stockLo(dealt), inStockHi = stockHi(dealt);
    const nonAceLo = this.nonAceLo, nonAceHi = this.nonAceHi;
    const frontier = this.frontier;
    const exposableLo = this.exposableLo, exposableHi = this.exposableHi;
    // Start: R empty; each pile's frontier is its highest non-ace.
    for (let p = 0; p < 4; p++) this.setFrontier(frames, base, p, 64);
    let allLo = exposableLo[0]! | exposableLo[1]! | exposableLo[2]! | exposableLo[3]!;
    let allHi = exposableHi[0]! | exposableHi[1]! | exposableHi[2]! | exposableHi[3]!;
    // Visit the piles in turn, advancing each frontier as far as it goes, until four piles in a row stay.
    for (let p = 0, still = 0; still < 4; p = (p + 1) & 3) {
      const pileLo = frames[base + 2 * p]!, pileHi = frames[base + 2 * p + 1]!;
      let advanced = false;
      for (let c = frontier[p]!; c >= 0; c = frontier[p]!) {
        // R8′ (standard, easy): an ace is a frontier that never advances.
        if (this.rank[c] === ACE_RANK) break;
        // Where a card that outranks c could meet it: exposable on another pile, or dealt onto another pile.
        const meetLo = (allLo & ~pileLo) | (inStockLo & ~LANDING_LO[p]!);
        const meetHi = (allHi & ~pileHi) | (inStockHi & ~LANDING_HI[p]!);
        let meets = (this.higherLo[c]! & meetLo) !== 0 || (this.higherHi[c]! & meetHi) !== 0;
        if (!meets) {
          const ace = this.acePosition[c]!;
          // strict: the ace may also be exposable on P itself (above c), or dealt onto P, and move away.
          meets = ace < 32
            ? ((fixedPiles ? allLo | inStockLo : meetLo) & (1 << ace)) !== 0
            : ((fixedPiles ? allHi | inStockHi : meetHi) & (1 << (ace - 32))) !== 0;
        }
        if (!meets) break;
        this.setFrontier(frames, base, p, c);
        allLo |= exposableLo[p]!;
        allHi |= exposableHi[p]!;
        advanced = true;
      }
      // Standard, easy: a pile with no ace whose every card is in R can empty, so the position is not
      // locked (R only grows; the check after the loop would say the same) and the bound is R6's.
      if (!fixedPiles && frontier[p]! < 0 && ((pileLo & ~nonAceLo) | (pileHi & ~nonAceHi)) === 0) return this.upperBound;
      // A pile that advanced is settled (its own cards never meet it); the other three are checked again.
      still = advanced ? 1 : still + 1;
    }
    let dead = 0;
    let buriedLo = 0, buriedHi = 0;
    for (let p = 0; p < 4; p++) {
      const c = frontier[p]!;
      const pileLo = frames[base + 2 * p]!, pileHi = frames[base + 2 * p + 1]!;
      // (Locked needs a non-ace outside R or an ace on every pile in standard and easy: the loop above
      // returned already for a pile with neither.)
      if (c < 0) continue;
      // The frontier and every card below it: not in R (non-aces), buried for good (strictly below).
      const belowLo = c >= 32 ? pileLo : pileLo & ((1 << c) - 1);
      const belowHi = c >= 32 ? pileHi & ((1 << (c - 32)) - 1) : 0;
      buriedLo |= belowLo;
      buriedHi |= belowHi;
      dead += (this.rank[c] === ACE_RANK ? 0 : 1) + popcount32(belowLo & nonAceLo) + popcount32(belowHi & nonAceHi);
    }
    // R7 with R8: an owed card buried for good is never seen again, and one whose lower cards are all gone
    // or buried for good, none seen this round, is never seen beside one: the line cannot discharge it,
    // and every continuation is dropped (returned as a bound below any discard count).
    const owedLo = frames[base + F_OWED_LO]!, owedHi = frames[base + F_OWED_HI]!;
    if ((owedLo | owedHi) !== 0) {
      if ((owedLo & buriedLo) !== 0 || (owedHi & buriedHi) !== 0) return -1;
      const playLo = inPlayLo(frames, base), playHi = inPlayHi(frames, base);
      const seenLo = frames[base + F_SEEN_LO]!, seenHi = frames[base + F_SEEN_HI]!;
      for (let word = 0; word < 2; word++) {
        let bits = word === 0 ? owedLo : owedHi;
        while (bits !== 0) {
          const low = bits & -bits;
          bits ^= low;
          const c = 31 - Math.clz32(low) + 32 * word;
          const lowerLo = this.lowerLo[c]!, lowerHi = this.lowerHi[c]!;
          if ((lowerLo & ((playLo & ~buriedLo) | seenLo)) === 0 && (lowerHi & ((playHi & ~buriedHi) | seenHi)) === 0) return -1;
        }
      }
    }
    return Math.min(this.upperBound, 48 - dead);
  }
  /** R8 scratch, per pile: the frontier (highest non-ace not in R, or -1) and the exposable cards. */
  private readonly frontier = new Int32Array(4);
  private readonly exposableLo = new Int32Array(4);
  private readonly exposableHi = new Int32Array(4);

  /** R8: pile p's frontier becomes its highest non-ace (standard, easy: or ace, R8′) below position `under`;
   *  the cards above it are exposable. */
  private setFrontier(frames: Int32Array, base: number, p: number, under: number): void {
    const pileLo = frames[base + 2 * p]!, pileHi = frames[base + 2 * p + 1]!;
    const belowLo = under >= 32 ? -1 : (1 << under) - 1;
    const belowHi = under >= 64 ? -1 : under <= 32 ? 0 : (1 << (under - 32)) - 1;
    // Blockers: the non-aces not (yet) in R, and in standard and easy the aces too (R8′).
    const blockLo = this.acesOnly ? this.nonAceLo : -1, blockHi = this.acesOnly ? this.nonAceHi : -1;
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

  /** Reads the exposed card of each pile into `exposed`, and per suit the ranks exposed into `exposedRanks`;
   *  returns the mask of the empty piles. */
  private readExposed(frames: Int32Array, base: number): number {
    this.clearExposed();
    let empty = 0;
    for (let p = 0; p < 4; p++) {
      const e = highestPosition(frames[base + 2 * p]!, frames[base + 2 * p + 1]!);
      this.expose(p, e);
      if (e < 0) empty |= 1 << p;
    }
    return empty;
  }

  /** `readExposed` for a position just dealt into: each pile exposes the card just dealt onto it. */
  private readDealt(frames: Int32Array, base: number): void {
    this.clearExposed();
    const first = frames[base + F_DEALT]! - 4;
    for (let p = 0; p < 4; p++) this.expose(p, first + p);
  }

  /** Forgets the exposed ranks, before the exposed cards are read afresh. */
  private clearExposed(): void {
    const ranks = this.exposedRanks;
    ranks[0] = 0;
    ranks[1] = 0;
    ranks[2] = 0;
    ranks[3] = 0;
  }

  /** Pile p now exposes card `pos` (−1: the pile is empty); its rank joins its suit's exposed ranks. */
  private expose(p: number, pos: number): void {
    this.exposed[p] = pos;
    if (pos >= 0) this.exposedRanks[this.suit[pos]!] |= 1 << this.rank[pos]!;
  }

  /** The mask of the empty piles, from the exposed cards read last (`readExposed`, kept up to date by `removeRun`). */
  private emptyPiles(): number {
    const exposed = this.exposed;
    return (exposed[0]! < 0 ? 1 : 0) | (exposed[1]! < 0 ? 2 : 0) | (exposed[2]! < 0 ? 4 : 0) | (exposed[3]! < 0 ? 8 : 0);
  }

  /** Whether card `pos` is outranked by an exposed card of its suit (as read by `readExposed`). An exposed
   *  card is thus removable: the higher card is on another pile, since a pile exposes one card. */
  private outranked(pos: number): boolean {
    return this.exposedRanks[this.suit[pos]!]! >>> (this.rank[pos]! + 1) !== 0;
  }

  /** Whether the exposed card of pile p is removable (as read by `readExposed`). */
  private removable(p: number): boolean {
    const e = this.exposed[p]!;
    return e >= 0 && this.outranked(e);
  }

  /** R7 sharpened: whether some round, from the one that starts with `dealt` cards dealt to the last, could
   *  discharge card `pos`: one whose four dealt cards hold none of its suit that outranks it. */
  private dischargeableFrom(pos: number, dealt: number): boolean {
    const roundsLeft = ((1 << 14) - 1) & ~((1 << (dealt >> 2)) - 1);
    return (this.outrankedRounds[pos]! & roundsLeft) !== roundsLeft;
  }

  /**
   * Whether card `pos` could remove some card after the next deal: a lower card of its suit is still in play
   * (on a pile or in the stock) and, in strict, has another home pile (docs/search.md#r3).
   */
  private mayRemoveLater(frames: Int32Array, base: number, pos: number): boolean {
    // R7 sharpened: some round after the next deal must be able to discharge it.
    if (!this.dischargeableFrom(pos, frames[base + F_DEALT]! + 4)) return false;
    return (inPlayLo(frames, base) & this.lowerLo[pos]!) !== 0 || (inPlayHi(frames, base) & this.lowerHi[pos]!) !== 0;
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
   *    "remove c" alone suffices (docs/search.md#r3, sharpened for strict). Nor when no round after the
   *    next deal could discharge c (R7 sharpened): R7 would drop that line at the deal anyway.
   * R4 (stock empty: remove at once, docs/search.md#r4). With no deal left, no play has a "next deal",
   *    so Lemma S applies to every play: "remove c" is the only child, under either rule.
   * R5 (stock empty: piles interchangeable, fact 5). With no deal left, the pile a card is on matters for
   *    nothing (no card will land on any pile), so positions equal up to a permutation of piles have the
   *    same future; the key sorts the piles. Consequently moving a lone card is a no-op up to that
   *    permutation and is not generated, and of several empty target piles only the first is used.
   * R9 (easy, stock empty: a buried card that an exposed card outranks goes at once). With no deal left
   *    (or only R6's inert last deal, after which nothing can happen and which the search never plays) and
   *    no card removable, let y be a buried card (easy) and x an exposed card of its suit that outranks it,
   *    and let a pile be empty. Then "move y into the empty pile" is the only child. After that move y is
   *    exposed beside x (on another pile) and removable — and it is the only removable card: x is the only
   *    exposed card of its suit (two would make the lower one removable), and the other exposed cards are
   *    unchanged — so R4 removes it next. Call A the position after both, B this one: A is B with y
   *    discarded. Any play σ from B is replayed from A (skipping y's moves and its removal) as in Lemma S:
   *    every pile of A stays the matching pile of B without y, so every move into an empty pile and every
   *    removal σ makes is legal in A, except a removal *by* y, which the suit's highest exposed card makes
   *    instead: it outranks y (it is at least x: with no deal left nothing is ever covered, so x stays
   *    exposed until a higher card removes it, Lemma C), is exposed in A, and is on another pile than the
   *    removed card. There is no deal whose legality (forced rule) could differ. So A reaches at least σ's
   *    discards (y counted from the start) and wins when σ does: no other child is needed. Under the optional
   *    rule R7 keeps only plays that discharge every kept card; take σ one of them. Every card σ exposes but
   *    y is exposed at the same moment in the replay, and y is exposed when it is moved, so the replay's
   *    Seen set (one round: no deal is left) holds σ's, and it discharges every card σ discharges; a card
   *    that σ still exposes later is not buried for good in the replay either (R8 is sound). So R7 drops
   *    the replay only where it would drop σ.
   * Moves into empty piles and the deal are otherwise generated in full.
   * `exposedRead`: the generator holds this very position's exposed cards already (a `removeRun` ended on
   * it), so they are not read again (measured: 10% less time for easy × forced and standard × forced).
   */
  generate(frames: Int32Array, base: number, out: Int32Array, at: number, exposedRead = false): number {
    const exposed = this.exposed;
    const empty = exposedRead ? this.emptyPiles() : this.readExposed(frames, base);
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
    if (stockEmpty && this.buriedCards && empty !== 0) {
      // R9: the first buried card that an exposed card of its suit outranks, into the first empty pile.
      const target = 31 - Math.clz32(empty & -empty);
      for (let p = 0; p < 4; p++) {
        const e = exposed[p]!;
        if (e < 0) continue;
        for (let word = 0; word < 2; word++) {
          let bits = (word === 0 ? frames[base + 2 * p]! : frames[base + 2 * p + 1]!);
          if (word === 0 ? e < 32 : e >= 32) bits &= ~(1 << (e & 31));
          while (bits !== 0) {
            const low = bits & -bits;
            bits ^= low;
            const y = 31 - Math.clz32(low) + word * 32;
            if (this.outranked(y)) {
              out[n++] = moveMove(y, p, target);
              return n - at;
            }
          }
        }
      }
    }
    n = this.generateMovesIntoEmpty(frames, base, empty, stockEmpty, out, n);
    if (!stockEmpty) out[n++] = dealMove();
    return n - at;
  }

  /** Set by `removeRun`: it stopped at a position with no removable card. */
  runEnded = false;

  /** Whether `removeRun` applies: the reduced search under the forced rule (R1 makes removals lone moves). */
  get removesInRuns(): boolean {
    return this.reductions && this.forced;
  }

  /**
   * The reduced search under the forced rule walks through removals (R1: while a card is removable, the
   * only child is its removal, the first removable pile's in pile order — exactly what `generate` gives).
   * Plays those removals in place in the frame at `base`, from position X0 (already entered) to X1, X2, …,
   * writing each to `line` from `at`, and returns how many it played (k). Each Xi with 0 < i < k counts as
   * a position searched and had a lone removal; Xk is left to be entered by the caller, which stops there on
   * a win or an exhausted budget. The run stops at Xk when Xk has no removable card, holds 48 discards, or
   * when `room` positions are counted already (the budget left); `runEnded` then says whether it stopped
   * for want of a removable card (a run from Xk would play nothing). Exposed cards are kept up to date per
   * removal: only the pile removed from changes. `justDealt`: X0 was reached by a deal, so its exposed cards
   * are the four just dealt (read without searching the piles: 1.5–4% less time, same states).
   */
  removeRun(frames: Int32Array, base: number, line: Int32Array, at: number, room: number, justDealt = false): number {
    const exposed = this.exposed, suit = this.suit, rank = this.rank, ranks = this.exposedRanks;
    if (justDealt) this.readDealt(frames, base);
    else this.readExposed(frames, base);
    let discards = frames[base + F_DISCARDS]!;
    let k = 0;
    this.runEnded = false;
    for (;;) {
      let p = 0;
      while (p < 4 && !this.removable(p)) p++;
      if (p === 4) {
        this.runEnded = true; // Xk has no removable card
        break;
      }
      // Xk (k > 0) is searched on the spot (it has a lone removal), unless the budget is spent.
      if (k > 0 && k - 1 === room) break;
      const e = exposed[p]!;
      takeFromPile(frames, base, p, e);
      discards += 1;
      line[at + k] = removeMove(e, p);
      k += 1;
      ranks[suit[e]!] ^= 1 << rank[e]!;
      this.expose(p, highestPosition(frames[base + 2 * p]!, frames[base + 2 * p + 1]!));
      if (discards === WIN_DISCARDS) break;
    }
    frames[base + F_DISCARDS] = discards;
    return k;
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

  /**
   * Copies the frame at `base` to `child` and plays move m there. Returns false when the child is dropped
   * by R7 (a kept card can no longer act); the child is then not to be explored.
   */
  apply(frames: Int32Array, base: number, child: number, m: Move): boolean {
    frames.copyWithin(child, base, base + FRAME);
    return this.play(frames, child, m);
  }

  /** Plays move m in the frame at `child` itself; false when R7 drops the result (see `apply`). */
  play(frames: Int32Array, child: number, m: Move): boolean {
    const kind = moveKind(m);
    if (kind === DEAL) return this.deal(frames, child);
    if (kind === REMOVE) {
      const from = moveFrom(m);
      takeFromPile(frames, child, from, movePosition(m));
      frames[child + F_DISCARDS]! += 1;
      if (this.owing) this.seeTop(frames, child, from);
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
        if (this.owing) this.seeTop(frames, child, from);
      } else if (this.owing) {
        this.see(frames, child, pos); // easy: a buried card comes out, exposed on its new pile
      }
    }
    return true;
  }

  /** Deals in the child frame; settles R7's owed cards at the end of the round. */
  private deal(frames: Int32Array, child: number): boolean {
    if (!this.owing) {
      dealFrame(frames, child);
      return true;
    }
    let owedLo = frames[child + F_OWED_LO]!, owedHi = frames[child + F_OWED_HI]!;
    const onPilesLo = frames[child]! | frames[child + 2]! | frames[child + 4]! | frames[child + 6]!;
    const onPilesHi = frames[child + 1]! | frames[child + 3]! | frames[child + 5]! | frames[child + 7]!;
    // R7 (a): an owed card discarded without being discharged.
    if ((owedLo & ~onPilesLo) !== 0 || (owedHi & ~onPilesHi) !== 0) return false;
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
    const playLo = inPlayLo(frames, child), playHi = inPlayHi(frames, child);
    for (let word = 0; word < 2; word++) {
      let bits = word === 0 ? owedLo : owedHi;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const pos = 31 - Math.clz32(low) + 32 * word;
        if ((this.lowerLo[pos]! & playLo) === 0 && (this.lowerHi[pos]! & playHi) === 0) return false;
        if (!this.dischargeableFrom(pos, dealt)) return false;
      }
    }
    // A new round: its Seen set starts with the four cards just dealt.
    for (let p = 0; p < 4; p++) this.see(frames, child, dealt - 4 + p);
    return true;
  }

  /** R7: the exposed card of pile p has been seen this round. */
  private seeTop(frames: Int32Array, child: number, pile: number): void {
    const pos = highestPosition(frames[child + 2 * pile]!, frames[child + 2 * pile + 1]!);
    if (pos >= 0) this.see(frames, child, pos);
  }

  /**
   * R7: card `pos` is exposed at this moment of the round. Adds it to Seen, discharges every owed card that
   * has now been seen together with a lower card of its suit, and keeps in Seen only what bears on the
   * cards still owed (so that equal futures have equal keys).
   */
  private see(frames: Int32Array, child: number, pos: number): void {
    let owedLo = frames[child + F_OWED_LO]!, owedHi = frames[child + F_OWED_HI]!;
    if ((owedLo | owedHi) === 0) return;
    let seenLo = frames[child + F_SEEN_LO]!, seenHi = frames[child + F_SEEN_HI]!;
    const round = frames[child + F_DEALT]! >> 2;
    if (pos < 32) seenLo |= 1 << pos;
    else seenHi |= 1 << (pos - 32);
    let keepLo = 0, keepHi = 0;
    for (let word = 0; word < 2; word++) {
      let bits = word === 0 ? owedLo : owedHi;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const c = 31 - Math.clz32(low) + 32 * word;
        const cSeen = word === 0 ? (seenLo & low) !== 0 : (seenHi & low) !== 0;
        if (cSeen && ((this.outrankedRounds[c]! >> round) & 1) === 0 &&
          ((seenLo & this.lowerLo[c]!) !== 0 || (seenHi & this.lowerHi[c]!) !== 0)) {
          if (word === 0) owedLo ^= low;
          else owedHi ^= low;
          continue;
        }
        keepLo |= this.lowerLo[c]!;
        keepHi |= this.lowerHi[c]!;
        if (word === 0) keepLo |= low;
        else keepHi |= low;
      }
    }
    frames[child + F_OWED_LO] = owedLo;
    frames[child + F_OWED_HI] = owedHi;
    frames[child + F_SEEN_LO] = seenLo & keepLo;
    frames[child + F_SEEN_HI] = seenHi & keepHi;
  }
}
