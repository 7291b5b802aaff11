// The expert's machinery: a game on typed arrays with a sampled stock order, played to its end by greedy
// without allocating, and the exact value of the last deal's decisions (expectimax over its 24 orders).

import { isAce } from '../game/cards.ts';
import { type DiscardRule, type Variant, type VariantRules, PILES, VARIANT_RULES, WIN_DISCARDS, mayDeal, mayFill } from '../game/rules.ts';
import { type FillLookahead, HEIGHT, isRemovableIn, pilesKey } from './lookahead.ts';
import type { View } from './view.ts';

/** Room per pile, as in lookahead.ts: `cards[pile * HEIGHT + i]`, bottom first. */
export { HEIGHT };
const NONE = -1;

/** A position and a stock order: what a rollout plays on. The stock is `stock[stockPos … stockEnd)`. */
export class Sim {
  readonly cards = new Uint8Array(PILES * HEIGHT);
  readonly height = new Int32Array(PILES);
  stock: Uint8Array = new Uint8Array(0);
  stockPos = 0;
  stockEnd = 0;
  discarded = 0;

  /** The view's table with `stock` (a sampled order of the unseen cards, or none) as the stock. */
  load(view: View, stock: Uint8Array, stockLength: number): void {
    for (let pile = 0; pile < PILES; pile++) {
      const cards = view.piles[pile]!;
      this.height[pile] = cards.length;
      for (let i = 0; i < cards.length; i++) this.cards[pile * HEIGHT + i] = cards[i]!;
    }
    this.stock = stock;
    this.stockPos = 0;
    this.stockEnd = stockLength;
    this.discarded = view.discarded;
  }

  copyFrom(other: Sim): void {
    this.cards.set(other.cards);
    this.height.set(other.height);
    this.stock = other.stock;
    this.stockPos = other.stockPos;
    this.stockEnd = other.stockEnd;
    this.discarded = other.discarded;
  }

  stockLeft(): number {
    return this.stockEnd - this.stockPos;
  }

  top(pile: number): number {
    return this.cards[pile * HEIGHT + this.height[pile]! - 1]!;
  }

  isRemovable(pile: number): boolean {
    return isRemovableIn(this.cards, this.height, pile);
  }

  /** The leftmost pile whose exposed card can be removed, or -1. */
  firstRemovable(): number {
    for (let pile = 0; pile < PILES; pile++) if (this.isRemovable(pile)) return pile;
    return NONE;
  }

  firstEmpty(): number {
    for (let pile = 0; pile < PILES; pile++) if (this.height[pile] === 0) return pile;
    return NONE;
  }

  remove(pile: number): void {
    this.height[pile] = this.height[pile]! - 1;
    this.discarded += 1;
  }

  /** Moves card `index` of `source` onto the empty `target`; the cards above it close the gap. */
  fill(source: number, index: number, target: number): void {
    const base = source * HEIGHT;
    const h = this.height[source]!;
    const card = this.cards[base + index]!;
    this.cards.copyWithin(base + index, base + index + 1, base + h);
    this.height[source] = h - 1;
    this.cards[target * HEIGHT] = card;
    this.height[target] = 1;
  }

  deal(): void {
    for (let pile = 0; pile < PILES; pile++) {
      const h = this.height[pile]!;
      this.cards[pile * HEIGHT + h] = this.stock[this.stockPos++]!;
      this.height[pile] = h + 1;
    }
  }

  /** The pile and height of `card` as `pile * HEIGHT + index`, or -1. */
  locate(card: number): number {
    for (let pile = 0; pile < PILES; pile++) {
      for (let i = 0, h = this.height[pile]!; i < h; i++) if (this.cards[pile * HEIGHT + i] === card) return pile * HEIGHT + i;
    }
    return NONE;
  }

  won(): boolean {
    return this.discarded === WIN_DISCARDS && this.stockPos === this.stockEnd;
  }

  /** The position's key, the same whatever the order of its piles (lookahead.ts, `pilesKey`). */
  key(): number {
    return pilesKey(this.cards, this.height);
  }
}

/** Fills one greedy decision may try, as policies.ts's greedy. */
export const LOOKAHEAD_FILLS = 2_000;

/**
 * greedy (policies.ts) on a Sim, move for move: the leftmost removal while there is one, else the lookahead's
 * fill of the leftmost empty pile, else a deal. Stops at the end of the game, or (with `stopAt` ≥ 0) right
 * after the deal that leaves `stopAt` cards in the stock.
 */
export function playGreedy(sim: Sim, lookahead: FillLookahead, stopAt: number): void {
  for (;;) {
    const pile = sim.firstRemovable();
    if (pile >= 0) {
      sim.remove(pile);
      continue;
    }
    const target = sim.firstEmpty();
    if (target >= 0) {
      const fill = lookahead.bestOn(sim.cards, sim.height);
      if (fill >= 0) {
        sim.fill((fill / HEIGHT) | 0, fill % HEIGHT, target);
        continue;
      }
    }
    if (sim.stockPos === sim.stockEnd) return;
    sim.deal();
    if (sim.stockLeft() === stopAt) return;
  }
}

/** The 24 orders of four cards, as indices. */
const ORDERS: number[][] = [];
for (let a = 0; a < 4; a++)
  for (let b = 0; b < 4; b++)
    for (let c = 0; c < 4; c++)
      for (let d = 0; d < 4; d++) {
        if (a !== b && a !== c && a !== d && b !== c && b !== d && c !== d) ORDERS.push([a, b, c, d]);
      }

