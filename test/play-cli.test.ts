// Black-box tests of `acesup play` and `acesup estimate --policy`: the binary run as a user would; games
// replay through `acesup verify`; the per-deal CSV of a policy is the same for any worker count and shards,
// and agrees with games played directly; bad options are one line and exit 2.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { formatDeal, parseDeal } from '../src/core/game/cards.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { playGame } from '../src/core/play/game.ts';
import { makePolicy } from '../src/core/play/policies.ts';
import { Rng } from '../src/core/game/random.ts';
import { replay } from '../src/core/game/verify.ts';
import { acesup } from './cli-run.ts';
import { DEEP, sized } from './deep.ts';

const dir = mkdtempSync(join(tmpdir(), 'acesup-play-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string): string => join(dir, name);
const rows = (name: string): Record<string, string>[] =>
  parse(readFileSync(file(name), 'utf8'), { columns: true }) as Record<string, string>[];

describe('acesup play', () => {
  const deal = formatDeal(dealFor(1, 14));

  it('prints the game as JSON whose moves replay through acesup verify', async () => {
    const ran = await acesup([
      'play',
      deal,
      '--policy',
      'pimc',
      '--samples',
      '3',
      '--sample-states',
      '2000',
      '--discards',
      'forced',
      '--json',
    ]);
    expect(ran.code).toBe(0);
    const game = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(game).toMatchObject({ deal, variant: 'standard', discards: 'forced', policy: 'pimc(samples=3,states=2000)', playerSeed: 1 });
    const moves = game['moves'] as string[];
    expect(['won', 'lost']).toContain(game['result']);
    expect(typeof game['discarded']).toBe('number');
    const verdict = replay(parseDeal(deal), parseMoves(moves.join(',')), 'standard', 'forced');
    expect(verdict.ok).toBe(game['result'] === 'won');
    const checked = await acesup(['verify', deal, moves.join(', '), '--discards', 'forced']);
    if (game['result'] === 'won') expect(checked.stdout.trim()).toBe('ok');
    else expect(checked.stdout).toMatch(new RegExp(`^invalid: move ${moves.length + 1}: not won`, 'u'));
    // The same seed plays the same game.
    const again = JSON.parse(
      (await acesup(['play', deal, '--policy', 'pimc', '--samples', '3', '--sample-states', '2000', '--discards', 'forced', '--json']))
        .stdout,
    ) as Record<string, unknown>;
    expect(again['moves']).toEqual(moves);
  });

  it('plays the expert by default, its game replaying through the verifier, the same for the same seed', async () => {
    for (const discards of ['forced', 'optional'] as const) {
      const args = ['play', deal, '--samples', '8', '--discards', discards, '--json'];
      const ran = await acesup(args);
      expect(ran.code, ran.stderr).toBe(0);
      const game = JSON.parse(ran.stdout) as Record<string, unknown>;
      expect(game).toMatchObject({ deal, variant: 'standard', discards, policy: 'expert(samples=8)', playerSeed: 1 });
      const moves = game['moves'] as string[];
      expect(replay(parseDeal(deal), parseMoves(moves.join(',')), 'standard', discards).ok).toBe(game['result'] === 'won');
      expect((JSON.parse((await acesup(args)).stdout) as Record<string, unknown>)['moves']).toEqual(moves);
    }
  });

  it('prints numbered moves in suit symbols, the piles with --show, and the move list', async () => {
    const ran = await acesup(['play', deal, '--policy', 'greedy', '--ace-bonus', '2', '--variant', 'easy', '--show']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^easy · optional discards · greedy\(ace-bonus=2\), player seed 1: (WON|LOST) — \d+ discards, \d+ moves/mu);
    expect(ran.stdout).toMatch(/^ +1\. (deal|remove .[♣♦♥♠]|move )/mu);
    expect(ran.stdout).toMatch(/^ {6}1: /mu);
    const list = /^moves: (.*)$/mu.exec(ran.stdout)![1]!;
    const verdict = replay(parseDeal(deal), parseMoves(list), 'easy', 'optional');
    expect(verdict.ok || verdict.move === parseMoves(list).length + 1).toBe(true);
  });

  it('plays deal I of seed S (--seed, --index), and each deal of standard input or --file, with --player-seed', async () => {
    const args = ['--policy', 'random', '--player-seed', '7', '--json'];
    const alone = async (deal: string) => JSON.parse((await acesup(['play', deal, ...args])).stdout) as Record<string, unknown>;
    const bySeed = await acesup(['play', '--seed', '1', '--index', '14', ...args]);
    expect(bySeed.code, bySeed.stderr).toBe(0);
    const game = JSON.parse(bySeed.stdout) as Record<string, unknown>;
    expect({ ...game, ms: 0 }).toEqual({ ...(await alone(deal)), ms: 0 });
    expect(game).toMatchObject({ deal, policy: 'random', playerSeed: 7 });
    // Another player seed, another game (random moves): the seed is the player's.
    const other = JSON.parse((await acesup(['play', deal, '--policy', 'random', '--player-seed', '8', '--json'])).stdout) as Record<
      string,
      unknown
    >;
    expect(other['moves']).not.toEqual(game['moves']);
    // A list: the games of the deals alone, in order; a bad line named, the others still played (exit 2).
    const deals = [0, 1, 2].map((i) => formatDeal(dealFor(4, i)));
    const listed = await acesup(['play', ...args], { input: `${deals[0]}\n# a comment\nAS KS\n${deals[1]}\n${deals[2]}\n` });
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(/^acesup: line 3: deal has 2 cards, expected 52/u);
    const games = listed.stdout
      .trim()
      .split('\n')
      .map((line) => ({ ...(JSON.parse(line) as object), ms: 0 }));
    expect(games).toEqual(await Promise.all(deals.map(async (d) => ({ ...(await alone(d)), ms: 0 }))));
    writeFileSync(file('deals.txt'), `${deals.join('\n')}\n`);
    const fromFile = await acesup(['play', '--file', file('deals.txt'), ...args]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout.trim().split('\n')).toHaveLength(3);
    // The deal's seed is --seed: with a deal given too, one of them is refused.
    const both = await acesup(['play', deal, '--seed', '3']);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('acesup: give one deal source: the deal as an argument or --seed, not both\n');
  });

  it('refuses bad input in one line with exit 2', async () => {
    for (const args of [
      ['play', deal, '--policy', 'psychic'],
      ['play', deal, '--policy', 'greedy', '--samples', '5'],
      ['play', deal, '--policy', 'expert', '--sample-states', '5000'],
      ['play', deal, '--policy', 'expert', '--samples', '0'],
      ['play', deal, '--policy', 'basic', '--ace-bonus', '1'],
      ['play', 'AS KS'],
      ['play'],
    ]) {
      const ran = await acesup(args);
      expect(ran.code, args.join(' ')).toBe(2);
      expect(ran.stderr.trim().split('\n')).toHaveLength(1);
      expect(ran.stderr).toMatch(/^acesup: /u);
    }
  });
});

describe('acesup estimate --policy', () => {
  /** Deals of the policy runs (each under both rules). */
  const DEALS = sized(60, 240);
  const base = ['estimate', '--variant', 'standard', '--discards', 'both', '--deals', String(DEALS), '--seed', '9', '--no-timings'];

  it('gives the same per-deal CSV on 1 and 2 workers, agreeing with the games played one by one', async () => {
    const one = await acesup([...base, '--policy', 'basic', '--workers', '1', '--csv', file('basic-1.csv')]);
    const two = await acesup([...base, '--policy', 'basic', '--workers', '2', '--csv', file('basic-2.csv')]);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(readFileSync(file('basic-1.csv'), 'utf8')).toBe(readFileSync(file('basic-2.csv'), 'utf8'));
    const table = rows('basic-1.csv');
    expect(table).toHaveLength(2 * DEALS);
    for (const row of table) {
      expect(row['policy']).toBe('basic');
      const index = Number(row['index']);
      const discards = row['discards'] as 'optional' | 'forced';
      const game = playGame(dealFor(9, index), makePolicy('basic', 'standard', discards), 'standard', discards, new Rng(9, index));
      expect(row['result']).toBe(game.won ? 'won' : 'lost');
      expect(Number(row['max_discards_lower'])).toBe(game.discarded);
    }
    expect(one.stdout).toMatch(new RegExp(`^standard × forced · basic: .*, ${DEALS} games`, 'mu'));
    expect(one.stdout).toMatch(/games\/s per worker/u);
  });

  it('gives the same per-deal CSV for the expert on 1 and 2 workers, agreeing with its games played one by one', async () => {
    const deals = sized(12, 40);
    const expert = [
      'estimate',
      '--variant',
      'standard',
      '--discards',
      'both',
      '--deals',
      String(deals),
      '--seed',
      '9',
      '--no-timings',
      '--policy',
      'expert',
      '--samples',
      '6',
    ];
    const one = await acesup([...expert, '--workers', '1', '--csv', file('expert-1.csv')]);
    const two = await acesup([...expert, '--workers', '2', '--csv', file('expert-2.csv')]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(readFileSync(file('expert-1.csv'), 'utf8')).toBe(readFileSync(file('expert-2.csv'), 'utf8'));
    const table = rows('expert-1.csv');
    expect(table).toHaveLength(2 * deals);
    for (const row of table.filter((_, i) => i % 4 === 0)) {
      expect(row['policy']).toBe('expert(samples=6)');
      const index = Number(row['index']);
      const discards = row['discards'] as 'optional' | 'forced';
      const game = playGame(
        dealFor(9, index),
        makePolicy('expert', 'standard', discards, { samples: 6 }),
        'standard',
        discards,
        new Rng(9, index),
      );
      expect(row['result']).toBe(game.won ? 'won' : 'lost');
      expect(Number(row['max_discards_lower'])).toBe(game.discarded);
    }
  });

  it("--compare solver puts the solver's verdict of each deal in the policy's row, and the summary's figures come from those rows", async () => {
    const forced = [...base, '--discards', 'forced', '--max-states', '100000', '--workers', '2'];
    const ran = await acesup([
      ...forced,
      '--policy',
      'greedy',
      '--compare',
      'solver',
      '--csv',
      file('compare.csv.gz'),
      '--summary',
      file('compare-summary.csv'),
      '--json',
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    const text = gunzipSync(readFileSync(file('compare.csv.gz'))).toString('utf8');
    expect(text.split('\n')[0]).toMatch(
      /,run_last,policy,solver_result,solver_max_discards_lower,solver_max_discards_upper,solver_states,solver_ms$/u,
    );
    const table = parse(text, { columns: true }) as Record<string, string>[];
    // One row per deal: the policy's game and the solver's verdict side by side.
    expect(table).toHaveLength(DEALS);
    expect(new Set(table.map((row) => row['policy']))).toEqual(new Set(['greedy(ace-bonus=0)']));
    // The solver's columns are what the solver alone writes for the same deals and budget.
    expect((await acesup([...forced, '--passes', 'none', '--csv', file('solver-alone.csv')])).code).toBe(0);
    const alone = rows('solver-alone.csv');
    expect(alone).toHaveLength(DEALS);
    const count = { won: 0, solverWon: 0, solverLost: 0, solverUnknown: 0, winnableLost: 0, solverStates: 0 };
    for (const [i, row] of table.entries()) {
      const exact = alone[i]!;
      expect(row['index']).toBe(exact['index']);
      expect([row['solver_result'], row['solver_max_discards_lower'], row['solver_max_discards_upper'], row['solver_states']]).toEqual([
        exact['result'],
        exact['max_discards_lower'],
        exact['max_discards_upper'],
        exact['states'],
      ]);
      // No policy wins a deal the solver proves lost.
      if (row['result'] === 'won') expect(row['solver_result']).not.toBe('lost');
      if (row['result'] === 'won') count.won += 1;
      if (row['solver_result'] === 'won') count.solverWon += 1;
      if (row['solver_result'] === 'lost') count.solverLost += 1;
      if (row['solver_result'] === 'unknown') count.solverUnknown += 1;
      if (row['solver_result'] === 'won' && row['result'] !== 'won') count.winnableLost += 1;
      count.solverStates += Number(row['solver_states']);
    }
    expect(count.solverWon).toBeGreaterThan(count.won);
    const [summary, ...more] = ran.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(more).toHaveLength(0);
    expect(summary).toMatchObject({ policy: 'greedy(ace-bonus=0)', deals: DEALS, won: count.won, lost: DEALS - count.won });
    const { won: _, ...solverCounts } = count;
    expect(summary!['compare']).toMatchObject({
      deals: DEALS,
      ...solverCounts,
      solverRate: { low: count.solverWon / DEALS, high: (count.solverWon + count.solverUnknown) / DEALS },
    });
    const [csvSummary] = rows('compare-summary.csv');
    expect(csvSummary).toMatchObject({
      policy: 'greedy(ace-bonus=0)',
      won: String(count.won),
      solver_won: String(count.solverWon),
      solver_lost: String(count.solverLost),
      solver_unknown: String(count.solverUnknown),
      winnable_lost: String(count.winnableLost),
      solver_states_total: String(count.solverStates),
    });
    // The text summary says the same, and the run's games/s on its workers.
    const printed = await acesup(['merge', file('compare.csv.gz')]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain(
      `the solver (whole stock known) on the same ${DEALS} deals: won ${count.solverWon} · lost ${count.solverLost} · unknown ${count.solverUnknown}`,
    );
    expect(printed.stdout).toContain(`winnable deals this policy lost: ${count.winnableLost} of the ${count.solverWon} the solver wins`);
    const timed = await acesup([...base, '--discards', 'forced', '--deals', '40', '--policy', 'basic', '--workers', '2']);
    expect(timed.stdout).toMatch(/games\/s per worker/u);
    expect(timed.stdout).toMatch(/^Played 40 games in [\d.]+ s: [\d,]+ games\/s on 2 workers \(wall clock\); 40 of 40 done\.$/mu);
  });

  it.runIf(DEEP)(
    "a --compare run resumes, shards merge into the one-run file, and rows with and without the solver's verdict do not mix",
    async () => {
      const deals = sized(20, 60);
      const one = [...base, '--deals', String(deals), '--policy', 'basic', '--compare', 'solver', '--max-states', '5000', '--workers', '1'];
      expect((await acesup([...one, '--csv', file('cmp-all.csv')])).code).toBe(0);
      expect((await acesup([...one, '--shard', '1/2', '--csv', file('cmp-s1.csv')])).code).toBe(0);
      expect((await acesup([...one, '--shard', '2/2', '--csv', file('cmp-s2.csv')])).code).toBe(0);
      const merged = await acesup(['merge', file('cmp-s1.csv'), file('cmp-s2.csv'), '--csv', file('cmp-merged.csv'), '--no-timings']);
      expect(merged.code, merged.stderr).toBe(0);
      expect(readFileSync(file('cmp-merged.csv'), 'utf8')).toBe(readFileSync(file('cmp-all.csv'), 'utf8'));
      expect(merged.stdout).toMatch(
        new RegExp(`^standard × forced · basic: .*, ${deals} games[^]*the solver \\(whole stock known\\) on the same ${deals} deals`, 'mu'),
      );
      const lines = readFileSync(file('cmp-all.csv'), 'utf8').split('\n');
      writeFileSync(file('cmp-part.csv'), `${lines.slice(0, sized(16, 50)).join('\n')}\n`);
      const resumed = await acesup([...one, '--csv', file('cmp-part.csv'), '--resume']);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(readFileSync(file('cmp-part.csv'), 'utf8')).toBe(readFileSync(file('cmp-all.csv'), 'utf8'));
      // The same policy without --compare: the rows are not this run's.
      const without = await acesup([
        ...base,
        '--deals',
        String(deals),
        '--policy',
        'basic',
        '--max-states',
        '5000',
        '--workers',
        '1',
        '--csv',
        file('cmp-part.csv'),
        '--resume',
      ]);
      expect(without.code).toBe(2);
      expect(without.stderr.trim()).toMatch(
        /^acesup: .*cmp-part\.csv line 2: the row has the solver's verdict \(--compare solver\) but this run has not; resume with the options/u,
      );
      expect(
        (
          await acesup([
            ...base,
            '--deals',
            String(deals),
            '--policy',
            'basic',
            '--max-states',
            '5000',
            '--shard',
            '2/2',
            '--csv',
            file('plain-s2.csv'),
          ])
        ).code,
      ).toBe(0);
      const mixed = await acesup(['merge', file('cmp-s1.csv'), file('plain-s2.csv')]);
      expect(mixed.code).toBe(2);
      expect(mixed.stderr.trim().split('\n')).toHaveLength(1);
      expect(mixed.stderr).toMatch(/basic vs solver.* but .*plain-s2\.csv holds .*basic: only shards of one run/u);
      // acesup report draws the policy's games and the solver's verdicts as two series.
      const report = await acesup(['report', file('cmp-all.csv'), '--out', file('cmp.html')]);
      expect(report.code, report.stderr).toBe(0);
      expect(report.stderr).toMatch(/and 4 per-deal series/u);
    },
  );

  // (npm test merges the shards of a policy run with --compare, above.)
  it.runIf(DEEP)('shards of a policy run merge into the one-run file', async () => {
    const one = [...base, '--policy', 'random', '--workers', '1'];
    expect((await acesup([...one, '--csv', file('all.csv')])).code).toBe(0);
    expect((await acesup([...one, '--shard', '1/2', '--csv', file('s1.csv')])).code).toBe(0);
    expect((await acesup([...one, '--shard', '2/2', '--csv', file('s2.csv')])).code).toBe(0);
    const merged = await acesup(['merge', file('s1.csv'), file('s2.csv'), '--csv', file('merged.csv'), '--no-timings']);
    expect(merged.code).toBe(0);
    expect(readFileSync(file('merged.csv'), 'utf8')).toBe(readFileSync(file('all.csv'), 'utf8'));
    expect(merged.stdout).toMatch(new RegExp(`^standard × optional · random: .*, ${DEALS} games`, 'mu'));
  });

  it('a policy run cut short resumes into the one-run file', async () => {
    const one = [...base, '--policy', 'greedy', '--ace-bonus', '1', '--workers', '1'];
    expect((await acesup([...one, '--csv', file('full.csv')])).code).toBe(0);
    const lines = readFileSync(file('full.csv'), 'utf8').split('\n');
    writeFileSync(file('part.csv'), `${lines.slice(0, sized(40, 150)).join('\n')}\n`);
    expect((await acesup([...one, '--csv', file('part.csv'), '--resume'])).code).toBe(0);
    expect(readFileSync(file('part.csv'), 'utf8')).toBe(readFileSync(file('full.csv'), 'utf8'));
    // Rows of another policy do not belong to the run.
    const other = await acesup([...base, '--policy', 'greedy', '--workers', '1', '--csv', file('part.csv'), '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/played by greedy\(ace-bonus=1\) is not among this run's/u);
  });

  it('without --policy the CSV has no policy column; --compare without a policy is refused', async () => {
    expect(
      (await acesup(['estimate', '--variant', 'strict', '--discards', 'forced', '--deals', '5', '--csv', file('plain.csv')])).code,
    ).toBe(0);
    expect(readFileSync(file('plain.csv'), 'utf8').split('\n')[0]).not.toMatch(/policy/u);
    const refused = await acesup(['estimate', '--compare', 'solver', '--deals', '5']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toMatch(/^acesup: --compare solver compares a policy with the solver/u);
  });
});
