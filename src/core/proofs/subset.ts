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
// orbits (O below); with the stock empty the piles are sorted instead (R5), lone moves are never made. A
// query that needs more than its cap of positions answers "unknown" and stores nothing unfinished.
// Its reductions, each proved for Aces Up in docs/search.md, hold in R_S, which is Aces Up on fewer cards
// with a deal that may leave a pile uncovered:
//  - stock empty: only the first removal (R4), piles sorted in the key (R5), in easy R9;
//  - a removable card that could not act after the next deal is removed at once (R3: no lower S card of its
//    suit left in play, in strict with another home pile, or no round after the next deal could discharge
//    it; the cards that outrank it are in S, so the rounds are the real game's);
// and one of its own:
// O (lone-card orbits). With the stock not empty, call a pile *free* when it is empty or holds one card that
// may move (any card; in strict an ace). With at least one empty free pile, lone moves place the lone cards
// of the free piles in any arrangement over them (a card goes to any empty free pile; with one hole any
// two cards swap in three moves), and every such move is undone by another: all arrangements reach each
// other, so they have one deficit. The memo stores it under one canonical arrangement (lone cards in dealing
// order onto the free piles in pile order), and a position's children are the non-lone moves of every
// arrangement: removals (whose children are the same orbits in every arrangement, so the canonical one
// suffices), a deal (covered piles differ: every arrangement), and moves of a card from a pile that is not
// free (with two or more empty piles the child's orbit does not depend on the arrangement: the canonical
// one suffices; with one, every arrangement).

import { ACE_RANK, type Deal, RANKS } from '../game/cards.ts';
import { DealTables, highestPosition, popcount32, setPositions } from '../engine/masks.ts';
import { type Variant, VARIANT_RULES, WIN_DISCARDS } from '../game/rules.ts';
import { F_DEALT, FRAME, PILE_KEY_WORDS, stockHi, stockLo, writeKey } from '../engine/state.ts';
import { OwedCards } from './owed.ts';
import { ValueMemo } from '../engine/table.ts';

/** Positions one query may compute before it answers "unknown" (its finished values stay stored). */
const QUERY_CAP = 20_000;
/** Deepest line of an R_S search: each level deals, removes or fills an empty pile (≤ 12 + 48 + 52). */
const MAX_DEPTH = 128;
/** Most children of an R_S position: ≤ 6 arrangements × (≤ 51 cards of its piles not free (easy) + a deal),
 *  or ≤ 24 arrangements with a deal each, plus ≤ 4 removals. */
const MAX_CHILDREN = 512;

/** The arrangements of k lone cards over m free piles (k < m ≤ 4, or k = 0): per arrangement, the index
 *  of the free pile of each card. */
const ARRANGEMENTS: number[][][][] = Array.from({ length: 5 }, (_, m) =>
  Array.from({ length: 5 }, (_, k) => (k === 0 ? [[]] : k < m ? arrangements(m, k) : [])),
);

function arrangements(m: number, k: number): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (const rest of arrangements(m, k - 1)) for (let slot = 0; slot < m; slot++) if (!rest.includes(slot)) out.push([...rest, slot]);
  return out;
}

/** One set S (the top `ranks` ranks of every suit) for the deal loaded: its positions and its memo. */
class SubsetSet {
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
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
  /** R3's test of whether a kept card could act after the next deal (its lower cards, restricted to S when
   *  read, and the rounds that could discharge it), for this deal. */
  private readonly owed: OwedCards;
  /** Stack: per depth, the position (a frame of state.ts's layout, piles and cards dealt), its key, its
   *  children (frames), how many, the next to try, and the least deficit found so far. */
  private readonly frames = new Int32Array((MAX_DEPTH + 1) * FRAME);
  private readonly keys = new Int32Array(MAX_DEPTH * PILE_KEY_WORDS);
  private readonly children = new Int32Array(MAX_DEPTH * MAX_CHILDREN * FRAME);
  private readonly counts = new Int32Array(MAX_DEPTH);
  private readonly next = new Int32Array(MAX_DEPTH);
  private readonly least = new Int32Array(MAX_DEPTH);
  private readonly list = new Int8Array(52);
  /** Scratch of `canonical` and `expand`: per pile, its exposed card (−1: empty) and size. */
  private readonly exposed = new Int32Array(4);
  private readonly sizes = new Int32Array(4);
  private readonly free = new Int32Array(4);
  private readonly lone = new Int32Array(4);
  /** Scratch of `canonical` alone (it runs inside `expand`'s loops over `free` and `lone`). */
  private readonly canonicalFree = new Int32Array(4);
  private readonly canonicalLone = new Int32Array(4);
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
    this.acesOnly = rules.acesOnly;
    this.buriedCards = rules.buriedCards;
    if (ranks.length === 0 || ranks.some((k, i) => k < 1 || k > RANKS || (i > 0 && k <= ranks[i - 1]!)))
      throw new Error('the subset games must grow, each keeping 1–13 top ranks');
    this.sets = ranks.map((k) => new SubsetSet(k));
    this.set = this.sets[0]!;
    this.owed = new OwedCards(this.tables, rules.fixedPiles);
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
    const f = this.frames;
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
      frames = this.frames,
      children = this.children;
    this.canonical(frames, 0);
    this.keyOf(frames, 0, keys, 0);
    const known = memo.get(keys, 0);
    if (known >= 0) return known;
    if (cap < 1) return -1;
    let computed = 1;
    this.expand(0);
    let depth = 0;
    for (;;) {
      // A finished position (every child tried, or nothing left to gain): store it, hand its value up.
      if (this.least[depth] === 0 || this.next[depth]! >= this.counts[depth]!) {
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
      if (depth >= MAX_DEPTH) throw new Error('subset game line too deep');
      frames.set(children.subarray(child, child + FRAME), depth * FRAME);
      this.expand(depth);
    }
  }

