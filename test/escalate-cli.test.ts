// Black-box tests of the passes of `acesup estimate` (--passes) and of `--escalate FILE`: one file for any
// --workers and for the run in two steps; every row's verdict is one solve at the budget it records, reached
// pass by pass; escalation shards merge into the one-run file; interrupted passes resume into it; files of
// another plan do not mix; bad options are one line.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscardRule, Variant } from '../src/core/game/rules.ts';
import { Solver, discardBounds } from '../src/core/search/solve.ts';
import { DEAL_COLUMNS, IMPLIED_COLUMN, LEGACY_DEAL_COLUMNS, MS_ALL_COLUMN, PASS_COLUMNS } from '../src/batch/csv-columns.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { type Ran, acesup, expectUsageError, start } from './cli-run.ts';
import { DEEP } from './deep.ts';

const dir = mkdtempSync(join(tmpdir(), 'acesup-escalate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string): string => join(dir, name);
const read = (name: string): string => readFileSync(file(name), 'utf8');
const rowsOf = (name: string): Record<string, string>[] => parse(read(name), { columns: true }) as Record<string, string>[];

/** Small, quick runs: every variant and rule at a low budget, so that each pass leaves and decides some deals. */
const RUN = [
  'estimate',
  '--variant',
  'all',
  '--discards',
  'both',
  '--deals',
  '12',
  '--seed',
  '5',
  '--max-states',
  '3000',
  '--passes',
  'none',
  '--max-discards',
  'exact',
  '--no-timings',
];
const BUDGETS = [3000, 24_000, 192_000];

/** One message line, no stack trace. */
function oneLine(ran: Ran): string {
  const lines = ran.stderr.trim().split('\n');
  expect(lines, ran.stderr).toHaveLength(1);
  expect(ran.stderr).not.toMatch(/\n\s+at /u);
  return lines[0]!;
}

/** Starts `args` with a worker that sleeps `sleepMs` per deal and rule, and interrupts it with SIGINT once a
 *  progress line shows pass ×8 started. */
async function interruptInPass(args: string[], sleepMs: number): Promise<Ran> {
  const run = start([...args, '--progress-every', '0.1'], { faults: { worker: `sleep:${sleepMs}` } });
  await new Promise<void>((resolve) => {
    run.child.stderr!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('pass ×8: ')) resolve();
    });
  });
  run.child.kill('SIGINT');
  return run.done;
}

// The runs several tests compare with: with passes on 1 and 2 workers, and without (to escalate).
let one: Ran, two: Ran, first: Ran;
beforeAll(async () => {
  [one, two, first] = await Promise.all([
    acesup([
      ...RUN,
      '--passes',
      '8,64',
      '--sample-unknowns',
      '1',
      '--workers',
      '1',
      '--csv',
      file('passes.csv'),
      '--summary',
      file('passes-summary.csv'),
      '--json',
    ]),
    acesup([...RUN, '--passes', '8,64', '--sample-unknowns', '1', '--workers', '2', '--csv', file('passes-2.csv')]),
    acesup([...RUN, '--workers', '1', '--csv', file('first.csv')]),
  ]);
});

