// The solver benchmark: fixed seeded deals per variant × discard rule, solved on one thread (or on the
// estimate's pool of worker threads); prints deals/s, states/s, states per deal (median, p99, max), unknowns,
// peak memory, and the node-count signature.
//
//   npm run bench                      the default set (a few minutes on 2 cores)
//   npm run bench -- --deals 400       deals per variant × rule (strict × forced gets 100×: at thousands of
//                                      deals/s, fewer would time the pool's start-up)
//   npm run bench -- --only standard/forced --max-states 4000000
//   npm run bench -- --max-discards bounds  verdicts only (lost deals' max discards left as ranges)
//   npm run bench -- --workers 2           on the estimate's pool of 2 worker threads (wall-clock deals/s;
//                                          peak RSS is then the main thread's process, workers included).
//                                          One pool serves every row; its start-up (threads, tsx, modules) is
//                                          timed first and printed, not counted in the rows' deals/s.

import './dev-script.ts';
import { parseArgs } from 'node:util';
import { dealFor } from '../src/batch/deals.ts';
import { createPool, solveMissing } from '../src/batch/estimate.ts';
import { LOST, ResultTable, UNKNOWN, WON } from '../src/batch/results.ts';
import { quantile } from '../src/batch/stats.ts';
import { DISCARD_RULES, VARIANTS, type DiscardRule, type Variant } from '../src/core/game/rules.ts';
import { DEFAULT_MAX_STATES, Solver } from '../src/core/search/solve.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '2026' },
    deals: { type: 'string', default: '100' },
    'max-states': { type: 'string', default: String(DEFAULT_MAX_STATES) },
    only: { type: 'string' },
    plain: { type: 'boolean', default: false },
    'max-discards': { type: 'string', default: 'exact' },
    workers: { type: 'string' },
  },
});
const seed = Number(values.seed);
const baseDeals = Number(values.deals);
const maxStates = Number(values['max-states']);
const maxDiscards = values['max-discards'] === 'bounds' ? 'bounds' : 'exact';
const workers = values.workers === undefined ? 0 : Number(values.workers);

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

console.log(`acesup bench: seed ${seed}, max-states ${fmt(maxStates)}, ${values.plain ? 'plain search' : 'reduced search'}, max discards ${maxDiscards}, ${workers === 0 ? 'one thread' : `${workers} worker threads`}, Node ${process.version}`);
// The pool, started and warmed (every thread has loaded the solver) before the clock of any row starts.
const pool = workers === 0 ? undefined : createPool(workers);
if (pool !== undefined) {
  const started = performance.now();
  const warmUp = new ResultTable(seed + 1, 0, 4 * workers, [{ variant: 'strict', rule: 'forced' }]);
  const end = await solveMissing(warmUp, { workers, maxStates, maxDiscards, pool });
  if (end.kind !== 'complete') throw new Error(`the pool stopped: ${JSON.stringify(end)}`);
  console.log(`pool start-up (${workers} threads, then ${4 * workers} strict deals): ${fmt(performance.now() - started)} ms, not in deals/s below`);
}
console.log('variant  rule      deals  decided  won  unknown    deals/s   states/s   median     p99        max  peak RSS');
let signature = 0;
for (const variant of VARIANTS) {
  for (const discards of DISCARD_RULES) {
    const name = `${variant}/${discards}`;
    if (values.only !== undefined && !values.only.split(',').includes(name)) continue;
    const deals = variant === 'strict' && discards === 'forced' ? baseDeals * 100 : baseDeals;
    // Per deal: its verdict (as results.ts codes it) and the states it took.
    const outcomes: number[] = [];
    const states: number[] = [];
    const started = performance.now();
    if (workers === 0) {
      const solver = new Solver();
      for (let index = 0; index < deals; index++) {
        const result = solver.solve(dealFor(seed, index), {
          variant: variant as Variant, rule: discards as DiscardRule, maxStates, solution: false, reductions: !values.plain, maxDiscards,
        });
        outcomes.push(result.kind === 'won' ? WON : result.kind === 'lost' ? LOST : UNKNOWN);
        states.push(result.states);
      }
    } else {
      if (values.plain) throw new Error('--plain runs on one thread only');
      const table = new ResultTable(seed, 0, deals, [{ variant: variant as Variant, rule: discards as DiscardRule }]);
      const end = await solveMissing(table, { workers, maxStates, maxDiscards, ...(pool === undefined ? {} : { pool }) });
      if (end.kind !== 'complete') throw new Error(`the pool stopped: ${JSON.stringify(end)}`);
      for (let index = 0; index < deals; index++) {
        const record = table.get(0, index)!;
        outcomes.push(record.outcome);
        states.push(record.states);
      }
    }
    const won = outcomes.filter((o) => o === WON).length;
    const unknown = outcomes.filter((o) => o === UNKNOWN).length;
    const seconds = (performance.now() - started) / 1000;
    const total = states.reduce((a, b) => a + b, 0);
    signature += total;
    states.sort((a, b) => a - b);
    const rss = process.resourceUsage().maxRSS / 1024;
    console.log(
      `${variant.padEnd(8)} ${discards.padEnd(8)} ${String(deals).padStart(6)} ${(100 * (1 - unknown / deals)).toFixed(1).padStart(7)}% ${String(won).padStart(4)} ${String(unknown).padStart(8)}` +
      ` ${(deals / seconds).toFixed(1).padStart(10)} ${fmt(total / seconds).padStart(10)} ${fmt(quantile(states, 0.5)).padStart(8)}` +
      ` ${fmt(quantile(states, 0.99)).padStart(9)} ${fmt(states[states.length - 1] ?? 0).padStart(10)} ${rss.toFixed(0).padStart(6)} MiB`,
    );
  }
}
console.log(`node-count signature (total states searched): ${fmt(signature)}`);
await pool?.destroy();
