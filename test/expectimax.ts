// Exact expectimax over small endgames: the best chance of winning of a player who does not see the stock.

import { type Card, isAce, rankOf, suitOf } from '../src/core/game/cards.ts';
import type { DiscardRule, Variant } from '../src/core/game/rules.ts';

/**
 * The best chance of winning of a player who does not see the stock, by exact expectimax: at a deal, the
 * average over every order in which the unseen cards can come; elsewhere the best move. Moves are those of
 * docs/rules.md but for two that change no chance (piles are interchangeable when the stock order is unknown):
 * the choice of empty pile to fill (the leftmost), and a lone card's move into another empty pile.
 */
export function expectimax(piles: Card[][], unseen: Card[], variant: Variant, discards: DiscardRule, memo: Map<string, number>): number {
  const key = `${piles.map((p) => p.join(',')).join('|')}#${unseen.join(',')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const onPiles = piles.reduce((n, p) => n + p.length, 0);
  if (unseen.length === 0 && onPiles === 4 && piles.every((p) => p.length === 1)) return 1;
  let best = 0;
  const removable: number[] = [];
  for (let p = 0; p < 4; p++) {
    const top = piles[p]!.at(-1);
    if (top === undefined) continue;
    if (piles.some((q, o) => o !== p && q.length > 0 && suitOf(q.at(-1)!) === suitOf(top) && rankOf(q.at(-1)!) > rankOf(top)))
      removable.push(p);
  }
  for (const p of removable) {
    const next = piles.map((q) => q.slice());
    next[p]!.pop();
    best = Math.max(best, expectimax(next, unseen, variant, discards, memo));
  }
  const target = piles.findIndex((p) => p.length === 0);
  if (target >= 0) {
    for (let s = 0; s < 4; s++) {
      const cards = piles[s]!;
      if (cards.length < 2) continue;
      for (let i = 0; i < cards.length; i++) {
        if (i !== cards.length - 1 && variant !== 'easy') continue;
        if (variant === 'strict' && !isAce(cards[i]!)) continue;
        const next = piles.map((q) => q.slice());
        next[target]!.push(next[s]!.splice(i, 1)[0]!);
        best = Math.max(best, expectimax(next, unseen, variant, discards, memo));
      }
    }
  }
  if (unseen.length > 0 && !(discards === 'forced' && removable.length > 0)) {
    // The deal: every ordered choice of 4 of the unseen cards, equally likely.
    let sum = 0;
    let count = 0;
    const n = unseen.length;
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++)
        for (let c = 0; c < n; c++)
          for (let d = 0; d < n; d++) {
            if (a === b || a === c || a === d || b === c || b === d || c === d) continue;
            const next = piles.map((q) => q.slice());
            next[0]!.push(unseen[a]!);
            next[1]!.push(unseen[b]!);
            next[2]!.push(unseen[c]!);
            next[3]!.push(unseen[d]!);
            sum += expectimax(
              next,
              unseen.filter((_, i) => i !== a && i !== b && i !== c && i !== d),
              variant,
              discards,
              memo,
            );
            count += 1;
          }
    best = Math.max(best, sum / count);
  }
  memo.set(key, best);
  return best;
}

/** Every order of `cards`. */
export function permutations(cards: Card[]): Card[][] {
  if (cards.length <= 1) return [cards.slice()];
  return cards.flatMap((card, i) => permutations(cards.filter((_, j) => j !== i)).map((rest) => [card, ...rest]));
}
