// Black-box tests of `acesup solve` over many deals (standard input or --file): spread over the workers, with
// passes at growing budgets, answered in input order, each deal's answer the one it gets solved alone at the budget
// that answered it; a tally on standard error; Ctrl-C keeps the deals answered. The deep run pipes 100 fresh deals
// and counts the unknown ones.

import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { formatDeal, parseDeal } from '../src/core/game/cards.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { replay } from '../src/core/game/verify.ts';
import { type Ran, acesup, start } from './cli-run.ts';
import { DEEP } from './deep.ts';

/** A seed that the project's fixtures and studies never used: fresh deals. */
const FRESH = 271828;

interface Answer {
  deal: string;
  variant: string;
  result: 'won' | 'lost' | 'unknown';
  maxDiscards: number | { lower: number; upper: number };
  solution?: string[];
  states: number;
  maxStates: number;
  ms?: number;
}

const answersOf = (ran: Ran): Answer[] =>
  ran.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Answer);

/** Per thread of a running process, the most CPU time (ms) seen so far (Linux: /proc/PID/task/TID/stat). */
function sampleThreads(pid: number, seen: Map<number, number>): void {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // the process has ended
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      seen.set(Number(tid), Math.max(seen.get(Number(tid)) ?? 0, ms));
    } catch {
      // the thread ended between the listing and the read
    }
  }
}

