// Move generation over packed positions, per variant and discard rule: every legal move ("plain"), or the
// proven-complete reduced set the fast search explores, with the proofs of its reductions (R1–R5, R9;
// docs/search.md#reductions). The bounds are in bound.ts (R6, R8), R7's bookkeeping in owed.ts.
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
//
// Reduced generation (docs/search.md#reductions):
// R1 (one removal at a time, forced rule). If a card c is removable, the only child is "remove c".
//    Every play from here either stops before the next deal or removes c before it (c stays removable,
//    Lemma C, and the forced rule deals only when no removal is possible); by Lemma S, removing c now
//    loses nothing. Which removable card comes first does not matter: after it, the others still are.
// R2 (decide each removable card once, optional rule). Let c be the first removable card not yet kept.
//    A play from here either removes c before the next deal (then, by Lemma S, removing c now loses
//    nothing) or keeps it to the deal. So two children cover every play: "remove c", and "keep c" — a
//    mark, carried in the position's key, that c is not removed before the deal. With the mark, c's
//    decision is never branched on again in this round, and removal orders are not explored twice.
// R3 (no keep without a later use). "Keep c" is generated only if c could remove a card after the
//    next deal (`mayRemoveLater`). Otherwise every play from here satisfies Lemma S's condition, and
//    "remove c" alone suffices (docs/search.md#r3, sharpened for strict). Nor when no round after the
//    next deal could discharge c (R7 sharpened): R7 would drop that line at the deal anyway.
// R4 (stock empty: remove at once, docs/search.md#r4). With no deal left, no play has a "next deal",
//    so Lemma S applies to every play: "remove c" is the only child, under either rule.
// R5 (stock empty: piles interchangeable, fact 5). With no deal left, the pile a card is on matters for
//    nothing (no card will land on any pile), so positions equal up to a permutation of piles have the
//    same future; the key sorts the piles. Consequently moving a lone card is a no-op up to that
//    permutation and is not generated, and of several empty target piles only the first is used.
// R9 (easy, stock empty: a buried card that an exposed card outranks goes at once). With no deal left
//    (or only R6's inert last deal, after which nothing can happen and which the search never plays) and
//    no card removable, let y be a buried card (easy) and x an exposed card of its suit that outranks it,
//    and let a pile be empty. Then "move y into the empty pile" is the only child. After that move y is
//    exposed beside x (on another pile) and removable — and it is the only removable card: x is the only
//    exposed card of its suit (two would make the lower one removable), and the other exposed cards are
//    unchanged — so R4 removes it next. Call A the position after both, B this one: A is B with y
//    discarded. Any play σ from B is replayed from A (skipping y's moves and its removal) as in Lemma S:
//    every pile of A stays the matching pile of B without y, so every move into an empty pile and every
//    removal σ makes is legal in A, except a removal *by* y, which the suit's highest exposed card makes
//    instead: it outranks y (it is at least x: with no deal left nothing is ever covered, so x stays
//    exposed until a higher card removes it, Lemma C), is exposed in A, and is on another pile than the
//    removed card. There is no deal whose legality (forced rule) could differ. So A reaches at least σ's
//    discards (y counted from the start) and wins when σ does: no other child is needed. Under the optional
//    rule R7 keeps only plays that discharge every kept card; take σ one of them. Every card σ exposes but
//    y is exposed at the same moment in the replay, and y is exposed when it is moved, so the replay's
//    Seen set (one round: no deal is left) holds σ's, and it discharges every card σ discharges; a card
//    that σ still exposes later is not buried for good in the replay either (R8 is sound). So R7 drops
//    the replay only where it would drop σ.
// R11, R13 (easy, deals left: a buried idle card that an exposed card outranks goes at once): idle-card.ts.
// Moves into empty piles and the deal are otherwise generated in full.

import { ACE_RANK, type Deal } from '../game/cards.ts';
import { DiscardBound } from '../proofs/bound.ts';
import { ExposedCards } from '../engine/exposed.ts';
import { IdleCardOut } from '../proofs/idle-card.ts';
import { DealTables, highestPosition, popcount32, setPositions } from '../engine/masks.ts';
import {
  DEAL,
  KEEP,
  MOVE,
  type Move,
  REMOVE,
  dealMove,
  keepMove,
  moveFrom,
  moveKind,
  movePosition,
  moveMove,
  moveTo,
  removeMove,
} from '../engine/move.ts';
import { OwedCards } from '../proofs/owed.ts';
import { type DiscardRule, type Variant, VARIANT_RULES, WIN_DISCARDS } from '../game/rules.ts';
import { SEARCH_POLICIES } from './search-policies.ts';
import { F_DEALT, F_DISCARDS, F_KEPT, F_OWED_HI, F_OWED_LO, FRAME, addToPile, dealFrame, takeFromPile } from '../engine/state.ts';

/** Which moves a generator gives: those of a variant and discard rule, every legal one or the reduced set. */
export interface MoveGeneratorOptions {
  variant: Variant;
  rule: DiscardRule;
  /** false: generate every legal move, with no reduction (the yardstick for tests). Default true. */
  reductions?: boolean;
}

