// A deal's budget growing pass by pass (core/escalate.ts, `solve --time-limit`), and the visited set's
// memory cap that ends a search in `unknown` instead of an out-of-memory crash.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/batch/deals.ts';
import { type Deal, formatDeal, parseDeal } from '../src/core/cards.ts';
import { GROWTH, nextBudget, PLAN, solveEscalating } from '../src/core/escalate.ts';
import { type SolveOptions, Solver } from '../src/core/solve.ts';
import { VisitedSet } from '../src/core/table.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OPTIONS: SolveOptions = { variant: 'standard', rule: 'optional', maxDiscards: 'bounds', solution: false };
const SMALL = 2_000;

/** The first seeded deal that standard × optional leaves unknown at SMALL states and decides at 500,000. */
function escalatingDeal(): { deal: Deal; verdict: string } {
  const solver = new Solver();
  for (let index = 0; index < 200; index++) {
    const deal = dealFor(11, index);
    if (solver.solve(deal, { ...OPTIONS, maxStates: SMALL }).kind !== 'unknown') continue;
    const verdict = solver.solve(deal, { ...OPTIONS, maxStates: 500_000 }).kind;
    if (verdict !== 'unknown') return { deal, verdict };
  }
  throw new Error('no deal of seed 11 needs between 2,000 and 500,000 states');
}
const { deal: DEAL, verdict: VERDICT } = escalatingDeal();
/** A deal that standard × optional leaves undecided at 16,000,000 states (deal 2 of seed 2026). */
const HARD = '5C 3C 6H TS AD JC 9D QD 3H 9S 9H QC JD 4S AS 7D JH 3S 5S TH KS 9C 8D 8S KD 7C QH 5D TD KC 8H 4D 6C QS 4H TC 2H AC 5H 4C 3D 2D KH JS 6D 2C 7S AH 8C 6S 2S 7H';

describe('solveEscalating', () => {
  it('grows the budget by GROWTH while the deal is unknown and time is left, and ends on the verdict of one solve at that budget', () => {
    let clock = 0;
    const passes: number[] = [];
    const out = solveEscalating(new Solver(), DEAL, { ...OPTIONS, maxStates: SMALL }, {
      timeLimitMs: 1e9, now: () => (clock += 1), onPass: (_pass, next) => passes.push(next),
    });
    expect(out.result.kind).toBe(VERDICT);
    expect(out.passes).toBe(passes.length + 1);
    expect(passes.length).toBeGreaterThan(0);
    passes.forEach((budget, i) => expect(budget).toBe(SMALL * GROWTH ** (i + 1)));
    expect(out.maxStates).toBe(passes.at(-1));
    // The same answer as one solve at the last budget: escalation only chooses the budget.
    expect(new Solver().solve(DEAL, { ...OPTIONS, maxStates: out.maxStates })).toEqual(out.result);
  });

  it('plans GROWTH× while a pass after it would still fit, else one pass as large as fits, and none under twice the last', () => {
    const last = 1_000_000;
    expect(nextBudget(last, 2 * last - 1)).toBe(0);
    expect(nextBudget(last, Number.NaN)).toBe(0);
    expect(nextBudget(last, 5.5 * last)).toBe(5_500_000);
    const grown = last * GROWTH;
    // Room for GROWTH× and then a pass of twice that: step by GROWTH.
    expect(nextBudget(last, grown * (2 + PLAN))).toBe(grown);
    // Not quite: the whole time to one pass.
    expect(nextBudget(last, grown * (2 + PLAN) - 1)).toBe(Math.floor(grown * (2 + PLAN) - 1));
    for (let fits = 0; fits < 40 * last; fits += 123_457) {
      const next = nextBudget(last, fits);
      if (next !== 0) expect(next === grown || next === Math.floor(fits)).toBe(true);
      expect(next).toBeLessThanOrEqual(fits);
    }
  });

  it('goes on from a first pass given to it, without solving it again', () => {
    const solver = new Solver();
    const first = solver.solve(DEAL, { ...OPTIONS, maxStates: SMALL });
    let clock = 0;
    const budgets: number[] = [];
    const solved: number[] = [];
    const counting = { solve: (deal: Deal, options: SolveOptions) => (solved.push(options.maxStates!), solver.solve(deal, options)) } as Solver;
    const out = solveEscalating(counting, DEAL, { ...OPTIONS, maxStates: SMALL }, {
      timeLimitMs: 1e9, now: () => (clock += 1), first: { result: first, ms: 1 }, onPass: (_pass, next) => budgets.push(next),
    });
    expect(budgets[0]).toBe(SMALL * GROWTH);
    expect(solved).toEqual(budgets);
    expect(out.result.kind).toBe(VERDICT);
    // Without time for a second pass, the first is the answer.
    expect(solveEscalating(solver, DEAL, { ...OPTIONS, maxStates: SMALL }, { timeLimitMs: 0, now: () => 0, first: { result: first, ms: 1 } }))
      .toEqual({ result: first, maxStates: SMALL, passes: 1 });
  });

  it('runs one pass when the next would not fit in the time left', () => {
    let clock = 0;
    const out = solveEscalating(new Solver(), DEAL, { ...OPTIONS, maxStates: SMALL }, {
      timeLimitMs: 1000, now: () => (clock += 999), onPass: () => { throw new Error('no second pass expected'); },
    });
    expect(out).toMatchObject({ passes: 1, maxStates: SMALL, result: { kind: 'unknown', limit: 'states' } });
  });
});

