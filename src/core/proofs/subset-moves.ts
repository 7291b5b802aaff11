// The moves of the subset game R_S (subset.ts): a position's children, reduced, written on the search's stack.
//
// LEMMA O (lone-card orbits). With the stock not empty, call a pile *free* when it is empty or holds one
// card that may move (any card; in strict an ace). With at least one empty free pile, lone moves place the
// lone cards of the free piles in any arrangement over them (a card goes to any empty free pile; with one
// hole any two cards swap in three moves), and every such move is undone by another: all arrangements reach
// each other, so they have one deficit. The memo stores it under one canonical arrangement (lone cards in
// dealing order onto the free piles in pile order), and a position's children are the non-lone moves of
// every arrangement: removals (whose children are the same orbits in every arrangement, so the canonical
// one suffices), a deal (covered piles differ: every arrangement), and moves of a card from a pile that is
// not free (with two or more empty piles the child's orbit does not depend on the arrangement: the
// canonical one suffices; with one, every arrangement).
//
// Besides, reductions of Aces Up, each proved in docs/search.md, hold in R_S, which is Aces Up on fewer
// cards with a deal that may leave a pile uncovered:
//  - stock empty: only the first removal (R4), piles sorted in the key (R5, subset.ts), in easy R9;
//  - a removable card that could not act after the next deal is removed at once (R3: no lower S card of its
//    suit left in play, in strict with another home pile, or no round after the next deal could discharge
//    it; the cards that outrank it are in S, so the rounds are the real game's).

import { ACE_RANK } from '../game/cards.ts';
import { type DealTables, highestPosition, popcount32, setPositions } from '../engine/masks.ts';
import { F_DEALT, FRAME, stockHi, stockLo } from '../engine/state.ts';
import type { OwedCards } from './owed.ts';

/** Deepest line of an R_S search: each level deals, removes or fills an empty pile (≤ 12 + 48 + 52). */
export const SUBSET_MAX_DEPTH = 128;
/** Most children of an R_S position: ≤ 6 arrangements × (≤ 51 cards of its piles not free (easy) + a deal),
 *  or ≤ 24 arrangements with a deal each, plus ≤ 4 removals. */
export const MAX_CHILDREN = 512;

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

/** The cards of a set S for the deal loaded, as position masks: all of them, and the non-aces. */
export interface SubsetCards {
  lo: number;
  hi: number;
  nonAceLo: number;
  nonAceHi: number;
}

/** The positions of R_S on a stack, one per depth, and the children of each, written by `expand`. */
export class SubsetMoves {
  /** Per depth, the position (a frame of state.ts's layout, piles and cards dealt), then a scratch frame. */
  readonly frames = new Int32Array((SUBSET_MAX_DEPTH + 1) * FRAME);
  /** Per depth, its children (frames), and how many. */
  readonly children = new Int32Array(SUBSET_MAX_DEPTH * MAX_CHILDREN * FRAME);
  readonly counts = new Int32Array(SUBSET_MAX_DEPTH);
  private readonly list = new Int8Array(52);
  /** Scratch of `canonical` and `expand`: per pile, its exposed card (−1: empty) and size. */
  private readonly exposed = new Int32Array(4);
  private readonly sizes = new Int32Array(4);
  private readonly free = new Int32Array(4);
  private readonly lone = new Int32Array(4);
  /** Scratch of `canonical` alone (it runs inside `expand`'s loops over `free` and `lone`). */
  private readonly canonicalFree = new Int32Array(4);
  private readonly canonicalLone = new Int32Array(4);

  constructor(
    /** The tables of the deal loaded. */
    private readonly tables: DealTables,
    /** R3's test of whether a kept card could act after the next deal (its lower cards, restricted to S when
     *  read, and the rounds that could discharge it), for this deal. */
    private readonly owed: OwedCards,
    /** The variant's rules: only an ace moves into an empty pile; any card of a pile moves. */
    private readonly acesOnly: boolean,
    private readonly buriedCards: boolean,
    /** The set S whose game the positions are in. */
    public set: SubsetCards,
  ) {}

  /** Writes the children of the (canonical) position at `depth` and sets their count; returns the position's
   *  S non-aces still in play (when 0, nothing is left to gain and no child is written). */
  expand(depth: number): number {
    const frames = this.frames,
      base = depth * FRAME;
    this.counts[depth] = 0;
    const left = this.remaining(frames, base);
    if (left === 0) return left;
    if (frames[base + F_DEALT]! >= 52) this.expandEndgame(depth);
    else this.expandWithStock(depth);
    return left;
  }

  /**
   * Puts the position at `base` in its orbit's canonical arrangement (O): with the stock not empty and an
   * empty pile, the lone cards of the free piles in dealing order onto the free piles in pile order.
   */
  canonical(frames: Int32Array, base: number): void {
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

  /** Makes pile p hold the single card `pos`. */
  private place(frames: Int32Array, base: number, p: number, pos: number): void {
    frames[base + 2 * p] = pos < 32 ? 1 << pos : 0;
    frames[base + 2 * p + 1] = pos < 32 ? 0 : 1 << (pos - 32);
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
    const scratch = SUBSET_MAX_DEPTH * FRAME;
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
