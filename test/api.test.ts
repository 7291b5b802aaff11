// The library's functions (src/core/api.ts, the main entry's): solve's verdicts against the solver tests' known deal,
// every winning line checked by the independent replayer, winnable deals reproducible and skipping only deals not
// won, bad input as InputError, and the main entry's imports: core alone, no Node API.

import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INDEX, MAX_SEED, formatDeal } from '../src/core/game/cards.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { replay } from '../src/core/game/verify.ts';
import { Solver } from '../src/core/search/solve.ts';
import {
  InputError,
  type SolveProgress,
  eachWinnableDeal,
  parseDeal,
  seededDeal,
  solve,
  verdictWords,
  verify,
  winnableDeals,
} from '../src/index.ts';
import { solveOnThreads } from '../src/node.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** Standard and easy are won under forced; strict is lost with at most 46 discards (the solver tests' deal). */
const DEAL =
  '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';

describe('solve and verify', () => {
  it('wins standard and easy under forced discards with lines the independent replayer accepts', () => {
    for (const variant of ['standard', 'easy'] as const) {
      const verdict = solve(DEAL, { variant, discards: 'forced' });
      expect(verdict.result).toBe('won');
      if (verdict.result !== 'won') continue;
      expect(replay(parseDeal(DEAL), parseMoves(verdict.solution.join(',')), variant, 'forced')).toEqual({ ok: true });
      expect(verify(DEAL, verdict.solution, { variant, discards: 'forced' })).toEqual({ ok: true });
      expect(verify(DEAL, verdict.solution.join(', '), { variant, discards: 'forced' })).toEqual({ ok: true });
    }
  });

  it('proves strict × forced lost with max discards 46, pinned, or a range holding it with maxDiscards bounds', () => {
    expect(solve(DEAL, { variant: 'strict', discards: 'forced' })).toMatchObject({ result: 'lost', maxDiscards: 46, lower: 46, upper: 46 });
    const bounds = solve(DEAL, { variant: 'strict', discards: 'forced', maxDiscards: 'bounds' });
    expect(bounds.result).toBe('lost');
    if (bounds.result === 'lost') expect(bounds.lower <= 46 && 46 <= bounds.upper && bounds.upper < 48).toBe(true);
  });

  it('answers unknown with bounds that hold the true max discards when the budget is too small', () => {
    const verdict = solve(DEAL, { variant: 'strict', discards: 'forced', maxStates: 50 });
    expect(verdict).toMatchObject({ result: 'unknown', stoppedBy: 'states' });
    if (verdict.result === 'unknown') expect(verdict.lower <= 46 && 46 <= verdict.upper).toBe(true);
  });

  it('takes the deal as its card numbers too, and defaults to standard with optional discards', () => {
    const deal = parseDeal(DEAL);
    const verdict = solve(deal);
    expect(verdict).toEqual(solve(DEAL, { variant: 'standard', discards: 'optional' }));
    expect(verdict.result).toBe('won');
    if (verdict.result === 'won')
      expect(replay(deal, parseMoves(verdict.solution.join(',')), 'standard', 'optional')).toEqual({ ok: true });
  });

  it('names the first illegal move, or the moves + 1 when the line is legal but does not win', () => {
    const won = solve(DEAL, { variant: 'standard', discards: 'forced' });
    if (won.result !== 'won') throw new Error('expected a win');
    const short = won.solution.slice(0, -1);
    expect(verify(DEAL, short, { discards: 'forced' })).toMatchObject({ ok: false, move: short.length + 1 });
    expect(verify(DEAL, ['move 4C 1'], { discards: 'forced' })).toMatchObject({ ok: false, move: 1 });
  });

  it('refuses bad input with an InputError naming it', () => {
    expect(() => solve('AS KS')).toThrow(InputError);
    expect(() => solve(DEAL, { variant: 'hard' as 'easy' })).toThrow(/unknown variant "hard"/u);
    expect(() => solve(DEAL, { discards: 'never' as 'forced' })).toThrow(/unknown discard rule "never"/u);
    expect(() => solve(DEAL, { maxStates: 0 })).toThrow(/maxStates/u);
    expect(() => solve(new Uint8Array(52))).toThrow(/not a deal/u);
    expect(() => verify(DEAL, 'jump 4C')).toThrow(InputError);
    expect(() => seededDeal(-1)).toThrow(/seed/u);
    expect(() => seededDeal(1, 0.5)).toThrow(/index/u);
    expect(() => winnableDeals({ seed: 1, count: 0 })).toThrow(/count/u);
  });
});

