// One deal searched by several threads over one shared table (docs/search.md#threads): the table stores each
// position once, whichever threads add it at the same time (Lemma K); `solve --threads 2` gives the verdicts
// and exact max discards of one thread, its wins replay, and its bounds hold against one thread's.

import { spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ADDED, SEEN, SharedTable, sharedTableMemory } from '../src/core/engine/shared-table.ts';
import { sized } from './deep.ts';
import { OPTIONAL_BEATS_FORCED_TEXT } from './fixtures.ts';

const ROOT = new URL('..', import.meta.url).pathname;

function addOnThread(
  memory: ReturnType<typeof sharedTableMemory>,
  count: number,
  seed: number,
  gate: SharedArrayBuffer,
  threads: number,
): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./threads/table-worker.mjs', import.meta.url), {
      workerData: { memory, count, seed, gate, threads },
    });
    worker.once('message', (message: { added: number[] }) => resolve(message.added));
    worker.once('error', reject);
  });
}

describe('shared table', () => {
  it('stores every key once: threads adding the same keys at once, the table growing under them, are each told "new" for a part, the parts disjoint and whole', async () => {
    const count = 300_000;
    // Two segments, so that the threads may move segments of one growth at the same time.
    const memory = sharedTableMemory(10, 64 << 20, 2);
    const table = new SharedTable(memory);
    table.clear(count);
    table.begin();
    const startHomes = table.homeSlots;
    const gate = new SharedArrayBuffer(4);
    const parts = await Promise.all([1, 2, 3].map((seed) => addOnThread(memory, count, seed, gate, 3)));
    const owner = new Int8Array(count);
    let twice = 0;
    for (const part of parts)
      for (const i of part) {
        if (owner[i] !== 0) twice += 1;
        owner[i] = 1;
      }
    expect(twice).toBe(0);
    expect(owner.every((o) => o === 1)).toBe(true);
    // The table grew under the threads (twice at least), and has every key.
    table.begin();
    expect(table.homeSlots).toBeGreaterThan(2 * startHomes);
    expect(table.size).toBe(count);
    const key = new Int32Array(10);
    let seen = 0;
    for (let i = 0; i < count; i++) {
      key[0] = i & 0xffff;
      key[1] = (1 << 20) | (i >>> 16);
      key[2] = Math.imul(i, 0x9e3779b1);
      key[9] = i % 7;
      if (table.add(key, 0) === SEEN) seen += 1;
    }
    expect(seen).toBe(count);
    // A clear forgets them all.
    table.clear(count);
    table.begin();
    expect(table.add(key, 0)).toBe(ADDED);
  });
});

interface Line {
  result: string;
  maxDiscards: number | { lower: number; upper: number };
  solution?: string[];
  states: number;
}

/** `acesup solve --json` of a deal given as an argument: a first pass of 3,000 positions on one thread, then larger
 *  passes on --threads within the time limit (a threaded pass is never the first): 2 seconds under npm test, 5 in
 *  the deep run (a deal left open takes it all). */
