// Unit tests of src/batch: the Wilson interval, quantiles, shard arithmetic, pinned deals, the result
// table, the per-deal CSV (write, read back, resume checks), merge checks and the summary.

import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, formatDeal, isDeal } from '../src/core/game/cards.ts';
import type { Variant } from '../src/core/game/rules.ts';
import { DEAL_COLUMNS, IMPLIED_COLUMN, LEGACY_DEAL_COLUMNS } from '../src/batch/csv-columns.ts';
import { readDealsCsv, readIntoTable } from '../src/batch/csv-read.ts';
import { writeDealsCsv } from '../src/batch/csv.ts';
import { PROVENANCE_COLUMNS, type Provenance, SEARCH_VERSION, UNRECORDED, runProvenance } from '../src/batch/provenance.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { createPool, solveMissing } from '../src/batch/pool.ts';
import { mergeDealFiles } from '../src/batch/merge.ts';
import { type DealRecord, LOST, MAX_RESULTS, ResultTable, UNKNOWN, WON, rulesetsFor } from '../src/batch/results.ts';
import { parseShard, shardRange } from '../src/batch/shard.ts';
import { quantile, wilson, winRate } from '../src/core/stats.ts';
import { SummaryAccumulator, summarise } from '../src/batch/summarise.ts';
import { summaryCsv } from '../src/batch/summary-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'acesup-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('wilson', () => {
  it('matches known values', () => {
    const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 5);
    const half = wilson(5, 10);
    close(half.low, 0.236593);
    close(half.high, 0.763407);
    expect(wilson(0, 10).low).toBe(0);
    close(wilson(0, 10).high, 0.277533);
    close(wilson(10, 10).low, 0.722467);
    expect(wilson(10, 10).high).toBe(1);
    const big = wilson(5500, 100000);
    close(big.low, 0.053604);
    close(big.high, 0.05643);
  });

  it('holds the rate inside, within [0, 1]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e7 }), fc.double({ min: 0, max: 1, noNaN: true }), (deals, share) => {
        const won = Math.floor(share * deals);
        const { low, high } = wilson(won, deals);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(won / deals + 1e-12);
        expect(high).toBeGreaterThanOrEqual(won / deals - 1e-12);
      }),
    );
  });

  it('with unknowns, spans from the lowest to the highest possible rate', () => {
    const rate = winRate(40, 10, 100);
    expect(rate.low).toBe(0.4);
    expect(rate.high).toBe(0.5);
    expect(rate.ci95).toEqual({ low: wilson(40, 100).low, high: wilson(50, 100).high });
    expect(winRate(40, 0, 100).ci95).toEqual(wilson(40, 100));
  });
});

