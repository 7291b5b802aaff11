// The fast solver against known answers, the slow reference solver, the plain search and the rules' referee.

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { parseDeal } from '../src/core/game/cards.ts';
import type { GameMove } from '../src/core/game/notation.ts';
import { MAX_MOVES, MoveGenerator } from '../src/core/search/movegen.ts';
import { DISCARD_RULES, VARIANT_RULES, VARIANTS, type DiscardRule, type Variant } from '../src/core/game/rules.ts';
import { type SolveResult, Solver, discardBounds } from '../src/core/search/solve.ts';
import { F_DEALT, F_DISCARDS, FRAME, dealFrame, startFrame } from '../src/core/engine/state.ts';
import { Search } from '../src/core/search/search.ts';
import { SEARCH_POLICIES } from '../src/core/search/search-policies.ts';
import { replay } from '../src/core/game/verify.ts';
import { OPTIONAL_BEATS_FORCED } from './fixtures.ts';
import { sized } from './deep.ts';
import { referenceSolve } from './reference-solver.ts';

const solver = new Solver();
const COMBOS: [Variant, DiscardRule][] = VARIANTS.flatMap((v) => DISCARD_RULES.map((r): [Variant, DiscardRule] => [v, r]));

function expectValidWin(result: SolveResult, deal: Uint8Array, variant: Variant, discards: DiscardRule): GameMove[] {
  expect(result.result).toBe('won');
  if (result.result !== 'won') return [];
  expect(replay(deal, result.solution, variant, discards)).toEqual({ ok: true });
  return result.solution;
}

/**
 * The fast solver's decided answer against a known one: the same verdict, and max discards equal when the
 * fast solver pinned it, else within its bounds. Returns whether the max was compared exactly.
 */
function expectAgrees(index: number, fast: SolveResult, known: { won: boolean; maxDiscards: number }): boolean {
  const { lower, upper } = discardBounds(fast);
  const exact = lower === upper;
  expect({ index, won: fast.result === 'won', max: exact ? lower : known.maxDiscards }).toEqual({
    index,
    won: known.won,
    max: known.maxDiscards,
  });
  expect(lower).toBeLessThanOrEqual(known.maxDiscards);
  expect(upper).toBeGreaterThanOrEqual(known.maxDiscards);
  return exact;
}

