// The ghost game: a relaxation of the optional rule that is searched like the forced rule; a deal it
// loses is lost under optional, and its max discards bounds the optional rule's from above.
//
// THE GAME. Positions: the four piles and the stock, as in Aces Up, but a discarded card may stay on its
// pile as a *ghost*. A pile's *exposed real card* is its highest card that is not a ghost; a ghost is
// *active* while no real card lies above it on its pile. Moves:
//  - remove: an exposed real non-ace c of pile P, when on some pile Q ≠ P the exposed real card or an
//    active ghost is of c's suit and outranks c; c becomes a ghost where it lies (one discard more);
//  - move: into a pile E that holds no real card (E's ghosts vanish, E is then the moved card alone):
//    standard, the exposed real card or an active ghost of another pile; strict, an exposed real ace of
//    another pile; easy, any card or ghost of another pile;
//  - deal: at any time while the stock lasts (cards go on top of the piles, ghosts included).
// Discards count every card removed, ghost or gone. Cards still land on a pile in dealing order (a moved
// card fills a pile that its move empties), so a pile is a set of dealing positions as in state.ts, and
// a position is the four pile masks (ghosts included), the deal count and the mask of ghosts.
//
// (G1) THE GHOST GAME WINS EVERY DEAL THE OPTIONAL RULE WINS, WITH AT LEAST AS MANY DISCARDS. Take a
// play σ of the real game under optional; let σ' make the same moves in the ghost game. Invariant: the
// real cards of σ' are exactly σ's cards on the piles, on the same piles in the same order (σ' has, in
// addition, ghosts of cards σ discarded). Then each move of σ is legal in σ': a removal's card and the
// card that outranks it are exposed real cards of σ' (the same real cards lie above them); a move's card
// is exposed in σ, so it is the exposed real card of σ' (standard, strict), or on its pile (easy), and
// its target, empty in σ, holds no real card in σ'; a deal is always legal. Each keeps the invariant, and
// σ' discards what σ discards.
//
// (G2) IN THE GHOST GAME, REMOVING A REMOVABLE CARD AT ONCE NEVER HURTS. Say the exposed real card c is
// removable in position X, and a play ρ goes on from X. Let τ remove c first, then make ρ's moves, except
// ρ's removal of c, if any. Invariant: τ's position is ρ's with c a ghost in its place. Every move of ρ is
// legal in τ: τ's real cards are ρ's less c, so every exposed real card of ρ other than c is exposed in τ,
// every active ghost of ρ is active in τ, and whenever c is exposed in ρ, its ghost is active in τ (the
// same cards lie above it): where ρ uses c to remove a card, τ uses the ghost; where ρ moves c (exposed,
// or in easy anywhere), τ moves the ghost, which standard allows as it is active; a pile with no real card
// in ρ has none in τ. (Strict never moves c: it is not an ace.) τ discards what ρ does, c included at
// once. Applied again and again at the first position where a play leaves a removable card (each time
// the play removes one more card at once, and no play removes more than 48), this turns every play into
// one that removes every removable card at once with at least its discards. So the search removes them
// one after another (R1 of the forced rule) and branches only on moves and the deal: the optional rule's
// keep-or-remove choices are gone.
//
// (G3) A GHOST WITH NO LOWER CARD OF ITS SUIT LEFT IN PLAY (on the piles as a real card, or in the stock)
// NEVER MATTERS AGAIN, and the search deletes it: removed and ghost cards never come back, so it can never
// outrank an exposed real card; a ghost blocks nothing; a pile with ghosts alone already takes moves; and
// moving it only makes its target's ghosts vanish. Not moving it leaves a position with the same real
// cards and more ghosts, which is never worse: every move legal in the other is legal in it, and the two
// keep the same real cards and one's ghosts a superset of the other's (idle ones aside).
//
// (G4) STOCK EMPTY: THE PILES ARE INTERCHANGEABLE (docs/search.md#r5): the rules treat the piles alike
// and no deal is left, so the key sorts them.
//
// By G1, a ghost search that ends with no win proves the deal lost under optional (and under forced,
// which only forbids plays), and the ghost game's max discards is an upper bound of the optional rule's.
// A ghost win proves nothing: the optional rule is then searched as before.

