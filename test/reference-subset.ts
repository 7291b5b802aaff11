// A slow, plain solver of the subset game R_S (src/core/proofs/subset.ts) for the tests: piles as arrays of dealing
// positions, string keys, every legal move, no reduction and no orbit.

import { ACE_RANK, type Deal, RANKS, rankOf, suitOf } from '../src/core/game/cards.ts';
import { VARIANT_RULES, type Variant } from '../src/core/game/rules.ts';

/**
 * The deficit of the R_S position (piles of dealing positions, `dealt` cards dealt) for S = the top `ranks`
 * ranks of every suit: the fewest S non-aces left in play (on the piles or in the stock) over every position
 * reachable by R_S's moves (optional rule; a dealt card outside S vanishes). Undefined past `maxStates`.
 */
export function referenceDeficit(
  deal: Deal,
  variant: Variant,
  ranks: number,
  piles: number[][],
  dealt: number,
  maxStates: number,
): number | undefined {
  const inS = (pos: number): boolean => rankOf(deal[pos]!) >= RANKS - ranks;
  const counts = (pos: number): boolean => inS(pos) && rankOf(deal[pos]!) !== ACE_RANK;
  const rules = VARIANT_RULES[variant];
  const start = piles.map((pile) => pile.filter(inS));
  const seen = new Set<string>();
  const todo: { piles: number[][]; dealt: number }[] = [{ piles: start, dealt }];
  let least = Infinity;
  while (todo.length > 0) {
    const g = todo.pop()!;
    const key = `${g.piles.map((pile) => pile.join(',')).join('|')}#${g.dealt}`;
    if (seen.has(key)) continue;
    if (seen.size >= maxStates) return undefined;
    seen.add(key);
    let left = g.piles.flat().filter(counts).length;
    for (let pos = g.dealt; pos < 52; pos++) if (counts(pos)) left += 1;
    least = Math.min(least, left);
    const copy = (): number[][] => g.piles.map((pile) => pile.slice());
    const tops = g.piles.map((pile) => (pile.length === 0 ? -1 : pile[pile.length - 1]!));
    for (let p = 0; p < 4; p++) {
      const x = tops[p]!;
      if (x < 0) continue;
      const outranked = tops.some(
        (y, q) => q !== p && y >= 0 && suitOf(deal[y]!) === suitOf(deal[x]!) && rankOf(deal[y]!) > rankOf(deal[x]!),
      );
      if (!outranked) continue;
      const next = copy();
      next[p]!.pop();
      todo.push({ piles: next, dealt: g.dealt });
    }
    for (let e = 0; e < 4; e++) {
      if (g.piles[e]!.length > 0) continue;
      for (let p = 0; p < 4; p++) {
        const pile = g.piles[p]!;
        for (let i = 0; i < pile.length; i++) {
          const top = i === pile.length - 1;
          const ok = rules.buriedCards || (top && (!rules.acesOnly || rankOf(deal[pile[i]!]!) === ACE_RANK));
          if (!ok) continue;
          const next = copy();
          const [card] = next[p]!.splice(i, 1);
          next[e] = [card!];
          todo.push({ piles: next, dealt: g.dealt });
        }
      }
    }
    if (g.dealt < 52) {
      const next = copy();
      for (let p = 0; p < 4; p++) if (inS(g.dealt + p)) next[p]!.push(g.dealt + p);
      todo.push({ piles: next, dealt: g.dealt + 4 });
    }
  }
  return least;
}
