// A deal's budget growing pass by pass (core/search/time-limit.ts, `solve --time-limit`), and the visited set's
// memory cap that ends a search in `unknown` instead of an out-of-memory crash.

import { type ChildProcess, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { type Deal, formatDeal, parseDeal } from '../src/core/game/cards.ts';
import {
  GROWTH,
  GROWTH_MS_PER_POSITION,
  LAST_STRETCH,
  MIN_GAIN,
  STEP_ROOM,
  combine,
  isOpen,
  nextBudget,
  solveWithin,
} from '../src/core/search/time-limit.ts';
import { POLL_STATES } from '../src/core/search/search.ts';
import { type SolveSettings, Solver } from '../src/core/search/solve.ts';
import { VisitedSet } from '../src/core/engine/table.ts';
import { start } from './cli-run.ts';
import { DEEP, sized } from './deep.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OPTIONS: SolveSettings = { variant: 'standard', rule: 'optional', maxDiscards: 'bounds', solution: false };
const SMALL = 2_000;
/** The budget of the poll's test, which searches HARD to its end: smaller in npm test (HARD stays unknown at either). */
const HARD_BUDGET = sized(500_000, 2_000_000);

/** The first seeded deal that standard × optional leaves unknown at SMALL states and decides at 500,000. */
function escalatingDeal(): { deal: Deal; verdict: string } {
  const solver = new Solver();
  for (let index = 0; index < 200; index++) {
    const deal = dealFor(11, index);
    if (solver.solve(deal, { ...OPTIONS, maxStates: SMALL }).result !== 'unknown') continue;
    const verdict = solver.solve(deal, { ...OPTIONS, maxStates: 500_000 }).result;
    if (verdict !== 'unknown') return { deal, verdict };
  }
  throw new Error('no deal of seed 11 needs between 2,000 and 500,000 states');
}
const { deal: DEAL, verdict: VERDICT } = escalatingDeal();
/** A deal that standard × optional leaves undecided at 16,000,000 states (deal 2 of seed 2026). */
const HARD =
  '5C 3C 6H TS AD JC 9D QD 3H 9S 9H QC JD 4S AS 7D JH 3S 5S TH KS 9C 8D 8S KD 7C QH 5D TD KC 8H 4D 6C QS 4H TC 2H AC 5H 4C 3D 2D KH JS 6D 2C 7S AH 8C 6S 2S 7H';

/** A clock that stands still: every pass fits, however large. */
const frozen = () => 0;

describe('solveWithin', () => {
  it('grows the budget by GROWTH while the deal is open and time is left, and ends on the verdict of one solve at that budget', () => {
    const budgets: number[] = [];
    const [out] = solveWithin(new Solver(), DEAL, [{ ...OPTIONS, maxStates: SMALL }], {
      timeLimitMs: 1e9,
      now: frozen,
      onPassEnd: (_index, answer) => budgets.push(answer.maxStates),
    });
    expect(out!.result.result).toBe(VERDICT);
    expect(out!.passes).toBe(budgets.length);
    expect(budgets.length).toBeGreaterThan(1);
    budgets.forEach((budget, i) => expect(budget).toBe(SMALL * GROWTH ** i));
    expect(out!.maxStates).toBe(budgets.at(-1));
    // The verdict of one solve at the last budget: the passes only choose the budget.
    expect(new Solver().solve(DEAL, { ...OPTIONS, maxStates: out!.maxStates }).result).toBe(VERDICT);
  });

  it('plans GROWTH× while there is room for it and a pass after it, else one last pass stretched past what fits, and none under MIN_GAIN× the last', () => {
    const last = 1_000_000;
    expect(nextBudget(last, MIN_GAIN * last - 1)).toBe(0);
    expect(nextBudget(last, MIN_GAIN * last)).toBe(MIN_GAIN * last * LAST_STRETCH);
    expect(nextBudget(last, Number.NaN)).toBe(0);
    expect(nextBudget(last, 5.5 * last)).toBe(5_500_000 * LAST_STRETCH);
    const grown = last * GROWTH;
    expect(nextBudget(last, STEP_ROOM * grown)).toBe(grown);
    expect(nextBudget(last, STEP_ROOM * grown - 1)).toBe((STEP_ROOM * grown - 1) * LAST_STRETCH);
    for (let fits = 0; fits < 40 * last; fits += 123_457) {
      const next = nextBudget(last, fits);
      if (next !== 0) expect(next === grown || next === Math.floor(fits) * LAST_STRETCH).toBe(true);
      expect(next === 0 || next >= MIN_GAIN * last).toBe(true);
    }
  });

  it('with no time limit, runs one pass per entry at its budget and never stops one on the clock', () => {
    let clock = 0;
    const out = solveWithin(
      new Solver(),
      DEAL,
      [
        { ...OPTIONS, maxStates: SMALL },
        { ...OPTIONS, variant: 'strict', maxStates: SMALL },
      ],
      {
        timeLimitMs: 0,
        now: () => (clock += 1e6),
      },
    );
    expect(out.map((entry) => entry.passes)).toEqual([1, 1]);
    expect(out[0]!.result).toEqual(new Solver().solve(DEAL, { ...OPTIONS, maxStates: SMALL }));
    expect(out[1]!.result).toEqual(new Solver().solve(DEAL, { ...OPTIONS, variant: 'strict', maxStates: SMALL }));
  });

  it('keeps the best bounds of its passes, and a loss once proved', () => {
    const unknown = { result: 'unknown', states: 5, lower: 40, upper: 48, limit: 'states' } as const;
    expect(combine(unknown, { result: 'unknown', states: 9, lower: 38, upper: 47, limit: 'poll' })).toEqual({
      result: 'lost',
      states: 9,
      lower: 40,
      upper: 47,
    });
    expect(combine({ result: 'lost', states: 5, lower: 41, upper: 46 }, { ...unknown, lower: 43 })).toEqual({
      result: 'lost',
      states: 5,
      lower: 43,
      upper: 46,
    });
    expect(combine(unknown, { ...unknown, states: 7, lower: 44 })).toEqual({ ...unknown, states: 7, lower: 44 });
    expect(isOpen({ result: 'lost', states: 1, lower: 44, upper: 46 }, 'exact')).toBe(true);
    expect(isOpen({ result: 'lost', states: 1, lower: 44, upper: 46 }, 'bounds')).toBe(false);
    expect(isOpen({ ...unknown, limit: 'memory' }, 'exact')).toBe(false);
  });
});

/**
 * A stand-in solver on an injected clock: a deal that needs `need` states, searched at `msPerState`
 * (times `slowdown` per doubling of the budget, as a larger table is slower), polling as the search does.
 */
function simulated(need: number, msPerState: number, slowdown = 1, growthMsPerPosition = 0) {
  let clock = 0;
  const budgets: number[] = [];
  const solver = {
    solve(_deal: Deal, options: SolveSettings) {
      const budget = options.maxStates!;
      budgets.push(budget);
      const cost = msPerState * slowdown ** Math.log2(budget / SMALL);
      // The table grows when it holds 2^k positions (one position stored per state here).
      let growsAt = 1 << 16;
      for (let states = 0; ; ) {
        const step = Math.min(POLL_STATES, budget - states, need - states, growsAt - states);
        states += step;
        clock += step * cost;
        if (states >= need) return { result: 'lost', states, lower: 45, upper: 45 };
        if (states >= budget) return { result: 'unknown', states, lower: 40, upper: 48, limit: 'states' };
        const growing = states === growsAt && growthMsPerPosition > 0 ? states : 0;
        if (options.poll!(states, 40, growing)) return { result: 'unknown', states, lower: 41, upper: 48, limit: 'poll' };
        if (states === growsAt) {
          clock += growing * growthMsPerPosition;
          growsAt *= 2;
        }
      }
    },
  } as Solver;
  return { solver, budgets, now: () => clock };
}

describe('solveWithin on an injected clock', () => {
  const LIMIT_MS = 60_000;

  it('sizes the last pass to the time left rather than skipping it, and the clock ends it at the limit', () => {
    // 1 µs per state: 60 s hold 60M states; the passes after SMALL are 8× until one would not fit.
    const sim = simulated(1e12, 0.001);
    const [out] = solveWithin(sim.solver, DEAL, [{ ...OPTIONS, maxStates: SMALL }], { timeLimitMs: LIMIT_MS, now: sim.now });
    expect(sim.budgets.slice(0, 5)).toEqual([SMALL, SMALL * 8, SMALL * 64, SMALL * 512, SMALL * 4096]);
    expect(sim.budgets.length).toBe(6);
    expect(sim.budgets[5]).not.toBe(SMALL * 8 ** 5);
    expect(out!.result).toMatchObject({ result: 'unknown', limit: 'poll' });
    // The whole minute used, and not a poll's positions more.
    expect(sim.now()).toBeGreaterThanOrEqual(LIMIT_MS);
    expect(sim.now()).toBeLessThanOrEqual(LIMIT_MS + POLL_STATES * 0.001);
  });

  it('stops a pass that runs slower than planned at the limit, with its bounds', () => {
    const sim = simulated(1e12, 0.001, 1.6);
    const [out] = solveWithin(sim.solver, DEAL, [{ ...OPTIONS, maxStates: SMALL }], { timeLimitMs: LIMIT_MS, now: sim.now });
    expect(out!.result).toMatchObject({ result: 'unknown', limit: 'poll', lower: 41 });
    // The last poll's positions past the limit at most.
    expect(sim.now()).toBeGreaterThanOrEqual(LIMIT_MS);
    expect(sim.now()).toBeLessThanOrEqual(LIMIT_MS + POLL_STATES * 0.001 * 1.6 ** Math.log2(out!.maxStates / SMALL));
  });

  it('does not begin a table growth that would end past the limit', () => {
    // 1 µs per state and growths at GROWTH_MS_PER_POSITION: by 2^24 positions 25 s have gone (17 s of search,
    // 8 s of the growths before), and the growth due there would take 8 s more.
    const sim = simulated(1e12, 0.001, 1, GROWTH_MS_PER_POSITION);
    const [out] = solveWithin(sim.solver, DEAL, [{ ...OPTIONS, maxStates: 60_000_000 }], { timeLimitMs: 30_000, now: sim.now });
    expect(out!.result).toMatchObject({ result: 'unknown', limit: 'poll', states: 2 ** 24 });
    expect(sim.now()).toBeLessThan(30_000 - POLL_STATES * 0.001);
    expect(sim.now() + 2 ** 24 * GROWTH_MS_PER_POSITION).toBeGreaterThan(30_000);
  });

  it("pins a lost deal's max discards with the time left, and gives each entry its share", () => {
    // Needs 3M states: lost (range) at SMALL, exact once a pass reaches it.
    const pinned = simulated(3_000_000, 0.001);
    const solver = {
      solve: (deal: Deal, options: SolveSettings) => {
        const result = pinned.solver.solve(deal, options);
        return result.result === 'unknown' && result.limit === 'states' ? { ...result, result: 'lost', upper: 47 } : result;
      },
    } as Solver;
    const [out] = solveWithin(solver, DEAL, [{ ...OPTIONS, maxDiscards: 'exact', maxStates: SMALL }], {
      timeLimitMs: LIMIT_MS,
      now: pinned.now,
    });
    expect(out!.result).toEqual({ result: 'lost', states: 3_000_000, lower: 45, upper: 45 });
    expect(pinned.budgets.slice(0, 2)).toEqual([SMALL, SMALL * GROWTH]);
    // Two entries that never settle: each first pass within its share, and the whole within the limit.
    const two = simulated(1e12, 0.001);
    const both = solveWithin(
      two.solver,
      DEAL,
      [
        { ...OPTIONS, maxStates: 1e9 },
        { ...OPTIONS, maxStates: 1e9 },
      ],
      { timeLimitMs: LIMIT_MS, now: two.now },
    );
    expect(both.map((entry) => entry.result.result === 'unknown' && entry.result.limit)).toEqual(['poll', 'poll']);
    expect(both[0]!.ms).toBeLessThanOrEqual(LIMIT_MS / 2 + POLL_STATES * 0.001);
    expect(two.now()).toBeLessThanOrEqual(LIMIT_MS + POLL_STATES * 0.001);
  });
});

describe("a solve's poll", () => {
  it('stops the solve where it asks, as a budget of that many states would, and no search runs after it', () => {
    const hard = parseDeal(HARD);
    let calls = 0;
    const stopped = new Solver().solve(hard, { ...OPTIONS, maxStates: HARD_BUDGET, poll: () => ++calls >= 3 });
    expect(stopped).toMatchObject({ result: 'unknown', limit: 'poll' });
    expect(calls).toBe(3);
    expect(stopped.states).toBeLessThanOrEqual(4 * POLL_STATES);
    const full = new Solver().solve(hard, { ...OPTIONS, maxStates: HARD_BUDGET });
    if (stopped.result === 'unknown' && full.result === 'unknown') {
      expect(stopped.lower).toBeLessThanOrEqual(full.lower);
      expect(stopped.upper).toBeGreaterThanOrEqual(full.upper);
    }
    // A poll that never asks changes nothing.
    expect(new Solver().solve(hard, { ...OPTIONS, maxStates: HARD_BUDGET, poll: () => false })).toEqual(full);
  });
});

describe("the visited set's memory cap", () => {
  it('says when its next new position makes it grow', () => {
    const table = new VisitedSet(6, 12);
    const key = new Int32Array(6);
    for (let i = 1; i < 20_000; i++) {
      key[0] = i;
      const bytes = table.bytes;
      const grows = table.growsNext;
      table.add(key, 0);
      expect(table.bytes > bytes).toBe(grows);
    }
  });

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
    expect(table.growsNext).toBe(false);
    table.clear();
    expect(table.full).toBe(false);
  });

  it('ends a search that needs more memory in unknown (limit memory), within the bounds of a full solve, and stops escalating', () => {
    const capped = new Solver({ maxTableBytes: 1024 * 1024 });
    const hard = parseDeal(HARD);
    const result = capped.solve(hard, { ...OPTIONS, maxStates: 2_000_000 });
    expect(result).toMatchObject({ result: 'unknown', limit: 'memory' });
    expect(result.states).toBeLessThan(2_000_000);
    const full = new Solver().solve(hard, { ...OPTIONS, maxStates: 2_000_000 });
    expect(full.result).toBe('unknown');
    if (result.result === 'unknown' && full.result === 'unknown') {
      expect(result.lower).toBeLessThanOrEqual(full.lower);
      expect(result.upper).toBeGreaterThanOrEqual(full.upper);
    }
    const [out] = solveWithin(capped, hard, [{ ...OPTIONS, maxStates: 2_000_000 }], { timeLimitMs: 1e9, now: frozen });
    expect(out!.passes).toBe(1);
  });
});

