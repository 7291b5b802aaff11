// Turns summary CSVs written by `acesup estimate --summary` into the markdown table of results/README.md.
//
//   npx tsx studies/results-table.ts results/*.summary.csv

import '../scripts/dev-script.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';

const pct = (x: string): string => `${(100 * Number(x)).toFixed(2)}%`;
const num = (x: string): string => Number(x).toLocaleString('en-US');
/** A merged summary has no budget of its own (its shards' summaries have it). */
const budget = (x: string | undefined): string => (x === undefined || x === '' ? 'merged' : num(x));

console.log(
  '| variant | rule | deals | won | lost | unknown | win rate | 95% interval | deals/s (per worker) | states p99 | budget (--max-states) | command | commit |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | --- | --- |');
for (const file of process.argv.slice(2)) {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
  for (const row of rows) {
    const rate =
      row['win_rate_low'] === row['win_rate_high']
        ? pct(row['win_rate_low']!)
        : `${pct(row['win_rate_low']!)} – ${pct(row['win_rate_high']!)}`;
    console.log(
      `| ${row['variant']} | ${row['discards']} | ${num(row['deals']!)} | ${num(row['won']!)} | ${num(row['lost']!)} | ${num(row['unknown']!)} | ${rate} |` +
        ` ${pct(row['ci95_low']!)} – ${pct(row['ci95_high']!)} | ${Number(row['deals_per_second']).toFixed(1)} | ${num(row['states_p99']!)} | ${budget(row['max_states'])} |` +
        ` \`${row['command']}\` | ${row['commit']?.slice(0, 10)} |`,
    );
  }
}
