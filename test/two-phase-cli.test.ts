// Black-box tests of `acesup estimate --sample-unknowns P`: the sample and the per-deal CSV are the same for
// any worker count, shard split, resume or escalation; P = 1 is a run without the option, byte for byte; the
// summary gives the two-phase estimate in text, JSON and CSV; merge refuses to mix two shares.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSample, readSampleShare } from '../src/batch/sample.ts';
import { type Ran, acesup, expectUsageError } from './cli-run.ts';
import { DEEP } from './deep.ts';

const dir = mkdtempSync(join(tmpdir(), 'acesup-two-phase-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string): string => join(dir, name);
const read = (name: string): string => readFileSync(file(name), 'utf8');

/** Standard under both rules at a low first budget, so that a third of the deals are unknown at it. */
const RUN = [
  '--variant',
  'standard',
  '--discards',
  'both',
  '--deals',
  '40',
  '--seed',
  '12',
  '--max-states',
  '4000',
  '--max-discards',
  'bounds',
  '--no-timings',
];
const PASSES = ['--passes', '4,16'];
/** `estimate --escalate` of `from` into `to` at PASSES with `sample` (the --sample-unknowns arguments), on one worker. */
const escalate = (from: string, to: string, sample: string[]): Promise<Ran> =>
  acesup(['estimate', '--escalate', file(from), ...PASSES, ...sample, '--workers', '1', '--csv', file(to), '--no-timings']);

/** The forced rule alone: its default gives every unknown deal every pass. */
const FORCED = RUN.map((arg) => (arg === 'both' ? 'forced' : arg));

let sampled: Ran, oneWorker: Ran, plain: Ran, whole: Ran, forcedPlain: Ran, first: Ran, shards: Ran[];
beforeAll(async () => {
  [sampled, oneWorker, plain, whole, forcedPlain, first, ...shards] = await Promise.all([
    acesup([
      'estimate',
      ...RUN,
      ...PASSES,
      '--sample-unknowns',
      '0.4',
      '--workers',
      '2',
      '--csv',
      file('p40.csv'),
      '--summary',
      file('p40-summary.csv'),
    ]),
    acesup(['estimate', ...RUN, ...PASSES, '--sample-unknowns', '40%', '--workers', '1', '--csv', file('p40-w1.csv'), '--json']),
    acesup(['estimate', ...RUN, ...PASSES, '--sample-unknowns', '1', '--workers', '1', '--csv', file('plain.csv')]),
    acesup(['estimate', ...FORCED, ...PASSES, '--sample-unknowns', '1', '--workers', '1', '--csv', file('p100.csv')]),
    acesup(['estimate', ...FORCED, ...PASSES, '--workers', '1', '--csv', file('forced.csv')]),
    acesup(['estimate', ...RUN, '--passes', 'none', '--workers', '1', '--csv', file('first.csv')]),
    ...[1, 2].map((k) =>
      acesup([
        'estimate',
        ...RUN,
        ...PASSES,
        '--sample-unknowns',
        '0.4',
        '--workers',
        '1',
        '--shard',
        `${k}/2`,
        '--csv',
        file(`shard${k}.csv`),
      ]),
    ),
  ]);
}, 120_000);

/** The rows of a per-deal CSV as records. */
const rows = (name: string): Record<string, string>[] => parse(read(name), { columns: true }) as Record<string, string>[];

describe('estimate --sample-unknowns', () => {
  it('gives the later passes exactly the sampled unknown deals, and records P in every row', () => {
    for (const ran of [sampled, oneWorker, plain, whole, forcedPlain, first, ...shards]) expect(ran.code, ran.stderr).toBe(0);
    const share = readSampleShare('0.4');
    if (typeof share === 'string') throw new Error(share);
    const all = rows('p40.csv');
    const unknownFirst = rows('first.csv').filter((row) => row.result === 'unknown');
    expect(unknownFirst.length).toBeGreaterThan(10);
    for (const row of all) {
      expect(row.sample_unknowns).toBe('0.4');
      const before = unknownFirst.find((r) => r.index === row.index && r.discards === row.discards);
      const escalated = row.pass_max_states !== '4000';
      // A row has a later pass exactly when its deal was unknown at the first and is in the sample.
      expect(escalated).toBe(before !== undefined && inSample(12, Number(row.index), share));
    }
    expect(all.some((row) => row.pass_max_states !== '4000')).toBe(true);
    expect(all.some((row) => row.result === 'unknown' && row.pass_max_states === '4000')).toBe(true);
  });

  it('writes the same file on 1 and 2 workers and in shards merged', async () => {
    expect(read('p40-w1.csv')).toBe(read('p40.csv'));
    const merged = await acesup(['merge', file('shard1.csv'), file('shard2.csv'), '--csv', file('merged.csv'), '--no-timings']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(read('merged.csv')).toBe(read('p40.csv'));
    expect(merged.stdout).toMatch(/for a sample of 0\.4 of the unknown deals/u);
    expect(merged.stdout).toMatch(/two-phase estimate/u);
  });

  it('resumes an unfinished file into the same file', async () => {
    const lines = read('p40.csv').split('\n');
    writeFileSync(file('resumed.csv'), lines.slice(0, 31).join('\n') + '\n');
    const ran = await acesup([
      'estimate',
      ...RUN,
      ...PASSES,
      '--sample-unknowns',
      '0.4',
      '--workers',
      '2',
      '--csv',
      file('resumed.csv'),
      '--resume',
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(read('resumed.csv')).toBe(read('p40.csv'));
  });

  it('escalates a first pass into the same file, and grows a smaller sample into a larger one', async () => {
    const [escalated, small] = await Promise.all([
      escalate('first.csv', 'escalated.csv', ['--sample-unknowns', '0.4']),
      acesup(['estimate', ...RUN, ...PASSES, '--sample-unknowns', '0.15', '--workers', '1', '--csv', file('p15.csv')]),
    ]);
    expect(escalated.code, escalated.stderr).toBe(0);
    expect(read('escalated.csv')).toBe(read('p40.csv'));
    expect(small.code, small.stderr).toBe(0);
    const grown = await escalate('p15.csv', 'grown.csv', ['--sample-unknowns', '0.4']);
    expect(grown.code, grown.stderr).toBe(0);
    expect(read('grown.csv')).toBe(read('p40.csv'));
    const shrunk = await acesup([
      'estimate',
      '--escalate',
      file('p40.csv'),
      ...PASSES,
      '--sample-unknowns',
      '0.15',
      '--csv',
      file('shrunk.csv'),
    ]);
    expectUsageError(shrunk, /sample_unknowns 0\.4.*can grow .*not shrink/u);
  });

  it.runIf(DEEP)('escalates a run whose rule sets sample in shares of their own, each continuing its own', async () => {
    // Standard × optional samples 0.4 of its unknown deals; standard × forced gives every one the passes.
    const share = ['--sample-unknowns', 'standard/optional=0.4'];
    const [short, long] = await Promise.all([
      acesup(['estimate', ...RUN, '--passes', '4', ...share, '--workers', '1', '--csv', file('own-short.csv')]),
      acesup(['estimate', ...RUN, ...PASSES, ...share, '--workers', '1', '--csv', file('own-long.csv')]),
    ]);
    expect(short.code, short.stderr).toBe(0);
    expect(long.code, long.stderr).toBe(0);
    const escalated = await escalate('own-short.csv', 'own-escalated.csv', share);
    expect(escalated.code, escalated.stderr).toBe(0);
    expect(read('own-escalated.csv')).toBe(read('own-long.csv'));
    // One rule set's rows of such a file, escalated on their own (at a budget where the forced rule's later
    // passes prove some optional rows won): those rows keep their implied_by, and every row has the header's
    // fields, so that merge reads the file.
    const low = await acesup([
      'estimate',
      ...RUN,
      '--max-states',
      '2000',
      '--passes',
      '4',
      ...share,
      '--workers',
      '1',
      '--csv',
      file('low.csv'),
    ]);
    expect(low.code, low.stderr).toBe(0);
    const lines = read('low.csv').trim().split('\n');
    const optional = [lines[0]!, ...lines.slice(1).filter((line) => line.includes(',standard,optional,'))];
    const implied = optional.filter((line) => line.endsWith(',standard/forced')).length;
    expect(implied).toBeGreaterThan(0);
    writeFileSync(file('low-optional.csv'), `${optional.join('\n')}\n`);
    const alone = await escalate('low-optional.csv', 'low-optional-escalated.csv', ['--sample-unknowns', '0.4']);
    expect(alone.code, alone.stderr).toBe(0);
    const rows = parse(read('low-optional-escalated.csv'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(optional.length - 1);
    expect(rows.filter((row) => row['implied_by'] === 'standard/forced')).toHaveLength(implied);
    const merged = await acesup(['merge', file('low-optional-escalated.csv')]);
    expect(merged.code, merged.stderr).toBe(0);
    const shrunk = await acesup([
      'estimate',
      '--escalate',
      file('own-long.csv'),
      ...PASSES,
      '--sample-unknowns',
      'standard/optional=0.15',
      '--csv',
      file('own-shrunk.csv'),
    ]);
    expectUsageError(
      shrunk,
      /standard\/optional rows have sample_unknowns 0\.4.*can grow \(--sample-unknowns standard\/optional=0\.4 or more\)/u,
    );
  });

  it("with P = 1 is the forced rule's default (every unknown deal), byte for byte", () => {
    expect(read('p100.csv')).toBe(read('forced.csv'));
    expect(whole.stdout.replace(/^.*(?:s of solving|in [\d.]+ s on).*$/gmu, '')).toBe(
      forcedPlain.stdout.replace(/^.*(?:s of solving|in [\d.]+ s on).*$/gmu, ''),
    );
    expect(plain.stdout).not.toMatch(/two-phase/u);
  });

  it('summarises the two-phase estimate in text, JSON and CSV, inside the plain range', () => {
    expect(sampled.stdout).toMatch(/two-phase estimate .*95% interval/u);
    expect(sampled.stdout).toMatch(
      /first pass: \d+ of 40 decided .*; of those, \d+ given later passes \(a sample of 0\.4 of them\): \d+ won/u,
    );
    expect(sampled.stdout).toMatch(/variance: \d+% from the deals .* \d+% from the sample/u);
    const json = oneWorker.stdout
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            discards: string;
            won: number;
            deals: number;
            unknown: number;
            sampleUnknowns: string;
            ci95: { low: number; high: number };
            twoPhase: {
              offered: boolean;
              note: string;
              ci95: { low: number; high: number } | null;
              estimate: { low: number; high: number } | null;
              firstDecided: number;
              firstUnknown: number;
              sampled: number;
              sampledWon: number;
              firstWon: number;
              deals: number;
            };
          },
      );
    const csv = parse(read('p40-summary.csv'), { columns: true }) as Record<string, string>[];
    expect(json).toHaveLength(2);
    for (const s of json) {
      const t = s.twoPhase;
      expect(s.sampleUnknowns).toBe('0.4');
      expect(t.firstDecided + t.firstUnknown).toBe(s.deals);
      const row = csv.find((r) => r.discards === s.discards)!;
      expect(row.sampled).toBe(String(t.sampled));
      if (!t.offered) {
        // Not narrower than the plain range: no estimate and no interval go out, only the reason.
        expect([t.estimate, t.ci95, row.two_phase_low, row.two_phase_ci95_high]).toEqual([null, null, '', '']);
        expect(t.note).toMatch(/too small|every deal decided/u);
        expect(row.two_phase_note).toBe(t.note);
        continue;
      }
      expect(t.ci95!.high - t.ci95!.low).toBeLessThan(s.ci95.high - s.ci95.low);
      // The estimate from its parts, and between every unknown lost and every unknown won.
      expect(t.estimate!.low).toBeCloseTo((t.firstWon + t.sampledWon / readShare('0.4')) / t.deals, 12);
      expect(t.estimate!.low).toBeGreaterThanOrEqual(s.won / s.deals - 1e-12);
      expect(Number(row.two_phase_low)).toBeCloseTo(t.estimate!.low, 6);
      expect(row.sample_unknowns).toBe('0.4');
    }
  });

  it('is refused with --passes none, with a share out of range, and merge will not mix two shares', async () => {
    const [noPasses, bad, mixed] = await Promise.all([
      acesup(['estimate', ...RUN, '--passes', 'none', '--sample-unknowns', '0.1']),
      acesup(['estimate', ...RUN, ...PASSES, '--sample-unknowns', '1.5']),
      acesup(['merge', file('shard1.csv'), file('plain.csv')]),
    ]);
    expectUsageError(noPasses, /--sample-unknowns .*--passes none leaves none/u);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"1\.5" is not a share of the unknown deals between 0 and 1/u);
    expect(mixed.code).not.toBe(0);
    expect(mixed.stderr).toMatch(/sample_unknowns 0\.4 .*sample_unknowns/u);
  });
});

function readShare(text: string): number {
  const share = readSampleShare(text);
  if (typeof share === 'string') throw new Error(share);
  return share.share;
}