/** Most moves one position can have (easy: up to 51 cards × 3 empty piles, plus a deal). */
export const MAX_MOVES = 160;

export class MoveGenerator {
  /** The loaded deal's tables, shared with the bound and R7. */
  readonly tables = new DealTables();
  /** R6, R8: upper bounds on the discards still reachable. */
  readonly bound: DiscardBound;
  /** R7, in the reduced search under the optional rule. */
  private readonly owed: OwedCards | undefined;
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
  private readonly forced: boolean;
  /** R11 / R13, where the variant's policy says so (reduced search). */
  private readonly idleCardOut: IdleCardOut | undefined;
  /** Times R11 / R13 gave the only child since the deal was loaded (the tests check that they act). */
  idleCardOuts = 0;
  /** Scratch of `generate`. */
  private readonly exposed: ExposedCards;
  /** Scratch: the cards of a pile, as a list of positions. */
  private readonly list = new Int8Array(52);

  readonly variant: Variant;
  readonly rule: DiscardRule;
  readonly reductions: boolean;

  constructor(options: MoveGeneratorOptions) {
    const { variant, rule } = options;
    const reductions = options.reductions ?? true;
    this.variant = variant;
    this.rule = rule;
    this.reductions = reductions;
    const rules = VARIANT_RULES[variant];
    this.acesOnly = rules.acesOnly;
    this.buriedCards = rules.buriedCards;
    this.forced = rule === 'forced';
    this.owed = reductions && !this.forced ? new OwedCards(this.tables, rules.fixedPiles) : undefined;
    const policies = SEARCH_POLICIES[variant];
    this.bound = new DiscardBound(this.tables, rules.fixedPiles, policies.acesBlock, reductions, this.owed);
    this.exposed = new ExposedCards(this.tables);
    this.idleCardOut = reductions && policies.idleCardOut[rule] ? new IdleCardOut(this.tables) : undefined;
  }

  /** Loads a deal. */
  setDeal(deal: Deal): void {
    this.tables.setDeal(deal);
    this.idleCardOuts = 0;
    this.owed?.setDeal();
    this.bound.setDeal();
    this.idleCardOut?.setDeal(this.bound.endgameDealt);
  }

  /** A holder of exposed cards for `removeRun` and `generateFrom`, for this generator's deals. */
  newExposed(): ExposedCards {
    return new ExposedCards(this.tables);
  }

  /** Writes the moves to explore from the position at `base` into `out` from `at`; returns how many. */
  generate(frames: Int32Array, base: number, out: Int32Array, at: number): number {
    return this.generateFrom(this.exposed.read(frames, base), frames, base, out, at);
  }

  /** `generate`, given the exposed cards of this very position (the proofs of the reductions: file top). */
  generateFrom(exposed: ExposedCards, frames: Int32Array, base: number, out: Int32Array, at: number): number {
    const empty = exposed.empty();
    const dealt = frames[base + F_DEALT]!;
    let n = at;

    if (!this.reductions) {
      const stockEmpty = dealt >= 52;
      let anyRemoval = false;
      for (let p = 0; p < 4; p++) {
        if (exposed.removable(p)) {
          out[n++] = removeMove(exposed.pile[p]!, p);
          anyRemoval = true;
        }
      }
      n = this.generateMovesIntoEmpty(exposed, frames, base, empty, false, out, n);
      if (!stockEmpty && (!this.forced || !anyRemoval)) out[n++] = dealMove();
      return n - at;
    }

    // From here on, "stock empty" means "no deal left that can matter" (R6).
    const stockEmpty = dealt >= this.bound.endgameDealt;
    const kept = frames[base + F_KEPT]!;
    for (let p = 0; p < 4; p++) {
      if ((kept & (1 << p)) !== 0 || !exposed.removable(p)) continue;
      const e = exposed.pile[p]!;
      out[n++] = removeMove(e, p); // R1, R4, first child of R2
      if (!stockEmpty && this.owed !== undefined && this.owed.mayActLater(frames, base, e)) out[n++] = keepMove(e, p); // R2, R3
      return n - at;
    }
    if (stockEmpty && this.buriedCards && empty !== 0) {
      // R9: the first buried card that an exposed card of its suit outranks, into the first empty pile.
      const target = 31 - Math.clz32(empty & -empty);
      const list = this.list;
      for (let p = 0; p < 4; p++) {
        const e = exposed.pile[p]!;
        if (e < 0) continue;
        for (let i = 0, count = setPositions(frames[base + 2 * p]!, frames[base + 2 * p + 1]!, list, 0); i < count; i++) {
          const y = list[i]!;
          if (y !== e && exposed.outranked(y)) {
            out[n++] = moveMove(y, p, target);
            return n - at;
          }
        }
      }
    }
    if (!stockEmpty && empty !== 0 && this.idleCardOut !== undefined) {
      const m = this.idleCardOutMove(exposed, frames, base, empty, kept);
      if (m >= 0) {
        out[n++] = m;
        return n - at;
      }
    }
    n = this.generateMovesIntoEmpty(exposed, frames, base, empty, stockEmpty, out, n);
    if (!stockEmpty) out[n++] = dealMove();
    return n - at;
  }

