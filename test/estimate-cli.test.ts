// Black-box tests of `acesup deal`, `acesup estimate` and `acesup merge`: the per-deal CSV is the same
// with 1 and 2 workers and solving each deal alone; shards merge into one run; an interrupted run resumes
// into the same file; failures and bad options are reported plainly.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDeal } from '../src/core/game/cards.ts';
import { type DiscardRule, type Variant, nestsIn } from '../src/core/game/rules.ts';
import { Solver, discardBounds } from '../src/core/search/solve.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { SEARCH_VERSION } from '../src/batch/provenance.ts';
import { type Ran, acesup, expectUsageError, interruptAfterSomeDeals, start } from './cli-run.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const { version: VERSION } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const dir = mkdtempSync(join(tmpdir(), 'acesup-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string): string => join(dir, name);
const read = (name: string): string => readFileSync(file(name), 'utf8');

/** Small, quick runs: every variant and rule, one pass at a low state budget (so that some deals are unknown), each
 *  lost deal's max discards pinned. */
const SMALL = [
  '--variant',
  'all',
  '--discards',
  'both',
  '--deals',
  '18',
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

/** The summary's JSON Lines, one object per rule set. */
const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The summary's JSON Lines without the parts that depend on time or on the command. */
function timeless(text: string): unknown {
  return jsonLines(text).map(
    ({ ms: _m, timedDeals: _t, wallSeconds: _w, workers: _k, command: _c, commit: _g, complete: _d, ...rest }) => rest,
  );
}

/** Strict, forced, 200 deals: quick (a few ms per deal), for the interrupt test. */
const STRICT = ['--variant', 'strict', '--discards', 'forced', '--deals', '200', '--seed', '9', '--workers', '2', '--no-timings'];

// The runs several tests compare with, started together: SMALL on 1 and 2 workers, in 3 shards, and STRICT.
let one: Ran, two: Ran, shards: Ran[], reference: Ran, verdicts: Ran;
beforeAll(async () => {
  [one, two, reference, verdicts, ...shards] = await Promise.all([
    acesup(['estimate', ...SMALL, '--workers', '1', '--csv', file('w1.csv'), '--json']),
    acesup(['estimate', ...SMALL, '--workers', '2', '--csv', file('w2.csv'), '--summary', file('w2-summary.csv')]),
    acesup(['estimate', ...STRICT, '--csv', file('reference.csv')]),
    acesup(['estimate', ...SMALL, '--workers', '1', '--max-discards', 'bounds', '--csv', file('verdicts.csv')]),
    ...[1, 2, 3].map((k) => acesup(['estimate', ...SMALL, '--workers', '1', '--shard', `${k}/3`, '--csv', file(`shard${k}.csv`)])),
  ]);
});

describe('acesup deal', () => {
  it('prints the pinned deals of a seed', async () => {
    const ran = await acesup(['deal', '--seed', '1', '--index', '0', '--count', '2']);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe(`${formatDeal(dealFor(1, 0))}\n${formatDeal(dealFor(1, 1))}\n`);
    expect(ran.stdout.startsWith('QD 4C 9C 5C 7D 9H 8D 2S KH 7S JC AD')).toBe(true);
  });
});

describe('acesup estimate', () => {
  it('writes the same per-deal CSV with 1 and 2 workers, and the same as solving each deal alone', () => {
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(read('w1.csv')).toBe(read('w2.csv'));
    expect(two.stdout).toMatch(/^standard × optional: .*, 18 deals \(0–17\) — /mu);
    expect(two.stdout).toMatch(/^standard × optional: [\d.]+%(–[\d.]+%)? \(95% interval [\d.]+%–[\d.]+%\)/mu);

    const rows = parse(read('w1.csv'), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(18 * 6);
    expect(rows.slice(0, 6).map((r) => `${r['index']} ${r['variant']}/${r['discards']}`)).toEqual([
      '0 standard/optional',
      '0 standard/forced',
      '0 strict/optional',
      '0 strict/forced',
      '0 easy/optional',
      '0 easy/forced',
    ]);
    for (const row of rows) {
      const deal = dealFor(5, Number(row['index']));
      const result = new Solver().solve(deal, {
        variant: row['variant'] as Variant,
        rule: row['discards'] as DiscardRule,
        maxStates: 3000,
        solution: false,
      });
      const { lower, upper } = discardBounds(result);
      if (row['implied_by'] !== '') {
        // Its own search left it unknown; the verdict of a nesting rule set of the same deal proves it (Lemma L).
        expect(result.result).toBe('unknown');
        const [variant, rule] = row['implied_by']!.split('/') as [Variant, DiscardRule];
        const by = rows.find((r) => r['index'] === row['index'] && r['variant'] === variant && r['discards'] === rule)!;
        expect(by['result']).toBe(row['result']);
        const mine = { variant: row['variant'] as Variant, rule: row['discards'] as DiscardRule };
        expect(row['result'] === 'won' ? nestsIn({ variant, rule }, mine) : nestsIn(mine, { variant, rule })).toBe(true);
        expect(row['states']).toBe(String(result.states));
        continue;
      }
      expect(row).toEqual({
        seed: '5',
        index: row['index'],
        deal: formatDeal(deal),
        variant: row['variant'],
        discards: row['discards'],
        result: result.result,
        max_discards_lower: String(lower),
        max_discards_upper: String(upper),
        states: String(result.states),
        ms: '',
        max_states: '3000',
        max_discards_mode: 'exact',
        version: VERSION,
        search: SEARCH_VERSION,
        run_first: '0',
        run_last: '17',
        implied_by: '',
      });
    }
    expect(new Set(rows.map((r) => r['result']))).toEqual(new Set(['won', 'lost', 'unknown']));

    const summary = parse(read('w2-summary.csv'), { columns: true }) as Record<string, string>[];
    expect(summary.map((r) => `${r['variant']}/${r['discards']} ${r['deals']}`)).toEqual([
      'standard/optional 18',
      'standard/forced 18',
      'strict/optional 18',
      'strict/forced 18',
      'easy/optional 18',
      'easy/forced 18',
    ]);
    expect(summary[0]!['command']).toMatch(/^acesup estimate --variant all /u);
    expect(summary[0]!['commit']).toMatch(/^[0-9a-f]{40}(-dirty)?$|^unknown$/u);
    // --json: JSON Lines, one object per rule set, with the field names of `solve --json`.
    const json = jsonLines(one.stdout) as {
      variant: string;
      discards: string;
      won: number;
      lost: number;
      unknown: number;
      states: number;
      maxStates: number;
    }[];
    expect(json.map((s) => `${s.variant}/${s.discards}`)).toEqual(summary.map((r) => `${r['variant']}/${r['discards']}`));
    for (const [slot, s] of json.entries()) {
      expect(String(s.won)).toBe(summary[slot]!['won']);
      expect(String(s.states)).toBe(summary[slot]!['states_total']);
      expect(s.won + s.lost + s.unknown).toBe(18);
      expect(s.maxStates).toBe(3000);
    }
  });

  it('--max-discards bounds stops at each verdict: the same verdicts, lost deals with proven ranges', () => {
    expect(verdicts.code, verdicts.stderr).toBe(0);
    expect(verdicts.stdout).toMatch(/max states 3,000 \(verdicts only\)/u);
    const exact = parse(read('w1.csv'), { columns: true }) as Record<string, string>[];
    const rows = parse(read('verdicts.csv'), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBe(exact.length);
    for (const [i, row] of rows.entries()) {
      const deal = dealFor(5, Number(row['index']));
      const result = new Solver().solve(deal, {
        variant: row['variant'] as Variant,
        rule: row['discards'] as DiscardRule,
        maxStates: 3000,
        solution: false,
        maxDiscards: 'bounds',
      });
      const { lower, upper } = discardBounds(result);
      // An implied verdict replaces its own unknown one (the first test checks implications).
      if (row['implied_by'] === '')
        expect([row['result'], row['max_discards_lower'], row['max_discards_upper']]).toEqual([
          result.result,
          String(lower),
          String(upper),
        ]);
      else expect(result.result).toBe('unknown');
      const other = exact[i]!;
      if (other['result'] !== 'unknown' && row['result'] !== 'unknown') expect(row['result']).toBe(other['result']);
    }
  });

  it('split into shards and merged gives the one-run CSV and summary', async () => {
    for (const shard of shards) expect(shard.code, shard.stderr).toBe(0);
    expect(read('shard1.csv').split('\n').length).toBe(2 + 6 * 6);
    const [merged, overlap, notCsv] = await Promise.all([
      acesup(['merge', file('shard3.csv'), file('shard1.csv'), file('shard2.csv'), '--csv', file('merged.csv'), '--json']),
      acesup(['merge', file('shard1.csv'), file('w1.csv')]),
      acesup(['merge', file('w2-summary.csv')]),
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(read('merged.csv')).toBe(read('w1.csv'));
    expect(timeless(merged.stdout)).toEqual(timeless(one.stdout));
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toMatch(
      /^acesup: deal 0 under standard\/optional is in both .*shard1\.csv and .*w1\.csv: the files overlap\n$/u,
    );
    expect(notCsv.code).toBe(2);
    expect(notCsv.stderr).toMatch(/w2-summary\.csv is not a per-deal CSV of acesup/u);
  });

  it('--resume fills deals solved under one discard rule and not the other, and ends with the one-run file', async () => {
    expect(one.code, one.stderr).toBe(0);
    // Each deal is solved under both rules on one worker (they share searches): here some deals miss their
    // forced row, others their optional row, others both.
    const [header, ...rows] = read('w1.csv').trimEnd().split('\n');
    const kept = rows.filter((row) => {
      const [, index, , , discards] = row.split(',');
      const i = Number(index);
      return !(discards === 'forced' ? i % 3 === 0 : i % 4 === 1);
    });
    expect(kept.length).toBeLessThan(rows.length);
    writeFileSync(file('gaps.csv'), `${[header, ...kept].join('\n')}\n`);
    const resumed = await acesup(['estimate', ...SMALL, '--workers', '2', '--csv', file('gaps.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(
      new RegExp(`Solved ${rows.length - kept.length} deal × rule set results .*; ${kept.length} read from`, 'u'),
    );
    expect(read('gaps.csv')).toBe(read('w1.csv'));
  });

  it('stops on SIGINT, writes what is finished, and --resume ends with the one-run file', async () => {
    const options = STRICT;
    expect(reference.code, reference.stderr).toBe(0);

    // 60 ms more per deal: about 6 s of work on two workers, time enough for the signal to come before the end
    // on a busy machine (the run stops within a chunk of it). Interrupt once the first deals are in.
    const stopped = await interruptAfterSomeDeals(
      ['estimate', ...options, '--csv', file('stopped.csv'), '--progress-every', '0.1'],
      'SIGINT',
      60,
      200,
    );
    const partial = (parse(read('stopped.csv')) as string[][]).length - 1;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(200);
    expect(existsSync(`${file('stopped.csv')}.${stopped.pid}.tmp`)).toBe(false);

    const again = await acesup(['estimate', ...options, '--csv', file('stopped.csv')]);
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toMatch(/exists: add --resume/u);
    const resumed = await acesup(['estimate', ...options, '--csv', file('stopped.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`${partial} read from`, 'u'));
    expect(read('stopped.csv')).toBe(read('reference.csv'));

    const otherSeed = await acesup(['estimate', ...options, '--seed', '10', '--csv', file('stopped.csv'), '--resume']);
    expect(otherSeed.code).toBe(2);
    expect(otherSeed.stderr).toMatch(/line 2: seed 9, but this run has --seed 10/u);
  });

  it('checkpoints the finished deals, so that even a killed run (SIGKILL) resumes into the one-run file', async () => {
    const options = STRICT;
    const run = start(['estimate', ...options, '--csv', file('killed.csv'), '--checkpoint-every', '0.2', '--progress-every', '0.1'], {
      faults: { worker: 'sleep:60' },
    });
    // Kill it without warning once a checkpoint holds some finished deals.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (existsSync(file('killed.csv')) && read('killed.csv').trim().split('\n').length > 1) {
          clearInterval(poll);
          resolve();
        }
      }, 50);
    });
    run.child.kill('SIGKILL');
    const killed = await run.done;
    expect(killed.signal).toBe('SIGKILL');
    const kept = (parse(read('killed.csv')) as string[][]).length - 1;
    expect(kept).toBeGreaterThan(0);
    const resumed = await acesup(['estimate', ...options, '--csv', file('killed.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(read('killed.csv')).toBe(read('reference.csv'));
  });

  it.concurrent.each([
    ['throw', /deal 7 of seed 3 \(strict\/forced\) failed: test failure on deal 7; the finished deals are in/u],
    ['crash', /deal 7 of seed 3 \(strict\/forced\) failed: the worker thread died/u],
  ])('reports a deal that fails (%s) by its index, writes the rest and exits 4', async (how, message) => {
    const csv = file(`${how}.csv`);
    const ran = await acesup(['estimate', '--variant', 'strict', '--discards', 'forced', '--deals', '40', '--workers', '2', '--csv', csv], {
      faults: { worker: `${how}:7` },
    });
    expect(ran.code).toBe(4);
    expect(ran.stderr).toMatch(message);
    const rows = parse(readFileSync(csv, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.some((r) => r['index'] === '7')).toBe(false);
    // The deals finished before the failure are kept (which ones depends on the workers' timing: a thread
    // still starting up may not have finished deal 0 when deal 7 fails on the other).
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['result'] === 'won' || r['result'] === 'lost')).toBe(true);
  });

  it('a worker thread that cannot start ends the run with a one-line message and exit 4, not a hang', async () => {
    const csv = file('start.csv');
    // One worker: with two, the pool's teardown can end a second thread while Node 20 is still loading its
    // module, and that Node aborts the process (v8::Module::IsGraphAsync), a fault of the runtime, not of the run.
    const ran = await acesup(['estimate', '--variant', 'strict', '--discards', 'forced', '--deals', '40', '--workers', '1', '--csv', csv], {
      faults: { worker: 'start' },
    });
    expect(ran.code).toBe(4);
    const lines = ran.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^acesup: deal \d+ of seed 3 \(strict\/forced\) failed: the worker thread died \(test failure while a worker thread starts\); the finished deals are in /u,
    );
    expect(ran.stdout).toMatch(/^PARTIAL SUMMARY/u);
  });

  it.concurrent.each([
    [['--deals', '-1'], /^acesup: option '--deals <n>' argument '-1' is invalid\. expected a whole number ≥ 1\./u],
    [['--shard', '3/2'], /^acesup: option '--shard <k\/n>' argument '3\/2' is invalid\. expected K\/N with 1 ≤ K ≤ N/u],
    [
      ['--variant', 'hard'],
      /^acesup: option '--variant <name>' argument 'hard' is invalid\. Allowed choices are standard, strict, easy, all\./u,
    ],
    [['--resume'], /^acesup: --resume needs --csv FILE/u],
  ])('rejects %j with a one-line message and exit 2', async (args, message) => {
    expectUsageError(await acesup(['estimate', '--deals', '5', ...args]), message);
  });
});
