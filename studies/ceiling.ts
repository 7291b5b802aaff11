// The ceiling: an upper bound on the win rate of every player who does not see the stock (information relaxation
// duality; docs/ceiling.md), as the mean over deals of the penalised clairvoyant value of each, with its 95% interval.
//
//   npx tsx studies/ceiling.ts --variant strict --discards forced --deals 2000 [--seed 3] [--from 0]
//       [--value zero|fitted|fitted-last|fitted-last2] [--backup-samples 32] [--samples 16] [--exact-tuples 24]
//       [--max-states 5000000] [--csv FILE]
//
// --value: the estimate v behind the penalty. zero: no penalty — the clairvoyant restricted to the moves (a)–(d)
//   of studies/ceiling/search.ts; fitted: studies/ceiling/weights.ts, with the exact value once the stock is empty;
//   fitted-last (default): and the exact value with one deal left; fitted-last2: and with two deals left one step
//   of expectimax over --backup-samples tuples seeded by the position's cards.
// --samples: 4-tuples of unseen cards the mean after a deal is taken over, drawn by a stream of (seed, deal, 7)
//   (independent of the deal's own shuffle); --exact-tuples: where the unseen cards have at most this many ordered
//   4-tuples the mean is over all of them (24: the last deal).
// --csv: one row per deal (deal, bound, clairvoyant win, states, capped). Progress goes to standard error.

import '../scripts/dev-script.ts';
import { appendFileSync, writeFileSync } from 'node:fs';
import { dealFor } from '../src/core/game/deals.ts';
import { Z95 } from '../src/core/stats.ts';
import { Backup, ExactLastDeal } from './ceiling/last-deal.ts';
import { CeilingSearch } from './ceiling/search.ts';
import { ExactAtEnd, FittedValue, type ValueEstimate, ZERO_VALUE } from './ceiling/value.ts';
import { FITTED_WEIGHTS } from './ceiling/weights.ts';
import { type DiscardRule, type Variant, isDiscardRule, isVariant } from '../src/core/game/rules.ts';

const OPTIONS = [
  '--variant',
  '--discards',
  '--deals',
  '--seed',
  '--from',
  '--value',
  '--backup-samples',
  '--samples',
  '--exact-tuples',
  '--max-states',
  '--csv',
];
const args = process.argv.slice(2);
const given = new Map<string, string>();
for (let i = 0; i < args.length; i += 2) {
  const name = args[i]!;
  if (!OPTIONS.includes(name)) throw new Error(`unknown option ${name}`);
  const value = args[i + 1];
  if (value === undefined) throw new Error(`${name} needs a value`);
  given.set(name, value);
}
const whole = (name: string, fallback: number, min: number): number => {
  const text = given.get(name);
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name}: expected a whole number ≥ ${min}, got ${text}`);
  return n;
};
const variantText = given.get('--variant') ?? 'standard';
if (!isVariant(variantText)) throw new Error(`--variant: expected standard, strict or easy, got ${variantText}`);
const ruleText = given.get('--discards') ?? 'forced';
if (!isDiscardRule(ruleText)) throw new Error(`--discards: expected optional or forced, got ${ruleText}`);
const variant: Variant = variantText;
const rule: DiscardRule = ruleText;
const deals = whole('--deals', 1000, 1);
const seed = whole('--seed', 3, 0);
const from = whole('--from', 0, 0);
const samples = whole('--samples', 16, 1);
const exactTuples = whole('--exact-tuples', 24, 0);
const maxStates = whole('--max-states', 5_000_000, 1);
const valueName = given.get('--value') ?? 'fitted-last';
if (!['fitted', 'zero', 'fitted-last', 'fitted-last2'].includes(valueName))
  throw new Error(`--value: expected zero, fitted, fitted-last or fitted-last2, got ${valueName}`);
const backupSamples = whole('--backup-samples', 32, 1);
const fitted = new FittedValue('fitted', FITTED_WEIGHTS[variant]);
const value: ValueEstimate =
  valueName === 'zero'
    ? ZERO_VALUE
    : valueName === 'fitted'
      ? new ExactAtEnd(variant, fitted)
      : valueName === 'fitted-last'
        ? new ExactLastDeal(variant, rule, fitted)
        : new Backup(variant, rule, 44, new ExactLastDeal(variant, rule, fitted), 0, backupSamples);
const csv = given.get('--csv');
if (csv !== undefined) writeFileSync(csv, 'deal,bound,clairvoyant_win,states,capped\n');

const search = new CeilingSearch({ variant, rule, value, samples, exactTuples, maxStates });
let sum = 0,
  sumSq = 0,
  wins = 0,
  capped = 0,
  states = 0;
const started = Date.now();
for (let i = 0; i < deals; i++) {
  const index = from + i;
  const result = search.run(dealFor(seed, index), [seed, index, 7]);
  sum += result.bound;
  sumSq += result.bound * result.bound;
  if (result.clairvoyantWin) wins += 1;
  if (result.capped) capped += 1;
  states += result.states;
  if (csv !== undefined)
    appendFileSync(csv, `${index},${result.bound},${result.clairvoyantWin ? 1 : 0},${result.states},${result.capped ? 1 : 0}\n`);
  if ((i + 1) % 50 === 0 || i + 1 === deals) {
    const mean = sum / (i + 1);
    process.stderr.write(
      `\r${i + 1}/${deals} deals, bound so far ${(100 * mean).toFixed(2)}%, ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
}
process.stderr.write('\n');
const mean = sum / deals;
const sd = Math.sqrt(Math.max(0, (sumSq - deals * mean * mean) / Math.max(1, deals - 1)));
const half = (Z95 * sd) / Math.sqrt(deals);
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
process.stdout.write(
  `${variant} × ${rule}, seed ${seed}, deals ${from}–${from + deals - 1}, v = ${value.name}, ${samples} samples, exact at ≤ ${exactTuples} tuples\n` +
    `ceiling ${pct(mean)} (95% interval ${pct(mean - half)}–${pct(mean + half)}); restricted clairvoyant wins ${wins} (${pct(wins / deals)}); ` +
    `${capped} deals capped at ${maxStates} states; ${states} states; ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