  /** The key of the (canonical) position at `base` of `frames`: state.ts's, piles sorted when the stock is empty. */
  private keyOf(frames: Int32Array, base: number, out: Int32Array, at: number): void {
    writeKey(frames, base, out, at, frames[base + F_DEALT]! >= 52, PILE_KEY_WORDS);
  }

  /** S non-aces of the position at `base` still in play (on the piles or in the stock). */
  private remaining(frames: Int32Array, base: number): number {
    const set = this.set,
      dealt = frames[base + F_DEALT]!;
    const lo = (frames[base]! | frames[base + 2]! | frames[base + 4]! | frames[base + 6]! | stockLo(dealt)) & set.nonAceLo;
    const hi = (frames[base + 1]! | frames[base + 3]! | frames[base + 5]! | frames[base + 7]! | stockHi(dealt)) & set.nonAceHi;
    return popcount32(lo) + popcount32(hi);
  }

  /** Reads the exposed card and size of each pile of the position at `base` into the scratch arrays. */
  private read(frames: Int32Array, base: number): void {
    for (let p = 0; p < 4; p++) {
      const lo = frames[base + 2 * p]!,
        hi = frames[base + 2 * p + 1]!;
      this.exposed[p] = highestPosition(lo, hi);
      this.sizes[p] = popcount32(lo) + popcount32(hi);
    }
  }

  /** Whether a lone card at `pos` may move into an empty pile (strict: only an ace). */
  private movable(pos: number): boolean {
    return !this.acesOnly || this.tables.rank[pos] === ACE_RANK;
  }

  /**
   * Puts the position at `base` in its orbit's canonical arrangement (O): with the stock not empty and an
   * empty pile, the lone cards of the free piles in dealing order onto the free piles in pile order.
   */
  private canonical(frames: Int32Array, base: number): void {
    if (frames[base + F_DEALT]! >= 52) return;
    let freeCount = 0,
      loneCount = 0,
      empty = 0;
    const free = this.canonicalFree,
      lone = this.canonicalLone;
    for (let p = 0; p < 4; p++) {
      const lo = frames[base + 2 * p]!,
        hi = frames[base + 2 * p + 1]!;
      if ((lo | hi) === 0) {
        free[freeCount++] = p;
        empty += 1;
      } else if (popcount32(lo) + popcount32(hi) === 1) {
        const pos = highestPosition(lo, hi);
        if (!this.movable(pos)) continue;
        free[freeCount++] = p;
        lone[loneCount++] = pos;
      }
    }
    if (empty === 0 || loneCount === 0) return;
    // Lone cards in dealing order (at most three: insertion sort).
    for (let i = 1; i < loneCount; i++) {
      const x = lone[i]!;
      let j = i - 1;
      while (j >= 0 && lone[j]! > x) {
        lone[j + 1] = lone[j]!;
        j--;
      }
      lone[j + 1] = x;
    }
    for (let i = 0; i < freeCount; i++) {
      const p = free[i]!;
      if (i < loneCount) this.place(frames, base, p, lone[i]!);
      else {
        frames[base + 2 * p] = 0;
        frames[base + 2 * p + 1] = 0;
      }
    }
  }

