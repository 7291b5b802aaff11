// The solver benchmark: a fixed set of seeded deals per variant × discard rule, each row solved --repeats
// times (default 3) in a fresh process of its own (so that a row's peak memory is its own and the JIT starts
// cold in every row alike), rows interleaved repeat by repeat. Prints per row the medians of deals/s and
// positions/s, the positions searched, the share decided, the peak memory, and the node-count signature
// (positions in all, and a hash of every deal's positions and verdict: bench/signature.ts); the positions
// must be the same in every repeat, or the bench stops. --json FILE writes the same, every repeat included.
//
//   npm run bench                            the default set (about two minutes on one core)
//   npm run bench -- --repeats 5 --json out.json
//   npm run bench -- --only standard/optional,easy/optional --deals 40
//   npm run bench -- --max-discards exact    lost deals' max discards pinned too (default: verdicts only)
//   npm run bench -- --max-states 4000000 --seed 20261201
//   npm run bench -- --workers 2             each row on the estimate's pool of 2 worker threads (the pool's
//                                            start-up is not timed; peak RSS then counts the workers too)
//   npm run bench -- --plain                 the plain search (every legal move; one thread only)
//
// Rates are per CPU second of the process (user + system: steadier than the wall clock on a shared machine,
// and the same on one thread when it has a core to itself); the wall-clock rates are in the JSON. The deals:
// deal 0, 1, 2, … of --seed (2026) per row, DEFAULT_DEALS of them, or --deals (strict × forced: 50× as many,
// at thousands of deals/s).

import '../scripts/dev-script.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { dealFor } from '../src/core/game/deals.ts';
import { createPool, solveMissing } from '../src/batch/pool.ts';
import { SEARCH_VERSION } from '../src/batch/provenance.ts';
import { LOST, ResultTable, WON } from '../src/batch/results.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../src/core/game/rules.ts';
import { DEFAULT_MAX_STATES, Solver } from '../src/core/search/solve.ts';
import { type OutcomeCode, formatSignature, type Signature, signatureOf } from './signature.ts';

/** Deals per row by default: 2–8 s of one core per row and repeat (a row under a second times too little). */
const DEFAULT_DEALS: Record<string, number> = {
  'standard/optional': 20,
  'standard/forced': 200,
  'strict/optional': 200,
  'strict/forced': 10000,
  'easy/optional': 20,
  'easy/forced': 40,
};

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '2026' },
    deals: { type: 'string' },
    repeats: { type: 'string', default: '3' },
    'max-states': { type: 'string', default: String(DEFAULT_MAX_STATES) },
    only: { type: 'string' },
    plain: { type: 'boolean', default: false },
    'max-discards': { type: 'string', default: 'bounds' },
    workers: { type: 'string', default: '0' },
    json: { type: 'string' },
    /** Internal: run this one row once and print its figures as one JSON line. */
    row: { type: 'string' },
  },
});
const seed = Number(values.seed);
const repeats = Number(values.repeats);
const maxStates = Number(values['max-states']);
const maxDiscards = values['max-discards'] === 'exact' ? 'exact' : 'bounds';
const workers = Number(values.workers);
if (!Number.isSafeInteger(repeats) || repeats < 1) throw new Error('--repeats: a whole number ≥ 1');
if (values.plain && workers > 0) throw new Error('--plain runs on one thread only');

const dealsOf = (row: string): number => {
  if (values.deals === undefined) return DEFAULT_DEALS[row]!;
  return Number(values.deals) * (row === 'strict/forced' ? 50 : 1);
};

/** One run of one row, as a child process reports it. */
interface RowRun {
  outcomes: OutcomeCode[];
  states: number[];
  wallSeconds: number;
  cpuSeconds: number;
  /** Peak resident set of the process (KiB). */
  maxRssKiB: number;
}

async function runRow(row: string): Promise<RowRun> {
  const [variant, rule] = row.split('/') as [Variant, DiscardRule];
  const deals = dealsOf(row);
  const outcomes: OutcomeCode[] = [];
  const states: number[] = [];
  const code = (o: number): OutcomeCode => (o === WON ? 'W' : o === LOST ? 'L' : '?');
  let pool: ReturnType<typeof createPool> | undefined;
  if (workers > 0) {
    // Started and warmed (every thread has loaded the solver) before the clock starts.
    pool = createPool(workers);
    const warmUp = new ResultTable(seed + 1, 0, 4 * workers, [{ variant: 'strict', rule: 'forced' }]);
    const end = await solveMissing(warmUp, { workers, maxStates, maxDiscards, pool });
    if (end.kind !== 'complete') throw new Error(`the pool stopped: ${JSON.stringify(end)}`);
  }
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  if (pool === undefined) {
    const solver = new Solver();
    for (let index = 0; index < deals; index++) {
      const result = solver.solve(dealFor(seed, index), {
        variant,
        rule,
        maxStates,
        solution: false,
        reductions: !values.plain,
        maxDiscards,
      });
      outcomes.push(result.result === 'won' ? 'W' : result.result === 'lost' ? 'L' : '?');
      states.push(result.states);
    }
  } else {
    const table = new ResultTable(seed, 0, deals, [{ variant, rule }]);
    const end = await solveMissing(table, { workers, maxStates, maxDiscards, pool });
    if (end.kind !== 'complete') throw new Error(`the pool stopped: ${JSON.stringify(end)}`);
    for (let index = 0; index < deals; index++) {
      const record = table.get(0, index)!;
      outcomes.push(code(record.outcome));
      states.push(record.states);
    }
  }
  const wallSeconds = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await pool?.destroy();
  return { outcomes, states, wallSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssKiB: process.resourceUsage().maxRSS };
}

