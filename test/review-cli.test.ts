// Black-box tests of `acesup review`: the binary run as a user would on players' lines, its answer checked against
// the library's solve on the positions it names and its winning line against verify; the forms a line may take
// (as solve prints it, standard input, --seed and --index, the reversed reading); bad input one line and exit 2.

import { describe, expect, it } from 'vitest';
import { parseDeal } from '../src/core/game/cards.ts';
import { describeGameMove, formatMove, parseMove } from '../src/core/game/notation.ts';
import { mapMove, toReversed } from '../src/core/game/reverse.ts';
import { formatDeal, seededDeal, solve, verify } from '../src/index.ts';
import { acesup, expectUsageError } from './cli-run.ts';
import { playersLine } from './players-line.ts';

interface Reviewed {
  deal: string;
  outcome: string;
  winnableAtStart: boolean | null;
  firstLosingMove: number | null;
  losingMove: string | null;
  winningLine: string[] | null;
  moves: number;
  end: string;
}

/** A line of KPatience's game 17 that loses it (the deal is won: solve finds a line). */
const DEAL = 'kpat:17';
const LINE = playersLine(DEAL, 3);

describe('acesup review', () => {
  it('names the first losing move, as solve --after sees the positions before and after it, with a line that wins', async () => {
    const ran = await acesup(['review', DEAL, LINE.join(', '), '--json']);
    expect(ran.code, ran.stderr).toBe(0);
    const answer = JSON.parse(ran.stdout) as Reviewed;
    expect(answer).toMatchObject({ deal: formatDeal(parseDeal(DEAL)), outcome: 'lost', winnableAtStart: true, moves: LINE.length });
    const k = answer.firstLosingMove!;
    expect(solve(DEAL, { after: LINE.slice(0, k - 1) }).result).toBe('won');
    expect(solve(DEAL, { after: LINE.slice(0, k) }).result).toBe('lost');
    expect(answer.losingMove).toBe(LINE[k - 1]);
    expect(verify(DEAL, [...LINE.slice(0, k - 1), ...answer.winningLine!])).toEqual({ ok: true });

    // The same in words: the verdict at the start, the move, and the line numbered on from it as solve numbers one.
    const text = await acesup(['review', DEAL, LINE.join(', ')]);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Deal ${answer.deal} (KPatience's game 17)`);
    expect(lines[1]).toMatch(new RegExp(`^standard · optional discards · ${LINE.length} moves, `, 'u'));
    expect(lines.slice(2, 5)).toEqual([
      'The deal was winnable at the start.',
      `Move ${k} (${describeGameMove(parseMove(answer.losingMove!))}) lost it: after it no line of play wins.`,
      `From the position before it, this line wins (${answer.winningLine!.length} moves):`,
    ]);
    expect(lines[5]!.trim()).toBe(`${k}. ${describeGameMove(parseMove(answer.winningLine![0]!))}`);
    expect(lines).toHaveLength(5 + answer.winningLine!.length);
  });

  it('reads the line as solve prints it, from standard input, and the deal by --seed and --index', async () => {
    const printed = LINE.map((move, i) => `  ${String(i + 1).padStart(2)}. ${describeGameMove(parseMove(move))}`).join('\n');
    const deal = seededDeal(3, 5);
    const line = playersLine(deal, 8);
    const [plain, numbered, piped, seeded] = await Promise.all([
      acesup(['review', DEAL, LINE.join(', '), '--json']),
      acesup(['review', DEAL, printed, '--json']),
      acesup(['review', DEAL, '-', '--json'], { input: `${printed}\n` }),
      acesup(['review', '--seed', '3', '--index', '5', line.join(', '), '--json']),
    ]);
    const answer = (ran: { stdout: string; stderr: string; code: number | null }): Record<string, unknown> => {
      expect(ran.code, ran.stderr).toBe(0);
      const { ms: _, ...rest } = JSON.parse(ran.stdout) as Record<string, unknown>;
      return rest;
    };
    expect(answer(numbered)).toEqual(answer(plain));
    expect(answer(piped)).toEqual(answer(plain));
    const direct = await acesup(['review', deal, line.join(', '), '--json']);
    expect(answer(seeded)).toEqual(answer(direct));
  });

  it('reads the reversed reading: the twin line of the twin deal lost at the same move', async () => {
    const twin = (move: string): string => formatMove(mapMove(parseMove(move), toReversed));
    const reversed = formatDeal(parseDeal(DEAL).map(toReversed));
    const [standard, mirrored] = await Promise.all([
      acesup(['review', DEAL, LINE.join(', '), '--json']),
      acesup(['review', reversed, LINE.map(twin).join(', '), '--reverse', '--json']),
    ]);
    const one = JSON.parse(standard.stdout) as Reviewed;
    const two = JSON.parse(mirrored.stdout) as Reviewed;
    expect(two.deal).toBe(reversed);
    expect(two.firstLosingMove).toBe(one.firstLosingMove);
    expect(two.losingMove).toBe(twin(one.losingMove!));
    expect(two.winningLine).toEqual(one.winningLine!.map(twin));
  });

  it('says a deal no line wins could not be won, and a won line won', async () => {
    // KPatience's game 617 is lost: solve says so, and review says no move lost it.
    expect(solve('kpat:617').result).toBe('lost');
    const lost = await acesup(['review', 'kpat:617', playersLine('kpat:617', 1).join(', ')]);
    expect(lost.code, lost.stderr).toBe(0);
    expect(lost.stdout).toContain('The deal could not be won: no line of play wins it from the start, so no move lost it.');
    const won = solve(DEAL);
    if (won.result !== 'won') throw new Error('KPatience game 17 is won');
    const whole = await acesup(['review', DEAL, won.solution.join(', '), '--json']);
    expect(JSON.parse(whole.stdout)).toMatchObject({ outcome: 'won', end: 'won', firstLosingMove: null, winnableAtStart: true });
  });

  it.each([
    [[DEAL, 'deal, deal, remove 2C'], /^acesup: move 3 \(remove 2C\): 2C is still in the stock$/u],
    [[DEAL, 'deal, jump'], /^acesup: move 2: "jump" is not a move/u],
    [[DEAL], /^acesup: no moves given/u],
    [[], /^acesup: no deal given/u],
    [['kpat:0', 'deal'], /^acesup: kpat:0: KPatience numbers its games from 1/u],
    [['--index', '3', 'deal'], /^acesup: --index names a deal of a seed: give --seed too/u],
    [['--seed', '3', DEAL, 'deal'], /^acesup: with --seed, give the moves alone/u],
    [[DEAL, 'deal', '--passes', '0'], /expected a whole number from 1 to 8/u],
  ])('refuses %j in one line, exit 2', async (args, message) => {
    expectUsageError(await acesup(['review', ...args]), message);
  });
});
