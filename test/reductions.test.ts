// R10 against the plain search (every legal move): the same verdict and max discards from the positions
// where it acts — positions of random plays, kept where the reduction acts at once — and over whole deals,
// where it acts deep in the search.

import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/batch/deals.ts';
import { type Deal, isAce } from '../src/core/cards.ts';
import { FrozenLine } from '../src/core/frozen.ts';
import { DealTables } from '../src/core/masks.ts';
import { MAX_MOVES, MoveGenerator } from '../src/core/movegen.ts';
import { MOVE, REMOVE, moveFrom, moveKind, movePosition } from '../src/core/move.ts';
import { type DiscardRule, type Variant, VARIANT_RULES, VARIANTS } from '../src/core/rules.ts';
import { Search } from '../src/core/search.ts';
import { F_DEALT, FRAME, pileSize, startFrame } from '../src/core/state.ts';

/** A small xorshift stream, so that the plays are the same on every run. */
function stream(seed: number): () => number {
  let x = seed | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/**
 * Positions of random plays of deals of `seed` (every legal move alike; with `prefer`, a removal first when
 * there is one, or an ace into an empty pile), at least `minDealt` cards dealt, kept where `wanted` holds; at
 * most `perPlay` from one play.
 */
function positions(variant: Variant, rule: DiscardRule, seed: number, deals: number, minDealt: number,
  wanted: (deal: Deal, frame: Int32Array) => boolean, prefer?: 'removals' | 'aces', perPlay = 3): { deal: Deal; from: Int32Array }[] {
  const player = new MoveGenerator(variant, rule, false);
  const frames = new Int32Array(2 * FRAME);
  const moves = new Int32Array(MAX_MOVES);
  const found: { deal: Deal; from: Int32Array }[] = [];
  for (let index = 0; index < deals; index++) {
    const deal = dealFor(seed, index);
    player.setDeal(deal);
    startFrame(frames, 0);
    const random = stream(0x2545f491 ^ (index * 7919));
    let kept = 0;
    for (let played = 0; played < 400 && kept < perPlay; played++) {
      const count = player.generate(frames, 0, moves, 0);
      if (count === 0) break;
      let pick = random() % count;
      for (let i = 0; i < count && prefer !== undefined; i++) {
        const m = moves[i]!;
        // An ace into an empty pile, when one can go: a sure way to positions with an ace on every pile.
        if (prefer === 'aces' && moveKind(m) === MOVE && isAce(deal[movePosition(m)]!) && pileSize(frames, 0, moveFrom(m)) > 1) pick = i;
        // Removals first: positions where nothing is removable, as under the forced rule.
        if (prefer === 'removals' && moveKind(m) === REMOVE) pick = i;
      }
      player.apply(frames, 0, FRAME, moves[pick]!);
      frames.copyWithin(0, FRAME, 2 * FRAME);
      if (frames[F_DEALT]! < minDealt || !wanted(deal, frames.subarray(0, FRAME))) continue;
      found.push({ deal, from: frames.slice(0, FRAME) });
      kept += 1;
    }
  }
  return found;
}

/** From each position, the plain and the reduced search to the end: the same verdict and max discards.
 *  Returns how many were compared (the plain search may give up on a wide one). */
function compareFrom(variant: Variant, rule: DiscardRule, starts: { deal: Deal; from: Int32Array }[], acted?: (search: Search) => number): { compared: number; acts: number } {
  const plain = new Search(variant, rule, false);
  const reduced = new Search(variant, rule, true);
  let compared = 0, acts = 0;
  for (const [i, { deal, from }] of starts.entries()) {
    const exact = plain.run(deal, { maxStates: 100_000, from });
    if (exact.status === 'aborted') continue;
    const fast = reduced.run(deal, { maxStates: 1_000_000, from });
    expect({ i, status: fast.status, best: fast.best }).toEqual({ i, status: exact.status, best: exact.best });
    compared += 1;
    if (acted !== undefined) acts += acted(reduced);
  }
  return { compared, acts };
}

describe('R10: a frozen position is played out as one line', () => {
  for (const variant of VARIANTS.filter((v) => VARIANT_RULES[v].search.frozenLine)) {
    it(`${variant} × forced: from positions with an ace on every pile`, () => {
      const tables = new DealTables();
      const frozen = new FrozenLine(tables);
      const starts = positions(variant, 'forced', 31, 400, 0, (deal, frame) => {
        tables.setDeal(deal);
        return frozen.frozen(frame, 0);
      }, 'aces', 1);
      const { compared, acts } = compareFrom(variant, 'forced', starts, (search) => search.frozenLines);
      expect(compared).toBeGreaterThan(40);
      expect(acts).toBeGreaterThan(compared / 2);
    });
  }
});

describe('R10 over whole deals: the plain search agrees', () => {
  it('easy × forced, standard × forced', () => {
    for (const variant of ['easy', 'standard'] as const) {
      const plain = new Search(variant, 'forced', false);
      const reduced = new Search(variant, 'forced', true);
      let compared = 0, frozenLines = 0;
      for (let index = 0; index < 40; index++) {
        const deal = dealFor(43, index);
        const exact = plain.run(deal, { maxStates: 150_000 });
        if (exact.status === 'aborted') continue;
        const fast = reduced.run(deal, { maxStates: 2_000_000 });
        expect({ index, won: fast.status === 'won' }).toEqual({ index, won: exact.status === 'won' });
        if (fast.status === 'exhausted') expect({ index, best: fast.best }).toEqual({ index, best: exact.best });
        frozenLines += reduced.frozenLines;
        compared += 1;
      }
      expect(compared).toBeGreaterThan(12);
      expect(frozenLines).toBeGreaterThan(0);
    }
  });
});
