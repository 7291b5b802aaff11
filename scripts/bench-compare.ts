// Compares runs of the bench (`npm run bench -- --json FILE`) of two builds, A and B, run in turn (A B A B …):
// per variant × rule, the medians of each side's deals/s and positions/s (per CPU second), the median over the
// pairs of the ratio B / A (steadier than the ratio of medians on a shared machine), peak RSS, and whether the
// two sides searched the same positions (their signatures). Prints a Markdown table.
//
//   npx tsx scripts/bench-compare.ts --a a-1.json,a-2.json,a-3.json --b b-1.json,b-2.json,b-3.json

import './dev-script.ts';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Row {
  variant: string;
  rule: string;
  deals: number;
  decidedShare: number;
  signature: { positions: number; hash: string };
  cpuSeconds: number[];
  peakRssMiB: number;
}
interface Run {
  commit: string;
  rows: Row[];
}

const { values } = parseArgs({ options: { a: { type: 'string' }, b: { type: 'string' } } });
if (values.a === undefined || values.b === undefined) throw new Error('--a and --b: comma-separated bench JSON files');
const read = (list: string): Run[] => list.split(',').map((file) => JSON.parse(readFileSync(file, 'utf8')) as Run);
const a = read(values.a);
const b = read(values.b);
if (a.length !== b.length) throw new Error('as many runs of A as of B (run in turn, A B A B …)');

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Every repeat's CPU seconds of a row over the runs. */
const seconds = (runs: Run[], name: string): number[] =>
  runs.flatMap((run) => run.rows.find((r) => `${r.variant}/${r.rule}` === name)?.cpuSeconds ?? []);

console.log(
  '| variant × rule | deals | decided | positions | signature A → B | deals/s A → B | positions/s A → B | B / A (median of pairs) | peak RSS A → B |',
);
console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |');
for (const row of a[0]!.rows) {
  const name = `${row.variant}/${row.rule}`;
  const other = b[0]!.rows.find((r) => `${r.variant}/${r.rule}` === name);
  if (other === undefined) continue;
  const sa = seconds(a, name),
    sb = seconds(b, name);
  const pairs = sa.map((s, i) => (sb[i] === undefined ? Number.NaN : s / sb[i]!)).filter((x) => !Number.isNaN(x));
  const rss = (runs: Run[]): number => median(runs.map((run) => run.rows.find((r) => `${r.variant}/${r.rule}` === name)!.peakRssMiB));
  const same = row.signature.hash === other.signature.hash ? 'same' : 'DIFFERENT';
  console.log(
    `| ${row.variant} × ${row.rule} | ${row.deals} | ${(100 * row.decidedShare).toFixed(1)}% | ${fmt(row.signature.positions)} | ${row.signature.hash} → ${other.signature.hash} (${same})` +
      ` | ${fmt(row.deals / median(sa), 2)} → ${fmt(other.deals / median(sb), 2)} | ${fmt(row.signature.positions / median(sa))} → ${fmt(other.signature.positions / median(sb))}` +
      ` | ${median(pairs).toFixed(3)} | ${fmt(rss(a))} → ${fmt(rss(b))} MiB |`,
  );
}
