// R10–R13 against the plain search (every legal move): the same verdict and max discards from the positions
// where each acts — positions of random plays, kept where the reduction acts at once — and over whole deals,
// where they act deep in the search; wins replayed by the verifier.

import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { type Deal, isAce, parseCard, parseCards } from '../src/core/game/cards.ts';
import { FrozenLine } from '../src/core/proofs/frozen.ts';
import { DealTables } from '../src/core/engine/masks.ts';
import { MAX_MOVES, MoveGenerator } from '../src/core/search/movegen.ts';
import { MOVE, REMOVE, moveFrom, moveKind, movePosition } from '../src/core/engine/move.ts';
import { type DiscardRule, type Variant, VARIANT_RULES, VARIANTS } from '../src/core/game/rules.ts';
import { positionFrame } from '../src/core/search/position-solve.ts';
import { Search } from '../src/core/search/search.ts';
import { SEARCH_POLICIES } from '../src/core/search/search-policies.ts';
import { Solver, discardBounds } from '../src/core/search/solve.ts';
import { F_DEALT, FRAME, pileOf, pileSize, startFrame } from '../src/core/engine/state.ts';
import { replay } from '../src/core/game/verify.ts';
import { sized } from './deep.ts';

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
function positions(
  variant: Variant,
  rule: DiscardRule,
  seed: number,
  deals: number,
  minDealt: number,
  wanted: (deal: Deal, frame: Int32Array) => boolean,
  prefer?: 'removals' | 'aces',
  perPlay = 3,
): { deal: Deal; from: Int32Array }[] {
  const player = new MoveGenerator({ variant, rule, reductions: false });
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
function compareFrom(
  variant: Variant,
  rule: DiscardRule,
  starts: { deal: Deal; from: Int32Array }[],
  acted?: (search: Search) => number,
  reduced = new Search({ variant, rule }),
): { compared: number; acts: number } {
  const plain = new Search({ variant, rule, reductions: false });
  let compared = 0,
    acts = 0;
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
  for (const variant of VARIANTS.filter((v) => SEARCH_POLICIES[v].frozenLine)) {
    it(`${variant} × forced: from positions with an ace on every pile`, () => {
      const tables = new DealTables();
      const frozen = new FrozenLine(tables);
      const starts = positions(
        variant,
        'forced',
        31,
        400,
        0,
        (deal, frame) => {
          tables.setDeal(deal);
          return frozen.frozen(frame, 0);
        },
        'aces',
        1,
      );
      const { compared, acts } = compareFrom(variant, 'forced', starts, (search) => search.frozenLines);
      expect(compared).toBeGreaterThan(40);
      expect(acts).toBeGreaterThan(compared / 2);
    });
  }
});

describe("the variant table and the search's policies", () => {
  it('applies R11 and R13 only where buried cards move, and R12 not where only aces move', () => {
    for (const variant of VARIANTS) {
      const { buriedCards, acesOnly } = VARIANT_RULES[variant];
      const search = SEARCH_POLICIES[variant];
      if (!buriedCards) expect(search.idleCardOut).toEqual({ optional: false, forced: false });
      if (acesOnly) expect(search.canonicalEndgame).toEqual({ optional: false, forced: false });
    }
  });
});