import { ACE_RANK, type Deal } from './cards.ts';
import { type Variant, VARIANT_RULES, WIN_DISCARDS } from './rules.ts';
import { F_DEALT, F_DISCARDS, F_GHOST_HI, F_GHOST_LO, FRAME, KEY_WORDS, dealFrame, highestPosition, startFrame, stockHi, stockLo, writeKey } from './state.ts';
import { VisitedSet } from './table.ts';

/** Deepest line of positions with a choice; beyond it the search stops as if out of budget (never seen). */
const MAX_DEPTH = 2048;

export interface GhostRun {
  /** `won`: the ghost game wins (nothing proven); `exhausted`: it cannot, so the deal is lost under
   *  optional; `aborted`: the budget ran out first. */
  status: 'won' | 'exhausted' | 'aborted';
  /** Most discards reached in the ghost game: its exact max discards when `exhausted`. */
  best: number;
  /** Positions searched (the budget counts these). */
  states: number;
}

export class GhostSearch {
  private readonly suit = new Int8Array(52);
  private readonly rank = new Int8Array(52);
  /** Per dealing position: mask (lo, hi) of the positions holding lower cards of its suit (G3). */
  private readonly lowerLo = new Int32Array(52);
  private readonly lowerHi = new Int32Array(52);
  private readonly frames = new Int32Array((MAX_DEPTH + 1) * FRAME);
  private readonly key = new Int32Array(KEY_WORDS);
  /** Per pile × suit: the highest rank among the pile's exposed real card and active ghosts (-1: none). */
  private readonly power = new Int8Array(16);
  private readonly visited: VisitedSet;
  private readonly acesOnly: boolean;
  private readonly anyCard: boolean;
  private best = 0;
  private states = 0;
  private maxStates = 0;
  private status: GhostRun['status'] = 'exhausted';

  constructor(
    readonly variant: Variant,
    /** The visited set (keys of KEY_WORDS words); searches that never run at the same time may share one. */
    visited?: VisitedSet,
  ) {
    this.acesOnly = VARIANT_RULES[variant].acesOnly;
    this.anyCard = VARIANT_RULES[variant].buriedCards;
    this.visited = visited ?? new VisitedSet(KEY_WORDS);
    if (this.visited.keyWords !== KEY_WORDS) throw new Error('the visited set holds keys of another width');
  }

  /** The ghost game of `deal` from its start. */
  run(deal: Deal, maxStates: number): GhostRun {
    this.setDeal(deal);
    startFrame(this.frames, 0);
    return this.search(maxStates);
  }

  /** Makes `deal` the deal of `runFrom`. */
  setDeal(deal: Deal): void {
    for (let pos = 0; pos < 52; pos++) {
      this.suit[pos] = (deal[pos]! / 13) | 0;
      this.rank[pos] = deal[pos]! % 13;
    }
    for (let pos = 0; pos < 52; pos++) {
      let lo = 0, hi = 0;
      for (let other = 0; other < 52; other++) {
        if (this.suit[other] !== this.suit[pos] || this.rank[other]! >= this.rank[pos]!) continue;
        if (other < 32) lo |= 1 << other;
        else hi |= 1 << (other - 32);
      }
      this.lowerLo[pos] = lo;
      this.lowerHi[pos] = hi;
    }
  }

  /**
   * The ghost game from a real position of the deal set by `setDeal`: the piles, deal count and discards
   * of the frame at `base` of `frames` (no ghosts; anything else in the frame is ignored). By G1 from that
   * position, no play of the real game from it, under either rule, discards more than the ghost game's max.
   */
  runFrom(frames: Int32Array, base: number, maxStates: number): GhostRun {
    const start = this.frames;
    start.fill(0, 0, FRAME);
    start.set(frames.subarray(base, base + 8), 0);
    start[F_DEALT] = frames[base + F_DEALT]!;
    start[F_DISCARDS] = frames[base + F_DISCARDS]!;
    return this.search(maxStates);
  }

  private search(maxStates: number): GhostRun {
    this.visited.clear();
    this.best = 0;
    this.states = 0;
    this.maxStates = maxStates;
    this.status = 'exhausted';
    this.explore(0);
    return { status: this.status, best: this.best, states: this.states };
  }