if (values.row !== undefined) {
  process.stdout.write(`${JSON.stringify(await runRow(values.row))}\n`);
  process.exit(0);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const git = (...args: string[]): string => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

const rows = VARIANTS.flatMap((variant) => DISCARD_RULES.map((rule) => `${variant}/${rule}`)).filter(
  (row) => values.only === undefined || values.only.split(',').includes(row),
);
const commit = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const started = new Date().toISOString();
console.log(
  `acesup bench: seed ${seed}, max-states ${fmt(maxStates)}, ${values.plain ? 'plain' : 'reduced'} search, max discards ${maxDiscards}, ` +
    `${workers === 0 ? 'one thread' : `${workers} worker threads`}, ${repeats} repeats; ${SEARCH_VERSION}; commit ${commit}${dirty ? ' (modified)' : ''}; ` +
    `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`,
);

const script = new URL(import.meta.url).pathname;
const childArgs = (row: string): string[] => [
  '--import',
  'tsx',
  script,
  '--row',
  row,
  '--seed',
  String(seed),
  '--max-states',
  String(maxStates),
  '--max-discards',
  maxDiscards,
  '--workers',
  String(workers),
  ...(values.deals === undefined ? [] : ['--deals', values.deals]),
  ...(values.plain ? ['--plain'] : []),
];
const runs = new Map<string, RowRun[]>(rows.map((row) => [row, []]));
for (let r = 0; r < repeats; r++) {
  for (const row of rows) {
    const child = spawnSync(process.execPath, childArgs(row), {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 26,
    });
    if (child.status !== 0) throw new Error(`${row}: the bench's child process ended with ${child.status ?? child.signal}`);
    const run = JSON.parse(child.stdout) as RowRun;
    const first = runs.get(row)![0];
    if (first !== undefined && run.states.some((s, i) => s !== first.states[i])) {
      throw new Error(`${row}: repeat ${r + 1} searched other positions than repeat 1 (the search is not deterministic)`);
    }
    runs.get(row)!.push(run);
    process.stderr.write(`repeat ${r + 1}/${repeats} ${row}: ${run.cpuSeconds.toFixed(2)} s\n`);
  }
}

interface RowSummary {
  variant: string;
  rule: string;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  decidedShare: number;
  signature: Signature;
  /** Medians over the repeats. */
  dealsPerCpuSecond: number;
  positionsPerCpuSecond: number;
  dealsPerWallSecond: number;
  positionsPerWallSecond: number;
  cpuSeconds: number[];
  wallSeconds: number[];
  peakRssMiB: number;
  statesPerDeal: number[];
}

const summaries: RowSummary[] = rows.map((row) => {
  const rr = runs.get(row)!;
  const { outcomes, states } = rr[0]!;
  const [variant, rule] = row.split('/') as [string, string];
  const deals = outcomes.length;
  const unknown = outcomes.filter((o) => o === '?').length;
  const signature = signatureOf(states.map((s, i) => ({ states: s, outcome: outcomes[i]! })));
  return {
    variant,
    rule,
    deals,
    won: outcomes.filter((o) => o === 'W').length,
    lost: outcomes.filter((o) => o === 'L').length,
    unknown,
    decidedShare: 1 - unknown / deals,
    signature,
    dealsPerCpuSecond: median(rr.map((x) => deals / x.cpuSeconds)),
    positionsPerCpuSecond: median(rr.map((x) => signature.positions / x.cpuSeconds)),
    dealsPerWallSecond: median(rr.map((x) => deals / x.wallSeconds)),
    positionsPerWallSecond: median(rr.map((x) => signature.positions / x.wallSeconds)),
    cpuSeconds: rr.map((x) => x.cpuSeconds),
    wallSeconds: rr.map((x) => x.wallSeconds),
    peakRssMiB: median(rr.map((x) => x.maxRssKiB / 1024)),
    statesPerDeal: states,
  };
});
const total = signatureOf(
  rows.flatMap((row) => {
    const { outcomes, states } = runs.get(row)![0]!;
    return states.map((s, i) => ({ states: s, outcome: outcomes[i]! }));
  }),
);

console.log('variant  rule      deals decided unknown   deals/s  positions/s    positions  peak RSS  signature');
for (const s of summaries) {
  console.log(
    `${s.variant.padEnd(8)} ${s.rule.padEnd(8)} ${String(s.deals).padStart(6)} ${(100 * s.decidedShare).toFixed(1).padStart(6)}% ${String(s.unknown).padStart(7)}` +
      ` ${s.dealsPerCpuSecond.toFixed(2).padStart(9)} ${fmt(s.positionsPerCpuSecond).padStart(12)} ${fmt(s.signature.positions).padStart(12)}` +
      ` ${s.peakRssMiB.toFixed(0).padStart(5)} MiB  ${s.signature.hash}`,
  );
}
console.log(`node-count signature (all rows): ${formatSignature(total)}; medians of ${repeats}, rates per CPU second`);

if (values.json !== undefined) {
  writeFileSync(
    values.json,
    `${JSON.stringify(
      {
        started,
        commit,
        dirty,
        searchVersion: SEARCH_VERSION,
        node: process.version,
        cpu: cpus()[0]?.model,
        cores: cpus().length,
        options: {
          seed,
          repeats,
          maxStates,
          maxDiscards,
          workers,
          plain: values.plain,
          deals: Object.fromEntries(rows.map((row) => [row, dealsOf(row)])),
        },
        signature: total,
        rows: summaries,
      },
      null,
      1,
    )}\n`,
  );
}
