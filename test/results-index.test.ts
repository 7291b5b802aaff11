// scripts/results-index.ts on a tiny results folder: which run each variant × rule shows (the current ones a
// study names; every summary of two-phase/; a two-phase run first, then the most deals; no --policy run), the
// table it prints, the README it writes, and the files it hands to acesup report.

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
  const bad = `${dir}-bad`;
  mkdirSync(join(bad, 'b-runs'), { recursive: true });
  writeFileSync(join(bad, 'b-runs/README.md'), '# B\n\ncurrent: missing.summary.csv\n');
  // The script's runs at once (each is mostly tsx starting).
  const ran = await Promise.all([
    index('--table', '--prefix', 'results/'),
    index(),
    index('--current'),
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
  for (const run of ran.slice(0, 3)) expect(run.code, run.stderr).toBe(0);
  [table, current] = [ran[0]!.stdout, ran[2]!.stdout];
  refused = ran[3]!;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/results-index.ts', () => {
  it('--table: per variant × rule the current run, two-phase first, then the most deals; no policy run', () => {
    const rows = table.trim().split('\n');
    expect(rows[0]).toMatch(/^\| variant × rule \| win rate \| 95% interval \| two-phase estimate \(95% interval\) \| deals \|/u);
    expect(rows).toHaveLength(2 + 6);
    const row = (key: string): string => rows.find((line) => line.startsWith(`| ${key} |`)) ?? '';
    expect(row('standard × optional')).toBe(
      '| standard × optional | 40.00%–70.00% | 39.00%–71.00% | **51.23%** (49.80%–52.70%); 8 unknowns sampled | 500 | 3 | 150 | 100,000 | ddddddd |' +
        ' [two-phase/standard-optional.summary.csv](results/two-phase/standard-optional.summary.csv) |',
    );
    expect(row('standard × forced')).toBe(
      '| standard × forced | **48.00%** | 47.00%–49.00% | — | 1,000 | 3 | 0 | 100,000 | aaaaaaa | [a-runs/new.summary.csv](results/a-runs/new.summary.csv) |',
    );
    expect(row('strict × forced')).toContain('| **6.00%** | 5.00%–7.00% | — | 100 |');
    expect(row('strict × optional')).toBe('| strict × optional | no current run | | | | | | | | |');
    expect(row('easy × forced')).toBe('| easy × forced | no current run | | | | | | | | |');
    expect(row('easy × optional')).toBe('| easy × optional | no current run | | | | | | | | |');
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

  it('writes README.md: the table with links from the folder, and one line per study with its question', () => {
    const text = readFileSync(join(dir, 'README.md'), 'utf8');
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
      ['two-phase/standard-optional.summary.csv', 'a-runs/new.summary.csv', 'a-runs/small-1.summary.csv', 'a-runs/new.csv.gz'].map((file) =>
        join(dir, file),
      ),
    );
  });

  it('refuses a current: line that names a file the folder does not hold', () => {
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/b-runs\/README\.md: its current: line names missing\.summary\.csv, which is not in the folder/u);
  });
});
