// The ceiling's board model: a table of cards as a value estimate reads it (piles and unseen cards), its
// removals, and the exact won/lost verdict with the stock empty (Endgame). The bound itself: search.ts.

import { type Card, CARDS, isAce } from '../../src/core/game/cards.ts';
import { type Variant, type VariantRules, VARIANT_RULES, lowestFill, mayFill, removes } from '../../src/core/game/rules.ts';

/** Most cards one pile can hold. */
export const HEIGHT = CARDS;

/**
 * A table of cards as a value estimate reads it: four piles, bottom to top, and the flags of the unseen cards.
 * Scratch storage, overwritten by each evaluation.
 */
export class Board {
  readonly cards = new Uint8Array(4 * HEIGHT);
  readonly height = new Int32Array(4);
  /** unseen[c] = 1: card c is still in the stock. */
  readonly unseen = new Uint8Array(CARDS);

  /** Cards on the piles. */
  onPiles(): number {
    return this.height[0]! + this.height[1]! + this.height[2]! + this.height[3]!;
  }

  top(pile: number): number {
    const h = this.height[pile]!;
    return h === 0 ? -1 : this.cards[pile * HEIGHT + h - 1]!;
  }

  copyFrom(other: Board): void {
    this.cards.set(other.cards);
    this.height.set(other.height);
    this.unseen.set(other.unseen);
  }

  /** The piles as arrays (tests, messages). */
  piles(): Card[][] {
    return [0, 1, 2, 3].map((p) => Array.from(this.cards.subarray(p * HEIGHT, p * HEIGHT + this.height[p]!)));
  }

  static of(piles: readonly (readonly Card[])[], unseen: readonly Card[]): Board {
    const board = new Board();
    for (let p = 0; p < 4; p++) {
      board.cards.set(piles[p]!, p * HEIGHT);
      board.height[p] = piles[p]!.length;
    }
    for (const card of unseen) board.unseen[card] = 1;
    return board;
  }
}

/** Whether the exposed card of `pile` is outranked by the exposed card of another pile (it is removable). */
export function boardRemovable(board: Board, pile: number): boolean {
  const card = board.top(pile);
  if (card < 0) return false;
  for (let other = 0; other < 4; other++) {
    if (other !== pile && removes(board.top(other), card)) return true;
  }
  return false;
}

/** Removes removable cards, leftmost pile first, until none is left; how many went. */
export function settleBoard(board: Board): number {
  let count = 0;
  for (let pile = 0; pile < 4; pile++) {
    if (boardRemovable(board, pile)) {
      board.height[pile] = board.height[pile]! - 1;
      count += 1;
      pile = -1;
    }
  }
  return count;
}

/**
 * Whether the position on `board` with the stock empty is won by some line (every variant; the discard rule
 * no longer matters, R4). Removals at once, the leftmost empty pile filled from piles of two cards or more;
 * positions equal up to the order of piles are searched once (R5). `board` is left as it was.
 */
export class Endgame {
  private readonly memo = new Map<string, boolean>();
  private readonly stack: Board[] = [];
  private readonly rules: VariantRules;
  /** Endgame positions searched (work, for reports). */
  states = 0;

  constructor(variant: Variant) {
    this.rules = VARIANT_RULES[variant];
  }

  /** Forgets the memo (it holds for any deal, but grows). */
  clear(): void {
    this.memo.clear();
  }

  won(board: Board): boolean {
    return this.search(board, 0);
  }

  private scratch(depth: number): Board {
    while (this.stack.length <= depth) this.stack.push(new Board());
    return this.stack[depth]!;
  }

  private search(from: Board, depth: number): boolean {
    const board = this.scratch(depth);
    board.cards.set(from.cards);
    board.height.set(from.height);
    settleBoard(board);
    if (board.onPiles() === 4) return true;
    const target = board.height.indexOf(0);
    if (target < 0) return false;
    const key = canonicalKey(board);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.states += 1;
    let won = false;
    for (let source = 0; source < 4 && !won; source++) {
      const h = board.height[source]!;
      if (h < 2) continue;
      for (let index = h - 1; index >= lowestFill(this.rules, h) && !won; index--) {
        const base = source * HEIGHT;
        const card = board.cards[base + index]!;
        if (!mayFill(this.rules, index === h - 1, isAce(card))) continue;
        // Fill `target` with the card; the cards above it close the gap; search; undo.
        board.cards.copyWithin(base + index, base + index + 1, base + h);
        board.height[source] = h - 1;
        board.cards[target * HEIGHT] = card;
        board.height[target] = 1;
        won = this.search(board, depth + 1);
        board.height[target] = 0;
        board.cards.copyWithin(base + index + 1, base + index, base + h - 1);
        board.cards[base + index] = card;
        board.height[source] = h;
      }
    }
    // A cache: forgotten past a million positions (a value forgotten is searched again).
    if (this.memo.size >= 1_000_000) this.memo.clear();
    this.memo.set(key, won);
    return won;
  }
}

/** The piles' cards as a string, the piles sorted (R5: with no deal left their order does not matter). */
export function canonicalKey(board: Board): string {
  const parts: string[] = [];
  for (let p = 0; p < 4; p++) parts.push(String.fromCharCode(...board.cards.subarray(p * HEIGHT, p * HEIGHT + board.height[p]!)));
  return parts.sort().join('|');
}
