// scripts/results-index.ts on a tiny results folder: which run each variant × rule shows (the current ones a
// study names; every summary of two-phase/; a two-phase run first, then the most deals; no --policy run), the
// short table it prints and writes into a README between markers with the headline, the full table of the
// README it writes, the figures rounded once from the counts, and the files it hands to acesup report.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'acesup-results-index-'));

const PLAIN =
  'variant,discards,seed,first_index,last_index,deals,won,lost,unknown,win_rate_low,win_rate_high,ci95_low,ci95_high,max_states,complete,command,version,commit';
const plain = (variant: string, rule: string, deals: number, won: number, unknown: number, commit: string): string => {
  const low = won / deals;
  const high = (won + unknown) / deals;
  return (
    `${variant},${rule},3,0,${deals - 1},${deals},${won},${deals - won - unknown},${unknown},${low.toFixed(6)},${high.toFixed(6)},` +
    `${(low - 0.01).toFixed(6)},${(high + 0.01).toFixed(6)},100000,true,acesup estimate,0.1.0,${commit}`
  );
};
const TWO_PHASE = `${PLAIN},sample_unknowns,two_phase_low,two_phase_high,two_phase_ci95_low,two_phase_ci95_high,sampled`;
const POLICY = `${PLAIN},policy`;
// A two-phase summary with the estimator's counts (sample.ts): a first pass won 9,905 of 20,000 deals, a sample of
// 0.05 of the unknown ones (a share of 214,748,365 / 2³², just over 0.05) won 16 and left 4 open. The estimate is
// (9,905 + 16/π)/20,000 = 51.1249…%, which the CSV writes 0.511250: rounding that again would give 51.13%.
const COUNTED = `${PLAIN},sample_unknowns,two_phase_low,two_phase_high,two_phase_ci95_low,two_phase_ci95_high,first_won,sampled,sampled_won,sampled_unknown`;
const counted = `${plain('easy', 'optional', 20000, 9921, 6433, 'fffffff6')},0.05,0.511250,0.515250,0.501625,0.527923,9905,349,16,4`;

function write(path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** Runs the index script on the fixture (from the repository root, where tsx resolves): its exit code and output. */
const index = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/results-index.ts', '--dir', dir, ...args],
      { cwd: ROOT, encoding: 'utf8' },
      (error, stdout, stderr) => done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });

let table: string;
let current: string;
let refused: { code: number; stderr: string };
let noMarkers: { code: number; stderr: string };

