// The first commands' benchmark: `acesup estimate` as a user runs it with no options (the default plan), and
// `npm start`'s estimate, each in a fresh process per run on the compiled build (`npm run build`). Prints per
// command the median, lowest and highest of --repeats runs of the wall time and of the processor time (user +
// system, every thread's), the peak resident memory, and the answer lines of the last run (which must be the same
// every run). Run it on a quiet machine: anything else running slows every figure.
//
//   npm run bench:estimate                                  both commands, 3 runs each
//   npm run bench:estimate -- --repeats 5 --only estimate   the plain estimate only
//   npm run bench:estimate -- --out results/bench/estimate-DATE-COMMIT.txt

import '../scripts/dev-script.ts';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    repeats: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string' },
  },
});
const ROOT = new URL('..', import.meta.url).pathname;
const start = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts['start']!;
const COMMANDS: Record<string, string[]> = {
  estimate: ['estimate'],
  'npm start': start.replace(/^node bin\/acesup\.js /u, '').split(' '),
};
const repeats = Number(values.repeats);
const names = values.only === undefined ? Object.keys(COMMANDS) : [values.only];

interface Run {
  wall: number;
  cpu: number;
  maxRssMb: number;
  answers: string[];
}

/** One run in a fresh process, timed by GNU time: wall seconds, user + system seconds, peak resident KiB. */
function once(args: string[]): Run {
  const ran = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', process.execPath, 'bin/acesup.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (ran.status !== 0) throw new Error(`acesup ${args.join(' ')} ended with ${ran.status}: ${ran.stderr.slice(-2000)}`);
  const time = /^TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)$/mu.exec(ran.stderr);
  if (time === null) throw new Error(`no timing from /usr/bin/time: ${ran.stderr.slice(-500)}`);
  return {
    wall: Number(time[1]),
    cpu: Number(time[2]) + Number(time[3]),
    maxRssMb: Number(time[4]) / 1024,
    answers: ran.stdout.split('\n').filter((line) => /^\w+ × \w+: /u.test(line)),
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const spread = (xs: number[], digits = 1): string =>
  `median ${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const lines = [
  `acesup estimate benchmark, ${new Date().toISOString().slice(0, 10)}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${repeats} runs each`,
];
for (const name of names) {
  const args = COMMANDS[name];
  if (args === undefined) throw new Error(`--only names ${name}: one of ${Object.keys(COMMANDS).join(', ')}`);
  const runs: Run[] = [];
  for (let r = 0; r < repeats; r++) {
    runs.push(once(args));
    process.stderr.write(`${name}: run ${r + 1} of ${repeats}: ${runs[r]!.wall.toFixed(1)} s\n`);
  }
  const same = runs.every((run) => run.answers.join('\n') === runs[0]!.answers.join('\n'));
  lines.push(
    '',
    `${name} (acesup ${args.join(' ')})`,
    `  wall clock, s: ${spread(runs.map((r) => r.wall))}`,
    `  processor time (user + system), s: ${spread(runs.map((r) => r.cpu))}`,
    `  peak resident memory, MB: ${spread(
      runs.map((r) => r.maxRssMb),
      0,
    )}`,
    `  answers${same ? ', the same every run' : ', NOT the same every run'}:`,
    ...runs[runs.length - 1]!.answers.map((line) => `    ${line}`),
  );
}
const text = `${lines.join('\n')}\n`;
process.stdout.write(text);
if (values.out !== undefined) writeFileSync(values.out, text);