  /** Makes pile p hold the single card `pos`. */
  private place(frames: Int32Array, base: number, p: number, pos: number): void {
    frames[base + 2 * p] = pos < 32 ? 1 << pos : 0;
    frames[base + 2 * p + 1] = pos < 32 ? 0 : 1 << (pos - 32);
  }

  /** Writes the children of the (canonical) position at `depth` and sets its count, next and least. */
  private expand(depth: number): void {
    const frames = this.frames,
      base = depth * FRAME;
    this.next[depth] = 0;
    this.counts[depth] = 0;
    const left = this.remaining(frames, base);
    this.least[depth] = left;
    if (left === 0) return;
    if (frames[base + F_DEALT]! >= 52) this.expandEndgame(depth);
    else this.expandWithStock(depth);
  }

  /** Copies frame `from` of the stack (not of `children`) into a new child; returns its base. */
  private childFrom(depth: number, frames: Int32Array, from: number): number {
    const n = this.counts[depth]!;
    if (n >= MAX_CHILDREN) throw new Error('subset game position with too many children');
    this.counts[depth] = n + 1;
    const child = (depth * MAX_CHILDREN + n) * FRAME;
    for (let w = 0; w <= F_DEALT; w++) this.children[child + w] = frames[from + w]!;
    for (let w = F_DEALT + 1; w < FRAME; w++) this.children[child + w] = 0;
    return child;
  }

  /** Whether an exposed card of `pos`'s suit outranks it (for an exposed card: whether it is removable; the
   *  card itself, of equal rank, never counts). */
  private outranked(pos: number): boolean {
    const { suit, rank } = this.tables;
    const exposed = this.exposed;
    for (let q = 0; q < 4; q++) {
      const e = exposed[q]!;
      if (e >= 0 && suit[e] === suit[pos] && rank[e]! > rank[pos]!) return true;
    }
    return false;
  }

  /** The moves into the empty pile `target` from every pile of two or more cards (their cards read from the
   *  frame at `base`), each child a copy of the frame `from`: in easy any card of such a pile, else its
   *  exposed card (in strict an ace). `canonical`: store each child under its orbit's placement. */
  private movesInto(depth: number, frames: Int32Array, base: number, from: number, target: number, canonical: boolean): void {
    const children = this.children,
      exposed = this.exposed,
      sizes = this.sizes,
      list = this.list;
    for (let p = 0; p < 4; p++) {
      if (sizes[p]! < 2) continue;
      if (this.buriedCards) {
        for (let i = 0, n = setPositions(frames[base + 2 * p]!, frames[base + 2 * p + 1]!, list, 0); i < n; i++) {
          const child = this.childFrom(depth, frames, from);
          takeOut(children, child, p, list[i]!);
          putOn(children, child, target, list[i]!);
          if (canonical) this.canonical(children, child);
        }
      } else {
        const e = exposed[p]!;
        if (this.acesOnly && this.tables.rank[e] !== ACE_RANK) continue;
        const child = this.childFrom(depth, frames, from);
        takeOut(children, child, p, e);
        putOn(children, child, target, e);
        if (canonical) this.canonical(children, child);
      }
    }
  }

  /** Stock empty: the first removal only (R4); else moves from piles of two or more cards into the first
   *  empty pile (R5: lone moves and other targets only permute piles); in easy R9 first. */
  private expandEndgame(depth: number): void {
    const frames = this.frames,
      base = depth * FRAME,
      children = this.children;
    this.read(frames, base);
    const exposed = this.exposed,
      sizes = this.sizes;
    for (let p = 0; p < 4; p++) {
      const e = exposed[p]!;
      if (e >= 0 && this.outranked(e)) {
        const child = this.childFrom(depth, frames, base);
        takeOut(children, child, p, e);
        return;
      }
    }
    let target = -1;
    for (let p = 0; p < 4; p++)
      if (exposed[p]! < 0) {
        target = p;
        break;
      }
    if (target < 0) return;
    const list = this.list;
    if (this.buriedCards) {
      // R9: a buried card that an exposed card of its suit outranks goes into the empty pile, then is removed.
      for (let p = 0; p < 4; p++) {
        if (sizes[p]! < 2) continue;
        for (let i = 0, n = setPositions(frames[base + 2 * p]!, frames[base + 2 * p + 1]!, list, 0); i < n; i++) {
          const y = list[i]!;
          if (y === exposed[p] || !this.outranked(y)) continue;
          const child = this.childFrom(depth, frames, base);
          takeOut(children, child, p, y);
          putOn(children, child, target, y);
          return;
        }
      }
    }
    this.movesInto(depth, frames, base, base, target, false);
  }

