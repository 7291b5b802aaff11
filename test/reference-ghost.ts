// A slow, plain solver of the ghost game (src/core/proofs/ghost.ts) for the tests: piles as arrays, string keys.

import { type Deal, isAce, rankOf, suitOf } from '../src/core/game/cards.ts';
import { VARIANT_RULES, type Variant } from '../src/core/game/rules.ts';

/** A pile entry: a card (0–51), plus GHOST once it is discarded and left on its pile as a ghost. */
const GHOST = 64;

interface Position {
  piles: number[][];
  /** Dealing position of the next stock card. */
  next: number;
  discards: number;
}

/** Index of the highest real card of a pile (bottom 0), or -1. */
function topReal(pile: number[]): number {
  for (let i = pile.length - 1; i >= 0; i--) if (pile[i]! < GHOST) return i;
  return -1;
}

/** The cards that may remove lower ones of their suit on other piles: the exposed real card and the active ghosts. */
function powers(pile: number[]): number[] {
  const top = topReal(pile);
  return pile.slice(Math.max(top, 0)).map((x) => x & 63);
}

/**
 * The ghost game's verdict and max discards from the start of `deal`, by exhaustive search with every
 * removable card removed at once (ghost.ts G2) and idle ghosts deleted (G3); undefined when more than
 * `maxStates` positions would be needed.
 */
export function referenceGhost(deal: Deal, variant: Variant, maxStates: number): { won: boolean; maxDiscards: number } | undefined {
  const seen = new Set<string>();
  let best = 0;
  const todo: Position[] = [{ piles: [[deal[0]!], [deal[1]!], [deal[2]!], [deal[3]!]], next: 4, discards: 0 }];
  while (todo.length > 0) {
    const g = todo.pop()!;
    // Remove every removable card, each becoming a ghost in place.
    for (let changed = true; changed; ) {
      changed = false;
      for (let p = 0; p < 4; p++) {
        const i = topReal(g.piles[p]!);
        if (i < 0) continue;
        const c = g.piles[p]![i]!;
        if (isAce(c)) continue;
        const outranked = g.piles.some((pile, q) => q !== p && powers(pile).some((x) => suitOf(x) === suitOf(c) && rankOf(x) > rankOf(c)));
        if (!outranked) continue;
        g.piles[p]![i] = c | GHOST;
        g.discards += 1;
        changed = true;
      }
    }
    // Delete the ghosts that no lower card of their suit, real on a pile or in the stock, could meet.
    const live = [...g.piles.flat().filter((x) => x < GHOST), ...deal.slice(g.next)];
    const idle = (x: number): boolean => x >= GHOST && !live.some((y) => suitOf(y) === suitOf(x & 63) && rankOf(y) < rankOf(x & 63));
    g.piles = g.piles.map((pile) => pile.filter((x) => !idle(x)));
    best = Math.max(best, g.discards);
    if (g.discards === 48) return { won: true, maxDiscards: 48 };
    const key = `${g.piles.map((pile) => pile.join(',')).join('|')}#${g.next}`;
    if (seen.has(key)) continue;
    if (seen.size >= maxStates) return undefined;
    seen.add(key);
    const copy = (): Position => ({ piles: g.piles.map((pile) => pile.slice()), next: g.next, discards: g.discards });
    if (g.next < 52) {
      const dealt = copy();
      for (let p = 0; p < 4; p++) dealt.piles[p]!.push(deal[dealt.next + p]!);
      dealt.next += 4;
      todo.push(dealt);
    }
    // Moves into a pile with no real card (its ghosts vanish): standard, the exposed real card or an
    // active ghost; strict, the exposed real card if it is an ace; easy, any card or ghost.
    const rules = VARIANT_RULES[variant];
    for (let e = 0; e < 4; e++) {
      if (topReal(g.piles[e]!) >= 0) continue;
      for (let p = 0; p < 4; p++) {
        const pile = g.piles[p]!;
        if (p === e) continue;
        const top = topReal(pile);
        for (let i = 0; i < pile.length; i++) {
          const x = pile[i]!;
          const ok = rules.buriedCards || (rules.acesOnly ? i === top && isAce(x) : i >= top);
          if (!ok) continue;
          const moved = copy();
          moved.piles[p]!.splice(i, 1);
          moved.piles[e] = [x];
          todo.push(moved);
        }
      }
    }
  }
  return { won: false, maxDiscards: best };
}