describe('the visited set\'s memory cap', () => {
  it('never grows a table past its cap, and reports itself full', () => {
    const table = new VisitedSet(6, 12, 256 * 1024);
    const key = new Int32Array(6);
    let added = 0;
    for (let i = 1; !table.full; i++) {
      key[0] = i;
      key[1] = i * 7919;
      if (table.add(key, 0)) added += 1;
    }
    expect(table.bytes).toBeLessThanOrEqual(256 * 1024);
    expect(table.bytes).toBeGreaterThan(128 * 1024);
    expect(added).toBe(table.size);
    table.clear();
    expect(table.full).toBe(false);
  });

  it('ends a search that needs more memory in unknown (limit memory), within the bounds of a full solve, and stops escalating', () => {
    const capped = new Solver({ maxTableBytes: 1024 * 1024 });
    const hard = parseDeal(HARD);
    const result = capped.solve(hard, { ...OPTIONS, maxStates: 2_000_000 });
    expect(result).toMatchObject({ kind: 'unknown', limit: 'memory' });
    expect(result.states).toBeLessThan(2_000_000);
    const full = new Solver().solve(hard, { ...OPTIONS, maxStates: 2_000_000 });
    expect(full.kind).toBe('unknown');
    if (result.kind === 'unknown' && full.kind === 'unknown') {
      expect(result.lower).toBeLessThanOrEqual(full.lower);
      expect(result.upper).toBeGreaterThanOrEqual(full.upper);
    }
    let clock = 0;
    const out = solveEscalating(capped, hard, { ...OPTIONS, maxStates: 2_000_000 }, { timeLimitMs: 1e9, now: () => (clock += 1) });
    expect(out.passes).toBe(1);
  });
});

describe('acesup solve --time-limit, --max-memory', () => {
  const run = (args: string[]) => spawnSync(process.execPath, ['bin/acesup.js', 'solve', '--variant', 'standard', '--max-discards', 'bounds', ...args, formatDeal(DEAL)], { cwd: ROOT, encoding: 'utf8' });

  it('decides a deal given as an argument past its first budget, and keeps one pass with --time-limit 0', () => {
    const escalated = run(['--max-states', String(SMALL)]);
    expect(escalated.status).toBe(0);
    expect(escalated.stdout).toMatch(new RegExp(`^standard · optional discards: ${VERDICT.toUpperCase()}`, 'mu'));
    const once = run(['--max-states', String(SMALL), '--time-limit', '0']);
    expect(once.status).toBe(0);
    expect(once.stdout).toMatch(/UNKNOWN — between \d+ and \d+ discards; stopped at a budget of 2,000 states/u);
  });

  it('says when the memory cap stopped the search', () => {
    const args = ['solve', '--variant', 'standard', '--max-discards', 'bounds', '--max-states', '50000000', '--max-memory', '16', HARD];
    const json = spawnSync(process.execPath, ['bin/acesup.js', ...args, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(json.status).toBe(0);
    const line = JSON.parse(json.stdout) as { result: string; maxStates: number; states: number };
    expect(line).toMatchObject({ result: 'unknown', maxStates: 50_000_000 });
    expect(line.states).toBeLessThan(5_000_000);
    const text = spawnSync(process.execPath, ['bin/acesup.js', ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(text.stdout).toContain('UNKNOWN — between');
    expect(text.stdout).toContain('stopped when the search\'s table reached --max-memory 16 MiB');
  });
});
