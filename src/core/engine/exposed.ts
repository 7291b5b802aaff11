// The exposed cards of one position, per pile and per suit: read by the move generator (movegen.ts), R10
// (frozen.ts), R11 / R13 (idle-card.ts) and the search's runs of removals (search.ts).

import { type DealTables, highestPosition } from './masks.ts';
import { F_DEALT } from './state.ts';

/**
 * The exposed cards of one position: per pile its exposed position (−1: empty), and per suit the ranks
 * exposed. Read from a frame, or kept up to date through a run of removals (`MoveGenerator.removeRun`), so
 * that generating the moves of the position a run stops at reads nothing again.
 */
export class ExposedCards {
  /** Per pile, the dealing position of its exposed card, or −1 when it is empty. */
  readonly pile = new Int32Array(4);
  /** Per suit, the mask of the ranks exposed (bit r: a card of rank r is exposed). */
  private readonly ranks = new Int32Array(4);

  constructor(private readonly tables: DealTables) {}

  /** Reads the exposed cards of the frame at `base`. */
  read(frames: Int32Array, base: number): this {
    this.clear();
    for (let p = 0; p < 4; p++) this.set(p, highestPosition(frames[base + 2 * p]!, frames[base + 2 * p + 1]!));
    return this;
  }

  /** `read` for a position just dealt into: each pile exposes the card just dealt onto it. */
  readDealt(frames: Int32Array, base: number): this {
    this.clear();
    const first = frames[base + F_DEALT]! - 4;
    for (let p = 0; p < 4; p++) this.set(p, first + p);
    return this;
  }

  /** Pile p's exposed card `top` is removed; `next` (−1: none) is exposed in its place. */
  replace(p: number, top: number, next: number): void {
    this.ranks[this.tables.suit[top]!] ^= 1 << this.tables.rank[top]!;
    this.set(p, next);
  }

  /** The mask of the empty piles. */
  empty(): number {
    const pile = this.pile;
    return (pile[0]! < 0 ? 1 : 0) | (pile[1]! < 0 ? 2 : 0) | (pile[2]! < 0 ? 4 : 0) | (pile[3]! < 0 ? 8 : 0);
  }

  /** Whether card `pos` is outranked by an exposed card of its suit. An exposed card is thus removable: the
   *  higher card is on another pile, since a pile exposes one card. */
  outranked(pos: number): boolean {
    return this.ranks[this.tables.suit[pos]!]! >>> (this.tables.rank[pos]! + 1) !== 0;
  }

  /** Whether the exposed card of pile p is removable. */
  removable(p: number): boolean {
    const e = this.pile[p]!;
    return e >= 0 && this.outranked(e);
  }

  private clear(): void {
    const ranks = this.ranks;
    ranks[0] = 0;
    ranks[1] = 0;
    ranks[2] = 0;
    ranks[3] = 0;
  }

  private set(p: number, pos: number): void {
    this.pile[p] = pos;
    if (pos >= 0) this.ranks[this.tables.suit[pos]!] |= 1 << this.tables.rank[pos]!;
  }
}
