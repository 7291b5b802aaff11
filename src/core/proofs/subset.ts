// Card-subset abstractions: the small game R_S played with the top cards of each suit only, solved exactly
// and memoised per deal, as a proof that a real position cannot be won (docs/search.md#subset-games).
//
// LEMMA A (abstraction). Let S be a set of cards *upward closed* within each suit (a card in S makes every
// higher card of its suit in S): here the top k ranks of every suit. For a position X, α(X) keeps only the
// S cards, on the same piles in the same order, with the same cards dealt. R_S is the game on such
// positions with the variant's removals and moves into empty piles, the optional rule (deal at any time),
// and a deal that puts the next card of each pile on it only when that card is in S (a card outside S
// vanishes the moment it is dealt: discarded, blocking nothing, removing nothing).
// Claim: every legal real move X → X' (either rule) has α(X') = α(X) or α(X) → α(X') one legal R_S move,
// and both discard the same S cards. Proof: each pile of α(X) is a subsequence of the same pile of X, so an
// S card exposed in X is exposed in α(X), and a pile empty in X is empty in α(X).
//  - Removal of x by y (exposed on another pile, same suit, higher): x ∉ S changes nothing; x ∈ S gives
//    y ∈ S (upward closure), both exposed in α(X), so the removal is legal in R_S.
//  - Move of c into an empty pile e: e is empty in α(X); c ∉ S changes nothing; c ∈ S: in standard and
//    strict c is exposed in X, hence in α(X) (strict's "c is an ace" is the same condition); in easy c is on
//    its pile in α(X), and taking it out leaves the other S cards of the pile in order. The same move.
//  - Deal: α(X') is α(X) with the S cards among the four dealt put on their piles: the R_S deal, which the
//    optional rule allows at any time (the forced rule only forbids real deals).
// By induction every real play from X maps to an R_S play from α(X) discarding exactly its S cards. So
// with NA(S) the non-aces of S and D_S(Y) the *deficit* of an R_S position Y (the fewest S non-aces left in
// play, on the piles or in the stock, over the positions reachable from Y): max discards of X ≤ 48 − D_S(α(X)),
// and X cannot be won when D_S(α(X)) > 0. The search's positions are real positions (a kept card is a real
// card that has not been removed; R7's owed cards only forbid lines), so this holds for them as they are.
//
// THE R_S SOLVER. A depth-first search over R_S positions (the four pile masks restricted to S, and the
// cards dealt) whose value is the deficit, stored per position for the whole deal. Storing values (not just
// visits) needs an acyclic graph: every move makes progress in (cards dealt ↑, cards on the piles ↓, empty
// piles ↓) except moving a *lone* card (alone on its pile) into an empty pile, and those are handled by
// orbits (Lemma O); with the stock empty the piles are sorted instead (R5), lone moves are never made. A
// query that needs more than its cap of positions answers "unknown" and stores nothing unfinished.
// Its moves, with Lemma O and the reductions that hold in R_S: subset-moves.ts.

import { type Deal, RANKS } from '../game/cards.ts';
import { DealTables } from '../engine/masks.ts';
import { type Variant, VARIANT_RULES, WIN_DISCARDS } from '../game/rules.ts';
import { F_DEALT, FRAME, PILE_KEY_WORDS, writeKey } from '../engine/state.ts';
import { OwedCards } from './owed.ts';
import { ValueMemo } from '../engine/value-memo.ts';
import { MAX_CHILDREN, SUBSET_MAX_DEPTH, type SubsetCards, SubsetMoves } from './subset-moves.ts';

/** Positions one query may compute before it answers "unknown" (its finished values stay stored). */
const QUERY_CAP = 20_000;

/** One set S (the top `ranks` ranks of every suit) for the deal loaded: its positions and its memo. */
class SubsetSet implements SubsetCards {
  lo = 0;
  hi = 0;
  nonAceLo = 0;
  nonAceHi = 0;
  readonly memo = new ValueMemo(PILE_KEY_WORDS);
  constructor(readonly ranks: number) {}
}

export class SubsetGame {
  private readonly tables = new DealTables();
  private readonly deal = new Uint8Array(52);
  private hasDeal = false;
  readonly sets: SubsetSet[];
  /** R3's test of whether a kept card could act after the next deal, for this deal (the moves read it). */
  private readonly owed: OwedCards;
  /** The moves of R_S, and the stack of positions and children they are written on. */
  private readonly moves: SubsetMoves;
  /** Per depth, the position's key, the next child to try, and the least deficit found so far. */
  private readonly keys = new Int32Array(SUBSET_MAX_DEPTH * PILE_KEY_WORDS);
  private readonly next = new Int32Array(SUBSET_MAX_DEPTH);
  private readonly least = new Int32Array(SUBSET_MAX_DEPTH);
  /** R_S positions computed (memo misses), over every query since the tables were cleared. */
  states = 0;
  private set: SubsetSet;

  constructor(
    readonly variant: Variant,
    /** The sets S, as the top ranks of every suit they keep, growing (each set contains the one before). */
    ranks: readonly number[],
    /** Positions one query may compute. */
    private readonly queryCap = QUERY_CAP,
  ) {
    const rules = VARIANT_RULES[variant];
    if (ranks.length === 0 || ranks.some((k, i) => k < 1 || k > RANKS || (i > 0 && k <= ranks[i - 1]!)))
      throw new Error('the subset games must grow, each keeping 1–13 top ranks');
    this.sets = ranks.map((k) => new SubsetSet(k));
    this.set = this.sets[0]!;
    this.owed = new OwedCards(this.tables, rules.fixedPiles);
    this.moves = new SubsetMoves(this.tables, this.owed, rules.acesOnly, rules.buriedCards, this.set);
  }