  /** Searches on from the position at `depth`; sets `status` to won or aborted when the search must end. */
  private explore(depth: number): void {
    const frames = this.frames;
    const base = depth * FRAME;
    this.removeAll(base);
    this.dropIdleGhosts(base);
    const discards = frames[base + F_DISCARDS]!;
    if (discards > this.best) this.best = discards;
    if (discards === WIN_DISCARDS) {
      this.status = 'won';
      return;
    }
    if (this.states === this.maxStates || depth === MAX_DEPTH || this.visited.full) {
      this.status = 'aborted';
      return;
    }
    this.states += 1;
    const dealt = frames[base + F_DEALT]!;
    // Every position is stored (moves alone can cycle).
    writeKey(frames, base, this.key, 0, dealt === 52, KEY_WORDS);
    if (!this.visited.add(this.key, 0)) return;
    const child = base + FRAME;
    const gLo = frames[base + F_GHOST_LO]!, gHi = frames[base + F_GHOST_HI]!;
    // Moves into each pile with no real card, then the deal. The piles are taken from the last (target
    // and source): that order finds the ghost game's wins sooner (60 deals at 200,000 states, against
    // the first pile first: standard 307,176 states to its 40 wins against 572,957, easy 42 wins against
    // 40; deal first was worse: 34 and 27 wins).
    for (let e = 3; e >= 0; e--) {
      const eLo = frames[base + 2 * e]!, eHi = frames[base + 2 * e + 1]!;
      if ((eLo & ~gLo) !== 0 || (eHi & ~gHi) !== 0) continue;
      for (let p = 3; p >= 0; p--) {
        if (p === e) continue;
        const pLo = frames[base + 2 * p]!, pHi = frames[base + 2 * p + 1]!;
        if ((pLo | pHi) === 0) continue;
        const top = highestPosition(pLo & ~gLo, pHi & ~gHi);
        // The candidates: easy, every card and ghost of the pile; standard, the exposed real card and
        // the active ghosts (above it); strict, the exposed real card if it is an ace.
        let candLo: number, candHi: number;
        if (this.anyCard) {
          candLo = pLo;
          candHi = pHi;
        } else {
          candLo = 0;
          candHi = 0;
          if (top >= 0 && (!this.acesOnly || this.rank[top] === ACE_RANK)) {
            if (top < 32) candLo = 1 << top;
            else candHi = 1 << (top - 32);
          }
          if (!this.acesOnly) {
            candLo |= pLo & gLo & above(top, 0);
            candHi |= pHi & gHi & above(top, 32);
          }
        }
        for (let word = 0; word < 2; word++) {
          let bits = word === 0 ? candLo : candHi;
          while (bits !== 0) {
            const low = bits & -bits;
            bits ^= low;
            frames.copyWithin(child, base, base + FRAME);
            // The target's ghosts vanish; the card (or ghost) leaves its pile for the target.
            frames[child + F_GHOST_LO] = gLo & ~eLo;
            frames[child + F_GHOST_HI] = gHi & ~eHi;
            if (word === 0) {
              frames[child + 2 * p] = pLo & ~low;
              frames[child + 2 * e] = low;
              frames[child + 2 * e + 1] = 0;
            } else {
              frames[child + 2 * p + 1] = pHi & ~low;
              frames[child + 2 * e] = 0;
              frames[child + 2 * e + 1] = low;
            }
            this.explore(depth + 1);
            if (this.status !== 'exhausted') return;
          }
        }
      }
    }
    if (dealt < 52) {
      frames.copyWithin(child, base, base + FRAME);
      dealFrame(frames, child);
      this.explore(depth + 1);
    }
  }

