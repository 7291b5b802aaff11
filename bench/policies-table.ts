// Prints the rows of a results/policies CSV (bench/policies.ts) as a Markdown table per variant × rule:
// each policy's win rate, its 95% interval and "1 in N", and where the solver ran on the same deals, its rate.
// Rows of one variant × rule × policy over adjoining deal ranges (one run split in parts) are added up.
//
//   npx tsx bench/policies-table.ts results/policies-2026-11-30.csv

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { wilson } from '../src/batch/stats.ts';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: npx tsx bench/policies-table.ts FILE.csv');
const read = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
/** The rows with the parts of one run added up (deal ranges in order, each starting where the last ended). */
const rows: Record<string, string>[] = [];
for (const row of [...read].sort((a, b) => Number(a['first']) - Number(b['first']))) {
  const same = rows.find((r) => r['variant'] === row['variant'] && r['discards'] === row['discards'] && r['policy'] === row['policy']);
  if (same === undefined) {
    rows.push({ ...row });
    continue;
  }
  if (Number(same['first']) + Number(same['deals']) !== Number(row['first']) || same['solver_max_states'] !== row['solver_max_states']) {
    throw new Error(`${row['variant']}/${row['discards']}/${row['policy']}: parts that do not adjoin`);
  }
  const add = (column: string): string => String(Number(same[column]) + Number(row[column]));
  const seconds = Number(same['deals']) / Number(same['games_per_second']) + Number(row['deals']) / Number(row['games_per_second']);
  for (const column of ['deals', 'won']) same[column] = add(column);
  same['games_per_second'] = String(Number(same['deals']) / seconds);
  const ci = wilson(Number(same['won']), Number(same['deals']));
  same['ci95_low'] = String(ci.low);
  same['ci95_high'] = String(ci.high);
  if (same['solver_won'] !== '') {
    for (const column of ['solver_won', 'solver_unknown', 'winnable_lost']) same[column] = add(column);
    same['solver_rate'] = String(Number(same['solver_won']) / Number(same['deals']));
    same['solver_ci95_low'] = String(wilson(Number(same['solver_won']), Number(same['deals'])).low);
    same['solver_ci95_high'] = String(wilson(Number(same['solver_won']) + Number(same['solver_unknown']), Number(same['deals'])).high);
  }
}
const pct = (x: string | number): string => `${(Number(x) * 100).toFixed(2)}%`;
const fmt = (n: string | number): string => Number(n).toLocaleString('en-US');
const oneIn = (rate: number): string => (rate === 0 ? '—' : `1 in ${Math.round(1 / rate).toLocaleString('en-US')}`);
const order = ['expert', 'greedy', 'basic', 'random'];
const rank = (policy: string): number => order.findIndex((name) => policy.startsWith(name));

for (const discards of ['forced', 'optional']) {
  for (const variant of ['standard', 'strict', 'easy']) {
    const here = rows.filter((r) => r['variant'] === variant && r['discards'] === discards)
      .sort((a, b) => rank(a['policy']!) - rank(b['policy']!) || a['policy']!.localeCompare(b['policy']!));
    if (here.length === 0) continue;
    console.log(`\n${variant} × ${discards} (seed 3, deals from 0)\n`);
    console.log('| policy | deals | won | win rate (95% interval) | about | games/s (1 thread) | solver on the same deals | winnable deals lost |');
    console.log('| --- | ---: | ---: | --- | --- | ---: | --- | ---: |');
    for (const r of here) {
      const rate = Number(r['won']) / Number(r['deals']);
      const solver = r['solver_won'] === ''
        ? ''
        : `${pct(r['solver_rate']!)}${Number(r['solver_unknown']) > 0 ? `–${pct((Number(r['solver_won']) + Number(r['solver_unknown'])) / Number(r['deals']))} (${fmt(r['solver_unknown']!)} unknown at ${fmt(r['solver_max_states']!)} states)` : ''} (${pct(r['solver_ci95_low']!)}–${pct(r['solver_ci95_high']!)})`;
      console.log(`| ${r['policy']} | ${fmt(r['deals']!)} | ${fmt(r['won']!)} | ${pct(rate)} (${pct(r['ci95_low']!)}–${pct(r['ci95_high']!)}) | ${oneIn(rate)} | ${fmt(Math.round(Number(r['games_per_second'])))} | ${solver} | ${r['winnable_lost'] === '' ? '' : fmt(r['winnable_lost']!)} |`);
    }
  }
}