  /**
   * R11 (forced) and R13 (optional), idle-card.ts: with deals left, no card removable and a pile empty, the
   * move of a buried idle card that an exposed card outranks, or −1. Optional: only with nothing kept or owed.
   */
  private idleCardOutMove(exposed: ExposedCards, frames: Int32Array, base: number, empty: number, kept: number): Move {
    if (!this.forced && (kept !== 0 || (frames[base + F_OWED_LO]! | frames[base + F_OWED_HI]!) !== 0)) return -1;
    const m = this.idleCardOut!.find(exposed, frames, base, empty, this.forced);
    if (m >= 0) this.idleCardOuts += 1;
    return m;
  }

  /** Whether `removeRun` applies: the reduced search under the forced rule (R1 makes removals lone moves). */
  get removesInRuns(): boolean {
    return this.reductions && this.forced;
  }

  /**
   * The reduced search under the forced rule walks through removals (R1: while a card is removable, the
   * only child is its removal, the first removable pile's in pile order — exactly what `generate` gives).
   * Plays those removals in place in the frame at `base`, from position X0 (already entered, its exposed
   * cards in `exposed`) to X1, X2, …, writing each to `line` from `at`, and returns how many it played (k).
   * Each Xi with 0 < i < k counts as a position searched and had a lone removal; Xk is left to be entered
   * by the caller, which stops there on a win or an exhausted budget. The run stops at Xk when Xk has no
   * removable card, holds 48 discards, or when `room` positions are counted already (the budget left).
   * `exposed` ends as Xk's exposed cards (only the pile removed from changes per removal).
   */
  removeRun(frames: Int32Array, base: number, exposed: ExposedCards, line: Int32Array, at: number, room: number): number {
    let discards = frames[base + F_DISCARDS]!;
    let k = 0;
    for (;;) {
      let p = 0;
      while (p < 4 && !exposed.removable(p)) p++;
      if (p === 4) break; // Xk has no removable card
      // Xk (k > 0) is searched on the spot (it has a lone removal), unless the budget is spent.
      if (k > 0 && k - 1 === room) break;
      const e = exposed.pile[p]!;
      takeFromPile(frames, base, p, e);
      discards += 1;
      line[at + k] = removeMove(e, p);
      k += 1;
      exposed.replace(p, e, highestPosition(frames[base + 2 * p]!, frames[base + 2 * p + 1]!));
      if (discards === WIN_DISCARDS) break;
    }
    frames[base + F_DISCARDS] = discards;
    return k;
  }

  /** Moves into empty piles, by variant. With `canonical` (stock empty, R5): no lone cards, first empty pile only. */
  private generateMovesIntoEmpty(
    exposed: ExposedCards,
    frames: Int32Array,
    base: number,
    empty: number,
    canonical: boolean,
    out: Int32Array,
    at: number,
  ): number {
    if (empty === 0) return at;
    let n = at;
    const list = this.list;
    for (let p = 0; p < 4; p++) {
      const lo = frames[base + 2 * p]!,
        hi = frames[base + 2 * p + 1]!;
      if (lo === 0 && hi === 0) continue;
      const lone = popcount32(lo) + popcount32(hi) === 1;
      if (canonical && lone) continue;
      if (this.buriedCards) {
        // easy: any card of the pile, exposed or buried.
        for (let i = 0, count = setPositions(lo, hi, list, 0); i < count; i++) n = this.pushTargets(list[i]!, p, empty, canonical, out, n);
      } else {
        const e = exposed.pile[p]!;
        if (this.acesOnly && this.tables.rank[e] !== ACE_RANK) continue;
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
    const owed = this.owed;
    if (kind === DEAL) {
      if (owed !== undefined) return owed.deal(frames, child);
      dealFrame(frames, child);
      return true;
    }
    if (kind === REMOVE) {
      const from = moveFrom(m);
      takeFromPile(frames, child, from, movePosition(m));
      frames[child + F_DISCARDS]! += 1;
      owed?.seeTop(frames, child, from);
    } else if (kind === KEEP) {
      frames[child + F_KEPT]! |= 1 << moveFrom(m);
    } else if (kind === MOVE) {
      const from = moveFrom(m),
        to = moveTo(m),
        pos = movePosition(m);
      const wasExposed = highestPosition(frames[child + 2 * from]!, frames[child + 2 * from + 1]!) === pos;
      takeFromPile(frames, child, from, pos);
      addToPile(frames, child, to, pos);
      if (wasExposed) {
        // The kept mark follows the card; the card now exposed on the source pile is a new decision.
        const kept = frames[child + F_KEPT]!;
        frames[child + F_KEPT] = (kept & ~(1 << from)) | (((kept >> from) & 1) << to);
        owed?.seeTop(frames, child, from);
      } else {
        owed?.see(frames, child, pos); // easy: a buried card comes out, exposed on its new pile
      }
    }
    return true;
  }
}