/** A deal that 200,000 positions leave unknown under standard × optional (time-limit.test.ts's hard deal). */
const HARD =
  '5C 3C 6H TS AD JC 9D QD 3H 9S 9H QC JD 4S AS 7D JH 3S 5S TH KS 9C 8D 8S KD 7C QH 5D TD KC 8H 4D 6C QS 4H TC 2H AC 5H 4C 3D 2D KH JS 6D 2C 7S AH 8C 6S 2S 7H';

describe('verdictWords', () => {
  it("says each verdict of the known deal in solve's line and the page's sentence, with its figures", () => {
    const won = solve(DEAL, { variant: 'standard', discards: 'forced' });
    if (won.result !== 'won') throw new Error('expected a win');
    const n = won.solution.length;
    expect(verdictWords(won)).toEqual({
      line: `WON — 48 discards, ${n} moves`,
      sentence: `Won from here: perfect play wins with this line of ${n} moves (${won.states.toLocaleString('en-US')} positions searched).`,
    });
    const lost = solve(DEAL, { variant: 'strict', discards: 'forced' });
    expect(verdictWords(lost, { discarded: 3 }).line).toBe('LOST — at most 46 discards');
    expect(verdictWords(lost, { discarded: 3 }).sentence).toMatch(
      /^Lost from here: no line wins; the most cards any line discards is 46 \(3 discarded so far\)/u,
    );
    const unknown = solve(DEAL, { variant: 'strict', discards: 'forced', maxStates: 50 });
    if (unknown.result !== 'unknown') throw new Error('expected unknown');
    expect(verdictWords(unknown, { maxStates: 50 })).toEqual({
      line: `UNKNOWN — between ${unknown.lower} and ${unknown.upper} discards`,
      sentence: `Undecided within 50 positions: the most cards a line discards lies between ${unknown.lower} and ${unknown.upper} (48 wins).`,
    });
  });
});

describe('solve with a time limit, progress and a signal, as acesup solve DEAL', () => {
  it('timeLimit: a deal one pass leaves unknown is solved again at larger budgets and decided', () => {
    const game = { variant: 'strict', discards: 'forced', maxStates: 50 } as const;
    expect(solve(DEAL, game)).toMatchObject({ result: 'unknown', stoppedBy: 'states' });
    expect(solve(DEAL, { ...game, timeLimit: 600 })).toMatchObject({ result: 'lost', maxDiscards: 46 });
    expect(() => solve(DEAL, { timeLimit: -1 })).toThrow(/timeLimit/u);
  });

  it('onProgress reports the search as it goes; a signal aborted from it stops the solve with the bounds proven', () => {
    const seen: SolveProgress[] = [];
    const once = solve(HARD, { maxStates: 200_000, onProgress: (p) => seen.push(p) });
    expect(once).toMatchObject({ result: 'unknown', stoppedBy: 'states' });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((p) => p.pass === 1 && p.maxStates === 200_000 && p.lower <= p.upper)).toBe(true);
    expect(seen.map((p) => p.states)).toEqual([...seen.map((p) => p.states)].sort((a, b) => a - b));
    const controller = new AbortController();
    const stopped = solve(HARD, { maxStates: 200_000, signal: controller.signal, onProgress: () => controller.abort() });
    expect(stopped).toMatchObject({ result: 'unknown', stoppedBy: 'aborted' });
    expect(stopped.states).toBeLessThan(once.states);
  });

  it("solveOnThreads ('acesup/node') gives solve's answer on threads of its own, and stops at once on its signal", async () => {
    const lost = await solveOnThreads(DEAL, { variant: 'strict', discards: 'forced' });
    expect(lost).toEqual(solve(DEAL, { variant: 'strict', discards: 'forced' }));
    const won = await solveOnThreads(DEAL, { variant: 'strict', timeLimit: 60, threads: 2 });
    expect(won.result).toBe('won');
    if (won.result === 'won') expect(verify(DEAL, won.solution, { variant: 'strict' })).toEqual({ ok: true });
    // A deal past its first pass, on two threads within three seconds: proven bounds, as far as the clock allowed.
    const hard = await solveOnThreads(HARD, { maxStates: 2000, timeLimit: 3, threads: 2, maxDiscards: 'bounds' });
    expect(hard.result).toMatch(/^(unknown|won|lost)$/u);
    if (hard.result !== 'won') expect(hard.lower).toBeLessThanOrEqual(hard.upper);
    // Aborted from outside while it searches: the bounds so far.
    const controller = new AbortController();
    const progress: SolveProgress[] = [];
    const running = solveOnThreads(HARD, {
      maxStates: 1_000_000_000,
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        controller.abort();
      },
    });
    const aborted = await running;
    expect(progress.length).toBeGreaterThan(0);
    expect(aborted).toMatchObject({ result: 'unknown', stoppedBy: 'aborted' });
  });
});

