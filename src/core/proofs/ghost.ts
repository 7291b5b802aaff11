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

import { ACE_RANK, type Deal } from '../game/cards.ts';
import { DealTables, highestPosition, pilesHi, pilesLo, setPositions } from '../engine/masks.ts';
import { DEAL, type Move, dealMove, moveFrom, moveKind, movePosition, moveMove, moveTo } from '../engine/move.ts';
import { type Variant, VARIANT_RULES, WIN_DISCARDS } from '../game/rules.ts';
import {
  F_DEALT,
  F_DISCARDS,
  FRAME,
  KEY_WORDS,
  PILE_KEY_WORDS,
  dealFrame,
  startFrame,
  stockHi,
  stockLo,
  writeKey,
} from '../engine/state.ts';
import { VisitedSet } from '../engine/table.ts';

/** Deepest line of positions with a choice; beyond it the search stops as if out of budget (never seen). */
const MAX_DEPTH = 2048;
/** Most children of a ghost position: a candidate card or ghost per target pile (≤ 4) and card, plus a deal. */
const MAX_MOVES = 4 * 52 + 1;

/** The ghost game's frame: the piles, deal count and discards in the slots of state.ts (so that its
 *  helpers apply; the kept slot stays 0), then the mask (lo, hi) of the ghosts. */
