// Unit tests of the passes (--passes, --escalate): the option and the plan, the memory bound a pass is
// sized by, the result table's per-cell pass, the per-deal CSV's pass columns (written, read back, checked),
// resume and merge across passes, the summary per pass, a pool run pass by pass against plain solves, and
// the file an escalation starts from.

import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { KEY_WORDS, PILE_KEY_WORDS } from '../src/core/engine/state.ts';
import { DEFAULT_MAX_TABLE_BYTES, VisitedSet, positionsIn } from '../src/core/engine/table.ts';
import { Solver, discardBounds } from '../src/core/search/solve.ts';
import { DEAL_COLUMNS, IMPLIED_COLUMN, MS_ALL_COLUMN, PASS_COLUMNS } from '../src/batch/csv-columns.ts';
import { readDealsCsv, readIntoTable, resumeChecker } from '../src/batch/csv-read.ts';
import { writeDealsCsv } from '../src/batch/csv.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { scanEscalation } from '../src/batch/escalation.ts';
import { solveMissing } from '../src/batch/pool.ts';
import { mergeDealFiles } from '../src/batch/merge.ts';
import { dealThreadsFor, fitPasses, readPassesOption, tableBytes, workerBytes } from '../src/batch/passes.ts';
import {
  type Provenance,
  UNRECORDED,
  isPlanPrefix,
  parsePasses,
  passBudgets,
  planBlocker,
  runProvenance,
} from '../src/batch/provenance.ts';
import { type DealRecord, LOST, ResultTable, UNKNOWN, WON, rulesetsFor } from '../src/batch/results.ts';
import { SummaryAccumulator, summarise } from '../src/batch/summarise.ts';
import { summaryCsv } from '../src/batch/summary-file.ts';
import { checkPasses } from '../src/batch/plan-checks.ts';
import solveChunk from '../src/batch/worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'acesup-passes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const plan = (passes: readonly number[] = [], maxStates = 1000): Provenance =>
  runProvenance({ maxStates, maxDiscards: 'exact', version: '9.9.9', passes });
const PLAN = plan([8, 64]);

describe('the --passes option and the plan', () => {
  it('reads factors separated by commas or spaces, ×8 or x8, each larger than the last', () => {
    expect(readPassesOption('8,64')).toEqual([8, 64]);
    expect(readPassesOption(' ×8 , x64  512 ')).toEqual([8, 64, 512]);
    for (const bad of ['', ',', '8,4', '8,8', '1', '0', '-8', '8.5', 'a', '9007199254740993', '2,3,4,5,6,7,8,9,10']) {
      expect(typeof readPassesOption(bad), bad).toBe('string');
    }
  });

  it('gives each pass its budget, and says when one plan is the start of another', () => {
    expect(passBudgets(PLAN)).toEqual([1000, 8000, 64000]);
    expect(passBudgets(plan())).toEqual([1000]);
    expect(passBudgets(UNRECORDED)).toEqual([]);
    expect(parsePasses('8 64')).toEqual([8, 64]);
    expect(parsePasses('64 8')).toBeUndefined();
    expect(isPlanPrefix(plan(), PLAN)).toBe(true);
    expect(isPlanPrefix(plan([8]), PLAN)).toBe(true);
    expect(isPlanPrefix(PLAN, PLAN)).toBe(true);
    expect(isPlanPrefix(PLAN, plan([8]))).toBe(false);
    expect(isPlanPrefix(plan([64]), PLAN)).toBe(false);
    expect(isPlanPrefix(plan([], 2000), PLAN)).toBe(false);
    expect(isPlanPrefix(UNRECORDED, PLAN)).toBe(false);
  });

  it('lets an escalation add passes to a sample of one share per pass, which may grow but not shrink', () => {
    const sampled = (passes: number[], sample: string): Provenance => ({ ...plan(passes), sample_unknowns: sample });
    const before = sampled([8, 64], '0.1 0.02');
    expect(planBlocker(before, sampled([8, 64, 512], '0.1 0.02 0.005'))).toBeUndefined();
    expect(planBlocker(before, sampled([8, 64, 512], '0.2 0.05 0.01'))).toBeUndefined();
    expect(planBlocker(before, sampled([8, 64, 512], '0.1'))).toBeUndefined();
    expect(planBlocker(before, sampled([8, 64, 512], '0.05'))).toBe('sample_unknowns');
    expect(planBlocker(before, sampled([8, 64, 512], '0.1 0.01 0.01'))).toBe('sample_unknowns');
    expect(planBlocker(before, plan([8, 64, 512]))).toBeUndefined();
  });
});