describe('known answers', () => {
  it('the optional-beats-forced deal (strict): lost under forced with 46 discards, won under optional', () => {
    expect(solver.solve(OPTIONAL_BEATS_FORCED, { variant: 'strict', rule: 'forced' })).toMatchObject({
      result: 'lost',
      lower: 46,
      upper: 46,
    });
    const optional = solver.solve(OPTIONAL_BEATS_FORCED, { variant: 'strict', rule: 'optional' });
    const solution = expectValidWin(optional, OPTIONAL_BEATS_FORCED, 'strict', 'optional');
    // The win must deal over a removable card somewhere: it is not a forced-rule line.
    expect(replay(OPTIONAL_BEATS_FORCED, solution, 'strict', 'forced').ok).toBe(false);
  });

  it('the sorted deck (aces first, then each suit in order) is lost everywhere, as the reference finds', () => {
    const deal = parseDeal(
      `AC AD AH AS ${['C', 'D', 'H', 'S'].flatMap((suit) => [...'23456789TJQK'].map((rank) => rank + suit)).join(' ')}`,
    );
    for (const [variant, discards] of COMBOS.filter(([, rule]) => rule === 'forced')) {
      const result = solver.solve(deal, { variant, rule: discards });
      expect(result.result).toBe('lost');
      expect(referenceSolve(deal, variant, discards, 300_000)).toEqual({ won: false, maxDiscards: discardBounds(result).upper });
    }
  });

  it('a last deal of four suits and no ace is lost before any search (R6), whatever the budget', () => {
    // Deal 19 of seed 1 ends QS 8H TD 2C: four suits, so nothing can happen after the last deal, and those
    // four cards stay: at most 44 discards.
    const deal = dealFor(1, 19);
    for (const [variant, discards] of COMBOS) {
      const result = solver.solve(deal, { variant, rule: discards, maxStates: 5, solution: false });
      expect(result.result).toBe('lost');
      expect(discardBounds(result).upper).toBeLessThanOrEqual(44);
    }
  });

  it('strict: a king dealt onto its own ace, with no way to move the ace first, can never go', () => {
    // Piles start AC 2D 2H 2S: nothing is removable, so no pile empties and the ace cannot move before
    // KC lands on it. Only the ace outranks KC, and in strict neither card can ever leave that pile.
    const deal = parseDeal(
      'AC 2D 2H 2S KC ' +
        [...'23456789TJQ'].map((rank) => `${rank}C`).join(' ') +
        ' ' +
        ['D', 'H', 'S'].flatMap((suit) => [...'3456789TJQKA'].map((rank) => rank + suit)).join(' '),
    );
    const forced = solver.solve(deal, { variant: 'strict', rule: 'forced' });
    expect(forced.result).toBe('lost');
    expect(referenceSolve(deal, 'strict', 'forced', 300_000)).toEqual({ won: false, maxDiscards: discardBounds(forced).upper });
    // Under optional the stuck-card bound (R8) proves the loss even when the budget stops the search.
    const optional = solver.solve(deal, { variant: 'strict', rule: 'optional', maxStates: 100_000 });
    expect(optional.result).not.toBe('won');
    expect(discardBounds(optional).upper).toBeLessThanOrEqual(47);
    expect(discardBounds(optional).lower).toBeGreaterThanOrEqual(discardBounds(forced).upper);
  });

  it('the upper bounds (R6, R8) never undercut the exact value of a position', () => {
    // Exact max discards of every position reachable in the plain game, by memoised exhaustive search.
    for (const variant of ['strict', 'standard', 'easy'] as const) {
      for (let index = 0; index < sized(4, 12); index++) {
        const deal = dealFor(17, index);
        const plain = new MoveGenerator({ variant, rule: 'forced', reductions: false });
        const reduced = new MoveGenerator({ variant, rule: 'forced' });
        plain.setDeal(deal);
        reduced.setDeal(deal);
        const frames = new Int32Array(1000 * FRAME);
        const moves = new Int32Array(1000 * MAX_MOVES);
        const exact = new Map<string, number>();
        const undercut: { variant: string; index: number; key: string; bound: number; best: number }[] = [];
        let checked = 0;
        const value = (depth: number): number => {
          const base = depth * FRAME;
          const key = frames.subarray(base, base + FRAME).join(',');
          const known = exact.get(key);
          if (known !== undefined) return known;
          let best = frames[base + F_DISCARDS]!;
          exact.set(key, best);
          if (exact.size > 20_000) return 48; // too big to check exhaustively: no claim
          const count = plain.generate(frames, base, moves, depth * MAX_MOVES);
          for (let i = 0; i < count; i++) {
            plain.apply(frames, base, base + FRAME, moves[depth * MAX_MOVES + i]!);
            best = Math.max(best, value(depth + 1));
          }
          exact.set(key, best);
          if (exact.size <= 20_000) {
            // (Collected, not one expect per position: tens of thousands of them.)
            const bound = reduced.bound.at(frames, base);
            if (bound < best) undercut.push({ variant, index, key, bound, best });
            checked += 1;
          }
          return best;
        };
        startFrame(frames, 0);
        value(0);
        expect(undercut).toEqual([]);
        expect(checked).toBeGreaterThan(0);
      }
    }
  });
  it("the variant table states fixed piles, and the search's policies R8′, consistently with its moves", () => {
    // fixedPiles is what the proofs read off the moves (only aces move); R8′ is sound only without it.
    for (const variant of VARIANTS) {
      const rules = VARIANT_RULES[variant];
      expect(rules.fixedPiles).toBe(rules.acesOnly);
      if (SEARCH_POLICIES[variant].acesBlock) expect(rules.fixedPiles).toBe(false);
    }
  });
  it('R8′: with every pile capped by an ace and the stock empty, standard and easy bound the discards by 0', () => {
    // Aces dealt last, one onto each pile: nothing is ever removable or movable, so 0 is exact. Aces that
    // did not block (R8 alone) would leave the cards below them free to meet their higher cards.
    const deal = parseDeal(
      ['C', 'D', 'H', 'S']
        .flatMap((suit) => [...'23456789TJQK'].map((rank) => rank + suit))
        .concat(['AC', 'AD', 'AH', 'AS'])
        .join(' '),
    );
    for (const variant of ['standard', 'easy'] as const) {
      const generator = new MoveGenerator({ variant, rule: 'forced' });
      generator.setDeal(deal);
      const frames = new Int32Array(FRAME);
      startFrame(frames, 0);
      while (frames[F_DEALT]! < 52) dealFrame(frames, 0);
      expect(generator.bound.at(frames, 0)).toBe(0);
      // 0 is exact there: the plain game has no move at all in that position.
      const plain = new MoveGenerator({ variant, rule: 'optional', reductions: false });
      plain.setDeal(deal);
      expect(plain.generate(frames, 0, new Int32Array(MAX_MOVES), 0)).toBe(0);
    }
  });
});