beforeAll(async () => {
  write('a-runs/README.md', '# Question A: how often?\n\n- details\n\ncurrent: new.summary.csv, small-*.summary.csv, new.csv.gz\n');
  write(
    'a-runs/new.summary.csv',
    `${PLAIN}\n${plain('standard', 'optional', 1000, 400, 300, 'aaaaaaa1')}\n${plain('standard', 'forced', 1000, 480, 0, 'aaaaaaa1')}\n`,
  );
  write('a-runs/new.csv.gz', '');
  write('a-runs/small-1.summary.csv', `${PLAIN}\n${plain('strict', 'forced', 100, 6, 0, 'bbbbbbb2')}\n`);
  // Larger, but not named current: never shown.
  write(
    'a-runs/old.summary.csv',
    `${PLAIN}\n${plain('strict', 'forced', 5000, 300, 0, 'ccccccc3')}\n${plain('easy', 'forced', 5000, 2900, 100, 'ccccccc3')}\n`,
  );
  // No README: every summary counts; the merged run (more deals) beats its shard, and a two-phase run beats a larger plain one.
  const tp = (deals: number): string =>
    `${plain('standard', 'optional', deals, 200, 150, 'ddddddd4')},0.05,0.512345,0.512345,0.498,0.527,8`;
  write('two-phase/standard-optional.summary.csv', `${TWO_PHASE}\n${tp(500)}\n`);
  write('two-phase/standard-optional-1.summary.csv', `${TWO_PHASE}\n${tp(400)}\n`);
  // A policy's games are not perfect play.
  write('policies/README.md', '# Policies\n\ncurrent: p.summary.csv\n');
  write('policies/p.summary.csv', `${POLICY}\n${plain('easy', 'optional', 9000, 90, 0, 'eeeeeee5')},greedy\n`);
  // The headline's player: the most deals in standard × optional (in a subfolder), then the most wins.
  write('policies/1m/g.summary.csv', `${POLICY}\n${plain('standard', 'optional', 1000000, 28422, 0, 'eeeeeee5')},greedy(ace-bonus=2)\n`);
  write('policies/small/x.summary.csv', `${POLICY}\n${plain('standard', 'optional', 10000, 400, 0, 'eeeeeee5')},expert(samples=32)\n`);
  write('two-phase/easy-optional.summary.csv', `${COUNTED}\n${counted}\n`);
  write('page.md', '# Page\n\n<!-- headline: x -->\nold\n<!-- /headline -->\n\ntext\n\n<!-- table: y -->\nold\n<!-- /table -->\nend\n');
  write('no-markers.md', '# Page\n');
  const bad = `${dir}-bad`;
  mkdirSync(join(bad, 'b-runs'), { recursive: true });
  writeFileSync(join(bad, 'b-runs/README.md'), '# B\n\ncurrent: missing.summary.csv\n');
  // The script's runs at once (each is mostly tsx starting).
  const ran = await Promise.all([
    index('--table', '--prefix', 'results/'),
    index(),
    index('--current'),
    index('--table', '--into', join(dir, 'page.md')),
    index('--table', '--into', join(dir, 'no-markers.md')),
    new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/results-index.ts', '--dir', bad, '--table'],
        { cwd: ROOT, encoding: 'utf8' },
        (error, stdout, stderr) => done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
      );
    }),
  ]);
  rmSync(bad, { recursive: true, force: true });
  for (const run of ran.slice(0, 4)) expect(run.code, run.stderr).toBe(0);
  [table, current] = [ran[0]!.stdout, ran[2]!.stdout];
  noMarkers = ran[4]!;
  refused = ran[5]!;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/results-index.ts', () => {
  it('--table: per variant × rule the current run, two-phase first, then the most deals; no policy run; five columns', () => {
    const rows = table.trim().split('\n');
    expect(rows[0]).toBe('| rule set | win rate (95% interval) | deals | how it was decided | run |');
    expect(rows).toHaveLength(2 + 6);
    for (const line of rows) expect(line.split('|')).toHaveLength(5 + 2);
    const row = (key: string): string => rows.find((line) => line.startsWith(`| ${key} |`)) ?? '';
    expect(row('standard × optional')).toBe(
      '| standard × optional | **51.23%** (49.80%–52.70%) | 500 | the hardest deals from a sample: 8 of 150 solved further |' +
        ' [two-phase/standard-optional](results/two-phase/standard-optional.summary.csv) |',
    );
    // Wilson's interval of 480 of 1,000 from the counts (44.917%–51.098%), not the CSV's interval columns.
    expect(row('standard × forced')).toBe(
      '| standard × forced | **48.00%** (44.92%–51.10%) | 1,000 | every deal decided | [a-runs/new](results/a-runs/new.summary.csv) |',
    );
    expect(row('strict × forced')).toContain('| **6.00%** (2.78%–12.48%) | 100 | every deal decided |');
    expect(row('strict × optional')).toBe('| strict × optional | no current run | | | |');
    expect(row('easy × forced')).toBe('| easy × forced | no current run | | | |');
    // Rounded once, from the counts: 51.1249…% and 51.5249…%, not the CSV's 0.511250 and 0.515250 rounded again.
    expect(row('easy × optional')).toContain(
      '| **51.12%–51.52%** (50.16%–52.79%) | 20,000 | the hardest deals from a sample: 349 of 6,433 solved further',
    );
    expect(row('easy × optional')).toContain('4 still open');
    // The order: standard, strict, easy × optional, forced.
    expect(rows.slice(2).map((line) => line.split(' | ')[0])).toEqual([
      '| standard × optional',
      '| standard × forced',
      '| strict × optional',
      '| strict × forced',
      '| easy × optional',
      '| easy × forced',
    ]);
  });

  it('--table --into: the headline and the table between their markers, the rest of the file as it was', () => {
    const text = readFileSync(join(dir, 'page.md'), 'utf8');
    const [before, headline, middle, short, after] = text.split(/<!-- \/?(?:headline|table)(?:: [a-z]+)? -->\n?/u);
    expect([before, middle, after]).toEqual(['# Page\n\n', '\ntext\n\n', 'end\n']);
    expect(short).toBe(table.replaceAll('](results/', ']('));
    // The perfect-play figure of standard × optional, then the player with the most deals: Wilson's interval of
    // 28,422 of 1,000,000 is 2.80976%–2.87498% (its CSV would say 0.028750); 1/0.028422 is 35.2.
    expect(headline).toBe(
      '**Aces Up as its rules are written (standard variant, optional discards) can be won in 51.23% of deals with perfect play** (95% interval 49.80%–52.70%); a player who cannot see the stock wins 2.84% (2.81%–2.87%), about 1 deal in 35 ([greedy](policies/1m/g.summary.csv), the best measured player, 1,000,000 deals).\n',
    );
    expect(noMarkers.code).toBe(2);
    expect(noMarkers.stderr).toMatch(/no-markers\.md has no <!-- headline: … --> … <!-- \/headline --> markers/u);
    expect(noMarkers.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('writes README.md: the full table with links from the folder, and one line per study with its question', () => {
    const text = readFileSync(join(dir, 'README.md'), 'utf8');
    expect(text).toContain('| variant × rule | win rate | 95% interval | estimate (95% interval) | deals | seed | unknown |');
    expect(text).toContain(
      '| standard × optional | 40.00%–70.00% | 35.80%–73.85% | **51.23%** (49.80%–52.70%); 8 unknowns sampled | 500 | 3 | 150 | 100,000 | ddddddd |' +
        ' [two-phase/standard-optional.summary.csv](two-phase/standard-optional.summary.csv) |',
    );
    expect(text).toContain('| easy × optional | 49.60%–81.77% | 48.91%–82.30% | **51.12%–51.52%** (50.16%–52.79%); 349 unknowns sampled |');
    expect(text).toContain('[a-runs/new.summary.csv](a-runs/new.summary.csv)');
    expect(text).toContain('- [a-runs/](a-runs/README.md): Question A: how often? (its current runs are in the table)\n');
    expect(text).toContain('- [policies/](policies/README.md): Policies\n');
    expect(text).toContain('- [two-phase/](two-phase/): two-phase (its current runs are in the table)\n');
  });

  it("--current: the table's summary files, then the per-deal files the current: lines name", () => {
    expect(
      current
        .trim()
        .split('\n')
        .map((line) => resolve(ROOT, line)),
    ).toEqual(
      [
        'two-phase/standard-optional.summary.csv',
        'a-runs/new.summary.csv',
        'a-runs/small-1.summary.csv',
        'two-phase/easy-optional.summary.csv',
        'a-runs/new.csv.gz',
      ].map((file) => join(dir, file)),
    );
  });

  it('refuses a current: line that names a file the folder does not hold', () => {
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/b-runs\/README\.md: its current: line names missing\.summary\.csv, which is not in the folder/u);
  });
});