describe('R11, R13: a buried idle card that an exposed card outranks goes at once (easy)', () => {
  for (const rule of ['forced', 'optional'] as const) {
    it(`easy × ${rule}: from positions where it gives the only child`, () => {
      const generator = new MoveGenerator({ variant: 'easy', rule });
      const out = new Int32Array(MAX_MOVES);
      // What the moved card was: dead, or alive (every deal left outranks it); at the bottom of its pile or not.
      const kinds = { dead: 0, alive: 0, bottom: 0, above: 0 };
      const starts = positions(
        'easy',
        rule,
        37,
        sized(200, 600),
        rule === 'forced' ? 24 : 36,
        (deal, frame) => {
          generator.setDeal(deal);
          generator.generate(frame, 0, out, 0);
          if (generator.idleCardOuts === 0) return false;
          const y = movePosition(out[0]!),
            suit = Math.floor(deal[y]! / 13);
          const inPlay = (pos: number): boolean => pos >= frame[F_DEALT]! || pileOf(frame, 0, pos) >= 0;
          const dead = !Array.from({ length: 52 }, (_, pos) => pos).some(
            (pos) => inPlay(pos) && Math.floor(deal[pos]! / 13) === suit && deal[pos]! < deal[y]!,
          );
          kinds[dead ? 'dead' : 'alive'] += 1;
          kinds[
            Array.from({ length: y }, (_, pos) => pos).some((pos) => pileOf(frame, 0, pos) === moveFrom(out[0]!)) ? 'above' : 'bottom'
          ] += 1;
          return true;
        },
        'removals',
      );
      expect(Object.values(kinds).every((n) => n > sized(1, 3))).toBe(true);
      const { compared } = compareFrom('easy', rule, starts);
      expect(compared).toBeGreaterThan(sized(10, 30));
      // Both forms of R11 are met: a card at the bottom of its pile, and one deal left.
      if (rule === 'forced') expect(starts.filter(({ from }) => from[F_DEALT] === 48).length).toBeGreaterThan(sized(1, 3));
      if (rule === 'forced') expect(starts.filter(({ from }) => from[F_DEALT]! < 44).length).toBeGreaterThan(sized(1, 3));
    });
  }
});

describe('R11 needs its condition on the deals: an idle card above another one, two deals left, may shield', () => {
  it('moving out such a card loses a discard here, and R11 does not', () => {
    // Two deals left (the first, KC QH JD 8D, brings no spade), pile 2 empty, nothing removable; 8S is dead (no
    // lower spade in play) and KS outranks it,
    // but KH lies below it. Dealing over 8S keeps KH covered at the last deal; without 8S, KH shows and the
    // forced rule makes the difference of a card.
    const deal = dealFor(53, 1224);
    const piles = ['KH 8S QC TH', '', 'KD JS AH AC 2C AD', '7C TC AS 8H JH KS'].map((pile) => (pile === '' ? [] : parseCards(pile)));
    const from = positionFrame(deal, piles, 44, 28);
    const without8S = positionFrame(deal, [piles[0]!.filter((card) => card !== parseCard('8S')), ...piles.slice(1)], 44, 29);
    const plain = new Search({ variant: 'easy', rule: 'forced', reductions: false });
    expect(plain.run(deal, { maxStates: 300_000, from }).best).toBe(47);
    expect(plain.run(deal, { maxStates: 300_000, from: without8S }).best).toBe(46);
    const generator = new MoveGenerator({ variant: 'easy', rule: 'forced' });
    generator.setDeal(deal);
    const count = generator.generate(from, 0, new Int32Array(MAX_MOVES), 0);
    expect({ count, idleCardOuts: generator.idleCardOuts }).toEqual({ count: 17, idleCardOuts: 0 }); // each of the 16 cards, and the deal
    expect(new Search({ variant: 'easy', rule: 'forced' }).run(deal, { maxStates: 300_000, from }).best).toBe(47);
  });
});