/** Deepest line of moves between two deals: every move discards a card or fills a pile. */
const MAX_DEPTH = 2 * WIN_DISCARDS + 8;

/**
 * Exact play of the last deal. `value` is the best chance of winning, for a player who does not see the
 * stock, of a position with four cards or none left in the stock: before the last deal, the best over its
 * removals, fills and the deal, the deal worth the mean over the 24 orders of the four unseen cards; after
 * it (nothing unseen), 1 or 0 by search. Under either rule a removable card stays removable until it goes
 * (whatever removes it is outranked by what outranks it), so after the last deal, and before it under
 * forced, removals are played at once, leftmost first.
 */
export class LastDeal {
  private readonly pool: Sim[] = Array.from({ length: MAX_DEPTH + 2 }, () => new Sim());
  private readonly before = new Map<number, number>();
  private readonly after = new Map<number, number>();
  private readonly deck = new Uint8Array(4);
  private readonly rules: VariantRules;
  /** Positions searched, for reports. */
  nodes = 0;
  private readonly endAt = (depth: number): number => this.end(depth);
  private readonly beforeAt = (depth: number): number => this.beforeDeal(depth);

  constructor(
    variant: Variant,
    private readonly rule: DiscardRule,
  ) {
    this.rules = VARIANT_RULES[variant];
  }

  /** The value of `sim` (stock 4 or 0 left); `sim` is not changed. */
  value(sim: Sim): number {
    this.start(sim);
    return sim.stockLeft() === 0 ? this.end(0) : this.beforeDeal(0);
  }

  /** The value of dealing now from `sim` (stock 4 left, nothing removable under forced). */
  dealValue(sim: Sim): number {
    this.start(sim);
    return this.meanOverDeal(0);
  }

  private start(sim: Sim): void {
    this.before.clear();
    this.after.clear();
    if (sim.stockLeft() !== 0 && sim.stockLeft() !== PILES) throw new Error('LastDeal: four cards or none left in the stock');
    for (let i = 0; i < sim.stockLeft(); i++) this.deck[i] = sim.stock[sim.stockPos + i]!;
    this.pool[0]!.copyFrom(sim);
  }

  private mayMove(sim: Sim, pile: number, index: number): boolean {
    return mayFill(this.rules, index === sim.height[pile]! - 1, isAce(sim.cards[pile * HEIGHT + index]!));
  }

  /** The best over the fills of the leftmost empty pile of pool[depth] of `next` on the filled position. */
  private bestFill(depth: number, next: (depth: number) => number, floor: number): number {
    const here = this.pool[depth]!;
    const target = here.firstEmpty();
    if (target < 0) return floor;
    let best = floor;
    for (let source = 0; source < PILES && best < 1; source++) {
      const h = here.height[source]!;
      if (h < 2) continue;
      for (let index = h - 1; index >= 0 && best < 1; index--) {
        if (!this.mayMove(here, source, index)) continue;
        const child = this.pool[depth + 1]!;
        child.copyFrom(here);
        child.fill(source, index, target);
        best = Math.max(best, next(depth + 1));
      }
    }
    return best;
  }

  /** After the last deal: 1 when pool[depth] can still be won, else 0. */
  private end(depth: number): number {
    this.nodes += 1;
    const here = this.pool[depth]!;
    for (let pile = here.firstRemovable(); pile >= 0; pile = here.firstRemovable()) here.remove(pile);
    if (here.discarded === WIN_DISCARDS) return 1;
    const key = here.key();
    const known = this.after.get(key);
    if (known !== undefined) return known;
    const value = depth >= MAX_DEPTH ? 0 : this.bestFill(depth, this.endAt, 0);
    this.after.set(key, value);
    return value;
  }

  /** Before the last deal: the best chance of pool[depth]. */
  private beforeDeal(depth: number): number {
    this.nodes += 1;
    const here = this.pool[depth]!;
    if (this.rule === 'forced') for (let pile = here.firstRemovable(); pile >= 0; pile = here.firstRemovable()) here.remove(pile);
    const key = here.key();
    const known = this.before.get(key);
    if (known !== undefined) return known;
    let best = 0;
    if (depth < MAX_DEPTH) {
      if (this.rule === 'optional') {
        for (let pile = 0; pile < PILES && best < 1; pile++) {
          if (!here.isRemovable(pile)) continue;
          const child = this.pool[depth + 1]!;
          child.copyFrom(here);
          child.remove(pile);
          best = Math.max(best, this.beforeDeal(depth + 1));
        }
      }
      best = this.bestFill(depth, this.beforeAt, best);
    }
    if (best < 1 && mayDeal(this.rule, here.firstRemovable() >= 0)) best = Math.max(best, this.meanOverDeal(depth));
    this.before.set(key, best);
    return best;
  }

  /** The mean over the 24 orders of the last four cards of the position after the deal. */
  private meanOverDeal(depth: number): number {
    const here = this.pool[depth]!;
    const child = this.pool[depth + 1]!;
    let sum = 0;
    for (const order of ORDERS) {
      child.copyFrom(here);
      for (let pile = 0; pile < PILES; pile++) {
        const h = child.height[pile]!;
        child.cards[pile * HEIGHT + h] = this.deck[order[pile]!]!;
        child.height[pile] = h + 1;
      }
      child.stockPos = child.stockEnd;
      sum += this.end(depth + 1);
    }
    return sum / ORDERS.length;
  }
}