/** The CPU time process `pid` has used so far, in ms (Linux: utime and stime of /proc/PID/stat, in 1/100 s). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time a start of `acesup solve` takes before its solving thread starts (loading its modules: about 0.3 s on
 *  the 2-core test machine), taken high. */
const START_CPU_MS = 1500;

/**
 * Resolves once a started `acesup solve DEAL` is searching: it has used START_CPU_MS of CPU time, past its start-up
 * (its signal handlers are in place before its solving thread starts), and then `ms` more, which only that
 * thread's search takes. Its own CPU time, not the clock's: a busy machine slows both alike.
 */
async function searching(run: { child: ChildProcess }, ms: number): Promise<void> {
  while (cpuMs(run.child.pid!) < START_CPU_MS + ms) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('acesup solve --time-limit, --max-memory', () => {
  const run = (args: string[]) =>
    spawnSync(
      process.execPath,
      ['bin/acesup.js', 'solve', '--variant', 'standard', '--max-discards', 'bounds', ...args, formatDeal(DEAL)],
      { cwd: ROOT, encoding: 'utf8' },
    );

  it('decides a deal given as an argument past its first budget, and keeps one pass with --time-limit 0', () => {
    const escalated = run(['--max-states', String(SMALL)]);
    expect(escalated.status).toBe(0);
    expect(escalated.stdout).toMatch(new RegExp(`^standard · optional discards: ${VERDICT.toUpperCase()}`, 'mu'));
    const once = run(['--max-states', String(SMALL), '--time-limit', '0']);
    expect(once.status).toBe(0);
    expect(once.stdout).toMatch(/UNKNOWN — between \d+ and \d+ discards; stopped at a budget of 2,000 states/u);
  });

  it('ends at its time limit, with the bounds proven when the clock stopped the search', () => {
    const started = performance.now();
    const ran = spawnSync(
      process.execPath,
      // Two threads: the clock stops every thread of the deal's search (the default is the machine's cores).
      ['bin/acesup.js', 'solve', '--variant', 'standard', '--max-states', '1000000000', '--time-limit', '1', '--threads', '2', HARD],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const seconds = (performance.now() - started) / 1000;
    expect(ran.status).toBe(0);
    // The clock stopped it (the plan's exact timing is solveWithin's, on an injected clock above) ...
    expect(ran.stdout).toMatch(
      /^standard · optional discards: UNKNOWN — between \d+ and 48 discards; stopped at the time limit \(--time-limit 1 s\)/mu,
    );
    // ... and not a budget: a billion states take far longer than this, even on a busy machine.
    expect(seconds).toBeLessThan(1 + 60);
  });

  it.each([
    ['SIGINT', 130, 'Ctrl-C', '1'],
    ['SIGTERM', 143, 'SIGTERM', '2'],
  ] as const)(
    "answers %s with the bounds proven so far, every variant's, and exit code %i (%s, threads %s)",
    async (signal, code, name, threads) => {
      const run = start(['solve', '--variant', 'all', '--threads', threads, HARD]);
      // Signalled once it searches (not after a fixed time, which a busy machine may not give it).
      await searching(run, 500);
      run.child.kill(signal);
      const ran = await run.done;
      expect(ran.code).toBe(code);
      for (const variant of ['standard', 'strict', 'easy'])
        expect(ran.stdout).toMatch(new RegExp(`^${variant} · optional discards: (WON|LOST|UNKNOWN)`, 'mu'));
      expect(ran.stdout).toMatch(new RegExp(`UNKNOWN — between \\d+ and \\d+ discards; stopped by ${name}`, 'u'));
      expect(ran.stderr).toContain(`acesup: stopped by ${name}: the bounds above are those proven when it came`);
      expect(ran.stderr).not.toMatch(/\n\s+at /u);
    },
  );

  it.runIf(DEEP)('says when the memory cap stopped the search', () => {
    const args = ['solve', '--variant', 'standard', '--max-discards', 'bounds', '--max-states', '50000000', '--max-memory', '16', HARD];
    const json = spawnSync(process.execPath, ['bin/acesup.js', ...args, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(json.status).toBe(0);
    const line = JSON.parse(json.stdout) as { result: string; maxStates: number; states: number };
    expect(line).toMatchObject({ result: 'unknown', maxStates: 50_000_000 });
    expect(line.states).toBeLessThan(5_000_000);
    const text = spawnSync(process.execPath, ['bin/acesup.js', ...args], { cwd: ROOT, encoding: 'utf8' });
    expect(text.stdout).toContain('UNKNOWN — between');
    expect(text.stdout).toContain("stopped when the search's table reached --max-memory 16 MiB");
  });
});