describe('the memory a pass may take', () => {
  it('bounds a table by every position stored at 9/10 load, never past its cap: what the table reserves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2e9 }), fc.constantFrom(PILE_KEY_WORDS, KEY_WORDS), (states, words) => {
        const bytes = tableBytes(states, words);
        expect(bytes).toBeLessThanOrEqual(DEFAULT_MAX_TABLE_BYTES);
        // Room for every state, or the cap; and what a table cleared for that budget reserves, no more.
        expect(positionsIn(bytes, words) >= states || bytes === DEFAULT_MAX_TABLE_BYTES).toBe(true);
        const table = new VisitedSet(words, 12, DEFAULT_MAX_TABLE_BYTES);
        table.clearFor(states);
        expect(table.capacity).toBeLessThanOrEqual(bytes);
        expect(tableBytes(states * 2, words)).toBeGreaterThanOrEqual(bytes);
      }),
      { numRuns: 50 },
    );
  });

  it('counts the larger of the two tables of an optional solve, the other at its kept size: 18 GiB fits 24 GiB', () => {
    const cap = 18 * 2 ** 30;
    // A ×4096 pass of 100,000 states, on one worker: the optional rule's table at what 409,600,000 states fill.
    const bytes = workerBytes(409_600_000, true, cap);
    expect(bytes).toBeLessThan(0.9 * 24 * 2 ** 30);
    expect(bytes).toBeGreaterThan(tableBytes(409_600_000, KEY_WORDS, cap));
    expect(checkPasses([4096], 100_000, true, 1, [], { memory: 24 * 2 ** 30, maxBytes: cap })).toEqual([1]);
    // A budget past the cap: the table at its cap, and it still fits.
    expect(workerBytes(1e12, true, cap)).toBeLessThan(0.9 * 24 * 2 ** 30);
  });

  it("counts the optional rule's second table, and fits as many threads as the memory holds", () => {
    expect(workerBytes(16e6, true)).toBeGreaterThan(workerBytes(16e6, false));
    expect(workerBytes(128e6, true)).toBeGreaterThan(workerBytes(16e6, true));
    // Past the tables' cap a larger budget needs no more memory.
    expect(workerBytes(1e12, true)).toBe(workerBytes(1e11, true));
    const need = workerBytes(16e6, true);
    expect(fitPasses([8], 2e6, true, 4, need * 2.5).map((f) => f.threads)).toEqual([2]);
    expect(fitPasses([8], 2e6, true, 4, need * 10).map((f) => f.threads)).toEqual([4]);
    expect(fitPasses([8], 2e6, true, 4, need / 2).map((f) => f.threads)).toEqual([0]);
  });

  it('gives the workers a pass leaves idle to its deals as threads, none where every worker runs, within the memory', () => {
    const need = workerBytes(16e6, true);
    const at = (memory: number, workers: number, given?: number): number[] =>
      dealThreadsFor(fitPasses([8], 2e6, true, workers, memory), true, workers, memory, given);
    // 2 of 8 workers fit: 4 threads each; all 4 fit: one each; a given count wins.
    expect(at(need * 2.5, 8)).toEqual([4]);
    expect(at(need * 10, 4)).toEqual([1]);
    expect(at(need * 10, 4, 3)).toEqual([3]);
    // Helpers take memory: where little is left over the tables, fewer threads.
    expect(at(need + 64 * 2 ** 20 * 1.5, 4)).toEqual([2]);
    // The forced rule alone searches on one thread.
    expect(dealThreadsFor(fitPasses([8], 2e6, false, 8, need), false, 8, need, 4)).toEqual([1]);
  });

  it('runs a pass that the memory cannot hold on every worker on fewer (a warning), and refuses one that fits none', () => {
    const warnings: string[] = [];
    const x8 = workerBytes(16e6, true);
    const x64 = workerBytes(128e6, true);
    expect(checkPasses([8, 64], 2e6, true, 2, warnings, { memory: (2 * x64) / 0.9 + 1 })).toEqual([2, 2]);
    expect(warnings).toEqual([]);
    expect(checkPasses([8, 64], 2e6, true, 2, warnings, { memory: (x8 + x64) / 0.9 })).toEqual([2, 1]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^pass ×64 \(128,000,000 states\) may take up to [\d.]+ GB per worker: it runs on 1 of the 2 workers at a time/u,
    );
    expect(() => checkPasses([8, 64], 2e6, true, 2, warnings, { memory: (x8 * 1.5) / 0.9 })).toThrow(
      /^pass ×64 .* more than this machine's [\d.]+ GB of memory holds: give smaller --passes \(the largest that fits is ×\d+\)$/u,
    );
    expect(() => checkPasses([8], 2e6, true, 2, warnings, { memory: 1e8 })).toThrow(/pass ×8 .*: give smaller --passes \(none fits\)/u);
  });

  it("solves a chunk within the task's table cap: a deal stops at a small cap before its budget, and no verdict changes", () => {
    const task = {
      seed: 3,
      start: 20_000,
      count: 12,
      variant: 'standard' as const,
      rules: ['optional' as const],
      maxStates: 100_000,
      maxDiscards: 'bounds' as const,
    };
    const results = (values: Float64Array) =>
      Array.from({ length: task.count }, (_, i) => ({ outcome: values[i * 5]!, states: values[i * 5 + 3]! }));
    const wide = results(solveChunk(task).values);
    const narrow = results(solveChunk({ ...task, maxTableBytes: 200_000 }).values);
    // Under the default cap an unknown deal spent its budget; under 200 kB some search stopped at the cap.
    expect(wide.filter((r) => r.outcome === UNKNOWN).every((r) => r.states === task.maxStates)).toBe(true);
    expect(narrow.some((r) => r.outcome === UNKNOWN && r.states < task.maxStates)).toBe(true);
    narrow.forEach((r, i) => {
      if (r.outcome !== UNKNOWN && wide[i]!.outcome !== UNKNOWN) expect(r.outcome).toBe(wide[i]!.outcome);
    });
  });

  it("warns of a pass whose budget is far past what the tables' memory cap holds, and of no other", () => {
    const warnings: string[] = [];
    checkPasses([8, 64, 512, 4096], 2e6, true, 1, warnings, { memory: 1e12 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^pass ×4096 \(8,192,000,000 states\): likely to stop at the tables' [\d.]+ GB memory cap/u);
    // A larger cap (--max-memory) holds that pass, and a worker is planned to take more memory for it.
    warnings.length = 0;
    checkPasses([4096], 2e6, true, 1, warnings, { memory: 1e12, maxBytes: 32 * 2 ** 30 });
    expect(warnings).toEqual([]);
    expect(workerBytes(1024e6, true, 12 * 2 ** 30)).toBeGreaterThan(2 * workerBytes(1024e6, true));
  });
});