function solve(deal: string, args: string[]): Line[] {
  const ran = spawnSync(
    process.execPath,
    ['bin/acesup.js', 'solve', '--json', '--time-limit', sized('2', '5'), '--max-states', '3000', ...args, deal],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  expect(ran.stderr).toBe('');
  expect(ran.status).toBe(0);
  return ran.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

const bounds = (line: Line): { lower: number; upper: number } =>
  typeof line.maxDiscards === 'number' ? { lower: line.maxDiscards, upper: line.maxDiscards } : line.maxDiscards;

function dealOf(index: number): string {
  return spawnSync(process.execPath, ['bin/acesup.js', 'deal', '--seed', '3', '--index', String(index)], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout.trim();
}

describe('solve --threads', () => {
  // Deals of seed 3 the optional rule decides within the budgets below (won and lost) or leaves open (1).
  const deals = [OPTIONAL_BEATS_FORCED_TEXT, ...sized([1, 3], [1, 2, 3, 4]).map(dealOf)];

  it("gives one thread's verdicts and exact max discards on every variant, and bounds that agree with them", () => {
    let decided = 0;
    for (const deal of deals) {
      const args = ['--variant', 'all', '--discards', 'optional'];
      const one = solve(deal, [...args, '--threads', '1']);
      const two = solve(deal, [...args, '--threads', '2']);
      expect(two.length).toBe(3);
      for (let v = 0; v < 3; v++) {
        const a = one[v]!,
          b = two[v]!;
        // Both are proven bounds on the same number: they overlap; decided by both, they are the same.
        expect(bounds(a).lower).toBeLessThanOrEqual(bounds(b).upper);
        expect(bounds(b).lower).toBeLessThanOrEqual(bounds(a).upper);
        if (a.result !== 'unknown' && b.result !== 'unknown') {
          expect(b.result).toBe(a.result);
          // A lost deal's max may still be a range at this budget: exact in both, it is the same number.
          if (typeof a.maxDiscards === 'number' && typeof b.maxDiscards === 'number') expect(b.maxDiscards).toBe(a.maxDiscards);
          decided += 1;
        }
      }
    }
    expect(decided).toBeGreaterThanOrEqual(sized(5, 8));
  });

  it('finds the wins that one thread finds, and each replays', () => {
    let wins = 0;
    for (const deal of deals) {
      const one = solve(deal, ['--variant', 'all', '--max-discards', 'bounds', '--threads', '1']);
      const two = solve(deal, ['--variant', 'all', '--max-discards', 'bounds', '--threads', '2']);
      for (let v = 0; v < 3; v++) {
        if (one[v]!.result !== 'won') continue;
        wins += 1;
        expect(two[v]!.result).toBe('won');
        const variant = ['standard', 'strict', 'easy'][v]!;
        const check = spawnSync(
          process.execPath,
          ['bin/acesup.js', 'verify', '--variant', variant, '--discards', 'optional', deal, two[v]!.solution!.join(', ')],
          { cwd: ROOT, encoding: 'utf8' },
        );
        expect(check.stdout.trim()).toBe('ok');
      }
    }
    expect(wins).toBeGreaterThanOrEqual(sized(2, 3));
  });

  it("estimate --deal-threads 2 gives a later pass's deals the verdicts of one thread", () => {
    const rows = (threads: number): string[][] => {
      const ran = spawnSync(
        process.execPath,
        [
          'bin/acesup.js',
          'estimate',
          ...['--variant', 'standard', '--deals', '24', '--seed', '3', '--max-states', '20000', '--passes', '50'],
          ...['--max-discards', 'bounds', '--workers', '1', '--deal-threads', String(threads), '--no-timings', '--csv', '-'],
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(ran.status).toBe(0);
      return ran.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','));
    };
    const one = rows(1),
      two = rows(2);
    expect(two.length).toBe(one.length);
    let later = 0;
    for (const [i, a] of one.entries()) {
      const b = two[i]!;
      expect([b[0], b[1]]).toEqual([a[0], a[1]]);
      // Max discards are proven bounds on one number: they overlap. Decided by both, the verdict is the same (the
      // threads' positions count against one budget, so a deal one thread decides may stay open on two).
      expect(Number(a[6])).toBeLessThanOrEqual(Number(b[7]));
      expect(Number(b[6])).toBeLessThanOrEqual(Number(a[7]));
      if (a[5] !== 'unknown' && b[5] !== 'unknown') expect(b[5]).toBe(a[5]);
      // A deal decided by the later pass on both (its budget in pass_max_states): one the threads searched.
      if (a[17] === '1000000' && b[17] === '1000000' && a[5] !== 'unknown' && b[5] !== 'unknown') later += 1;
    }
    expect(later).toBeGreaterThanOrEqual(4);
  });

  it('refuses --threads for deals read from standard input', () => {
    const ran = spawnSync(process.execPath, ['bin/acesup.js', 'solve', '--threads', '2'], { cwd: ROOT, encoding: 'utf8', input: '' });
    expect(ran.status).toBe(2);
    expect(ran.stderr).toMatch(
      /^acesup: --threads is for one deal \(given as an argument or with --seed\): deals read from a file or standard input are spread over --workers/u,
    );
  });

  it('starts the threads only for a pass after the first, and then shows no count of positions (it varies from run to run)', () => {
    const deal = OPTIONAL_BEATS_FORCED_TEXT;
    const text = (threads: string, maxStates: string): string =>
      spawnSync(process.execPath, ['bin/acesup.js', 'solve', '--variant', 'easy', '--threads', threads, '--max-states', maxStates, deal], {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout.split('\n')[0]!;
    // Settled by the first pass: one thread, its count shown; past it, on the threads.
    expect(text('2', '2000000')).toMatch(/^easy · optional discards: (WON|LOST) — .* \([\d,]+ states\)$/u);
    expect(text('2', '50')).toMatch(/^easy · optional discards: (WON|LOST) — .* \(on 2 threads\)$/u);
    expect(text('1', '50')).toMatch(/^easy · optional discards: (WON|LOST) — .* \([\d,]+ states\)$/u);
  });
});