describe('R11 needs its card idle: a card outranked now may be the only one left to act after a deal', () => {
  it('moving out such a card loses two discards here, and R11 does not', () => {
    // One deal left (AD 5H 2C 7D), pile 2 empty, nothing removable; AH outranks TH, but TH is alive (5H is
    // still to come) and the last deal brings no higher heart: after it, only TH can remove 5H.
    const deal = dealFor(53, 20);
    const piles = ['AH', '', 'AC', 'JS TH KD AS 5D'].map((pile) => (pile === '' ? [] : parseCards(pile)));
    const from = positionFrame(deal, piles, 48, 41);
    const withoutTH = positionFrame(deal, [...piles.slice(0, 3), piles[3]!.filter((card) => card !== parseCard('TH'))], 48, 42);
    const plain = new Search({ variant: 'easy', rule: 'forced', reductions: false });
    expect(plain.run(deal, { maxStates: 300_000, from }).best).toBe(47);
    expect(plain.run(deal, { maxStates: 300_000, from: withoutTH }).best).toBe(45);
    const generator = new MoveGenerator({ variant: 'easy', rule: 'forced' });
    generator.setDeal(deal);
    generator.generate(from, 0, new Int32Array(MAX_MOVES), 0);
    expect(generator.idleCardOuts).toBe(0);
    expect(new Search({ variant: 'easy', rule: 'forced' }).run(deal, { maxStates: 300_000, from }).best).toBe(47);
  });
});

/** The reduced search with R12 on whatever the variant's policy: R12 is sound in standard, where it is off
 *  for its cost, and meets there far more positions with a choice and no deal left than in easy. */
function withCanonicalKeys(variant: Variant, rule: DiscardRule): Search {
  const policies = SEARCH_POLICIES[variant] as unknown as { canonicalEndgame: Record<DiscardRule, boolean> };
  const saved = policies.canonicalEndgame;
  policies.canonicalEndgame = { optional: true, forced: true };
  try {
    return new Search({ variant, rule });
  } finally {
    policies.canonicalEndgame = saved;
  }
}

describe('R12: no deal left, one key per position up to piles, suits and ranks', () => {
  for (const variant of ['standard', 'easy'] as const) {
    for (const rule of ['forced', 'optional'] as const) {
      it(`${variant} × ${rule}: from positions with no deal left`, () => {
        // Removals first, so that few cards are left (a canonical key holds at most 26), from one deal
        // before the end, so that the searches meet many positions with no deal left.
        const starts = positions(variant, rule, 41, sized(100, 300), 44, () => true, 'removals', 2);
        expect(compareFrom(variant, rule, starts, undefined, withCanonicalKeys(variant, rule)).compared).toBeGreaterThan(sized(50, 150));
      });
    }
  }
});

describe('R10–R13 over whole deals: the plain search agrees, and wins replay', () => {
  const solver = new Solver();
  const combos: [Variant, DiscardRule][] = [
    ['easy', 'forced'],
    ['easy', 'optional'],
    ['standard', 'forced'],
  ];
  for (const [variant, rule] of combos) {
    it(`${variant} × ${rule}`, () => {
      const plain = new Search({ variant, rule, reductions: false });
      const reduced = new Search({ variant, rule });
      let compared = 0,
        frozenLines = 0,
        idleCardOuts = 0;
      for (let index = 0; index < (variant === 'easy' ? sized(20, 60) : sized(15, 40)); index++) {
        const deal = dealFor(43, index);
        const exact = plain.run(deal, { maxStates: 150_000 });
        if (exact.status === 'aborted') continue;
        const fast = reduced.run(deal, { maxStates: 2_000_000 });
        expect({ index, won: fast.status === 'won' }).toEqual({ index, won: exact.status === 'won' });
        if (fast.status === 'exhausted') expect({ index, best: fast.best }).toEqual({ index, best: exact.best });
        frozenLines += reduced.frozenLines;
        idleCardOuts += reduced.idleCardOuts;
        compared += 1;
        const solved = solver.solve(deal, { variant, rule, maxStates: 2_000_000 });
        const known = { index, kind: exact.status === 'won' ? 'won' : 'lost', max: exact.best };
        expect({ index, kind: solved.result, max: discardBounds(solved).upper }).toEqual(known);
        if (solved.result === 'won') expect(replay(deal, solved.solution, variant, rule)).toEqual({ ok: true });
      }
      expect(compared).toBeGreaterThan(sized(4, 12));
      if (rule === 'forced') expect(frozenLines).toBeGreaterThan(0);
      if (variant === 'easy') expect(idleCardOuts).toBeGreaterThan(0);
    });
  }
});