  /** G2: removes every removable card, one after another, each becoming a ghost in place. */
  private removeAll(base: number): void {
    const frames = this.frames, power = this.power, suit = this.suit, rank = this.rank;
    let gLo = frames[base + F_GHOST_LO]!, gHi = frames[base + F_GHOST_HI]!;
    for (let q = 0; q < 4; q++) this.pilePower(base, q, gLo, gHi);
    // Removing a pile's exposed real card leaves its power there (the ghost is active), adds the card
    // below it and wakes the ghosts between the two: powers only grow, and only on that pile, whose row of
    // the table alone is computed again.
    let discards = frames[base + F_DISCARDS]!;
    for (let p = 0, still = 0; still < 4; p = (p + 1) & 3) {
      const pLo = frames[base + 2 * p]!, pHi = frames[base + 2 * p + 1]!;
      let removed = false;
      for (;;) {
        const top = highestPosition(pLo & ~gLo, pHi & ~gHi);
        if (top < 0 || rank[top] === ACE_RANK) break;
        const s = suit[top]!, r = rank[top]!;
        if (!(power[s]! > r && p !== 0) && !(power[4 + s]! > r && p !== 1) && !(power[8 + s]! > r && p !== 2) && !(power[12 + s]! > r && p !== 3)) break;
        if (top < 32) gLo |= 1 << top;
        else gHi |= 1 << (top - 32);
        discards += 1;
        removed = true;
        this.pilePower(base, p, gLo, gHi);
      }
      still = removed ? 1 : still + 1;
    }
    frames[base + F_GHOST_LO] = gLo;
    frames[base + F_GHOST_HI] = gHi;
    frames[base + F_DISCARDS] = discards;
  }

  /** Pile q's row of the power table: per suit, the highest rank among its exposed real card and active ghosts. */
  private pilePower(base: number, q: number, gLo: number, gHi: number): void {
    const frames = this.frames, power = this.power, suit = this.suit, rank = this.rank;
    const row = 4 * q;
    power[row] = -1;
    power[row + 1] = -1;
    power[row + 2] = -1;
    power[row + 3] = -1;
    const qLo = frames[base + 2 * q]!, qHi = frames[base + 2 * q + 1]!;
    const top = highestPosition(qLo & ~gLo, qHi & ~gHi);
    if (top >= 0) power[row + suit[top]!] = rank[top]!;
    for (let word = 0; word < 2; word++) {
      let bits = word === 0 ? qLo & gLo & above(top, 0) : qHi & gHi & above(top, 32);
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const pos = 31 - Math.clz32(low) + 32 * word;
        if (rank[pos]! > power[row + suit[pos]!]!) power[row + suit[pos]!] = rank[pos]!;
      }
    }
  }

  /** G3: deletes the ghosts that no lower card of their suit left in play could ever meet. */
  private dropIdleGhosts(base: number): void {
    const frames = this.frames;
    let gLo = frames[base + F_GHOST_LO]!, gHi = frames[base + F_GHOST_HI]!;
    if ((gLo | gHi) === 0) return;
    const dealt = frames[base + F_DEALT]!;
    const pilesLo = frames[base]! | frames[base + 2]! | frames[base + 4]! | frames[base + 6]!;
    const pilesHi = frames[base + 1]! | frames[base + 3]! | frames[base + 5]! | frames[base + 7]!;
    const liveLo = (pilesLo & ~gLo) | stockLo(dealt), liveHi = (pilesHi & ~gHi) | stockHi(dealt);
    let idleLo = 0, idleHi = 0;
    for (let word = 0; word < 2; word++) {
      let bits = word === 0 ? gLo : gHi;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const pos = 31 - Math.clz32(low) + 32 * word;
        if ((this.lowerLo[pos]! & liveLo) !== 0 || (this.lowerHi[pos]! & liveHi) !== 0) continue;
        if (word === 0) idleLo |= low;
        else idleHi |= low;
      }
    }
    if ((idleLo | idleHi) === 0) return;
    gLo &= ~idleLo;
    gHi &= ~idleHi;
    frames[base + F_GHOST_LO] = gLo;
    frames[base + F_GHOST_HI] = gHi;
    for (let p = 0; p < 4; p++) {
      frames[base + 2 * p] &= ~idleLo;
      frames[base + 2 * p + 1] &= ~idleHi;
    }
  }
}

/** Mask, within the word of positions `offset` … `offset` + 31, of the positions above `top` (all when -1). */
function above(top: number, offset: number): number {
  if (top < offset) return -1;
  if (top >= offset + 31) return 0;
  return ~((2 << (top - offset)) - 1);
}