/** A made-up record: the verdict follows the index and the slot. */
function record(index: number, slot: number): DealRecord {
  const kind = (index + slot) % 3;
  if (kind === 0) return { outcome: WON, lower: 48, upper: 48, states: 100 + index, ms: 1.5 };
  if (kind === 1) return { outcome: LOST, lower: 40, upper: 40, states: 10 * index, ms: 0.25 };
  return { outcome: UNKNOWN, lower: 30, upper: 48, states: 1000, ms: 9 };
}

/** A table of plan `provenance` whose deal i's results come from pass i mod 3 (a budget of passBudgets). */
function passTable(first: number, count: number, provenance: Provenance = PLAN): ResultTable {
  const table = new ResultTable(7, first, count, rulesetsFor(['strict'], ['optional', 'forced']), provenance);
  const budgets = passBudgets(provenance);
  for (let index = first; index < first + count; index++) {
    table.rulesets.forEach((_, slot) => {
      const pass = index % budgets.length;
      table.set(slot, index, { ...record(index, slot), ...(pass === 0 ? {} : { budget: budgets[pass]! }) });
    });
  }
  return table;
}

describe('the result table across passes', () => {
  it("keeps each result's pass, and says which results a pass still needs", () => {
    const table = new ResultTable(7, 0, 4, [{ variant: 'standard', rule: 'optional' }], PLAN);
    table.set(0, 0, { ...record(2, 0) }); // unknown at the first pass
    table.set(0, 1, { ...record(2, 0), budget: 8000 }); // unknown at ×8
    table.set(0, 2, { ...record(0, 0), budget: 8000 }); // won at ×8
    expect(table.get(0, 0)!.budget).toBeUndefined();
    expect(table.get(0, 1)!.budget).toBe(8000);
    expect([0, 1, 2, 3].map((i) => [0, 1, 2].filter((pass) => table.needs(0, i, pass)))).toEqual([[1], [2], [], [0]]);
    expect(table.pending([0], 0)).toEqual([[3, 4]]);
    expect(table.pending([0], 1)).toEqual([[0, 1]]);
    expect(table.pending([0], 2)).toEqual([[1, 2]]);
    expect(() => table.set(0, 3, { ...record(0, 0), budget: 5000 })).toThrow(/not a pass of its plan/u);
  });
});

