// The report's parts without a browser: reading the CSVs, the running estimate, the best line of a deal not
// won, and `acesup report` / `acesup solve --html` run as a user would, bad input included.

import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { wilson } from '../src/core/stats.ts';
import { Solver } from '../src/core/search/solve.ts';
import { Replayer } from '../src/core/game/verify.ts';
import { bestLine } from '../src/report/best-line.ts';
import { checkpoints, readInputs, runningEstimate } from '../src/report/data.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'acesup-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function acesup(args: string[], input = ''): { code: number | null; stdout: string; stderr: string } {
  const ran = spawnSync(process.execPath, ['bin/acesup.js', ...args], { cwd: ROOT, input, encoding: 'utf8' });
  return { code: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

describe('the running estimate', () => {
  it('draws every deal up to 100, then log-spaced points, always ending at the last deal', () => {
    expect(checkpoints(40)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), (n) => {
        const marks = checkpoints(n);
        expect(marks[marks.length - 1]).toBe(n);
        for (let i = 1; i < marks.length; i++) expect(marks[i]).toBeGreaterThan(marks[i - 1]!);
        expect(marks.length).toBeLessThanOrEqual(100 + 40 * 5 + 1);
      }),
    );
  });

  it('is the win rate of the first n deals, unknowns lost and won, with Wilson ends', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(1, 2, 3), { minLength: 1, maxLength: 400 }), (outcomes) => {
        const points = runningEstimate(Uint8Array.from(outcomes));
        expect(points.map((p) => p.deals)).toEqual(checkpoints(outcomes.length));
        for (const p of points) {
          const first = outcomes.slice(0, p.deals);
          const won = first.filter((o) => o === 1).length;
          const unknown = first.filter((o) => o === 3).length;
          expect(p.low).toBeCloseTo(won / p.deals, 12);
          expect(p.high).toBeCloseTo((won + unknown) / p.deals, 12);
          expect(p.ci95Low).toBeCloseTo(wilson(won, p.deals).low, 12);
          expect(p.ci95High).toBeCloseTo(wilson(won + unknown, p.deals).high, 12);
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('reading the inputs', () => {
  it('tells summary from per-deal files by their header, gzipped or not, and orders deals by index', async () => {
    const summary = join(ROOT, 'results/first-runs/standard-both.summary.csv');
    const rows =
      'seed,index,deal,variant,discards,result,max_discards_lower,max_discards_upper,states,ms\n' +
      `7,2,${'x'},strict,forced,lost,40,40,10,\n7,0,x,strict,forced,won,48,48,10,\n7,1,x,strict,forced,unknown,30,48,10,\n`;
    const gz = join(dir, 'deals.csv.gz');
    writeFileSync(gz, gzipSync(rows));
    const inputs = await readInputs([summary, gz]);
    expect(inputs.summaries.map((r) => `${r.variant}/${r.rule}`)).toEqual(['standard/optional', 'standard/forced']);
    const forced = inputs.summaries[1]!;
    expect(forced).toMatchObject({ deals: 4000, won: 1928, lost: 1856, unknown: 216, file: 'standard-both.summary.csv', seed: '2' });
    expect(forced.maxDiscards.reduce((s, n) => s + n, 0)).toBe(forced.won + forced.lost);
    expect(inputs.series).toHaveLength(1);
    expect([...inputs.series[0]!.outcomes]).toEqual([1, 3, 2]);
  });
});

describe('a best line for a deal not won', () => {
  it("is legal, discards what it says, and never beats the solver's proven max", () => {
    const solver = new Solver();
    let checked = 0;
    for (let index = 0; index < 12; index++) {
      const deal = dealFor(11, index);
      for (const variant of ['standard', 'strict'] as const) {
        const result = solver.solve(deal, { variant, rule: 'forced', maxStates: 50_000 });
        if (result.result === 'won') continue;
        const line = bestLine(deal, variant, 'forced', result.upper, 20_000);
        const game = new Replayer(deal, variant, 'forced');
        for (const move of line.moves) {
          expect(game.illegal(move)).toBeUndefined();
          game.play(move);
        }
        expect(game.discarded()).toBe(line.discards);
        expect(line.discards).toBeLessThanOrEqual(result.upper);
        if (line.reached) expect(line.discards).toBe(result.upper);
        // A lost deal's exact max is reached by some line: the search finds it unless its budget ran out.
        if (result.result === 'lost' && result.lower === result.upper && line.positions < 20_000) expect(line.reached).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('acesup report and solve --html from the command line', () => {
  const summary = join(ROOT, 'results/first-runs/standard-both.summary.csv');

  it('writes the page and the SVG files, and says so on standard error', () => {
    const out = join(dir, 'r.html');
    const ran = acesup(['report', summary, '--out', out, '--svg', join(dir, 'svg')]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toBe('');
    expect(ran.stderr).toMatch(/^acesup: 3 charts from 2 runs and 0 per-deal series; wrote .*r\.html and 3 SVG files in /u);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/u);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org\/)/u);
    expect(existsSync(join(dir, 'svg', 'win-rate.svg'))).toBe(true);
  });

  it('names each bad input in one line, with exit code 2 (3 for a file that cannot be read or written)', () => {
    const cases: [string[], RegExp, number?][] = [
      [['report', summary], /say where to write: --out/u],
      [['report', join(dir, 'none.csv'), '--out', join(dir, 'x.html')], /cannot read .*none\.csv: no such file\n$/u, 3],
      [['report', join(ROOT, 'README.md'), '--out', join(dir, 'x.html')], /README\.md is not a CSV file of acesup/u],
      [
        ['report', join(ROOT, 'package.json'), '--out', join(dir, 'x.html')],
        /package\.json is (not a CSV file|neither a summary CSV nor a per-deal CSV) of acesup/u,
      ],
      [['report', summary, '--out', join(dir, 'no', 'such', 'x.html')], /^acesup: cannot write --out .*x\.html: no such folder\n$/u, 3],
      [['report', summary, '--out', join(ROOT, 'README.md', 'x.html')], /cannot write --out .*: a part of its path is not a folder\n$/u, 3],
      [['report', summary, '--out', dir], /^acesup: cannot write --out .*: it is a folder\n$/u, 3],
      [['report', summary, '--svg', join(ROOT, 'README.md')], /^acesup: cannot write --svg .*README\.md: /u, 3],
    ];
    writeFileSync(join(dir, 'broken.gz'), Buffer.from([0x1f, 0x8b, 1, 2, 3, 4]));
    cases.push([['report', join(dir, 'broken.gz'), '--out', join(dir, 'x.html')], /broken\.gz: not a valid gzip file/u]);
    for (const [args, message, code] of cases) {
      const ran = acesup(args);
      expect(ran.code, args.join(' ')).toBe(code ?? 2);
      expect(ran.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(ran.stderr, args.join(' ')).toMatch(message);
    }
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('solve --html writes a page of one deal, with the solutions as data, and refuses two deals', () => {
    const deal =
      '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';
    const page = join(dir, 'deal.html');
    const ran = acesup(['solve', '--variant', 'standard', '--discards', 'forced', '--html', page, deal]);
    expect(ran.code, ran.stderr).toBe(0);
    const html = readFileSync(page, 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="deal-data">(.*?)<\/script>/su.exec(html)![1]!);
    const json = JSON.parse(acesup(['solve', '--variant', 'standard', '--discards', 'forced', '--json', deal]).stdout);
    expect(data.deal.join(' ')).toBe(deal);
    expect(data.games).toHaveLength(1);
    expect(data.games[0]).toMatchObject({ variant: 'standard', discards: 'forced', result: 'won', moves: json.solution });
    expect(html).not.toMatch(/<script src|<link|https?:\/\//u);

    const two = acesup(['solve', '--html', join(dir, 'two.html')], `${deal}\n${deal}\n`);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('acesup: --html draws one deal: give it as an argument or with --seed\n');
    expect(existsSync(join(dir, 'two.html'))).toBe(false);
    const bad = acesup(['solve', '--html', join(dir, 'bad.html'), 'AS KS']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});
