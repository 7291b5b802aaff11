// Black-box tests of the rule lattice in `acesup estimate` and `acesup merge`: the difference estimate of an
// optional rule set against its variant's forced rule (text, JSON, summary CSV), shares per rule set, a
// control's rate from a larger run (--control), and merged runs of two rule sets on the same deals.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solve, verify } from '../src/core/api.ts';
import { type DiscardRule, type Variant, nestsIn } from '../src/core/game/rules.ts';
import { type Ran, acesup, expectUsageError } from './cli-run.ts';
import { DEEP } from './deep.ts';

const dir = mkdtempSync(join(tmpdir(), 'acesup-lattice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string): string => join(dir, name);
/** The rows of a CSV file the CLI wrote into the test's folder. */
const rowsOf = (name: string): Record<string, string>[] =>
  parse(readFileSync(file(name), 'utf8'), { columns: true }) as Record<string, string>[];

/** Standard at a low first budget, so that many optional deals are unknown at it. */
const DEALS = ['--deals', '50', '--seed', '12', '--workers', '2'];
const PLAN = ['--max-states', '4000', '--passes', '4,16', '--max-discards', 'bounds'];

interface Row {
  variant: string;
  discards: string;
  deals: number;
  won: number;
  unknown: number;
  ci95: { low: number; high: number };
  passes?: { maxStates: number; decided: number; unknown: number }[];
  lattice?: {
    against: string;
    offered: boolean;
    note: string;
    controlDeals: number;
    controlWon: number;
    control: { low: number; high: number };
    difference: { low: number; high: number };
    estimate: { low: number; high: number } | null;
    ci95: { low: number; high: number } | null;
    plain: { low: number; high: number };
  };
}
const rows = (ran: Ran): Row[] =>
  ran.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);

let both: Ran, whole: Ran, optional: Ran, forced: Ran, controlled: Ran;
beforeAll(async () => {
  [both, whole, optional, forced] = await Promise.all([
    acesup([
      'estimate',
      '--variant',
      'standard',
      '--discards',
      'both',
      ...DEALS,
      ...PLAN,
      '--sample-unknowns',
      'standard/optional=0.5',
      '--json',
      '--no-timings',
      '--csv',
      file('both.csv'),
      '--summary',
      file('both.summary.csv'),
    ]),
    // Strict decides these deals cheaply: every unknown deal at every pass, none left unknown (deals 0–39:
    // three optional ones decided at ×20, none left for ×160).
    acesup([
      'estimate',
      '--variant',
      'strict',
      '--discards',
      'both',
      '--deals',
      '40',
      '--seed',
      '12',
      '--max-states',
      '20000',
      '--passes',
      '20,160',
      '--json',
    ]),
    acesup([
      'estimate',
      '--variant',
      'standard',
      '--discards',
      'optional',
      ...DEALS,
      ...PLAN,
      '--sample-unknowns',
      '0.5',
      '--no-timings',
      '--csv',
      file('o.csv'),
    ]),
    acesup(['estimate', '--variant', 'standard', '--discards', 'forced', ...DEALS, ...PLAN, '--no-timings', '--csv', file('f.csv')]),
  ]);
  // A larger control run: the forced rule over deals 0–99, which hold the 50 above.
  controlled = await acesup([
    'estimate',
    '--variant',
    'standard',
    '--discards',
    'forced',
    '--deals',
    '100',
    '--seed',
    '12',
    '--summary',
    file('f100.summary.csv'),
  ]);
});

describe('the rule lattice in estimate', () => {
  it('samples the named rule set only, and records its shares in its rows alone', () => {
    expect(both.code).toBe(0);
    const csv = rowsOf('both.csv');
    expect(new Set(csv.filter((r) => r.discards === 'optional').map((r) => r.sample_unknowns))).toEqual(new Set(['0.5']));
    expect(new Set(csv.filter((r) => r.discards === 'forced').map((r) => r.sample_unknowns))).toEqual(new Set(['']));
    // Every forced deal got every pass: none is left unknown outside a sample.
    expect(csv.filter((r) => r.discards === 'forced' && r.result === 'unknown' && r.pass_max_states !== '64000')).toEqual([]);
  });

  it('gives the optional rule set a difference estimate against the forced rule: its parts add up, inside the plain range', () => {
    const [o, f] = rows(both);
    expect(f!.lattice).toBeUndefined();
    const l = o!.lattice!;
    expect(l.against).toBe('standard/forced');
    expect(l.controlDeals).toBe(50);
    expect(l.controlWon).toBe(f!.won);
    expect(l.control.low).toBeCloseTo(f!.won / 50, 12);
    // Every forced win is an optional win: the difference is never negative.
    expect(l.difference.low).toBeGreaterThanOrEqual(0);
    expect(l.plain.low).toBeLessThanOrEqual(l.plain.high);
    const csv = rowsOf('both.summary.csv');
    const row = csv.find((r) => r.discards === 'optional')!;
    expect(row.lattice_control).toBe('standard/forced');
    if (l.offered) {
      expect(l.ci95!.high - l.ci95!.low).toBeLessThan(o!.ci95.high - o!.ci95.low);
      expect(l.estimate!.low).toBeCloseTo(l.control.low + l.difference.low, 12);
      expect(Number(row.lattice_ci95_low)).toBeCloseTo(l.ci95!.low, 6);
      expect(both.stdout).not.toMatch(/no difference estimate/u);
    } else {
      expect([l.estimate, l.ci95, row.lattice_ci95_low]).toEqual([null, null, '']);
      expect(row.lattice_note).toBe(l.note);
    }
  });

  it('with every unknown deal given every pass and all decided, is the plain rate: T = C + D deal by deal', () => {
    const [o, f] = rows(whole);
    const l = o!.lattice!;
    expect([o!.unknown, f!.unknown]).toEqual([0, 0]);
    // Some optional deal was unknown at the first budget and decided by a later pass.
    expect(o!.passes![1]!.decided).toBeGreaterThan(0);
    expect(l.against).toBe('strict/forced');
    const rate = o!.won / o!.deals;
    expect(l.control.low + l.difference.low).toBeCloseTo(rate, 12);
    expect(l.control.high + l.difference.high).toBeCloseTo(rate, 12);
  });

  it('takes the control rate from a larger run with --control, and refuses one that does not hold the deals', async () => {
    expect(controlled.code).toBe(0);
    writeFileSync(
      file('wrong-seed.summary.csv'),
      readFileSync(file('f100.summary.csv'), 'utf8').replace(/\nstandard,forced,12,/u, '\nstandard,forced,13,'),
    );
    const [good, short, seed] = await Promise.all([
      acesup([
        'estimate',
        '--variant',
        'standard',
        '--discards',
        'both',
        ...DEALS,
        ...PLAN,
        '--json',
        '--control',
        file('f100.summary.csv'),
      ]),
      acesup([
        'estimate',
        '--variant',
        'standard',
        '--discards',
        'both',
        ...DEALS,
        ...PLAN,
        '--from',
        '80',
        '--control',
        file('f100.summary.csv'),
      ]),
      acesup(['estimate', '--variant', 'standard', '--discards', 'both', ...DEALS, ...PLAN, '--control', file('wrong-seed.summary.csv')]),
    ]);
    expect(good.code).toBe(0);
    const l = rows(good)[0]!.lattice!;
    expect(l.controlDeals).toBe(100);
    expect(good.stdout).toMatch(/"controlFile":".*f100\.summary\.csv"/u);
    expectUsageError(short, /--control .* must hold every deal of this run, 80–129/u);
    expectUsageError(seed, /--control .* is a run of seed 13, this one of seed 12/u);
  });
});

describe('the default plan and the tail control', () => {
  it("leaves out a stored reference run of other deals with one note, and decides the deals against the run's own forced rows", async () => {
    // Strict: its stored reference run is a million deals of seed 3; these are of seed 12.
    const ran = await acesup(['estimate', '--variant', 'strict', '--deals', '30', '--seed', '12', '--workers', '2']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr.trim()).toMatch(
      /^acesup: note: the stored reference runs do not fit \(they are of seed 3, this run of seed 12\): this run's rates rest on its own deals \(docs\/estimate\.md#reference\)$/u,
    );
    expect(ran.stdout).toMatch(
      // Against its own forced rows, every deal decided, the estimate is the plain rate, which is exact.
      /^strict × optional: [\d.]+% \(95% interval [\d.]+%–[\d.]+%\), 30 deals \(0–29\) — these 30 deals, every one decided$/mu,
    );
    expect(ran.stdout).toMatch(
      /^strict × forced: [\d.]+% \(95% interval [\d.]+%–[\d.]+%\), 30 deals \(0–29\) — these 30 deals, every one decided$/mu,
    );
  });

  it.runIf(DEEP)("merges the shards of a default-plan run into the answers one run gives, the plan's controls included", async () => {
    const run = ['estimate', '--variant', 'strict', '--deals', '30', '--workers', '1', '--no-timings'];
    const [one, a, b] = await Promise.all([
      acesup(run),
      acesup([...run, '--shard', '1/2', '--csv', file('default-1.csv')]),
      acesup([...run, '--shard', '2/2', '--csv', file('default-2.csv')]),
    ]);
    for (const ran of [one, a, b]) expect(ran.code, ran.stderr).toBe(0);
    const merged = await acesup(['merge', file('default-1.csv'), file('default-2.csv')]);
    expect(merged.code, merged.stderr).toBe(0);
    const answers = (text: string): string[] => text.split('\n').filter((line) => /^\w+ × \w+: /u.test(line));
    expect(answers(merged.stdout)).toEqual(answers(one.stdout));
    // Strict × optional against the forced rule's million deals of seed 3, which hold these; the forced rule's answer is
    // that run's rate.
    expect(answers(one.stdout)[0]).toMatch(
      /^strict × optional: .* — the forced rule's 5\.87% from a stored run of 1,000,000 deals, plus the wins only the optional rule finds: [\d.]+% on these 30 deals$/u,
    );
    expect(answers(one.stdout)[1]).toMatch(
      /^strict × forced: 5\.87% \(95% interval 5\.82%–5\.92%\), 30 deals \(0–29\) — from a stored run of 1,000,000 deals, which holds these 30 deals$/u,
    );
  });

  it.runIf(DEEP)(
    "with --tail-control, counts the tail D = 0 and takes the tail's share from the larger run; refuses a tail of another boundary",
    async () => {
      // A larger run of the same plan (x4 with its tail past it at x16, for a share of its unknown deals) as the
      // tail control of a run that gives every unknown deal x4 and none x16.
      const study = ['estimate', '--variant', 'standard', '--discards', 'both', '--seed', '12', '--workers', '2'];
      const larger = await acesup([
        ...study,
        '--deals',
        '120',
        '--from',
        '200',
        ...PLAN,
        '--sample-unknowns',
        'standard/optional=0.5',
        '--summary',
        file('tail.summary.csv'),
      ]);
      expect(larger.code, larger.stderr).toBe(0);
      const tail = rowsOf('tail.summary.csv');
      const optional = tail.find((r) => r['discards'] === 'optional')!;
      expect(optional['lattice_tail_budgets']).toBe('4000 16000');
      expect(Number(optional['lattice_tail_sampled'])).toBeGreaterThan(0);
      const small = await acesup([
        ...study,
        '--deals',
        '40',
        ...PLAN,
        '--sample-unknowns',
        'standard/optional=1,0',
        '--tail-control',
        file('tail.summary.csv'),
        '--json',
      ]);
      expect(small.code, small.stderr).toBe(0);
      const l = rows(small)[0]!.lattice! as unknown as { tailControl: { sampled: number; won: number }; tail: { leftToControl: number } };
      expect(l.tailControl).toMatchObject({ sampled: Number(optional['lattice_tail_sampled']), won: Number(optional['lattice_tail_won']) });
      expect(l.tail.leftToControl).toBeGreaterThan(0);
      // Another first budget: another tail.
      const other = await acesup([
        ...study,
        '--deals',
        '10',
        '--max-states',
        '5000',
        '--passes',
        '4,16',
        '--tail-control',
        file('tail.summary.csv'),
      ]);
      expectUsageError(
        other,
        /--tail-control .*: its first two budgets are 4,000 and 16,000, this run's 5,000 and 20,000; its tail is not the deals this run leaves undecided/u,
      );
    },
  );
});

describe('merge of two rule sets run apart', () => {
  it('pairs them deal by deal as one run of both would', async () => {
    expect([optional.code, forced.code]).toEqual([0, 0]);
    const merged = await acesup(['merge', file('o.csv'), file('f.csv'), '--json']);
    expect(merged.code).toBe(0);
    const [o] = rows(merged);
    const [inRun] = rows(both);
    expect(o!.lattice!.control).toEqual(inRun!.lattice!.control);
    expect(o!.lattice!.difference).toEqual(inRun!.lattice!.difference);
    expect(o!.lattice!.offered).toBe(inRun!.lattice!.offered);
  });
});

describe('implied verdicts in a run of nested rule sets', () => {
  it('leaves no deal unknown that another rule set proves, and every implied verdict holds', async () => {
    const ran = await acesup([
      'estimate',
      '--variant',
      'all',
      '--discards',
      'both',
      '--deals',
      '30',
      '--seed',
      '7',
      '--max-states',
      '20000',
      '--passes',
      '4',
      '--no-timings',
      '--csv',
      file('all.csv'),
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    const csv = rowsOf('all.csv');
    const byDeal = new Map<string, Record<string, string>[]>();
    for (const row of csv) byDeal.set(row.index!, [...(byDeal.get(row.index!) ?? []), row]);
    const of = (row: Record<string, string>): { variant: Variant; rule: DiscardRule } => ({
      variant: row.variant as Variant,
      rule: row.discards as DiscardRule,
    });
    let implied = 0;
    for (const rows of byDeal.values()) {
      for (const a of rows)
        for (const b of rows) {
          if (!nestsIn(of(a), of(b))) continue;
          // Nested: never a win of the stricter with a loss of the looser, and nothing left to imply.
          expect([a.result, b.result]).not.toEqual(['won', 'lost']);
          expect([a.result, b.result]).not.toEqual(['won', 'unknown']);
          expect([a.result, b.result]).not.toEqual(['unknown', 'lost']);
        }
      for (const row of rows) {
        if (row.implied_by === '') continue;
        implied += 1;
        const [variant, rule] = row.implied_by!.split(' ')[0]!.split('/') as [Variant, DiscardRule];
        expect(nestsIn({ variant, rule }, of(row)) || nestsIn(of(row), { variant, rule })).toBe(true);
        if (row.result === 'won') {
          // The stricter rule set's winning line is a line of the looser one: the replayer accepts it there.
          const proof = solve(row.deal!, { variant, discards: rule });
          expect(proof.result).toBe('won');
          if (proof.result === 'won')
            expect(verify(row.deal!, proof.solution, { variant: row.variant as Variant, discards: row.discards as DiscardRule })).toEqual({
              ok: true,
            });
        } else {
          expect(row.result).toBe('lost');
          expect(solve(row.deal!, { variant: row.variant as Variant, discards: row.discards as DiscardRule }).result).not.toBe('won');
        }
      }
    }
    expect(implied).toBeGreaterThan(0);
  });
});

describe('the cost of every pass', () => {
  it('records for a row of a later pass the time of all its passes, the first included', async () => {
    const ran = await acesup(['estimate', '--variant', 'standard', '--deals', '30', '--seed', '4', ...PLAN, '--csv', file('timed.csv')]);
    expect(ran.code, ran.stderr).toBe(0);
    const rows = rowsOf('timed.csv');
    const later = rows.filter((r) => r.pass_max_states !== '4000');
    expect(later.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (row.pass_max_states === '4000') expect(row.ms_all_passes).toBe('');
      // Each later pass repeats the work of those before it and more: the whole exceeds the last pass alone.
      else expect(Number(row.ms_all_passes)).toBeGreaterThan(Number(row.ms));
    }
  });
});
