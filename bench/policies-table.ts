// Prints the rows of a results/policies CSV (bench/policies.ts) as a Markdown table per variant × rule:
// each policy's win rate, its 95% interval and "1 in N", and where the solver ran on the same deals, its rate.
//
//   npx tsx bench/policies-table.ts results/policies-2026-11-30.csv

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

const file = process.argv[2];
if (file === undefined) throw new Error('usage: npx tsx bench/policies-table.ts FILE.csv');
const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
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