describe('the per-deal CSV with passes', () => {
  it("ends each row with the plan and its pass's budget, reads them back, and keeps a file without passes as it was", async () => {
    const table = passTable(10, 6);
    const file = join(dir, 'passes.csv');
    await writeDealsCsv(file, table, true);
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    // Strict under both rules: the two nest, so the rows end with implied_by.
    expect(Object.keys(rows[0]!)).toEqual([...DEAL_COLUMNS, ...PASS_COLUMNS, MS_ALL_COLUMN, IMPLIED_COLUMN]);
    expect(rows.map((r) => `${r['index']} ${r['passes']} ${r['pass_max_states']}`).filter((_, i) => i % 2 === 0)).toEqual([
      '10 8 64 8000',
      '11 8 64 64000',
      '12 8 64 1000',
      '13 8 64 8000',
      '14 8 64 64000',
      '15 8 64 1000',
    ]);
    const back = new ResultTable(7, 10, 6, table.rulesets, PLAN);
    expect(await readIntoTable(file, back)).toBe(12);
    for (let index = 10; index < 16; index++) for (const slot of [0, 1]) expect(back.get(slot, index)).toEqual(table.get(slot, index));

    const plain = join(dir, 'no-passes.csv');
    await writeDealsCsv(plain, passTable(10, 3, plan()), true);
    expect(readFileSync(plain, 'utf8').split('\n')[0]).toBe([...DEAL_COLUMNS, IMPLIED_COLUMN].join(','));
    const read: Provenance[] = [];
    await readDealsCsv(plain, (row) => read.push(row.provenance));
    expect(read.every((p) => p.passes === '' && p.max_states === '1000')).toBe(true);
  });

  it("refuses pass columns that do not go together or a budget that is not one of the row's passes, naming the line", async () => {
    const file = join(dir, 'checked.csv');
    await writeDealsCsv(file, passTable(0, 3), true);
    const text = readFileSync(file, 'utf8');
    const [header, ...lines] = text.trimEnd().split('\n');
    const cases: [string, RegExp][] = [
      [`${header!.replace(',passes,pass_max_states', ',pass_max_states,passes')}\n`, /the columns passes, pass_max_states go together/u],
      [
        `${[header!.replace(',passes,pass_max_states', ',pass_max_states'), ...lines.map((l) => l.replace(/,8 64,(\d+),([^,]*),([^,]*)$/u, ',$1,$2,$3'))].join('\n')}\n`,
        /go together/u,
      ],
      [
        `${[header, lines[0]!.replace(/,1000,([^,]*),([^,]*)$/u, ',9000,$1,$2'), ...lines.slice(1)].join('\n')}\n`,
        /line 2: pass_max_states 9000 is not the budget of a pass of the row's plan \(1000, 8000, 64000\)/u,
      ],
      [
        `${[header, lines[0]!.replace(',8 64,', ',64 8,'), ...lines.slice(1)].join('\n')}\n`,
        /line 2: passes "64 8" is not a list of factors/u,
      ],
    ];
    for (const [content, message] of cases) {
      writeFileSync(join(dir, 'bad-passes.csv'), content);
      await expect(readDealsCsv(join(dir, 'bad-passes.csv'), () => {})).rejects.toThrow(message);
    }
  });

  it('--resume takes rows of its own plan only; an escalation also takes the start of its plan and passes over other deals', async () => {
    const file = join(dir, 'first-pass.csv');
    await writeDealsCsv(file, passTable(0, 6, plan()), true);
    const run = (provenance: Provenance, first = 0, count = 6) => ({
      seed: 7,
      first,
      count,
      rulesets: rulesetsFor(['strict'], ['optional', 'forced']),
      provenances: [provenance],
    });
    const rows: { slot: number; index: number }[] = [];
    const collect = async (check: ReturnType<typeof resumeChecker>): Promise<void> => {
      rows.length = 0;
      await readDealsCsv(file, (row, line) => rows.push({ slot: check(row, line), index: row.index }));
    };
    await expect(collect(resumeChecker(file, run(PLAN)))).rejects.toThrow(
      /line 2: the row has no passes \(one budget\) but this run has passes 8 64: .*--escalate it/u,
    );
    await collect(resumeChecker(file, run(PLAN, 2, 3), true));
    expect(rows.filter((r) => r.slot >= 0).map((r) => r.index)).toEqual([2, 2, 3, 3, 4, 4]);
    await expect(collect(resumeChecker(file, run(plan([], 2000)), true))).rejects.toThrow(
      /the row has max_states 1000 but this run has max_states 2000/u,
    );
    await writeDealsCsv(file, passTable(0, 6, PLAN), true);
    await expect(collect(resumeChecker(file, run(plan([8])), true))).rejects.toThrow(/the row has passes 8 64 but this run has passes 8/u);
    await collect(resumeChecker(file, run(PLAN)));
    expect(rows.every((r) => r.slot >= 0)).toBe(true);
  });
});