const G_GHOSTS_LO = 11;
const G_GHOSTS_HI = 12;

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
  private readonly tables = new DealTables();
  private readonly frames = new Int32Array((MAX_DEPTH + 1) * FRAME);
  /** Per depth of the stack: the moves generated there (from depth × MAX_MOVES), how many, the next to try. */
  private readonly moves = new Int32Array(MAX_DEPTH * MAX_MOVES);
  private readonly counts = new Int32Array(MAX_DEPTH + 1);
  private readonly next = new Int32Array(MAX_DEPTH + 1);
  private readonly key = new Int32Array(KEY_WORDS);
  /** Scratch: a mask's positions, as a list. */
  private readonly list = new Int8Array(52);
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
    this.tables.setDeal(deal);
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

  /**
   * The depth-first search from the frame at depth 0, with an explicit stack, as the main search
   * (search.ts `dfs`, which says why it is not recursive): per depth, the moves generated there and the
   * next one to try.
   */
  private search(maxStates: number): GhostRun {
    this.visited.clearFor(maxStates);
    this.best = 0;
    this.states = 0;
    this.maxStates = maxStates;
    this.status = 'exhausted';
    const counts = this.counts,
      next = this.next;
    counts[0] = this.enter(0);
    next[0] = 0;
    let depth = 0;
    while (depth >= 0 && this.status === 'exhausted') {
      if (next[depth]! >= counts[depth]!) {
        depth -= 1;
        continue;
      }
      const m = this.moves[depth * MAX_MOVES + next[depth]!]!;
      next[depth] += 1;
      this.apply(depth * FRAME, m);
      const count = this.enter(depth + 1);
      if (count > 0) {
        depth += 1;
        counts[depth] = count;
        next[depth] = 0;
      }
    }
    return { status: this.status, best: this.best, states: this.states };
  }

  /** Enters the position at `depth`: settles its removals (G2) and idle ghosts (G3), records its discards,
   *  sets `status` to won or aborted when the search must end; returns how many moves it has to explore
   *  (0 at an end, or when visited before). */
  private enter(depth: number): number {
    const frames = this.frames;
    const base = depth * FRAME;
    this.removeAll(base);
    this.dropIdleGhosts(base);
    const discards = frames[base + F_DISCARDS]!;
    if (discards > this.best) this.best = discards;
    if (discards === WIN_DISCARDS) {
      this.status = 'won';
      return 0;
    }
    if (this.states === this.maxStates || depth === MAX_DEPTH || this.visited.full) {
      this.status = 'aborted';
      return 0;
    }
    this.states += 1;
    // Every position is stored (moves alone can cycle).
    this.writeKey(base);
    if (!this.visited.add(this.key, 0)) return 0;
    return this.generate(base, this.moves, depth * MAX_MOVES);
  }

  /** The key of the ghost position at `base`: the real game's pile words, then the ghosts (G4: piles sorted
   *  once the stock is empty), in the width of the optional rule's keys so that the two share a table. */
  private writeKey(base: number): void {
    const frames = this.frames,
      key = this.key;
    writeKey(frames, base, key, 0, frames[base + F_DEALT] === 52, PILE_KEY_WORDS);
    key[PILE_KEY_WORDS] = frames[base + G_GHOSTS_LO]!;
    key[PILE_KEY_WORDS + 1] = frames[base + G_GHOSTS_HI]!;
    key[PILE_KEY_WORDS + 2] = 0;
    key[PILE_KEY_WORDS + 3] = 0;
  }

  /**
   * Writes the moves of the position at `base` to `out` from `at`: moves into each pile with no real card,
   * then the deal; returns how many. The piles are taken from the last (target and source): that order
   * finds the ghost game's wins sooner (docs/search.md#the-ghost-game).
   */
  private generate(base: number, out: Int32Array, at: number): number {
    const frames = this.frames,
      list = this.list;
    const gLo = frames[base + G_GHOSTS_LO]!,
      gHi = frames[base + G_GHOSTS_HI]!;
    let n = at;
    for (let e = 3; e >= 0; e--) {
      if ((frames[base + 2 * e]! & ~gLo) !== 0 || (frames[base + 2 * e + 1]! & ~gHi) !== 0) continue;
      for (let p = 3; p >= 0; p--) {
        if (p === e) continue;
        const pLo = frames[base + 2 * p]!,
          pHi = frames[base + 2 * p + 1]!;
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
          if (top >= 0 && (!this.acesOnly || this.tables.rank[top] === ACE_RANK)) {
            if (top < 32) candLo = 1 << top;
            else candHi = 1 << (top - 32);
          }
          if (!this.acesOnly) {
            candLo |= pLo & gLo & above(top, 0);
            candHi |= pHi & gHi & above(top, 32);
          }
        }
        for (let i = 0, count = setPositions(candLo, candHi, list, 0); i < count; i++) out[n++] = moveMove(list[i]!, p, e);
      }
    }
    if (frames[base + F_DEALT]! < 52) out[n++] = dealMove();
    return n - at;
  }

  /** Plays move m of the position at `base` into the frame after it. */
  private apply(base: number, m: Move): void {
    const frames = this.frames;
    const child = base + FRAME;
    frames.copyWithin(child, base, base + FRAME);
    if (moveKind(m) === DEAL) {
      dealFrame(frames, child);
      return;
    }
    // The target's ghosts vanish; the card (or ghost) leaves its pile for the target.
    const pos = movePosition(m),
      p = moveFrom(m),
      e = moveTo(m);
    frames[child + G_GHOSTS_LO] = frames[base + G_GHOSTS_LO]! & ~frames[base + 2 * e]!;
    frames[child + G_GHOSTS_HI] = frames[base + G_GHOSTS_HI]! & ~frames[base + 2 * e + 1]!;
    if (pos < 32) {
      frames[child + 2 * p] = frames[base + 2 * p]! & ~(1 << pos);
      frames[child + 2 * e] = 1 << pos;
      frames[child + 2 * e + 1] = 0;
    } else {
      frames[child + 2 * p + 1] = frames[base + 2 * p + 1]! & ~(1 << (pos - 32));
      frames[child + 2 * e] = 0;
      frames[child + 2 * e + 1] = 1 << (pos - 32);
    }
  }

  /** G2: removes every removable card, one after another, each becoming a ghost in place. */
  private removeAll(base: number): void {
    const frames = this.frames,
      power = this.power,
      { suit, rank } = this.tables;
    let gLo = frames[base + G_GHOSTS_LO]!,
      gHi = frames[base + G_GHOSTS_HI]!;
    for (let q = 0; q < 4; q++) this.pilePower(base, q, gLo, gHi);
    // Removing a pile's exposed real card leaves its power there (the ghost is active), adds the card
    // below it and wakes the ghosts between the two: powers only grow, and only on that pile, whose row of
    // the table alone is computed again.
    let discards = frames[base + F_DISCARDS]!;
    for (let p = 0, still = 0; still < 4; p = (p + 1) & 3) {
      const pLo = frames[base + 2 * p]!,
        pHi = frames[base + 2 * p + 1]!;
      let removed = false;
      for (;;) {
        const top = highestPosition(pLo & ~gLo, pHi & ~gHi);
        if (top < 0 || rank[top] === ACE_RANK) break;
        const s = suit[top]!,
          r = rank[top]!;
        if (
          !(power[s]! > r && p !== 0) &&
          !(power[4 + s]! > r && p !== 1) &&
          !(power[8 + s]! > r && p !== 2) &&
          !(power[12 + s]! > r && p !== 3)
        )
          break;
        if (top < 32) gLo |= 1 << top;
        else gHi |= 1 << (top - 32);
        discards += 1;
        removed = true;
        this.pilePower(base, p, gLo, gHi);
      }
      still = removed ? 1 : still + 1;
    }
    frames[base + G_GHOSTS_LO] = gLo;
    frames[base + G_GHOSTS_HI] = gHi;
    frames[base + F_DISCARDS] = discards;
  }

  /** Pile q's row of the power table: per suit, the highest rank among its exposed real card and active ghosts. */
  private pilePower(base: number, q: number, gLo: number, gHi: number): void {
    const frames = this.frames,
      power = this.power,
      list = this.list,
      { suit, rank } = this.tables;
    const row = 4 * q;
    power[row] = -1;
    power[row + 1] = -1;
    power[row + 2] = -1;
    power[row + 3] = -1;
    const qLo = frames[base + 2 * q]!,
      qHi = frames[base + 2 * q + 1]!;
    const top = highestPosition(qLo & ~gLo, qHi & ~gHi);
    if (top >= 0) power[row + suit[top]!] = rank[top]!;
    for (let i = 0, count = setPositions(qLo & gLo & above(top, 0), qHi & gHi & above(top, 32), list, 0); i < count; i++) {
      const pos = list[i]!;
      if (rank[pos]! > power[row + suit[pos]!]!) power[row + suit[pos]!] = rank[pos]!;
    }
  }

  /** G3: deletes the ghosts that no lower card of their suit left in play could ever meet. */
  private dropIdleGhosts(base: number): void {
    const frames = this.frames,
      list = this.list,
      { lowerLo, lowerHi } = this.tables;
    let gLo = frames[base + G_GHOSTS_LO]!,
      gHi = frames[base + G_GHOSTS_HI]!;
    if ((gLo | gHi) === 0) return;
    const dealt = frames[base + F_DEALT]!;
    const liveLo = (pilesLo(frames, base) & ~gLo) | stockLo(dealt),
      liveHi = (pilesHi(frames, base) & ~gHi) | stockHi(dealt);
    let idleLo = 0,
      idleHi = 0;
    for (let i = 0, count = setPositions(gLo, gHi, list, 0); i < count; i++) {
      const pos = list[i]!;
      if ((lowerLo[pos]! & liveLo) !== 0 || (lowerHi[pos]! & liveHi) !== 0) continue;
      if (pos < 32) idleLo |= 1 << pos;
      else idleHi |= 1 << (pos - 32);
    }
    if ((idleLo | idleHi) === 0) return;
    gLo &= ~idleLo;
    gHi &= ~idleHi;
    frames[base + G_GHOSTS_LO] = gLo;
    frames[base + G_GHOSTS_HI] = gHi;
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
