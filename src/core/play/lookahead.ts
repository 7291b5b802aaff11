// greedy's lookahead: the best line of fills before the next deal, searched on typed arrays with
// make/undo, so that a decision costs microseconds even in easy, where any buried card may fill a pile.

import { type Card, isAce } from '../game/cards.ts';
import { type Variant, type VariantRules, PILES, VARIANT_RULES, mayFill, removes } from '../game/rules.ts';

/** Slots of a pile in the typed arrays of the lookahead and the rollouts (rollout.ts). */
export const HEIGHT = 52;
const NONE = -1;

/**
 * Whether the exposed card of `pile` can be removed, in the typed arrays of the lookahead and the rollouts
 * (`cards[pile * HEIGHT + i]`, bottom first, `height[pile]` cards): another pile exposes a higher card of its
 * suit. The same question as view.ts's `isRemovable`, asked of the arrays the hot loops keep.
 */
export function isRemovableIn(cards: Uint8Array, height: Int32Array, pile: number): boolean {
  const h = height[pile]!;
  if (h === 0) return false;
  const card = cards[pile * HEIGHT + h - 1]!;
  for (let other = 0; other < PILES; other++) {
    const o = height[other]!;
    if (other === pile || o === 0) continue;
    if (removes(cards[other * HEIGHT + o - 1]!, card)) return true;
  }
  return false;
}

/**
 * The best fill of the leftmost empty pile and the value of the best line that starts with it: the
 * discards of every removal each fill allows (leftmost first, until none is left), plus `aceBonus` per
 * ace that fills a pile, summed over the best continuation while fills stay possible (a continuation worth
 * nothing is not taken). A line's value depends only on its position, whose piles are interchangeable
 * here, so positions met again by another order of fills are looked up; past `budget` fills tried, the
 * search stops and keeps what it found.
 */
export class FillLookahead {
  private readonly cards = new Uint8Array(PILES * HEIGHT);
  private readonly height = new Int32Array(PILES);
  /** Undo stack of removals: the pile of each removed card and the card. */
  private readonly removedPile = new Int8Array(HEIGHT);
  private readonly removedCard = new Uint8Array(HEIGHT);
  private removedTop = 0;
  private readonly memo = new Map<number, number>();
  private readonly rules: VariantRules;
  private left = 0;

  constructor(
    variant: Variant,
    private readonly aceBonus: number,
    private readonly budget: number,
  ) {
    this.rules = VARIANT_RULES[variant];
  }

  /** The best fill as [source pile, height in it] (the order of view.ts's `fills` breaks ties), or undefined. */
  best(piles: readonly (readonly Card[])[]): { pile: number; index: number; card: Card } | undefined {
    const target = piles.findIndex((cards) => cards.length === 0);
    if (target < 0) return undefined;
    for (let pile = 0; pile < PILES; pile++) {
      const cards = piles[pile]!;
      this.height[pile] = cards.length;
      for (let i = 0; i < cards.length; i++) this.cards[pile * HEIGHT + i] = cards[i]!;
    }
    return this.search(target);
  }

  /**
   * The same choice on piles held as typed arrays (`cards[pile * 52 + i]`, bottom first; `height[pile]`),
   * for rollouts that allocate nothing per step: `source * 52 + index` of the best fill, or -1.
   */
  bestOn(cards: Uint8Array, height: Int32Array): number {
    let target = NONE;
    for (let pile = 0; pile < PILES; pile++) {
      if (height[pile] === 0) {
        target = pile;
        break;
      }
    }
    if (target === NONE) return NONE;
    this.cards.set(cards);
    this.height.set(height);
    const best = this.search(target);
    return best === undefined ? NONE : best.pile * HEIGHT + best.index;
  }

  private search(target: number): { pile: number; index: number; card: Card } | undefined {
    this.memo.clear();
    this.left = this.budget;
    let best: { pile: number; index: number; card: Card } | undefined;
    let bestValue = -1;
    for (let source = 0; source < PILES; source++) {
      const h = this.height[source]!;
      if (h < 2) continue;
      for (let index = h - 1; index >= 0; index--) {
        if (!this.mayMove(source, index, h)) continue;
        const card = this.cards[source * HEIGHT + index]!;
        const value = this.fillValue(source, index, target);
        if (best === undefined || value > bestValue) {
          best = { pile: source, index, card };
          bestValue = value;
        }
        if (this.left <= 0) return best;
      }
    }
    return best;
  }

