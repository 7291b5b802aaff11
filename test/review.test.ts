// Where a game was lost (review): the binary search against a line of known verdicts, and the library's answers
// against the solver's verdicts on the positions before and after the move it names (solve with `after`), their
// winning lines replayed by the independent replayer, and a position-by-position scan of whole lines.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDeal } from '../src/core/game/cards.ts';
import { formatMove, parseMove } from '../src/core/game/notation.ts';
import { Rng } from '../src/core/game/random.ts';
import { mapMove, toReversed } from '../src/core/game/reverse.ts';
import type { DiscardRule, Variant } from '../src/core/game/rules.ts';
import { type PositionVerdict, searchLine } from '../src/core/review.ts';
import { InputError, type ReviewAnswer, formatDeal, newGame, review, seededDeal, solve, verify } from '../src/index.ts';
import { sized } from './deep.ts';

/** A legal line from the start: mostly removals, now and then another move, until `length` moves or the game's end. */
function randomLine(deal: string, variant: Variant, discards: DiscardRule, length: number, seed: number): string[] {
  const game = newGame(deal, { variant, discards });
  const rng = new Rng(seed);
  while (game.status() === 'playing' && game.moves().length < length) {
    const legal = game.legalMoves();
    const removals = legal.filter((move) => move.startsWith('remove'));
    game.play(removals.length > 0 && rng.below(4) > 0 ? removals[rng.below(removals.length)]! : legal[rng.below(legal.length)]!);
  }
  return game.moves();
}

/** The budgets the reviews here are given (a fortieth of the default: the lines are many), and their passes. */
const BUDGET = { maxStates: 50_000, passes: 2 } as const;

/** The solver's verdict on the position `moves` reach, at the reviews' budgets (50,000 positions, then 8× that). */
function verdictAfter(deal: string, moves: readonly string[], variant: Variant, discards: DiscardRule): string {
  const options = { variant, discards, after: [...moves], maxDiscards: 'bounds', maxStates: BUDGET.maxStates } as const;
  const first = solve(deal, options).result;
  return first === 'unknown' ? solve(deal, { ...options, maxStates: 8 * BUDGET.maxStates }).result : first;
}

/** Checks a review's answer against solve on the positions it names, and its winning line against verify. */
function checkAnswer(deal: string, line: string[], variant: Variant, discards: DiscardRule, answer: ReviewAnswer): void {
  const rules = { variant, discards };
  const where = `${variant}/${discards} ${deal.slice(0, 11)} after ${line.length}`;
  expect({ where, moves: answer.moves }).toEqual({ where, moves: line.length });
  switch (answer.outcome) {
    case 'lost': {
      const k = answer.firstLosingMove!;
      expect({ where, before: verdictAfter(deal, line.slice(0, k - 1), variant, discards) }).toEqual({ where, before: 'won' });
      expect({ where, after: verdictAfter(deal, line.slice(0, k), variant, discards) }).toEqual({ where, after: 'lost' });
      expect(answer.losingMove).toBe(line[k - 1]);
      expect(verify(deal, [...line.slice(0, k - 1), ...answer.winningLine!], rules)).toEqual({ ok: true });
      expect([answer.winnableAtStart, answer.lastWinnable, answer.firstLost]).toEqual([true, k - 1, k]);
      break;
    }
    case 'unwinnable':
      expect({ where, start: verdictAfter(deal, [], variant, discards) }).toEqual({ where, start: 'lost' });
      expect([answer.winnableAtStart, answer.firstLosingMove, answer.winningLine]).toEqual([false, null, null]);
      break;
    case 'winnable':
      expect(verify(deal, [...line, ...answer.winningLine!], rules)).toEqual({ ok: true });
      expect([answer.winnableAtStart, answer.firstLosingMove]).toEqual([true, null]);
      break;
    case 'won':
      expect(verify(deal, line, rules)).toEqual({ ok: true });
      break;
    case 'unknown':
      // Said as such: no losing move named, no verdict at the start unless one was proved.
      expect(answer.firstLosingMove).toBeNull();
      break;
  }
}