  /** Loads a deal, with empty tables (a deal already loaded keeps its per-deal sets). */
  setDeal(deal: Deal): void {
    if (this.hasDeal && deal.every((card, i) => card === this.deal[i])) {
      this.clear();
      return;
    }
    this.deal.set(deal);
    this.hasDeal = true;
    this.tables.setDeal(deal);
    this.owed.setDeal();
    const rank = this.tables.rank;
    for (const set of this.sets) {
      set.lo = 0;
      set.hi = 0;
      for (let pos = 0; pos < 52; pos++) {
        if (rank[pos]! < RANKS - set.ranks) continue;
        if (pos < 32) set.lo |= 1 << pos;
        else set.hi |= 1 << (pos - 32);
      }
      set.nonAceLo = set.lo & this.tables.nonAceLo;
      set.nonAceHi = set.hi & this.tables.nonAceHi;
    }
    this.clear();
  }

  /** Forgets every value and count. */
  clear(): void {
    this.states = 0;
    for (const set of this.sets) set.memo.clear();
  }

  /**
   * An upper bound on the max discards of the real position in `frames` at `base` (piles and cards dealt
   * are read), by Lemma A: 48 minus the deficit of the first set whose bound is at most `atMost`, else the
   * least bound found (48 when no set answered). Computes at most `room` positions in all (each query at
   * most its cap), and adds them to `states`.
   */
  bound(frames: Int32Array, base: number, atMost: number, room: number): number {
    let best = WIN_DISCARDS;
    const start = this.states,
      sets = this.sets;
    // Lemma A is monotone in S: the largest set whose value is stored already bounds as tightly as every
    // smaller one, so only the larger sets are left to try.
    let from = 0;
    for (let i = sets.length - 1; i >= 0; i--) {
      const d = this.deficit(frames, base, sets[i]!, 0);
      if (d < 0) continue;
      best = WIN_DISCARDS - d;
      if (best <= atMost || i === sets.length - 1) return best;
      from = i + 1;
      break;
    }
    for (let i = from; i < sets.length; i++) {
      const d = this.deficit(frames, base, sets[i]!, Math.min(this.queryCap, room - (this.states - start)));
      if (d < 0) continue;
      if (WIN_DISCARDS - d < best) best = WIN_DISCARDS - d;
      if (best <= atMost) break;
    }
    return best;
  }

  /** The deficit D_S(α(X)) of the real position X at `base` for `set`, or −1 when the query would compute
   *  more than `cap` positions (its finished values stay stored). */
  deficit(frames: Int32Array, base: number, set: SubsetSet, cap = this.queryCap): number {
    this.set = set;
    this.moves.set = set;
    const f = this.moves.frames;
    for (let w = 0; w < 8; w += 2) {
      f[w] = frames[base + w]! & set.lo;
      f[w + 1] = frames[base + w + 1]! & set.hi;
    }
    f[F_DEALT] = frames[base + F_DEALT]!;
    for (let w = F_DEALT + 1; w < FRAME; w++) f[w] = 0;
    return this.solve(cap);
  }

  /** The deficit of the R_S position in frame 0, by a depth-first search with an explicit stack. */
  private solve(cap: number): number {
    const memo = this.set.memo,
      keys = this.keys,
      moves = this.moves,
      frames = moves.frames,
      children = moves.children;
    moves.canonical(frames, 0);
    this.keyOf(frames, 0, keys, 0);
    const known = memo.get(keys, 0);
    if (known >= 0) return known;
    if (cap < 1) return -1;
    let computed = 1;
    this.push(0);
    let depth = 0;
    for (;;) {
      // A finished position (every child tried, or nothing left to gain): store it, hand its value up.
      if (this.least[depth] === 0 || this.next[depth]! >= moves.counts[depth]!) {
        const value = this.least[depth]!;
        memo.set(keys, depth * PILE_KEY_WORDS, value);
        if (depth === 0) {
          this.states += computed;
          return value;
        }
        depth -= 1;
        if (value < this.least[depth]!) this.least[depth] = value;
        continue;
      }
      const child = (depth * MAX_CHILDREN + this.next[depth]!) * FRAME;
      this.next[depth] += 1;
      const at = (depth + 1) * PILE_KEY_WORDS;
      this.keyOf(children, child, keys, at);
      const value = memo.get(keys, at);
      if (value >= 0) {
        if (value < this.least[depth]!) this.least[depth] = value;
        continue;
      }
      if (computed >= cap) {
        this.states += computed;
        return -1;
      }
      computed += 1;
      depth += 1;
      if (depth >= SUBSET_MAX_DEPTH) throw new Error('subset game line too deep');
      frames.set(children.subarray(child, child + FRAME), depth * FRAME);
      this.push(depth);
    }
  }

  /** Writes the children of the (canonical) position at `depth` of the stack, to be tried from the first;
   *  its least deficit so far: its S non-aces in play (0: nothing to gain, no child). */
  private push(depth: number): void {
    this.next[depth] = 0;
    this.least[depth] = this.moves.expand(depth);
  }

  /** The key of the (canonical) position at `base` of `frames`: state.ts's, piles sorted when the stock is empty. */
  private keyOf(frames: Int32Array, base: number, out: Int32Array, at: number): void {
    writeKey(frames, base, out, at, frames[base + F_DEALT]! >= 52, PILE_KEY_WORDS);
  }
}