  private mayMove(pile: number, index: number, h: number): boolean {
    return mayFill(this.rules, index === h - 1, isAce(this.cards[pile * HEIGHT + index]!));
  }

  /** What filling `target` with card `index` of `source`, then the best line after it, is worth. */
  private fillValue(source: number, index: number, target: number): number {
    const card = this.fill(source, index, target);
    const mark = this.removedTop;
    const removed = this.removeAll();
    const value = removed + (isAce(card) ? this.aceBonus : 0) + Math.max(0, this.lineValue());
    this.restore(mark);
    this.unfill(source, index, target, card);
    return value;
  }

  /** The value of the best line of fills from here, or -1 when no pile is empty or no fill is possible. */
  private lineValue(): number {
    let target = NONE;
    for (let pile = 0; pile < PILES; pile++) {
      if (this.height[pile] === 0) {
        target = pile;
        break;
      }
    }
    if (target === NONE) return -1;
    const key = this.key();
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let best = -1;
    for (let source = 0; source < PILES && this.left > 0; source++) {
      const h = this.height[source]!;
      if (h < 2) continue;
      for (let index = h - 1; index >= 0 && this.left > 0; index--) {
        if (!this.mayMove(source, index, h)) continue;
        this.left -= 1;
        best = Math.max(best, this.fillValue(source, index, target));
      }
    }
    this.memo.set(key, best);
    return best;
  }

  /** The position's key, the same whatever the order of its piles (`pilesKey`). */
  private key(): number {
    return pilesKey(this.cards, this.height);
  }

  /** Moves card `index` of `source` onto the empty `target`; the cards above it close the gap. */
  private fill(source: number, index: number, target: number): Card {
    const base = source * HEIGHT;
    const card = this.cards[base + index]!;
    const h = this.height[source]!;
    this.cards.copyWithin(base + index, base + index + 1, base + h);
    this.height[source] = h - 1;
    this.cards[target * HEIGHT] = card;
    this.height[target] = 1;
    return card;
  }

  private unfill(source: number, index: number, target: number, card: Card): void {
    const base = source * HEIGHT;
    const h = this.height[source]!;
    this.cards.copyWithin(base + index + 1, base + index, base + h);
    this.cards[base + index] = card;
    this.height[source] = h + 1;
    this.height[target] = 0;
  }

  /** Removes every removable card, leftmost pile first, until none is left; returns how many went. */
  private removeAll(): number {
    let count = 0;
    for (let pile = 0; pile < PILES; pile++) {
      if (isRemovableIn(this.cards, this.height, pile)) {
        const h = this.height[pile]! - 1;
        this.removedPile[this.removedTop] = pile;
        this.removedCard[this.removedTop] = this.cards[pile * HEIGHT + h]!;
        this.removedTop += 1;
        this.height[pile] = h;
        count += 1;
        pile = -1;
      }
    }
    return count;
  }

  private restore(mark: number): void {
    while (this.removedTop > mark) {
      this.removedTop -= 1;
      const pile = this.removedPile[this.removedTop]!;
      this.cards[pile * HEIGHT + this.height[pile]!] = this.removedCard[this.removedTop]!;
      this.height[pile] = this.height[pile]! + 1;
    }
  }
}

/**
 * A key of the piles in `cards` (HEIGHT slots a pile) to `height`, the same whatever the order of the piles
 * (for a player who does not see the stock they are interchangeable): two 26-bit hashes per pile, summed.
 * Two positions sharing a key (about one chance in 2^52) could only mislead a heuristic's choice, never a
 * verdict or the engine's checks.
 */
export function pilesKey(cards: Uint8Array, height: Int32Array): number {
  let lo = 0;
  let hi = 0;
  for (let pile = 0; pile < PILES; pile++) {
    let a = 0x811c9dc5 | 0;
    let b = 0x1b873593 | 0;
    const base = pile * HEIGHT;
    for (let i = 0, h = height[pile]!; i < h; i++) {
      const card = cards[base + i]! + 1;
      a = Math.imul(a ^ card, 0x01000193);
      b = Math.imul(b ^ card, 0x5bd1e995) ^ (b >>> 15);
    }
    lo = (lo + (a & 0x3ffffff)) & 0x3ffffff;
    hi = (hi + (b & 0x3ffffff)) & 0x3ffffff;
  }
  return hi * 0x4000000 + lo;
}