  /** Stock not empty: removals (a removable card with no lower S card left goes at once), then moves from
   *  piles that are not free, then the deal, over the arrangements of the orbit (O). */
  private expandWithStock(depth: number): void {
    const frames = this.frames,
      base = depth * FRAME,
      children = this.children,
      set = this.set;
    this.read(frames, base);
    const exposed = this.exposed,
      sizes = this.sizes;
    const dealt = frames[base + F_DEALT]!;
    const playLo = (frames[base]! | frames[base + 2]! | frames[base + 4]! | frames[base + 6]! | stockLo(dealt)) & set.lo;
    const playHi = (frames[base + 1]! | frames[base + 3]! | frames[base + 5]! | frames[base + 7]! | stockHi(dealt)) & set.hi;
    const first = this.counts[depth]!;
    for (let p = 0; p < 4; p++) {
      const e = exposed[p]!;
      if (e < 0 || !this.outranked(e)) continue;
      if (
        ((this.owed.lowerLo[e]! & playLo) === 0 && (this.owed.lowerHi[e]! & playHi) === 0) ||
        !this.owed.dischargeableFrom(e, dealt + 4)
      ) {
        // It can never remove anything after the next deal (R3): removing it now loses nothing, and is the
        // only child.
        this.counts[depth] = first;
        const child = this.childFrom(depth, frames, base);
        takeOut(children, child, p, e);
        this.canonical(children, child);
        return;
      }
      const child = this.childFrom(depth, frames, base);
      takeOut(children, child, p, e);
      this.canonical(children, child);
    }
    // The orbit: free piles (empty, or one card that may move) and their lone cards.
    const free = this.free,
      lone = this.lone;
    let freeCount = 0,
      loneCount = 0,
      empty = 0;
    for (let p = 0; p < 4; p++) {
      if (sizes[p] === 0) {
        free[freeCount++] = p;
        empty += 1;
      } else if (sizes[p] === 1 && this.movable(exposed[p]!)) {
        free[freeCount++] = p;
        lone[loneCount++] = exposed[p]!;
      }
    }
    const arrangements = empty > 0 && loneCount > 0 ? ARRANGEMENTS[freeCount]![loneCount]! : ARRANGEMENTS[0]![0]!;
    // Scratch frame for an arrangement: the one after the stack's deepest level.
    const scratch = MAX_DEPTH * FRAME;
    for (let a = 0; a < arrangements.length; a++) {
      const slots = arrangements[a]!;
      frames.copyWithin(scratch, base, base + FRAME);
      if (slots.length > 0) {
        for (let i = 0; i < freeCount; i++) {
          frames[scratch + 2 * free[i]!] = 0;
          frames[scratch + 2 * free[i]! + 1] = 0;
        }
        for (let i = 0; i < loneCount; i++) this.place(frames, scratch, free[slots[i]!]!, lone[i]!);
      }
      // Moves from piles that are not free, into an empty pile: with two or more empty piles the child's orbit
      // is the same for every arrangement and target, so the first arrangement and first empty pile suffice.
      if (empty > 0 && (empty === 1 || a === 0)) {
        let target = -1;
        for (let p = 0; p < 4; p++)
          if ((frames[scratch + 2 * p]! | frames[scratch + 2 * p + 1]!) === 0) {
            target = p;
            break;
          }
        this.movesInto(depth, frames, base, scratch, target, true);
      }
      // The deal: each pile gets its next card if that card is in S.
      const child = this.childFrom(depth, frames, scratch);
      for (let p = 0; p < 4; p++) {
        const pos = dealt + p;
        if (pos < 32 ? (set.lo & (1 << pos)) !== 0 : (set.hi & (1 << (pos - 32))) !== 0) putOn(children, child, p, pos);
      }
      children[child + F_DEALT] = dealt + 4;
      this.canonical(children, child);
    }
  }
}

/** Takes card `pos` off pile p of the frame at `base`. */
function takeOut(frames: Int32Array, base: number, p: number, pos: number): void {
  if (pos < 32) frames[base + 2 * p] &= ~(1 << pos);
  else frames[base + 2 * p + 1] &= ~(1 << (pos - 32));
}

/** Puts card `pos` on pile p of the frame at `base`. */
function putOn(frames: Int32Array, base: number, p: number, pos: number): void {
  if (pos < 32) frames[base + 2 * p] |= 1 << pos;
  else frames[base + 2 * p + 1] |= 1 << (pos - 32);
}
