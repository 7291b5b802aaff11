// The ceiling's estimates one deal before another decides: one step of expectimax (Backup), and the exact
// value with one deal left (ExactLastDeal), over the moves (a)–(d) of the lemma in search.ts.

import { CARDS, RANKS, isAce } from '../../src/core/game/cards.ts';
import {
  type DiscardRule,
  type Variant,
  type VariantRules,
  VARIANT_RULES,
  lowestFill,
  mayDeal,
  mayFill,
} from '../../src/core/game/rules.ts';
import { Rng } from '../../src/core/game/random.ts';
import { Board, HEIGHT, boardRemovable, canonicalKey } from './board.ts';
import { ExactAtEnd, LAST_DEALT, type ValueEstimate, clamp, tuples } from './value.ts';

/**
 * v one deal before the estimate `inner` decides, by one step of expectimax: at `dealt` cards dealt, the best, over
 * the positions the round can reach (moves (a)–(d)), of the mean of `inner` after the deal — over every ordered
 * 4-tuple of the unseen cards where there are at most `exactTuples` of them, else over `samples` tuples drawn by a
 * stream seeded from the position's cards alone (so v stays a function of what the player sees); at other deals,
 * `inner`. With the exact value as `inner` and exact means, it is the exact value (the recursion of expectimax).
 */
export class Backup implements ValueEstimate {
  readonly name: string;
  private readonly stack: Board[] = [];
  private readonly seen = new Set<string>();
  private readonly rules: VariantRules;
  private readonly rule: DiscardRule;
  private readonly forced: boolean;
  private readonly unseen: number[] = [];
  /** The tuples of the current evaluation, 4 cards each. */
  private tuples = new Uint8Array(0);
  private readonly land = new Board();
  private best = 0;

  constructor(
    variant: Variant,
    rule: DiscardRule,
    private readonly dealt: number,
    private readonly inner: ValueEstimate,
    private readonly exactTuples: number,
    private readonly samples: number,
  ) {
    this.rules = VARIANT_RULES[variant];
    this.rule = rule;
    this.forced = rule === 'forced';
    this.name = `${inner.name}+backup@${dealt}`;
  }

  value(board: Board, dealt: number): number {
    if (dealt !== this.dealt) return this.inner.value(board, dealt);
    const unseen = this.unseen;
    unseen.length = 0;
    for (let card = 0; card < CARDS; card++) if (board.unseen[card] === 1) unseen.push(card);
    const n = unseen.length;
    if (tuples(n) <= this.exactTuples) {
      this.tuples = new Uint8Array(tuples(n) * 4);
      let at = 0;
      for (let a = 0; a < n; a++)
        for (let b = 0; b < n; b++)
          for (let c = 0; c < n; c++)
            for (let d = 0; d < n; d++) {
              if (a === b || a === c || a === d || b === c || b === d || c === d) continue;
              this.tuples[at++] = unseen[a]!;
              this.tuples[at++] = unseen[b]!;
              this.tuples[at++] = unseen[c]!;
              this.tuples[at++] = unseen[d]!;
            }
    } else {
      // Seeded by the piles' cards: a function of the position alone.
      const words: number[] = [dealt];
      for (let p = 0; p < 4; p++) for (let i = 0; i < board.height[p]!; i++) words.push(board.cards[p * HEIGHT + i]! + 64 * p);
      const rng = new Rng(...words);
      this.tuples = new Uint8Array(this.samples * 4);
      const pool = unseen.slice();
      for (let s = 0; s < this.samples; s++) {
        for (let i = 0; i < 4; i++) {
          const j = i + rng.below(n - i);
          const t = pool[i]!;
          pool[i] = pool[j]!;
          pool[j] = t;
          this.tuples[s * 4 + i] = pool[i]!;
        }
      }
    }
    this.seen.clear();
    this.best = 0;
    this.explore(board, 0);
    return this.best;
  }

  private scratch(depth: number): Board {
    while (this.stack.length <= depth) this.stack.push(new Board());
    return this.stack[depth]!;
  }

  private explore(from: Board, depth: number): void {
    if (this.best === 1) return;
    const key = canonicalKey(from);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const board = this.scratch(depth);
    let removable = false;
    let first = -1;
    for (let p = 0; p < 4; p++) {
      if (!boardRemovable(from, p)) continue;
      removable = true;
      if (first < 0 && (this.forced || !lowerInPlay(from, from.top(p)))) first = p;
    }
    for (let p = 0; p < 4; p++) {
      if (!boardRemovable(from, p) || (first >= 0 && p !== first)) continue;
      board.copyFrom(from);
      board.height[p] = board.height[p]! - 1;
      this.explore(board, depth + 1);
    }
    if (first >= 0) return;
    const target = from.height.indexOf(0);
    if (target >= 0) {
      for (let source = 0; source < 4; source++) {
        const h = from.height[source]!;
        if (h < 2) continue;
        for (let index = h - 1; index >= lowestFill(this.rules, h); index--) {
          const base = source * HEIGHT;
          const card = from.cards[base + index]!;
          if (!mayFill(this.rules, index === h - 1, isAce(card))) continue;
          board.copyFrom(from);
          board.cards.copyWithin(base + index, base + index + 1, base + h);
          board.height[source] = h - 1;
          board.cards[target * HEIGHT] = card;
          board.height[target] = 1;
          this.explore(board, depth + 1);
        }
      }
    }
    if (!mayDeal(this.rule, removable)) return;
    // The deal: the mean of the inner estimate over the tuples.
    const list = this.tuples;
    const count = list.length / 4;
    let sum = 0;
    const land = this.land;
    for (let s = 0; s < count; s++) {
      land.copyFrom(from);
      for (let p = 0; p < 4; p++) {
        const card = list[s * 4 + p]!;
        land.cards[p * HEIGHT + from.height[p]!] = card;
        land.height[p] = from.height[p]! + 1;
        land.unseen[card] = 0;
      }
      sum += clamp(this.inner.value(land, this.dealt + 4));
    }
    if (sum / count > this.best) this.best = sum / count;
  }
}

/** v with one deal left (48 cards dealt) the exact optimal value (a backup of the exact end, every 24 orders). */
export class ExactLastDeal extends Backup {
  constructor(variant: Variant, rule: DiscardRule, inner: ValueEstimate) {
    super(variant, rule, LAST_DEALT - 4, new ExactAtEnd(variant, inner), 24, 24);
  }
}

/** Whether a lower card of `card`'s suit is on the piles or unseen ((d): else keeping it is of no use). */
function lowerInPlay(board: Board, card: number): boolean {
  const first = ((card / RANKS) | 0) * RANKS;
  for (let c = first; c < card; c++) if (board.unseen[c] === 1) return true;
  for (let p = 0; p < 4; p++) {
    for (let i = 0; i < board.height[p]!; i++) {
      const other = board.cards[p * HEIGHT + i]!;
      if (other >= first && other < card) return true;
    }
  }
  return false;
}