describe('merge and the summary across passes', () => {
  it('merges shards whose rows come from different passes of one plan, refuses another plan, and counts each pass', async () => {
    const files: string[] = [];
    for (const [first, count] of [
      [0, 5],
      [5, 7],
    ] as const) {
      const file = join(dir, `pass-shard-${first}.csv`);
      const table = passTable(first, count);
      table.run = { first: 0, last: 11 };
      await writeDealsCsv(file, table, true);
      files.push(file);
    }
    const merged = await mergeDealFiles(files);
    expect(merged.gaps).toBe(0);
    const whole = passTable(0, 12);
    expect(summarise(merged.table)).toEqual(summarise(whole));
    const [optional] = summarise(whole);
    // Deal i's result is from pass i mod 3; its verdict follows (i + slot) mod 3 (unknown when 2).
    const byPass = [0, 1, 2].map((pass) => Array.from({ length: 12 }, (_, i) => i).filter((i) => i % 3 === pass));
    expect(optional!.passes).toEqual(
      byPass.map((deals, pass) => ({
        maxStates: passBudgets(PLAN)[pass],
        decided: deals.filter((i) => i % 3 !== 2).length,
        unknown: deals.filter((i) => i % 3 === 2).length,
      })),
    );
    const other = join(dir, 'pass-other.csv');
    await writeDealsCsv(other, passTable(5, 7, plan([8])), true);
    await expect(mergeDealFiles([files[0]!, other])).rejects.toThrow(
      /has passes 8 64 but .*pass-other\.csv has passes 8: results that differ in passes do not mix/u,
    );
    expect((await mergeDealFiles([files[0]!, other], { allowMixed: true })).mixed).toEqual(['passes']);
  });

  it('counts every planned pass, writes them to the summary CSV, and leaves a run of one pass as it was', () => {
    const accumulator = new SummaryAccumulator([{ variant: 'strict', rule: 'forced' }], passBudgets(PLAN));
    accumulator.add(0, 0, { outcome: WON, lower: 48, upper: 48, states: 10, ms: 1 }, passBudgets(PLAN));
    accumulator.add(0, 1, { outcome: UNKNOWN, lower: 40, upper: 48, states: 8000, ms: 1, budget: 8000 }, passBudgets(PLAN));
    const [summary] = accumulator.summaries();
    expect(summary!.passes).toEqual([
      { maxStates: 1000, decided: 1, unknown: 0 },
      { maxStates: 8000, decided: 0, unknown: 1 },
      { maxStates: 64000, decided: 0, unknown: 0 },
    ]);
    const run = {
      command: 'acesup',
      version: '9.9.9',
      commit: 'abc',
      seed: 7,
      wallSeconds: 1,
      workers: 1,
      maxStates: 1000,
      complete: false,
      maxDiscards: 'exact',
      search: 's',
      mixed: [],
    };
    const [header, row] = parse(summaryCsv([summary!], { ...run, passes: '8 64' })) as string[][];
    const fields = Object.fromEntries(header!.map((name, i) => [name, row![i]]));
    expect(fields).toMatchObject({ passes: '8 64', pass_max_states: '1000 8000 64000', pass_decided: '1 0 0', pass_unknown: '0 1 0' });
    const single = new SummaryAccumulator([{ variant: 'strict', rule: 'forced' }], [1000]);
    single.add(0, 0, { outcome: WON, lower: 48, upper: 48, states: 10, ms: 1 }, [1000]);
    expect(single.summaries()[0]!.passes).toBeUndefined();
    expect(parse(summaryCsv(single.summaries(), run))[0]).not.toContain('passes');
  });
});