describe("the package's reference data", () => {
  /** The index script on the project's own results/ (no --dir). */
  const own = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/results-index.ts', ...args],
        { cwd: ROOT, encoding: 'utf8' },
        (error, stdout, stderr) => done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
      );
    });

  it('is what results/ gives: src/batch/reference-runs.ts is written from the runs of the table, with their provenance', async () => {
    const checked = await own('--reference', 'src/batch/reference-runs.ts', '--check');
    expect(checked.code, checked.stderr).toBe(0);
    const { REFERENCE_RUNS } = await import('../src/batch/reference-runs.ts');
    // One run per variant × rule, each the table's (the README's table names the same summary files).
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(REFERENCE_RUNS.map((r) => `${r.variant}/${r.rule}`).sort()).toEqual([
      'easy/forced',
      'easy/optional',
      'standard/forced',
      'standard/optional',
      'strict/forced',
      'strict/optional',
    ]);
    for (const run of REFERENCE_RUNS) {
      expect(readme).toContain(run.source.replace(/^results\//u, '').replace(/\.summary\.csv$/u, ''));
      expect(run.commit).toMatch(/^[0-9a-f]{7}$/u);
      expect(run.won + run.lost + run.unknown).toBe(run.deals);
      expect(run.last - run.first + 1).toBe(run.deals);
    }
  });
});
