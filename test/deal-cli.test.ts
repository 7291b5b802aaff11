// `acesup deal` as a user runs it: --json, and --winnable's deals, each checked by the independent replayer
// (core/game/verify.ts), the same list for the same options, what --with-line prints read back by `verify --file`,
// and the options' mistakes as one-line errors.

import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { formatDeal, parseDeal } from '../src/core/game/cards.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { replay } from '../src/core/game/verify.ts';
import { Solver } from '../src/core/search/solve.ts';
import { acesup, expectUsageError } from './cli-run.ts';

const lines = (text: string): string[] => text.trim().split('\n');

describe('acesup deal', () => {
  it('--json gives seed, index and deal per line', async () => {
    const ran = await acesup(['deal', '--seed', '9', '--index', '5', '--count', '3', '--json']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(lines(ran.stdout).map((line) => JSON.parse(line))).toEqual(
      [5, 6, 7].map((index) => ({ seed: 9, index, deal: formatDeal(dealFor(9, index)) })),
    );
  });

  it('--winnable --with-line prints deals proved won, skipping only those not won, with lines that replay', async () => {
    const args = ['deal', '--winnable', '--seed', '11', '--count', '5', '--discards', 'forced', '--max-states', '300000', '--with-line'];
    const ran = await acesup(args);
    expect(ran.code, ran.stderr).toBe(0);
    const rows = lines(ran.stdout).map((line) => line.split('\t'));
    expect(rows).toHaveLength(5);
    const solver = new Solver();
    let index = 0;
    for (const [deal, moves] of rows) {
      // the deals in order of index: those before this one are not proved won in the same budget
      while (formatDeal(dealFor(11, index)) !== deal) {
        const skipped = solver.solve(dealFor(11, index), {
          variant: 'standard',
          rule: 'forced',
          maxStates: 300_000,
          maxDiscards: 'bounds',
        });
        expect(skipped.result, `deal ${index}`).not.toBe('won');
        index += 1;
        expect(index).toBeLessThan(1000);
      }
      expect(replay(parseDeal(deal!), parseMoves(moves!), 'standard', 'forced')).toEqual({ ok: true });
      index += 1;
    }
    // what it printed is what `verify --file` reads, and it agrees
    const checked = await acesup(['verify', '--discards', 'forced', '--file', '-'], { input: ran.stdout });
    expect(checked.code, checked.stderr).toBe(0);
    expect(lines(checked.stdout)).toEqual([1, 2, 3, 4, 5].map((n) => `line ${n}: ok`));
  });

  it('--winnable --json names the game, and the same options give the same deals (those of the shorter list first)', async () => {
    const json = (count: string) =>
      acesup([
        'deal',
        '--winnable',
        '--variant',
        'strict',
        '--seed',
        '2',
        '--count',
        count,
        '--max-states',
        '100000',
        '--json',
        '--with-line',
      ]);
    const [three, two] = await Promise.all([json('3'), json('2')]);
    expect(three.code, three.stderr).toBe(0);
    const rows = lines(three.stdout).map((line) => JSON.parse(line));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ seed: 2, variant: 'strict', discards: 'optional', deal: formatDeal(dealFor(2, row.index)) });
      expect(replay(parseDeal(row.deal), parseMoves(row.solution.join(',')), 'strict', 'optional')).toEqual({ ok: true });
    }
    expect(lines(two.stdout)).toEqual(lines(three.stdout).slice(0, 2));
    const plain = await acesup(['deal', '--winnable', '--variant', 'strict', '--seed', '2', '--count', '3', '--max-states', '100000']);
    expect(lines(plain.stdout)).toEqual(rows.map((row) => row.deal));
  });

  it('gives up after --max-tried deals with those found, exit 1 and a one-line message', async () => {
    const ran = await acesup(['deal', '--winnable', '--count', '2', '--max-states', '1', '--max-tried', '3']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toBe('acesup: only 0 of 2 deals proved winnable among the 3 looked at (--max-tried 3)\n');
  });

  it('refuses the --winnable options without --winnable, and a bad variant', async () => {
    expectUsageError(await acesup(['deal', '--with-line']), /--with-line needs --winnable/u);
    expectUsageError(await acesup(['deal', '--max-states', '10']), /--max-states needs --winnable/u);
    expectUsageError(await acesup(['deal', '--winnable', '--variant', 'hard']), /--variant/u);
  });
});