describe('agreement with the slow reference solver', () => {
  // strict × optional is left to the plain-search comparison below: the reference decides almost none of
  // those deals within a test's budget (1 of 40 at 60,000 positions), its optional game being so wide.
  for (const [variant, discards] of COMBOS.filter(([v, r]) => v !== 'strict' || r !== 'optional')) {
    it(`${variant} × ${discards}: same verdict and max discards where both decide`, () => {
      let compared = 0;
      // Under optional the reference decides few deals: among the first 24, standard's deal 23 and easy's 4, 5,
      // 9, 11, 12 and 23. npm test takes standard's deals 20-23 and easy's 0-12; the deep run deals 0-39.
      const optional = discards === 'optional';
      const first = optional && variant === 'standard' ? sized(20, 0) : 0;
      const deals = variant === 'strict' ? sized(100, 300) : !optional ? sized(12, 40) : variant === 'easy' ? sized(13, 40) : sized(24, 40);
      for (let index = first; index < deals; index++) {
        const deal = dealFor(7, index);
        const fast = solver.solve(deal, { variant, rule: discards, maxStates: 200_000 });
        const slow = referenceSolve(deal, variant, discards, 10_000);
        if (slow === undefined || fast.result === 'unknown') continue;
        if (expectAgrees(index, fast, slow)) compared += 1;
      }
      expect(compared).toBeGreaterThan(discards === 'forced' ? sized(4, 15) : sized(0, 2));
    });
  }
});

describe('the reductions change no verdict (reduced search against the plain one)', () => {
  for (const [variant, discards] of COMBOS) {
    it(`${variant} × ${discards}`, () => {
      let compared = 0;
      for (let index = 0; index < (variant === 'strict' ? sized(30, 100) : sized(20, 40)); index++) {
        const deal = dealFor(11, index);
        const plain = solver.solve(deal, { variant, rule: discards, maxStates: 100_000, reductions: false, solution: false });
        if (plain.result === 'unknown') continue;
        const reduced = solver.solve(deal, { variant, rule: discards, maxStates: 1_000_000, solution: false });
        expect(reduced.result).not.toBe('unknown');
        if (expectAgrees(index, reduced, { won: plain.result === 'won', maxDiscards: discardBounds(plain).upper })) compared += 1;
      }
      expect(compared).toBeGreaterThan(discards === 'forced' ? sized(4, 15) : sized(0, 3));
    });
  }
});