describe('the binary search over a line', () => {
  it('finds the change from winnable to lost in O(log n) verdicts, and never names a move it did not prove', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: -1, max: 121 }),
        fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 6 }),
        (n, change, unknowns) => {
          // Positions 0 … n: winnable before `change` (clamped), lost from it on; some of them undecided.
          const lostFrom = Math.max(0, Math.min(change, n + 1));
          const hidden = new Set(unknowns);
          let asked = 0;
          const verdictAt = (position: number): PositionVerdict => {
            asked += 1;
            expect(position >= 0 && position <= n).toBe(true);
            if (hidden.has(position)) return { result: 'unknown' };
            return position < lostFrom ? { result: 'won', line: [] } : { result: 'lost' };
          };
          const cap = 1 + (n % 4);
          const found = searchLine(n, verdictAt, cap);
          // What it says is true of the line, and as much as the verdicts allow.
          if (found.lastWinnable >= 0) expect(found.lastWinnable).toBeLessThan(lostFrom);
          if (found.firstLost <= n) expect(found.firstLost).toBeGreaterThanOrEqual(lostFrom);
          // A gap left between them is of undecided positions only, unless it gave up after `cap` undecided ones.
          const gap: number[] = [];
          for (let p = Math.max(found.lastWinnable, 0) + 1; p < Math.min(found.firstLost, n + 1); p++) gap.push(p);
          const undecided = [...hidden].filter((p) => p <= n).length;
          if (undecided < cap)
            for (const p of gap.filter((q) => q !== n)) expect({ p, undecided: hidden.has(p) }).toEqual({ p, undecided: true });
          if (hidden.size === 0) {
            expect([found.lastWinnable, found.firstLost]).toEqual([lostFrom - 1, lostFrom]);
            expect(asked).toBeLessThanOrEqual(Math.ceil(Math.log2(n + 1)) + 2);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('review', () => {
  it('names a move after which solve --after finds no win and before which it finds one, on many random lines', () => {
    const rows: [Variant, DiscardRule, number][] = [
      ['standard', 'forced', sized(5, 12)],
      ['strict', 'forced', sized(5, 12)],
      ['easy', 'forced', sized(3, 6)],
      ['standard', 'optional', sized(3, 6)],
    ];
    const seen = new Set<string>();
    for (const [variant, discards, count] of rows) {
      for (let i = 0; i < count; i++) {
        const deal = seededDeal(31, i);
        const line = randomLine(deal, variant, discards, 30 + 5 * (i % 8), i);
        const answer = review(deal, line, { variant, discards, ...BUDGET });
        checkAnswer(deal, line, variant, discards, answer);
        seen.add(answer.outcome);
      }
    }
    // The lines reviewed include lost winnable games and deals lost from the start.
    expect([...seen].sort()).toEqual(expect.arrayContaining(['lost', 'unwinnable']));
  });

  it('agrees with a scan of every position of the line', () => {
    for (let i = 0; i < 8; i++) {
      const deal = seededDeal(32, i);
      const line = randomLine(deal, 'standard', 'forced', 40, 100 + i);
      const verdicts = line.map((_, k) => verdictAfter(deal, line.slice(0, k + 1), 'standard', 'forced'));
      const start = verdictAfter(deal, [], 'standard', 'forced');
      // Winnability only ever goes from won to lost, once.
      const all = [start, ...verdicts];
      const firstLost = all.indexOf('lost');
      expect(all.slice(firstLost < 0 ? all.length : firstLost).every((v) => v === 'lost')).toBe(true);
      const answer = review(deal, line, { discards: 'forced', ...BUDGET });
      expect({ i, first: answer.firstLost ?? -1 }).toEqual({ i, first: firstLost });
      expect({ i, losing: answer.firstLosingMove }).toEqual({ i, losing: firstLost > 0 ? firstLost : null });
    }
  });

  it('answers a won line as won, reads the reversed reading and numbered games, and refuses an illegal move naming it', () => {
    const won = solve('kpat:17', { discards: 'forced' });
    if (won.result !== 'won') throw new Error('KPatience game 17 is won under forced discards');
    expect(review('kpat:17', won.solution, { discards: 'forced' })).toMatchObject({ outcome: 'won', winnableAtStart: true, solved: 0 });
    const first = won.solution.slice(0, 10);
    expect(review('kpat:17', first, { discards: 'forced' }).outcome).toBe('winnable');
    expect(() => review('kpat:17', [...first, 'remove AS'])).toThrow(InputError);
    expect(() => review('kpat:17', 'deal, deal, remove 2C')).toThrow(/^move 3 \(remove 2C\): /u);
    // Reverse Idiot's Delight: the twin line of the twin deal, the same answer with its cards written aces low.
    const deal = seededDeal(33, 0);
    const line = randomLine(deal, 'standard', 'optional', 30, 1);
    const standard = review(deal, line);
    const twin = (move: string): string => formatMove(mapMove(parseMove(move), toReversed));
    const reversed = review(formatDeal(parseDeal(deal).map(toReversed)), line.map(twin), { reverse: true });
    expect(reversed).toEqual({
      ...standard,
      losingMove: standard.losingMove === null ? null : twin(standard.losingMove),
      winningLine: standard.winningLine?.map(twin) ?? null,
    });
  });

  it('says unknown rather than guessing when the budget is too small', () => {
    const deal = seededDeal(31, 2);
    const line = randomLine(deal, 'standard', 'optional', 40, 2);
    const answer = review(deal, line, { maxStates: 1, passes: 1 });
    expect(answer).toMatchObject({ outcome: 'unknown', firstLosingMove: null, losingMove: null, winningLine: null });
    checkAnswer(deal, line, 'standard', 'optional', answer);
    expect(() => review(deal, line, { passes: 0 })).toThrow(/passes/u);
  });
});