describe('quantile', () => {
  it('is nearest-rank', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(sorted, 0.5)).toBe(5);
    expect(quantile(sorted, 0.99)).toBe(10);
    expect(quantile(sorted, 1)).toBe(10);
    expect(quantile([7], 0.5)).toBe(7);
    expect(
      quantile(
        Array.from({ length: 200 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(198);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('shards', () => {
  it('split a range into N contiguous parts, in order, sizes within one', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e7), fc.integer({ min: 1, max: 300 }), (first, count, n) => {
        let next = first;
        const sizes: number[] = [];
        for (let k = 1; k <= n; k++) {
          const part = shardRange({ first, count }, k, n);
          expect(part.first).toBe(next);
          next += part.count;
          sizes.push(part.count);
        }
        expect(next).toBe(first + count);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('gives known parts, also past 2^53 / N', () => {
    expect(shardRange({ first: 0, count: 10 }, 1, 3)).toEqual({ first: 0, count: 3 });
    expect(shardRange({ first: 0, count: 10 }, 2, 3)).toEqual({ first: 3, count: 3 });
    expect(shardRange({ first: 0, count: 10 }, 3, 3)).toEqual({ first: 6, count: 4 });
    expect(shardRange({ first: 5, count: 2 }, 3, 4)).toEqual({ first: 6, count: 0 });
    expect(shardRange({ first: 0, count: 2 ** 52 }, 3, 3)).toEqual({ first: 3002399751580330, count: 1501199875790166 });
    expect(() => shardRange({ first: 0, count: 10 }, 3, 2)).toThrow(RangeError);
  });

  it('reads K/N, 1 ≤ K ≤ N', () => {
    expect(parseShard('2/8')).toEqual({ k: 2, n: 8 });
    expect(parseShard(' 8 / 8 ')).toEqual({ k: 8, n: 8 });
    for (const bad of ['3/2', '0/2', '1/0', '1', '-1/2', '1.5/2', 'a/b', '']) expect(parseShard(bad)).toBeUndefined();
  });
});

describe('deals', () => {
  // Pinned: these must never change, or every published result and CSV stops being reproducible.
  const PINNED: [number, number, string][] = [
    [
      0,
      0,
      '9D 4C KS 2C AC TH KH 7C 3S QC AH KD 2S 6C KC 5D 8S JC 2D AS JH TC 7H JS 7D AD 5C 8D 4H 8H 6S 3C TS 2H JD 9C 5S 6D QS 7S QD 3H 4S QH 5H 9S 6H TD 9H 4D 3D 8C',
    ],
    [
      1,
      0,
      'QD 4C 9C 5C 7D 9H 8D 2S KH 7S JC AD TD 7H KS 4H 9D QS 6H QC 8S AC TC AH KD 9S 6C 3S 2C TS 6S 2H 3H JS 4D KC AS 7C 6D 5D QH 5S JH 3C TH 5H 8H 3D 2D 8C JD 4S',
    ],
    [
      1,
      1,
      'QD 6S 2D 2H TH 5C AH 9D 2S 7H JD KH AS 6H JH 3S 2C 8H 7C 5S 9S TC JS 4C AD 8C 9C TD JC QC KS AC 4D 4H QS 9H 5D 5H 6D KC 8D 4S KD 8S 7S 3C 3H 6C 3D QH 7D TS',
    ],
    [
      2024,
      999999,
      'KD TH 5S 7H 8S AH JH 3S 4C 2H 4H 9S 8C QD JD AS 2S 4D 8D 6C TS JS TD 2D 9D 9C 5C QS 7D 6H KC 7C 7S 4S 6S JC 3D 9H KS 2C 5H QH 8H QC 3H 3C TC AC 6D KH AD 5D',
    ],
    [
      4294967295,
      2 ** 40,
      'JS QS KC TS 7S 9D 8S KD 5S 3D 8D 9H 2H QD 7D TC AC AD JC 3S 7H TH KS 6S 8C QH 7C 6H 4H 5C 2C JH 6C 4S 3H QC KH TD 4C 3C 9C 8H 5D 2D 5H AH 9S 4D 2S JD 6D AS',
    ],
  ];

  it.each(PINNED)('seed %i, index %i is pinned', (seed, index, deal) => {
    expect(formatDeal(dealFor(seed, index))).toBe(deal);
  });

  it('are permutations of the deck and do not depend on what was dealt before', () => {
    fc.assert(
      fc.property(fc.nat(0xffffffff), fc.nat(Number.MAX_SAFE_INTEGER - 1), (seed, index) => {
        const deal = dealFor(seed, index);
        expect(isDeal(deal)).toBe(true);
        dealFor((seed ^ 1) >>> 0, index + 1);
        expect(dealFor(seed, index)).toEqual(deal);
      }),
      { numRuns: 200 },
    );
  });
});

/** A made-up record: the verdict follows the index, so that tables are easy to fill and check. */
function fakeRecord(index: number, slot: number): DealRecord {
  const kind = (index + slot) % 3;
  if (kind === 0) return { outcome: WON, lower: 48, upper: 48, states: 100 + index, ms: 1.5 };
  if (kind === 1) return { outcome: LOST, lower: 20 + (index % 28), upper: 20 + (index % 28), states: 10 * index, ms: 0.25 };
  return { outcome: UNKNOWN, lower: 30, upper: 48, states: 5000, ms: 9 };
}

const PROVENANCE = runProvenance({ maxStates: 1000, maxDiscards: 'exact', version: '9.9.9' });

function fakeTable(
  seed: number,
  first: number,
  count: number,
  variants: readonly Variant[] = ['strict', 'standard'],
  skip = (_i: number) => false,
  provenance: Provenance = PROVENANCE,
): ResultTable {
  const table = new ResultTable(seed, first, count, rulesetsFor([...variants], ['forced', 'optional']), provenance);
  for (let index = first; index < first + count; index++) {
    if (skip(index)) continue;
    table.rulesets.forEach((_, slot) => table.set(slot, index, fakeRecord(index, slot)));
  }
  return table;
}

describe('result table', () => {
  it('orders rule sets standard, strict, easy, then optional, forced', () => {
    expect(rulesetsFor(['easy', 'standard'], ['forced', 'optional']).map((r) => `${r.variant}/${r.rule}`)).toEqual([
      'standard/optional',
      'standard/forced',
      'easy/optional',
      'easy/forced',
    ]);
  });

  it('lists the missing deals as runs', () => {
    const table = fakeTable(1, 10, 10, ['strict'], (i) => i === 10 || (i >= 13 && i < 15) || i === 19);
    expect(table.missing([0])).toEqual([
      [10, 11],
      [13, 15],
      [19, 20],
    ]);
    expect(table.solved(0)).toBe(6);
    // Missing under one rule set or more: deal 13 solved under strict/forced only, 14 under strict/optional only.
    table.set(1, 13, fakeRecord(13, 1));
    table.set(0, 14, fakeRecord(14, 0));
    expect(table.missing([0])).toEqual([
      [10, 11],
      [13, 14],
      [19, 20],
    ]);
    expect(table.missing([1])).toEqual([
      [10, 11],
      [14, 15],
      [19, 20],
    ]);
    expect(table.missing([0, 1])).toEqual([
      [10, 11],
      [13, 15],
      [19, 20],
    ]);
  });
});

describe('per-deal CSV', () => {
  it('is written sorted, reads back, and resumes only into the run that wrote it', async () => {
    const table = fakeTable(7, 100, 5);
    const file = join(dir, 'deals.csv');
    await writeDealsCsv(file, table, true);
    const rows = parse(readFileSync(file, 'utf8')) as string[][];
    // Standard and strict under both rules nest: the rows end with implied_by.
    expect(rows[0]).toEqual([...DEAL_COLUMNS, IMPLIED_COLUMN]);
    expect(rows.slice(1, 5).map((r) => `${r[1]} ${r[3]}/${r[4]}`)).toEqual([
      '100 standard/optional',
      '100 standard/forced',
      '100 strict/optional',
      '100 strict/forced',
    ]);
    expect(rows[1]![2]).toBe(formatDeal(dealFor(7, 100)));
    expect(rows.length).toBe(1 + 5 * 4);

    const back = new ResultTable(7, 100, 5, table.rulesets, PROVENANCE);
    expect(await readIntoTable(file, back)).toBe(20);
    expect(back.get(2, 103)).toEqual(table.get(2, 103));

    await expect(readIntoTable(file, new ResultTable(8, 100, 5, table.rulesets, PROVENANCE))).rejects.toThrow(
      /seed 7, but this run has --seed 8/u,
    );
    await expect(readIntoTable(file, new ResultTable(7, 100, 4, table.rulesets, PROVENANCE))).rejects.toThrow(
      /deal 104 is outside this run's deals 100–103/u,
    );
    await expect(readIntoTable(file, new ResultTable(7, 100, 5, table.rulesets.slice(1), PROVENANCE))).rejects.toThrow(
      /standard\/optional is not among/u,
    );
    writeFileSync(join(dir, 'bad.csv'), readFileSync(file, 'utf8').replace(formatDeal(dealFor(7, 101)), formatDeal(dealFor(7, 102))));
    await expect(readIntoTable(join(dir, 'bad.csv'), new ResultTable(7, 100, 5, table.rulesets, PROVENANCE))).rejects.toThrow(
      /line 6: the deal is not deal 101 of seed 7/u,
    );
    writeFileSync(join(dir, 'header.csv'), 'seed,index\n1,2\n');
    await expect(readIntoTable(join(dir, 'header.csv'), back)).rejects.toThrow(/not a per-deal CSV/u);
  });

  it("records in every row what its verdict depends on and the run's deal range; --resume refuses rows that differ, naming the field", async () => {
    const table = fakeTable(7, 10, 3);
    table.run = { first: 0, last: 29 };
    const file = join(dir, 'provenance.csv');
    await writeDealsCsv(file, table, true);
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    for (const row of rows) {
      expect(row).toMatchObject({
        max_states: '1000',
        max_discards_mode: 'exact',
        version: '9.9.9',
        search: SEARCH_VERSION,
        run_first: '0',
        run_last: '29',
      });
    }
    const read: Provenance[] = [];
    await readDealsCsv(file, (row) => read.push(row.provenance));
    expect(read.every((p) => p.max_states === '1000')).toBe(true);
    const into = (provenance: Provenance): Promise<number> => readIntoTable(file, new ResultTable(7, 10, 3, table.rulesets, provenance));
    expect(await into(PROVENANCE)).toBe(12);
    await expect(into({ ...PROVENANCE, max_states: '2000' })).rejects.toThrow(
      /line 2: the row has max_states 1000 but this run has max_states 2000/u,
    );
    await expect(into({ ...PROVENANCE, max_discards_mode: 'bounds' })).rejects.toThrow(
      /the row has max_discards_mode exact but this run has max_discards_mode bounds/u,
    );
    await expect(into({ ...PROVENANCE, version: '1.0.0' })).rejects.toThrow(
      /the row has version 9\.9\.9 but this run has version 1\.0\.0/u,
    );
    await expect(into({ ...PROVENANCE, search: 'other' })).rejects.toThrow(/the row has search .* but this run has search other/u);
    // An older file (no provenance columns) reads as unrecorded and is not resumed.
    const text = readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.split(',').slice(0, LEGACY_DEAL_COLUMNS.length).join(','))
      .join('\n');
    writeFileSync(join(dir, 'legacy.csv'), text);
    const legacy: Provenance[] = [];
    await readDealsCsv(join(dir, 'legacy.csv'), (row) => legacy.push(row.provenance));
    expect(legacy.every((p) => p === UNRECORDED)).toBe(true);
    await expect(readIntoTable(join(dir, 'legacy.csv'), new ResultTable(7, 10, 3, table.rulesets, PROVENANCE))).rejects.toThrow(
      /no max_states recorded/u,
    );
    // A column this version does not know is refused, not ignored; one it knows may be missing (read as not recorded).
    writeFileSync(join(dir, 'newer.csv'), readFileSync(file, 'utf8').replace('implied_by\n', 'implied_by,strategy\n'));
    await expect(readDealsCsv(join(dir, 'newer.csv'), () => {})).rejects.toThrow(/column "strategy" is unknown to this version/u);
    const [header, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
    const drop = header!.split(',').indexOf('search');
    const without = (line: string): string =>
      line
        .split(',')
        .filter((_, i) => i !== drop)
        .join(',');
    writeFileSync(join(dir, 'older.csv'), `${[header!, ...lines].map(without).join('\n')}\n`);
    const older: Provenance[] = [];
    await readDealsCsv(join(dir, 'older.csv'), (row) => older.push(row.provenance));
    expect(older[0]).toEqual({ ...PROVENANCE, search: '' });
    expect(PROVENANCE_COLUMNS).toEqual(
      DEAL_COLUMNS.slice(LEGACY_DEAL_COLUMNS.length, LEGACY_DEAL_COLUMNS.length + PROVENANCE_COLUMNS.length),
    );
  });

  it('reads gzipped files, and refuses what is not a per-deal CSV with an InputError', async () => {
    const file = join(dir, 'zipped.csv');
    await writeDealsCsv(file, fakeTable(7, 0, 4), true);
    writeFileSync(`${file}.gz`, gzipSync(readFileSync(file)));
    const plain: string[] = [];
    const zipped: string[] = [];
    await readDealsCsv(file, (row) => plain.push(JSON.stringify(row)));
    await readDealsCsv(`${file}.gz`, (row) => zipped.push(JSON.stringify(row)));
    expect(zipped).toEqual(plain);
    writeFileSync(join(dir, 'quote.csv'), 'seed,index\n"a"b,1\n');
    await expect(readDealsCsv(join(dir, 'quote.csv'), () => {})).rejects.toThrow(InputError);
    await expect(readDealsCsv(dir, () => {})).rejects.toThrow(/^cannot read .*: it is a folder$/u);
    writeFileSync(join(dir, 'cut.csv.gz'), gzipSync(readFileSync(file)).subarray(0, 40));
    await expect(readDealsCsv(join(dir, 'cut.csv.gz'), () => {})).rejects.toThrow(InputError);
  });

  it('a table refuses more results than MAX_RESULTS, before allocating them', () => {
    expect(() => new ResultTable(1, 0, MAX_RESULTS + 1, [{ variant: 'strict', rule: 'forced' }])).toThrow(RangeError);
    expect(() => new ResultTable(1, 0, Number.MAX_SAFE_INTEGER, rulesetsFor(['strict'], ['forced', 'optional']))).toThrow(RangeError);
  });

  it('without timings leaves ms empty', async () => {
    const file = join(dir, 'untimed.csv');
    await writeDealsCsv(file, fakeTable(7, 0, 2), false);
    expect(readFileSync(file, 'utf8').split('\n')[1]!.split(',')[9]).toBe('');
  });
});

describe('merge', () => {
  const write = async (name: string, table: ResultTable): Promise<string> => {
    const file = join(dir, name);
    await writeDealsCsv(file, table, true);
    return file;
  };

  it('of shards equals the whole', async () => {
    const whole = fakeTable(3, 0, 30);
    const parts: string[] = [];
    for (let k = 1; k <= 4; k++) {
      const { first, count } = shardRange({ first: 0, count: 30 }, k, 4);
      parts.push(await write(`part${k}.csv`, fakeTable(3, first, count)));
    }
    const merged = await mergeDealFiles([parts[2]!, parts[0]!, parts[3]!, parts[1]!]);
    expect(merged.gaps).toBe(0);
    expect(merged.rows).toBe(120);
    expect(summarise(merged.table)).toEqual(summarise(whole));
    await writeDealsCsv(join(dir, 'merged.csv'), merged.table, true);
    await writeDealsCsv(join(dir, 'whole.csv'), whole, true);
    expect(readFileSync(join(dir, 'merged.csv'), 'utf8')).toBe(readFileSync(join(dir, 'whole.csv'), 'utf8'));
  });

  it('refuses other seeds, other rule sets, overlaps', async () => {
    const a = await write('a.csv', fakeTable(3, 0, 10));
    const b = await write('b.csv', fakeTable(3, 10, 10));
    const otherSeed = await write('seed4.csv', fakeTable(4, 10, 10));
    const otherRules = await write('easy.csv', fakeTable(3, 10, 10, ['easy', 'standard']));
    const overlap = await write('overlap.csv', fakeTable(3, 9, 3));
    await expect(mergeDealFiles([a, otherSeed])).rejects.toThrow(/has seed 3 but .*seed4.csv has seed 4/u);
    // Runs of other rule sets on other deals go together; the rule sets each lacks are gaps.
    const mixedRules = await mergeDealFiles([a, otherRules]);
    expect(mixedRules.table.rulesets.map((r) => r.variant)).toEqual(['standard', 'standard', 'strict', 'strict', 'easy', 'easy']);
    expect(mixedRules.gaps).toBe(20 * 6 - 10 * 4 - 10 * 4);
    await expect(mergeDealFiles([a, b, overlap])).rejects.toThrow(/deal 9 under standard\/optional is in both .*a.csv and .*overlap.csv/u);
    await expect(mergeDealFiles([a, a])).rejects.toThrow(/the files overlap/u);
    const gaps = await mergeDealFiles([a, await write('c.csv', fakeTable(3, 25, 5))]);
    expect(gaps.gaps).toBe(15 * 4);
  });

  it('sees a missing last shard from the run range every row records', async () => {
    const parts: string[] = [];
    for (const k of [1, 2]) {
      const { first, count } = shardRange({ first: 0, count: 30 }, k, 3);
      const table = fakeTable(3, first, count);
      table.run = { first: 0, last: 29 };
      parts.push(await write(`run-part${k}.csv`, table));
    }
    const merged = await mergeDealFiles(parts);
    expect({ first: merged.table.first, count: merged.table.count }).toEqual({ first: 0, count: 30 });
    expect(merged.gaps).toBe(10 * 4);
    expect(merged.missing).toEqual([[20, 30]]);
  });

  it('refuses results of another provenance, naming the field, unless allowMixed; then each row keeps its own', async () => {
    const a = await write('p-a.csv', fakeTable(3, 0, 10));
    const b = await write(
      'p-b.csv',
      fakeTable(3, 10, 10, ['strict', 'standard'], () => false, { ...PROVENANCE, max_states: '50' }),
    );
    await expect(mergeDealFiles([a, b])).rejects.toThrow(
      /p-a\.csv has max_states 1000 but .*p-b\.csv has max_states 50: results that differ in max_states do not mix/u,
    );
    const legacy = await write(
      'p-legacy.csv',
      fakeTable(3, 10, 10, ['strict', 'standard'], () => false, UNRECORDED),
    );
    await expect(mergeDealFiles([a, legacy])).rejects.toThrow(/has no max_states recorded/u);
    const mixed = await mergeDealFiles([a, b], { allowMixed: true });
    expect(mixed.mixed).toEqual(['max_states']);
    expect(mixed.table.mixed()).toBe(true);
    await writeDealsCsv(join(dir, 'p-mixed.csv'), mixed.table, true);
    const rows = parse(readFileSync(join(dir, 'p-mixed.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => (Number(r['index']) < 10 ? r['max_states'] === '1000' : r['max_states'] === '50')).every(Boolean)).toBe(true);
    const same = await mergeDealFiles([a, await write('p-c.csv', fakeTable(3, 10, 10))]);
    expect(same.mixed).toEqual([]);
    expect(same.table.mixed()).toBe(false);
  });
});

describe('summary', () => {
  it('counts, histograms and takes quantiles per rule set', () => {
    const table = fakeTable(1, 0, 9, ['strict']);
    const [optional] = summarise(table);
    // slot 0: deals 0, 3, 6 won; 1, 4, 7 lost (21, 24, 27 discards); 2, 5, 8 unknown.
    expect(optional).toMatchObject({
      variant: 'strict',
      rule: 'optional',
      deals: 9,
      won: 3,
      lost: 3,
      unknown: 3,
      firstIndex: 0,
      lastIndex: 8,
    });
    expect(optional!.winRate).toEqual({ low: 3 / 9, high: 6 / 9 });
    expect(optional!.maxDiscards[48]).toBe(3);
    expect([21, 24, 27].map((d) => optional!.maxDiscards[d])).toEqual([1, 1, 1]);
    expect(optional!.states).toEqual({ median: 103, p99: 5000, max: 5000, total: 100 * 3 + 9 + 10 * (1 + 4 + 7) + 5000 * 3 });
    expect(optional!.solveSeconds).toBeCloseTo((1.5 * 3 + 0.25 * 3 + 9 * 3) / 1000, 9);
  });

  it('gathered result by result, in parts, gives the quantiles of the states sorted (small and large counts alike)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(3000), fc.integer({ min: 2 ** 20 - 2, max: 2 ** 20 + 2 }), fc.nat(2e9)), { minLength: 1, maxLength: 300 }),
        (states) => {
          const table = new ResultTable(1, 0, states.length, [{ variant: 'strict', rule: 'forced' }]);
          states.forEach((n, index) => table.set(0, index, { outcome: LOST, lower: 40, upper: 40, states: n, ms: 1 }));
          const accumulator = new SummaryAccumulator(table.rulesets);
          states.forEach((_, index) => accumulator.add(0, index, table.get(0, index)!));
          const sorted = Float64Array.from(states).sort();
          const expected = {
            median: quantile(sorted, 0.5),
            p99: quantile(sorted, 0.99),
            max: sorted[sorted.length - 1],
            total: states.reduce((a, b) => a + b, 0),
          };
          expect(accumulator.summaries()[0]!.states).toEqual(expected);
          expect(summarise(table)[0]!.states).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes every figure and the provenance to the summary CSV', () => {
    const text = summaryCsv(summarise(fakeTable(1, 0, 9, ['strict'])), {
      command: 'acesup estimate --deals 9',
      version: '0.1.0',
      commit: 'abc',
      seed: 1,
      wallSeconds: 2,
      workers: 2,
      maxStates: 1000,
      complete: true,
      maxDiscards: 'exact',
      search: 's',
      mixed: [],
    });
    const [header, ...rows] = parse(text) as string[][];
    expect(rows.length).toBe(2);
    const row = Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]));
    expect(row).toMatchObject({
      variant: 'strict',
      discards: 'optional',
      deals: '9',
      won: '3',
      unknown: '3',
      max_discards_48: '3',
      command: 'acesup estimate --deals 9',
      commit: 'abc',
      complete: 'true',
    });
    expect(header!.filter((name) => /^max_discards_\d+$/u.test(name)).length).toBe(49);
  });
});

describe('solver pool', () => {
  const solvedRecords = (table: ResultTable, slot: number): (DealRecord | undefined)[] =>
    Array.from({ length: 6 }, (_, index) => {
      const record = table.get(slot, index);
      return record === undefined ? undefined : { ...record, ms: 0 };
    });

  it('serves several runs when lent, stays open after them, and gives what a run on its own pool gives', async () => {
    const options = { workers: 1, maxStates: 20_000, maxDiscards: 'bounds' as const };
    const fresh = (variant: Variant): ResultTable => new ResultTable(5, 0, 6, [{ variant, rule: 'forced' }]);
    const pool = createPool(1);
    try {
      const lent = [fresh('strict'), fresh('standard')];
      for (const table of lent) expect(await solveMissing(table, { ...options, pool })).toEqual({ kind: 'complete' });
      expect(pool.threads.length).toBe(1); // still open
      const own = [fresh('strict'), fresh('standard')];
      for (const table of own) expect(await solveMissing(table, options)).toEqual({ kind: 'complete' });
      for (let i = 0; i < 2; i++) {
        expect(solvedRecords(lent[i]!, 0)).toEqual(solvedRecords(own[i]!, 0));
        expect(solvedRecords(lent[i]!, 0).every((record) => record !== undefined)).toBe(true);
      }
    } finally {
      await pool.destroy();
    }
  });
});