describe('estimate --passes', () => {
  it('writes one file for any --workers, each row one solve at the budget it records, reached pass by pass', () => {
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(read('passes-2.csv')).toBe(read('passes.csv'));
    const rows = rowsOf('passes.csv');
    expect(Object.keys(rows[0]!)).toEqual([...DEAL_COLUMNS, ...PASS_COLUMNS, MS_ALL_COLUMN, IMPLIED_COLUMN]);
    expect(rows).toHaveLength(12 * 6);
    const solver = new Solver();
    const solve = (row: Record<string, string>, maxStates: number) =>
      solver.solve(dealFor(5, Number(row['index'])), {
        variant: row['variant'] as Variant,
        rule: row['discards'] as DiscardRule,
        maxStates,
        solution: false,
      });
    for (const row of rows) {
      expect(row['passes']).toBe('8 64');
      const budget = Number(row['pass_max_states']);
      const pass = BUDGETS.indexOf(budget);
      expect(pass, row['pass_max_states']).toBeGreaterThanOrEqual(0);
      const result = solve(row, budget);
      const { lower, upper } = discardBounds(result);
      // A verdict another rule set proved (Lemma L) stands where its own search at this pass left it unknown.
      if (row['implied_by'] !== '') {
        expect([result.result, row['states']]).toEqual(['unknown', String(result.states)]);
        continue;
      }
      expect([row['result'], row['max_discards_lower'], row['max_discards_upper'], row['states']]).toEqual([
        result.result,
        String(lower),
        String(upper),
        String(result.states),
      ]);
      // Every pass before it left the deal unknown; only the last pass leaves one unknown.
      for (const earlier of BUDGETS.slice(0, pass)) expect(solve(row, earlier).result).toBe('unknown');
      if (row['result'] === 'unknown') expect(budget).toBe(BUDGETS[2]);
    }
    const atPass = BUDGETS.map((budget) => rows.filter((r) => Number(r['pass_max_states']) === budget));
    // The run shows what it claims: deals decided at every pass, and some still unknown after the last.
    expect(atPass.map((list) => list.filter((r) => r['result'] !== 'unknown').length).every((n) => n > 0)).toBe(true);
    expect(atPass[2]!.some((r) => r['result'] === 'unknown')).toBe(true);
  });

  it('says in the summary how many deals each pass decided and what is left', () => {
    const rows = rowsOf('passes.csv');
    const summary = parse(read('passes-summary.csv'), { columns: true }) as Record<string, string>[];
    const json = one.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { variant: string; discards: string; passes: { maxStates: number; decided: number; unknown: number }[] },
      );
    expect(json.map((s) => `${s.variant}/${s.discards}`)).toEqual(summary.map((s) => `${s['variant']}/${s['discards']}`));
    for (const [slot, s] of json.entries()) {
      const mine = rows.filter((r) => r['variant'] === s.variant && r['discards'] === s.discards);
      const counts = BUDGETS.map((budget) => {
        const at = mine.filter((r) => Number(r['pass_max_states']) === budget);
        return {
          maxStates: budget,
          decided: at.filter((r) => r['result'] !== 'unknown').length,
          unknown: at.filter((r) => r['result'] === 'unknown').length,
        };
      });
      expect(s.passes).toEqual(counts);
      expect(summary[slot]).toMatchObject({
        passes: '8 64',
        pass_max_states: BUDGETS.join(' '),
        pass_decided: counts.map((c) => c.decided).join(' '),
        pass_unknown: counts.map((c) => c.unknown).join(' '),
      });
    }
    expect(two.stdout).toMatch(/^seed 5 · deals 0–11 · max states 3,000, passes ×8, ×64 · 2 workers$/mu);
    expect(two.stdout).toMatch(/^ {2}by pass: 3,000 states \d+ decided · ×8 \(24,000\) \d+ · ×64 \(192,000\) \d+; \d+ still unknown$/mu);
    expect(two.stdout).toMatch(
      /the unknown ones again: \d+ at ×8 \(\d+ decided\), \d+ at ×64 \(\d+ decided\), in [\d.]+ s on 2 workers; 72 of 72 done\.$/mu,
    );
  });

  // (npm test interrupts a later pass of an escalation, below: the same run, entered with --escalate.)
  it.runIf(DEEP)('stops in a later pass on SIGINT, keeps every result, and --resume ends with the one-run file', async () => {
    const args = [...RUN, '--passes', '8,64', '--sample-unknowns', '1', '--workers', '2', '--csv', file('stopped.csv')];
    const stopped = await interruptInPass(args, 100);
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stdout).toMatch(/^PARTIAL SUMMARY/u);
    expect(stopped.stderr).toMatch(
      /acesup: interrupted by SIGINT: 72 of 72 results finished \(\d+ of them unknown and still to be given a later pass\); the finished deals are in /u,
    );
    expect(rowsOf('stopped.csv')).toHaveLength(72);
    const resumed = await acesup([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(read('stopped.csv')).toBe(read('passes.csv'));
  });
});

