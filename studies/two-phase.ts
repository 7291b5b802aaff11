// A two-phase estimate of a win rate whose first run left deals unknown: solve a systematic subsample of
// those unknowns again at growing budgets, then report the rate with an interval that accounts for the
// subsample and counts every deal still unknown in it both as won and as lost. An extra line beside a run's
// own range, never a replacement for it.
//
//   tsx studies/two-phase.ts solve SAMPLE.jsonl OUT.jsonl --step 5 [--part 0 --parts 2] [--variant standard] [--budgets B,…]
//   tsx studies/two-phase.ts report OUT.jsonl… --won W --unknown U --deals N [--budgets B,…]
//
// SAMPLE.jsonl: one line per unknown deal of the first run ({"deal": …}, as results/optional-unknowns/*-unknowns-sample.jsonl);
// every STEP-th line is solved (lines part, part + parts, … of those, to split the work over processes),
// under forced (a forced win is an optional win) and under optional at 2, 8 and 32 million states (or
// --budgets, growing), verdicts only. `report` takes the first run's won and unknown counts over its N deals.

import '../scripts/dev-script.ts';
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { wilson } from '../src/core/stats.ts';
import { parseDeal } from '../src/core/game/cards.ts';
import { isVariant } from '../src/core/game/rules.ts';
import { Solver } from '../src/core/search/solve.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    step: { type: 'string', default: '5' },
    part: { type: 'string', default: '0' },
    parts: { type: 'string', default: '1' },
    variant: { type: 'string', default: 'standard' },
    budgets: { type: 'string', default: '2000000,8000000,32000000' },
    won: { type: 'string' },
    unknown: { type: 'string' },
    deals: { type: 'string' },
  },
});
const [mode, ...files] = positionals;
const BUDGETS = values.budgets!.split(',').map(Number);
if (BUDGETS.some((b, i) => !Number.isSafeInteger(b) || b < 1 || (i > 0 && b <= BUDGETS[i - 1]!)))
  throw new Error(`--budgets: growing whole numbers, e.g. 2000000,16000000`);

interface Row {
  sample: number;
  deal: string;
  forced: string;
  optional: string;
  budget: number;
  states: number;
  s: number;
}

if (mode === 'solve') {
  const [sampleFile, out] = files as [string, string];
  const variant = values.variant!;
  if (!isVariant(variant)) throw new Error(`unknown variant ${variant}`);
  const step = Number(values.step),
    part = Number(values.part),
    parts = Number(values.parts);
  const lines = readFileSync(sampleFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { deal: string });
  const solver = new Solver();
  for (let i = 0; i < lines.length; i += step) {
    if ((i / step) % parts !== part) continue;
    const deal = parseDeal(lines[i]!.deal);
    const started = performance.now();
    const forced = solver.solve(deal, { variant, rule: 'forced', maxStates: BUDGETS[0], maxDiscards: 'bounds', solution: false });
    let budget = BUDGETS[0]!;
    let result = solver.solve(deal, { variant, rule: 'optional', maxStates: budget, maxDiscards: 'bounds', solution: false });
    for (const next of BUDGETS.slice(1)) {
      if (result.result !== 'unknown') break;
      budget = next;
      result = solver.solve(deal, { variant, rule: 'optional', maxStates: budget, maxDiscards: 'bounds', solution: false });
    }
    const row: Row = {
      sample: i,
      deal: lines[i]!.deal,
      forced: forced.result,
      optional: result.result,
      budget,
      states: result.states,
      s: Math.round(performance.now() - started) / 1000,
    };
    appendFileSync(out, JSON.stringify(row) + '\n');
  }
} else if (mode === 'report') {
  const rows = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Row),
  );
  const won = Number(values.won),
    unknown = Number(values.unknown),
    deals = Number(values.deals);
  const n = rows.length;
  const sampleWon = rows.filter((r) => r.optional === 'won' || r.forced === 'won').length;
  const sampleOpen = rows.filter((r) => r.optional === 'unknown' && r.forced !== 'won').length;
  // The unknowns' win share lies between "every open sample deal lost" and "every one won"; each end gets a
  // 95% Wilson interval over the n sampled deals, scaled by the unknowns' share of all deals.
  const low = wilson(sampleWon, n).low,
    high = wilson(sampleWon + sampleOpen, n).high;
  const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
  console.log(
    `sample: ${n} of ${fmt(unknown)} unknown deals; won ${sampleWon} (forced wins included), lost ${n - sampleWon - sampleOpen}, still unknown ${sampleOpen}`,
  );
  for (const budget of BUDGETS)
    console.log(`  decided by ${fmt(budget)} states: ${rows.filter((r) => r.optional !== 'unknown' && r.budget <= budget).length}`);
  console.log(`first run: ${fmt(won)} won, ${fmt(unknown)} unknown of ${fmt(deals)}: ${pct(won / deals)}–${pct((won + unknown) / deals)}`);
  console.log(
    `two-phase: ${pct((won + (unknown * sampleWon) / n) / deals)}–${pct((won + (unknown * (sampleWon + sampleOpen)) / n) / deals)} ` +
      `(95%: ${pct((won + unknown * low) / deals)}–${pct((won + unknown * high) / deals)}; the first run's own sampling error left out)`,
  );
} else {
  console.error(
    'usage: two-phase.ts solve SAMPLE.jsonl OUT.jsonl [--step S --part K --parts N --variant V --budgets B,…] | report OUT.jsonl… --won W --unknown U --deals N [--budgets B,…]',
  );
  process.exitCode = 2;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}