describe('the reductions keep the value of late positions (reduced search against the plain one)', () => {
  // From positions of random plays late in the deal (40 cards dealt or more, the endgame included, where
  // R4, R5, R6 and R9 act), both searches run to the end: same verdict, same max discards.
  for (const [variant, discards] of COMBOS) {
    it(`${variant} × ${discards}`, () => {
      const plainSearch = new Search({ variant, rule: discards, reductions: false });
      const reducedSearch = new Search({ variant, rule: discards });
      const player = new MoveGenerator({ variant, rule: discards, reductions: false });
      const frames = new Int32Array(2 * FRAME);
      const moves = new Int32Array(MAX_MOVES);
      let compared = 0;
      for (let index = 0; index < sized(20, 60); index++) {
        const deal = dealFor(23, index);
        player.setDeal(deal);
        startFrame(frames, 0);
        let random = 0x9e3779b9 ^ (index * 7919);
        // (The plain game can move a lone card to and fro for ever: a play stops after 400 moves.)
        for (let played = 0; played < 400; played++) {
          const count = player.generate(frames, 0, moves, 0);
          if (count === 0) break;
          random ^= random << 13;
          random ^= random >>> 17;
          random ^= random << 5;
          player.apply(frames, 0, FRAME, moves[(random >>> 0) % count]!);
          frames.copyWithin(0, FRAME, 2 * FRAME);
          if (frames[F_DEALT]! < 40 || (random & 3) !== 0) continue;
          const from = frames.slice(0, FRAME);
          const plain = plainSearch.run(deal, { maxStates: 100_000, from });
          if (plain.status === 'aborted') continue;
          const reduced = reducedSearch.run(deal, { maxStates: 1_000_000, from });
          expect(reduced.status, `deal ${index}`).toBe(plain.status);
          expect(reduced.best, `deal ${index}`).toBe(plain.best);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(sized(25, 80));
    });
  }
});

describe('properties', () => {
  const dealIndex = fc.integer({ min: 0, max: 1_000_000 });

  it('every won solution replays through verify, under its variant and rule', () => {
    fc.assert(
      fc.property(dealIndex, fc.constantFrom(...COMBOS), (index, [variant, discards]) => {
        const deal = dealFor(3, index);
        const result = solver.solve(deal, { variant, rule: discards, maxStates: 100_000 });
        if (result.result === 'won') expectValidWin(result, deal, variant, discards);
      }),
      { numRuns: sized(20, 60) },
    );
  });

  it('solutions are 1-minimal: dropping any single move makes them invalid', () => {
    fc.assert(
      fc.property(dealIndex, fc.constantFrom(...COMBOS), (index, [variant, discards]) => {
        const deal = dealFor(5, index);
        const result = solver.solve(deal, { variant, rule: discards, maxStates: 100_000 });
        if (result.result !== 'won') return;
        for (let i = 0; i < result.solution.length; i++) {
          const shorter = result.solution.filter((_, j) => j !== i);
          expect(replay(deal, shorter, variant, discards).ok).toBe(false);
        }
      }),
      { numRuns: sized(10, 30) },
    );
  });

  it('every forced win is an optional win, and forced max discards never exceed optional', () => {
    fc.assert(
      fc.property(dealIndex, fc.constantFrom(...VARIANTS), (index, variant) => {
        const deal = dealFor(9, index);
        const forced = solver.solve(deal, { variant, rule: 'forced', maxStates: 100_000, solution: false });
        const optional = solver.solve(deal, { variant, rule: 'optional', maxStates: 100_000, solution: false });
        if (forced.result === 'won') expect(optional.result).toBe('won');
        expect(discardBounds(optional).upper).toBeGreaterThanOrEqual(discardBounds(forced).lower);
      }),
      { numRuns: sized(15, 40) },
    );
  });

  it('a deal solved under both rules in turn (the forced searches reused) gets the answers of separate solvers', () => {
    const shared = new Solver();
    const runs = vi.spyOn(Search.prototype, 'run');
    let alone = 0;
    let inTurn = 0;
    try {
      const budget = fc.constantFrom(20_000, 40_000);
      fc.assert(
        fc.property(
          dealIndex,
          fc.constantFrom(...VARIANTS),
          fc.constantFrom('exact' as const, 'bounds' as const),
          fc.boolean(),
          budget,
          budget,
          (index, variant, maxDiscards, optionalFirst, firstBudget, secondBudget) => {
            const deal = dealFor(17, index);
            // Budgets small enough that some deals end unknown, so that the verdict search runs on what is left;
            // two of them, as a reused run must have been made with the same budget.
            const rules: DiscardRule[] = optionalFirst ? ['optional', 'forced'] : ['forced', 'optional'];
            const options = rules.map((rule, i) => ({
              variant,
              rule,
              maxStates: i === 0 ? firstBudget : secondBudget,
              maxDiscards,
              solution: 'raw' as const,
            }));
            runs.mockClear();
            const separate = options.map((o) => new Solver().solve(deal, o));
            alone += runs.mock.calls.length;
            runs.mockClear();
            const together = options.map((o) => shared.solve(deal, o));
            inTurn += runs.mock.calls.length;
            expect(together).toEqual(separate);
          },
        ),
        { numRuns: sized(15, 40) },
      );
    } finally {
      runs.mockRestore();
    }
    // The reuse happened: each deal's forced runs were made once.
    expect(inTurn).toBeLessThan(alone);
  });

  it("maxDiscards 'bounds' stops at the verdict: the same verdict, bounds that hold the exact max", () => {
    let ranges = 0;
    fc.assert(
      fc.property(dealIndex, fc.constantFrom(...COMBOS), (index, [variant, discards]) => {
        const deal = dealFor(15, index);
        const exact = solver.solve(deal, { variant, rule: discards, maxStates: 200_000, solution: false });
        const verdict = solver.solve(deal, { variant, rule: discards, maxStates: 200_000, solution: false, maxDiscards: 'bounds' });
        if (exact.result === 'unknown' || verdict.result === 'unknown') return;
        expect(verdict.result).toBe(exact.result);
        const pinned = discardBounds(exact),
          range = discardBounds(verdict);
        if (pinned.lower !== pinned.upper) return;
        expect(range.lower).toBeLessThanOrEqual(pinned.lower);
        expect(range.upper).toBeGreaterThanOrEqual(pinned.upper);
        if (range.lower < range.upper) ranges += 1;
      }),
      { numRuns: sized(20, 40) },
    );
    expect(ranges).toBeGreaterThan(0);
  });

  it('a budget ends in unknown with bounds that hold the exact answer', () => {
    for (const [variant, discards] of COMBOS) {
      // Small enough that many deals stop on it (strict × forced decides most deals within 300 states).
      const budget = variant === 'strict' ? 30 : 300;
      let unknowns = 0;
      // (Deals 0–2 in npm test: each rule set stops on the budget in one or two of them.)
      for (let index = 0; index < sized(3, 16); index++) {
        const deal = dealFor(13, index);
        const exact = solver.solve(deal, { variant, rule: discards, maxStates: 200_000, solution: false });
        const cut = solver.solve(deal, { variant, rule: discards, maxStates: budget, solution: false });
        if (exact.result === 'unknown' || discardBounds(exact).lower !== discardBounds(exact).upper) continue;
        if (cut.result !== 'unknown') {
          expect(cut.result).toBe(exact.result);
          continue;
        }
        unknowns += 1;
        expect(cut.states).toBeLessThanOrEqual(budget);
        expect(cut.lower).toBeLessThanOrEqual(discardBounds(exact).lower);
        expect(cut.upper).toBeGreaterThanOrEqual(discardBounds(exact).upper);
      }
      expect({ variant, discards, unknowns: unknowns > sized(0, 2) }).toEqual({ variant, discards, unknowns: true });
    }
  });
});