describe('seeded deals', () => {
  it('seededDeal(S, I) is the batch runs’ deal I of seed S, as a string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.integer({ min: 0, max: MAX_INDEX }), (seed, index) => {
        expect(seededDeal(seed, index)).toBe(formatDeal(dealFor(seed, index)));
        expect(formatDeal(parseDeal(seededDeal(seed, index)))).toBe(seededDeal(seed, index));
      }),
      { numRuns: 200 },
    );
  });
});

describe('winnable deals', () => {
  it('are the deals in order that the solver proves won, each with a line the replayer accepts', () => {
    const options = { seed: 7, count: 6, variant: 'standard', discards: 'forced', maxStates: 200_000 } as const;
    const found = winnableDeals(options);
    expect(found).toHaveLength(6);
    const solver = new Solver();
    let next = 0;
    for (const { index, deal, solution } of found) {
      expect(deal).toBe(seededDeal(7, index));
      expect(replay(parseDeal(deal), parseMoves(solution.join(',')), 'standard', 'forced')).toEqual({ ok: true });
      // every deal skipped before it is one the solver does not prove won within the budget
      for (; next < index; next++) {
        const skipped = solver.solve(dealFor(7, next), { variant: 'standard', rule: 'forced', maxStates: 200_000, maxDiscards: 'bounds' });
        expect(skipped.result, `deal ${next}`).not.toBe('won');
      }
      next = index + 1;
    }
  });

  it('are the same list for the same options, a longer list extends a shorter one, and a later index starts later', () => {
    const options = { seed: 3, variant: 'strict', discards: 'optional', maxStates: 100_000 } as const;
    const four = winnableDeals({ ...options, count: 4 });
    expect(winnableDeals({ ...options, count: 4 })).toEqual(four);
    expect(winnableDeals({ ...options, count: 2 })).toEqual(four.slice(0, 2));
    expect([...eachWinnableDeal({ ...options, count: 4 })]).toEqual(four);
    expect(winnableDeals({ ...options, count: 2, index: four[1]!.index })).toEqual(four.slice(1, 3));
  });

  it('gives up after maxTried deals with those found', () => {
    expect(winnableDeals({ seed: 1, count: 3, maxStates: 1, maxTried: 4 })).toEqual([]);
  });
});

/** The modules a source file imports (its comments left out: they may show an import). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//gu, '')
    .replace(/^\s*\/\/.*$/gmu, '');
  return [...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/gu)].map((m) => m[1]!);
}

describe('the main entry', () => {
  it('reaches only src/core (and src/index.ts), with no Node API and no package but pure-rand', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
        else packages.add(spec.split('/')[0]!);
      }
    };
    visit(join(ROOT, 'src/index.ts'));
    const outside = [...seen]
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== 'src/index.ts' && !file.startsWith('src/core/'));
    expect(outside).toEqual([]);
    expect([...packages]).toEqual(['pure-rand']);
    expect(seen.size).toBeGreaterThan(10);
  });
});

describe('the web page', () => {
  it('uses the library through its public entry alone (src/index.ts), never core’s modules', () => {
    const dir = join(ROOT, 'src/web');
    const files = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    const reached = files.flatMap((name) =>
      importsOf(join(dir, name))
        .filter((spec) => spec.startsWith('..'))
        .map((spec) => `${name}: ${spec}`),
    );
    expect(reached.every((line) => line.endsWith(': ../index.ts'))).toBe(true);
    expect(reached.length).toBeGreaterThan(3);
  });
});