describe('acesup solve, many deals', () => {
  const deals = Array.from({ length: 16 }, (_, i) => formatDeal(dealFor(FRESH, i)));

  it('answers in input order on both workers, each deal as solved alone at the budget that answered it, with a tally', async () => {
    const options = ['--max-states', '20000', '--max-discards', 'bounds', '--json'];
    const input = `${deals.slice(0, 8).join('\n')}\nAS KS\n${deals.slice(8).join('\n')}\n`;
    const run = start(['solve', '--workers', '2', ...options], { input });
    const threads = new Map<number, number>();
    const sampling = setInterval(() => sampleThreads(run.child.pid!, threads), 50);
    const ran = await run.done;
    clearInterval(sampling);
    expect(ran.code).toBe(2); // the bad line
    const [bad, tally, ...rest] = ran.stderr.trim().split('\n');
    expect(bad).toBe('acesup: line 9: deal has 2 cards, expected 52 (missing cards 2C 3C 4C 5C 6C 7C 8C 9C …)');
    expect(tally).toMatch(
      /^acesup: solved 16 deals in [\d.]+ s on 2 workers \(CPU [\d.]+ s\) \(1 bad line skipped\) — standard × optional: won (\d+) · lost (\d+) · unknown (\d+)$/u,
    );
    expect(rest).toEqual([]);
    const answers = answersOf(ran);
    expect(answers.map((a) => a.deal)).toEqual(deals);
    const counts = /won (\d+) · lost (\d+) · unknown (\d+)/u.exec(tally!)!.slice(1).map(Number);
    expect(counts).toEqual(['won', 'lost', 'unknown'].map((r) => answers.filter((a) => a.result === r).length));
    // Later passes ran (budgets past the first), and each answer is the deal's alone at that budget.
    expect(answers.some((a) => a.maxStates > 20_000)).toBe(true);
    const timeless = ({ maxDiscards: _bounds, ms: _ms, ...rest }: Answer): Omit<Answer, 'maxDiscards' | 'ms'> => rest;
    for (const answer of answers) expect([20_000, 160_000, 1_280_000]).toContain(answer.maxStates);
    // Each answer of a later pass solved again alone, and (in npm test) two of the first pass's; every one in the deep run.
    const checked = DEEP ? answers : answers.filter((a, i) => i < 2 || a.maxStates > 20_000);
    for (const answer of checked) {
      const alone = JSON.parse(
        (await acesup(['solve', answer.deal, ...options, '--max-states', String(answer.maxStates), '--time-limit', '0'])).stdout,
      ) as Answer;
      // The same verdict, states and line; bounds at least as narrow (the passes before keep theirs).
      expect(timeless(answer)).toEqual(timeless(alone));
      if (typeof alone.maxDiscards === 'number') expect(answer.maxDiscards).toBe(alone.maxDiscards);
      if (answer.result === 'won')
        expect(replay(parseDeal(answer.deal), parseMoves(answer.solution!.join(',')), 'standard', 'optional')).toEqual({ ok: true });
    }
    // Both workers searched: two threads besides the main one each took a good part of the CPU time.
    const busy = [...threads].filter(([tid]) => tid !== run.child.pid).map(([, ms]) => ms);
    busy.sort((a, b) => b - a);
    expect(busy[1]!, JSON.stringify(busy)).toBeGreaterThan(busy[0]! / 5);
  });

  it('Ctrl-C stops it: the deals answered so far are printed, in input order, and the tally says so (exit 130)', async () => {
    const many = Array.from({ length: 400 }, (_, i) => formatDeal(dealFor(FRESH, i)));
    const run = start(['solve', '--json', '--max-discards', 'bounds'], { input: many.join('\n') });
    // Once some deals are answered.
    await new Promise<void>((resolve) => run.child.stdout!.once('data', () => resolve()));
    run.child.kill('SIGINT');
    const ran = await run.done;
    expect(ran.code).toBe(130);
    const answers = answersOf(ran);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThan(400);
    expect(answers.map((a) => a.deal)).toEqual(many.slice(0, answers.length));
    expect(ran.stderr).toMatch(
      new RegExp(
        `^acesup: interrupted by SIGINT: ${answers.length} deals? answered, in input order, in [\\d.]+ s on \\d+ workers? .*; the deals after them were not — standard × optional: `,
        'u',
      ),
    );
    expect(ran.stderr).not.toMatch(/\n\s+at /u);
  });

  it('--time-limit caps each deal over its passes: a deal past it is unknown, stopped at the time limit', async () => {
    const hard =
      '5C 3C 6H TS AD JC 9D QD 3H 9S 9H QC JD 4S AS 7D JH 3S 5S TH KS 9C 8D 8S KD 7C QH 5D TD KC 8H 4D 6C QS 4H TC 2H AC 5H 4C 3D 2D KH JS 6D 2C 7S AH 8C 6S 2S 7H';
    const ran = await acesup(['solve', '--time-limit', '1', '--max-states', '1000000000', '--max-discards', 'bounds'], {
      input: `${hard}\n${deals[0]}\n`,
    });
    expect(ran.code, ran.stderr).toBe(0);
    const lines = ran.stdout.trim().split('\n');
    expect(lines[0]).toBe(`Deal ${hard}`);
    expect(lines[1]).toMatch(
      // Which pass the clock stops (the first, or a larger one) depends on the machine's speed.
      /^standard · optional discards: UNKNOWN — between \d+ and 48 discards; stopped at the time limit \(--time-limit 1 s\) at a budget of [\d,]+ states \([\d,]+ states\)$/u,
    );
    expect(lines[2]).toBe(`Deal ${deals[0]}`);
  });

  // 100 fresh deals, the rule texts' game, verdicts only: at most 1 unknown (the guide of 1 in 100; the lattice
  // study's passes at these budgets leave about 1 in 250; bench/solve-pipe.bench.ts measures 200 and more).
  // Minutes on 2 cores: the deep run.
  it.runIf(DEEP)('decides all but at most 1 in 100 of 100 fresh standard × optional deals', async () => {
    const fresh = Array.from({ length: 100 }, (_, i) => formatDeal(dealFor(FRESH, 1000 + i))).join('\n');
    const ran = await acesup(['solve', '--variant', 'standard', '--discards', 'optional', '--max-discards', 'bounds', '--json'], {
      input: fresh,
    });
    expect(ran.code, ran.stderr).toBe(0);
    const answers = answersOf(ran);
    expect(answers).toHaveLength(100);
    expect(answers.filter((a) => a.result === 'unknown').length).toBeLessThanOrEqual(1);
    expect(ran.stderr).toMatch(/^acesup: solved 100 deals in [\d.]+ s on \d+ workers? \(CPU [\d.]+ s\) — standard × optional: /u);
  });
});