describe('a pool run pass by pass', () => {
  it("solves again exactly the results unknown at the pass before, each as one solve at the pass's budget gives it", async () => {
    const provenance = plan([4, 16], 2000);
    const budgets = passBudgets(provenance);
    const table = new ResultTable(11, 0, 16, rulesetsFor(['standard'], ['optional', 'forced']), provenance);
    const options = { workers: 2, maxDiscards: 'bounds' as const };
    const solver = new Solver();
    for (const [pass, maxStates] of budgets.entries()) {
      const before = [0, 1].map((slot) => Array.from({ length: 16 }, (_, index) => table.get(slot, index)));
      expect(await solveMissing(table, { ...options, maxStates, ...(pass === 0 ? {} : { pass, concurrency: 1 }) })).toEqual({
        kind: 'complete',
      });
      for (const slot of [0, 1]) {
        for (let index = 0; index < 16; index++) {
          const earlier = before[slot]![index];
          const now = table.get(slot, index)!;
          // A result the pass did not need is kept as it was.
          if (earlier !== undefined && !(earlier.outcome === UNKNOWN && (earlier.budget ?? budgets[0]) === budgets[pass - 1])) {
            expect(now).toEqual(earlier);
            continue;
          }
          const solved = solver.solve(dealFor(11, index), {
            variant: 'standard',
            rule: table.rulesets[slot]!.rule,
            maxStates,
            maxDiscards: 'bounds',
            solution: false,
          });
          const { lower, upper } = discardBounds(solved);
          expect({
            result: ['', 'won', 'lost', 'unknown'][now.outcome],
            lower: now.lower,
            upper: now.upper,
            states: now.states,
            budget: now.budget,
          }).toEqual({ result: solved.result, lower, upper, states: solved.states, budget: pass === 0 ? undefined : maxStates });
        }
      }
    }
    const summary = summarise(table)[0]!.passes!;
    expect(summary.map((p) => p.maxStates)).toEqual(budgets);
    // Some results were unknown at the first budget and some of them decided later (the test shows what it claims).
    expect(summary[0]!.decided).toBeLessThan(16);
    expect(summary[1]!.decided + summary[2]!.decided).toBeGreaterThan(0);
  });
});

describe('the file an escalation starts from', () => {
  it("gives its seed, rule sets, deals, run range and provenance, and refuses what is not one run's results of the solver", async () => {
    const file = join(dir, 'escalate.csv');
    const table = passTable(20, 5, plan());
    table.run = { first: 0, last: 99 };
    await writeDealsCsv(file, table, true);
    const source = await scanEscalation(file);
    expect(source).toMatchObject({ seed: 7, range: { first: 20, count: 5 }, run: { first: 0, last: 99 }, provenance: plan(), rows: 10 });
    expect(source.rulesets).toEqual(table.rulesets);
    expect(source.unknown).toBe([...Array(10).keys()].filter((cell) => (20 + Math.floor(cell / 2) + (cell % 2)) % 3 === 2).length);

    const text = readFileSync(file, 'utf8');
    const [header, ...lines] = text.trimEnd().split('\n');
    const bad = async (content: string, message: RegExp): Promise<void> => {
      writeFileSync(join(dir, 'escalate-bad.csv'), content);
      await expect(scanEscalation(join(dir, 'escalate-bad.csv'))).rejects.toThrow(message);
    };
    await bad(
      `${[header, lines[0], lines[1]!.replace(',1000,exact,', ',2000,exact,')].join('\n')}\n`,
      /line 3: the row has max_states 2000 but the rows above have max_states 1000: escalate one run's file/u,
    );
    await bad(`${[header, lines[0], lines[1]!.replace(/^7,/u, '8,')].join('\n')}\n`, /line 3: seed 8, but the rows above have seed 7/u);
    await bad(
      `${[header, lines[0], lines[1]!.replace(',strict,forced,', ',standard,forced,')].join('\n')}\n`,
      /holds standard\/forced, strict\/optional: a run covers every chosen variant under every chosen discard rule/u,
    );
    await bad(`${header}\n`, /holds no deals/u);
    const legacy = [header!.split(',').slice(0, 10).join(','), ...lines.map((l) => l.split(',').slice(0, 10).join(','))];
    await bad(`${legacy.join('\n')}\n`, /line 2: the row records no max_states \(a file of an older acesup\)/u);
    await bad(
      `${header},policy\n${lines.map((l) => `${l},greedy(ace-bonus=0)`).join('\n')}\n`,
      /a game of greedy\(ace-bonus=0\) \(--policy\)/u,
    );
  });
});
