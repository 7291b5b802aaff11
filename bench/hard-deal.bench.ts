// The hard-deal benchmark: one deal under standard × optional, solved alone by `acesup solve` (the compiled
// build, `npm run build`) in a fresh process per run, at a table cap and a budget large enough to reach it, at
// each thread count asked for. Prints per thread count the medians over --repeats of the wall time, the
// positions searched, positions per GiB of the cap when the table stopped the search, and the peak resident
// memory of the process (every thread's). --json FILE writes every run.
//
//   npm run bench:hard                                   deal 53,536 of seed 3 at --max-memory 512, 1 and 2 threads
//   npm run bench:hard -- --index 1 --max-memory 8192 --threads 1,2,4 --repeats 3
//   npm run bench:hard -- --max-states 80000000          a budget instead of the cap (a lost deal's wall time)
//   npm run bench:hard -- --dist ../old/dist --threads 1 another build's figures (a checkout of an older commit,
//                                                        built), to set beside this one's
//
// Threads share the machine's cores: the wall time is the figure (a threaded run's positions vary with timing).

import '../scripts/dev-script.ts';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '3' },
    index: { type: 'string', default: '53536' },
    'max-memory': { type: 'string', default: '512' },
    'max-states': { type: 'string', default: '3000000000' },
    threads: { type: 'string', default: '1,2' },
    repeats: { type: 'string', default: '3' },
    json: { type: 'string' },
    dist: { type: 'string' },
  },
});
const dist = values.dist === undefined ? new URL('../dist/', import.meta.url).href : pathToFileURL(`${resolve(values.dist)}/`).href;
const ROOT = new URL('..', import.meta.url).pathname;
const node = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, ...env } });
const deal = node(['bin/acesup.js', 'deal', '--seed', values.seed!, '--index', values.index!]).stdout.trim();
const threads = values.threads!.split(',').map(Number);
/** Whether the build takes --threads (its default is every core, so one thread must be asked for). */
const threadsOption = node(['bench/hard-deal-run.mjs', 'solve', '--help'], { ACESUP_BENCH_DIST: dist }).stdout.includes('--threads');
if (!threadsOption && threads.some((t) => t > 1)) throw new Error(`the build at ${dist} has no --threads: ask for --threads 1`);
const repeats = Number(values.repeats);
const mib = Number(values['max-memory']);

interface Run {
  threads: number;
  result: string;
  states: number;
  wallMs: number;
  maxRss: number;
  memory: boolean;
}
const runs: Run[] = [];
for (let r = 0; r < repeats; r++) {
  for (const t of threads) {
    const started = performance.now();
    const ran = node(
      [
        'bench/hard-deal-run.mjs',
        'solve',
        '--variant',
        'standard',
        '--discards',
        'optional',
        '--max-discards',
        'bounds',
        '--time-limit',
        '0',
        '--max-memory',
        String(mib),
        '--max-states',
        values['max-states']!,
        // A build from before --threads solves on one thread without it (it would refuse the option).
        ...(t === 1 && !threadsOption ? [] : ['--threads', String(t)]),
        '--json',
        deal,
      ],
      { ACESUP_BENCH_DIST: dist },
    );
    const wallMs = performance.now() - started;
    if (ran.status !== 0) throw new Error(`acesup solve failed: ${ran.stderr}`);
    const line = JSON.parse(ran.stdout) as { result: string; states: number };
    const rss = /maxRSS (\d+)/u.exec(ran.stderr);
    // A search that stopped short of its budget without a verdict stopped at the table's cap.
    const memory = line.result === 'unknown' && line.states < Number(values['max-states']);
    runs.push({ threads: t, result: line.result, states: line.states, wallMs, maxRss: Number(rss?.[1] ?? 0), memory });
  }
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
console.log(
  `deal ${values.index} of seed ${values.seed}, standard × optional, --max-memory ${mib}, --max-states ${values['max-states']}, ${repeats} runs each${values.dist === undefined ? '' : `, build ${values.dist}`}`,
);
console.log('threads  result    wall s  positions        positions/GiB of cap  peak RSS MB');
for (const t of threads) {
  const mine = runs.filter((r) => r.threads === t);
  const states = median(mine.map((r) => r.states));
  const perGiB = mine.every((r) => r.memory) ? Math.round(states / (mib / 1024)).toLocaleString('en-US') : '(not at the cap)';
  console.log(
    `${String(t).padStart(7)}  ${mine[0]!.result.padEnd(8)}  ${(median(mine.map((r) => r.wallMs)) / 1000).toFixed(1).padStart(6)}  ` +
      `${Math.round(states).toLocaleString('en-US').padStart(15)}  ${perGiB.padStart(20)}  ${Math.round(
        median(mine.map((r) => r.maxRss)) / 1e6,
      )
        .toString()
        .padStart(11)}`,
  );
}
if (values.json !== undefined)
  writeFileSync(values.json, `${JSON.stringify({ deal, seed: values.seed, index: values.index, mib, runs }, null, 2)}\n`);
