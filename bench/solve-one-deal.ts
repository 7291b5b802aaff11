// `acesup solve DEAL` as a user types it (all three variants, the default time limit), on deals 0..N-1 of
// each seed given, one after another: each deal's wall time and verdict lines, then what was answered, the
// median and longest wall time, and the time left unused by deals that ended with an answer still open.
//
//   npx tsx bench/solve-one-deal.ts --seeds 20261201,20261202 --deals 20 [--time-limit 60] > results/solve-one-deal/FILE.txt

import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20261201,20261202' },
    deals: { type: 'string', default: '20' },
    'time-limit': { type: 'string' },
  },
});
const seeds = values.seeds.split(',').map(Number);
const count = Number(values.deals);
const limit = values['time-limit'];
const ROOT = new URL('..', import.meta.url).pathname;
const acesup = (args: string[]) => spawnSync(process.execPath, ['bin/acesup.js', ...args], { cwd: ROOT, encoding: 'utf8' });

interface DealRun {
  seed: number;
  index: number;
  seconds: number;
  lines: string[];
}
const runs: DealRun[] = [];
for (const seed of seeds) {
  for (let index = 0; index < count; index++) {
    const deal = acesup(['deal', '--seed', String(seed), '--index', String(index)]).stdout.trim();
    const started = performance.now();
    const ran = acesup(['solve', ...(limit === undefined ? [] : ['--time-limit', limit]), deal]);
    const seconds = (performance.now() - started) / 1000;
    if (ran.status !== 0) throw new Error(`seed ${seed} deal ${index}: exit ${ran.status}: ${ran.stderr}`);
    const lines = ran.stdout.split('\n').filter((line) => / discards: (WON|LOST|UNKNOWN)/u.test(line));
    runs.push({ seed, index, seconds, lines });
    console.log(`seed ${seed} deal ${index} ${seconds.toFixed(2)} s`);
    for (const line of lines) console.log(`  ${line}`);
  }
}

const answers = runs.flatMap((run) => run.lines);
const unknown = answers.filter((line) => line.includes('UNKNOWN'));
const ranges = answers.filter((line) => / LOST — max discards between /u.test(line));
const settled = (run: DealRun) => run.lines.every((line) => !line.includes('UNKNOWN') && !/ LOST — max discards between /u.test(line));
const seconds = runs.map((run) => run.seconds).sort((a, b) => a - b);
const median =
  seconds.length % 2 === 1 ? seconds[(seconds.length - 1) / 2]! : (seconds[seconds.length / 2 - 1]! + seconds[seconds.length / 2]!) / 2;
const open = runs.filter((run) => !settled(run));
const budget = Number(limit ?? 60);
console.log('');
console.log(
  `deals: ${runs.length}; answers: ${answers.length}; verdicts decided: ${answers.length - unknown.length}; ` +
    `lost with max discards still a range: ${ranges.length}; deals with every answer settled: ${runs.length - open.length}`,
);
console.log(`wall time per deal: median ${median.toFixed(2)} s, longest ${seconds.at(-1)!.toFixed(2)} s (limit ${budget} s)`);
console.log(
  `deals ending with an answer open: ${open.length}; their wall times: ${open.map((run) => run.seconds.toFixed(1)).join(', ') || '-'} s; ` +
    `time left unused by them: ${open.map((run) => Math.max(0, budget - run.seconds).toFixed(1)).join(', ') || '-'} s`,
);