describe('estimate --escalate', () => {
  it.runIf(DEEP)("gives an earlier run's unknown results the passes: the file --passes writes, also in shards", async () => {
    expect(first.code, first.stderr).toBe(0);
    const [whole, ...shards] = await Promise.all([
      acesup(['estimate', '--escalate', file('first.csv'), '--csv', file('escalated.csv'), '--no-timings', '--workers', '2']),
      ...[1, 2].map((k) =>
        acesup([
          'estimate',
          '--escalate',
          file('first.csv'),
          '--shard',
          `${k}/2`,
          '--csv',
          file(`escalated-${k}.csv`),
          '--no-timings',
          '--workers',
          '1',
        ]),
      ),
    ]);
    for (const ran of [whole, ...shards]) expect(ran.code, ran.stderr).toBe(0);
    expect(read('escalated.csv')).toBe(read('passes.csv'));
    expect(whole.stdout).toMatch(/^seed 5 · deals 0–11 · max states 3,000, passes ×8, ×64 · 2 workers · escalating .*first\.csv$/mu);
    expect(whole.stdout).toMatch(
      /Solved the unknown ones again: \d+ at ×8 \(\d+ decided\), \d+ at ×64 \(\d+ decided\), in [\d.]+ s on 2 workers; 72 read from .*first\.csv; 72 of 72 done\.$/mu,
    );
    expect(shards[1]!.stdout).toMatch(/deals 6–11 \(shard 2\/2 of 0–11\)/u);
    const merged = await acesup(['merge', ...[2, 1].map((k) => file(`escalated-${k}.csv`)), '--csv', file('escalated-merged.csv')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(read('escalated-merged.csv')).toBe(read('passes.csv'));
    expect(merged.stdout).toMatch(/max states 3,000, passes ×8, ×64 · merged from 2 files/u);
  });

  // (Two more escalations of the whole file: the deep run.)
  it.runIf(DEEP)('escalates a gzipped file into a gzipped one, and one pass at a time, into the same file', async () => {
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(file('first.csv.gz'), gzipSync(read('first.csv')));
    const zipped = await acesup([
      'estimate',
      '--escalate',
      file('first.csv.gz'),
      '--csv',
      file('escalated.csv.gz'),
      '--no-timings',
      '--workers',
      '1',
    ]);
    expect(zipped.code, zipped.stderr).toBe(0);
    expect(gunzipSync(readFileSync(file('escalated.csv.gz'))).toString()).toBe(read('passes.csv'));
    // An escalation one pass at a time ends in the same file.
    const x8 = await acesup(['estimate', '--escalate', file('first.csv'), '--passes', '8', '--csv', file('x8.csv'), '--no-timings']);
    expect(x8.code, x8.stderr).toBe(0);
    const x64 = await acesup(['estimate', '--escalate', file('x8.csv'), '--passes', '8,64', '--csv', file('x64.csv'), '--no-timings']);
    expect(x64.code, x64.stderr).toBe(0);
    expect(read('x64.csv')).toBe(read('passes.csv'));
  });

  it('stops on SIGINT like any run; --resume continues from its --csv file into the same file', async () => {
    const args = ['estimate', '--escalate', file('first.csv'), '--csv', file('escalating.csv'), '--no-timings', '--workers', '1'];
    const stopped = await interruptInPass(args, 300);
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(
      /acesup: interrupted by SIGINT: 72 of 72 results finished \(\d+ of them unknown and still to be given a later pass\); the finished deals are in .*escalating\.csv \(continue with the same options and --resume\)/u,
    );
    const again = await acesup(args);
    expect(again.code).toBe(2);
    expect(oneLine(again)).toMatch(/escalating\.csv exists: add --resume/u);
    const resumed = await acesup([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(read('escalating.csv')).toBe(read('passes.csv'));
  });

  it('solves from the first pass the results the file does not hold, and says so', async () => {
    const [header, ...rows] = read('first.csv').trimEnd().split('\n');
    const kept = rows.filter((_, i) => i % 5 !== 2);
    writeFileSync(file('gappy.csv'), `${[header, ...kept].join('\n')}\n`);
    const ran = await acesup([
      'estimate',
      '--escalate',
      file('gappy.csv'),
      '--csv',
      file('gappy-escalated.csv'),
      '--no-timings',
      '--workers',
      '1',
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr).toMatch(
      new RegExp(
        `^acesup: note: .*gappy\\.csv holds ${kept.length} of the 72 results of deals 0–11: the others are solved from the first pass$`,
        'mu',
      ),
    );
    expect(read('gappy-escalated.csv')).toBe(read('passes.csv'));
  });
});

describe('files of another plan do not mix', () => {
  it('merge refuses a file of another plan naming passes (--allow-mixed merges it), and --resume refuses one with a hint', async () => {
    // Deals 0–3 with passes, 4–11 without: two shards of runs of different plans.
    const part = (name: string, keep: (index: number) => boolean): string => {
      const [header, ...rows] = read(name).trimEnd().split('\n');
      writeFileSync(file(`part-${name}`), `${[header, ...rows.filter((row) => keep(Number(row.split(',')[1])))].join('\n')}\n`);
      return file(`part-${name}`);
    };
    const parts = [part('first.csv', (index) => index >= 4), part('passes.csv', (index) => index < 4)];
    const [refused, mixed, resumed] = await Promise.all([
      acesup(['merge', ...parts]),
      acesup(['merge', ...parts, '--allow-mixed']),
      acesup([...RUN, '--passes', '8,64', '--sample-unknowns', '1', '--csv', file('first.csv'), '--resume']),
    ]);
    expect(refused.code).toBe(2);
    expect(oneLine(refused)).toMatch(
      /part-first\.csv has no passes \(one budget\) but .*part-passes\.csv has passes 8 64: results that differ in passes do not mix \(--allow-mixed merges them anyway\)$/u,
    );
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toMatch(/^MIXED RESULTS \(they differ in passes; merged with --allow-mixed\)/u);
    expect(resumed.code).toBe(2);
    expect(oneLine(resumed)).toMatch(
      /first\.csv line 2: the row has no passes \(one budget\) but this run has passes 8 64: .*\(or --escalate it into another --csv file/u,
    );
  });

  beforeAll(() => {
    writeFileSync(
      file('legacy.csv'),
      `${LEGACY_DEAL_COLUMNS.join(',')}\n${read('first.csv').split('\n')[1]!.split(',').slice(0, LEGACY_DEAL_COLUMNS.length).join(',')}\n`,
    );
  });

  it.concurrent.each([
    [
      ['--passes', '8,4'],
      /^acesup: option '--passes <factors>' argument '8,4' is invalid\. expected each factor larger than the one before/u,
    ],
    [['--passes', 'x1'], /^acesup: option '--passes <factors>' argument 'x1' is invalid\. "x1" is not a whole number of 2 or more/u],
    [
      ['--passes', '8', '--policy', 'greedy'],
      /^acesup: --passes solves unknown results again at larger budgets: a policy's games are never unknown/u,
    ],
    [['--escalate', '-'], /^acesup: --escalate needs a file \(it is read more than once\), not standard input$/u],
    [['--escalate', 'FIRST', '--seed', '3'], /^acesup: --seed comes from the file with --escalate/u],
    [['--escalate', 'FIRST', '--variant', 'easy'], /^acesup: --variant comes from the file with --escalate/u],
    [
      ['--escalate', 'FIRST', '--max-states', '5000'],
      /^acesup: .*first\.csv was solved at max_states 3000, but --max-states is 5000: an escalation keeps the budget and mode of its file/u,
    ],
    [['--escalate', 'FIRST', '--csv', 'FIRST'], /^acesup: --csv .*first\.csv is also an input file: write the output to another file$/u],
    [
      ['--escalate', 'PASSES', '--passes', '64'],
      /^acesup: .*passes\.csv has passes 8 64, and --passes 64 does not continue them: give its passes first, then more \(e\.g\. --passes 8,64,…\)$/u,
    ],
    [['--escalate', 'LEGACY'], /^acesup: .*legacy\.csv line 2: the row records no max_states \(a file of an older acesup\)/u],
  ])('refuses %j with one line and exit 2', async (args, message) => {
    const named: Record<string, string> = {
      FIRST: file('first.csv'),
      PASSES: file('passes.csv'),
      LEGACY: file('legacy.csv'),
      MISSING: file('missing.csv'),
    };
    expectUsageError(await acesup(['estimate', ...args.map((a) => named[a] ?? a)]), message);
  });
});
