// The piped-solve benchmark: N fresh deals (deals of a seed the project's fixtures and studies never used) piped
// into `acesup solve` as the README solves many deals — standard × optional, verdicts only, JSON Lines — by a
// compiled build in a process of its own. Prints the deals, won, lost and unknown (the unknown share), the wall
// time, deals/s, the CPU time of every thread and its ratio to the wall time (about the cores kept busy), and the
// budgets the answers came from. --bin runs another checkout's build (its bin/acesup.js, built), so the same
// deals give a before and an after; --json FILE writes the figures.
//
//   npx tsx bench/solve-pipe.bench.ts                              1,000 deals of seed 271828, this checkout's build
//   npx tsx bench/solve-pipe.bench.ts --deals 50                   a short check
//   npx tsx bench/solve-pipe.bench.ts --bin ../before/bin/acesup.js  the same deals on another build
//   npx tsx bench/solve-pipe.bench.ts -- --max-discards exact      other options of solve after "--"
//
// A figure is only meaningful on a quiet machine (nothing else running).

import '../scripts/dev-script.ts';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: {
    deals: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '271828' },
    bin: { type: 'string' },
    json: { type: 'string' },
  },
  allowPositionals: true,
});
const ROOT = new URL('..', import.meta.url).pathname;
const bin = resolve(values.bin ?? `${ROOT}bin/acesup.js`);
const count = Number(values.deals);
if (!Number.isSafeInteger(count) || count < 1) throw new Error(`--deals ${values.deals}: expected a whole number ≥ 1`);
const args = ['solve', '--variant', 'standard', '--discards', 'optional', '--max-discards', 'bounds', '--json', ...positionals];

// The deals, by this checkout's build: deal I of seed S is the same in every version (pinned in test/batch.test.ts).
const dealt = spawnSync(process.execPath, [`${ROOT}bin/acesup.js`, 'deal', '--seed', values.seed!, '--count', String(count)], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
});
if (dealt.status !== 0) throw new Error(`acesup deal failed: ${dealt.stderr.trim()}`);

/** The build's run: stdout, stderr, wall and CPU seconds (every thread's, read by the process at its exit). */
async function run(): Promise<{ stdout: string; stderr: string; wall: number; cpu: number; code: number | null }> {
  // A small entry that reports the process's CPU time at its exit, then runs the build's bin/acesup.js.
  const entry = `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(2, '\\ncpuMicroseconds ' + (u.user + u.system) + '\\n'); }); import(${JSON.stringify(bin)});`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=commonjs', '-e', entry, bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(dealt.stdout);
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const wall = (performance.now() - started) / 1000;
  const cpu = Number(/cpuMicroseconds (\d+)/u.exec(stderr)?.[1] ?? Number.NaN) / 1e6;
  return { stdout, stderr: stderr.replace(/\ncpuMicroseconds \d+\n/u, ''), wall, cpu, code };
}

const ran = await run();
if (ran.code !== 0) throw new Error(`acesup solve exited with ${ran.code}: ${ran.stderr.trim().split('\n').pop()}`);
const answers = ran.stdout
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { result: string; maxStates?: number });
if (answers.length !== count) throw new Error(`expected ${count} answers, got ${answers.length}`);
const tally = { won: 0, lost: 0, unknown: 0 };
const budgets = new Map<number, number>();
for (const answer of answers) {
  tally[answer.result as keyof typeof tally] += 1;
  if (answer.maxStates !== undefined) budgets.set(answer.maxStates, (budgets.get(answer.maxStates) ?? 0) + 1);
}
const figures = {
  bin,
  seed: Number(values.seed),
  deals: count,
  options: args.slice(1).join(' '),
  ...tally,
  unknownShare: tally.unknown / count,
  wallSeconds: ran.wall,
  dealsPerSecond: count / ran.wall,
  cpuSeconds: ran.cpu,
  cpuPerWall: ran.cpu / ran.wall,
  budgets: Object.fromEntries([...budgets].sort((a, b) => a[0] - b[0])),
};
const fmt = (n: number): string => n.toLocaleString('en-US');
console.log(`${bin} solve ${figures.options}`);
console.log(
  `  ${fmt(count)} deals of seed ${figures.seed}: won ${fmt(tally.won)} · lost ${fmt(tally.lost)} · unknown ${fmt(tally.unknown)} (${(100 * figures.unknownShare).toFixed(2)}%)`,
);
console.log(
  `  ${ran.wall.toFixed(1)} s wall, ${figures.dealsPerSecond.toFixed(2)} deals/s; CPU ${ran.cpu.toFixed(1)} s (${figures.cpuPerWall.toFixed(2)}× the wall time)`,
);
console.log(
  `  answered at: ${[...budgets]
    .sort((a, b) => a[0] - b[0])
    .map(([budget, n]) => `${fmt(budget)} states ${fmt(n)}`)
    .join(' · ')}`,
);
const tallyLine = ran.stderr.split('\n').find((line) => line.startsWith('acesup: solved'));
if (tallyLine !== undefined) console.log(`  the command's tally: ${tallyLine.slice('acesup: '.length)}`);
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
