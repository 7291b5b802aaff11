// Prints the policies' win rates as a Markdown table per variant × rule, from `acesup estimate --policy`
// summaries, beside the clairvoyant rate on the same deals: from the solver's per-deal CSV when one covers
// those deals, or the policy's rows carry it (--compare solver) — then also the winnable deals the policy
// lost — else from a solver summary of the same seed and deal range.
//
// Summaries are the files named *.summary.csv; the others are per-deal CSVs, read as acesup reads them. Per-deal
// files given later replace the verdicts of earlier ones for the same deals (a larger budget last).
//
//   npx tsx studies/policies-table.ts results/policies/1m/*.summary.csv results/policies/expert/*.summary.csv \
//     results/policies/pimc/*.summary.csv results/policies/pimc/*.csv.gz results/win-rates/*-1m*.summary.csv

import '../scripts/dev-script.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { readDealRows } from '../src/batch/csv-read.ts';
import { OUTCOME_NAMES } from '../src/batch/results.ts';
import { wilson } from '../src/core/stats.ts';

type Row = Record<string, string>;

const policies: Row[] = [];
const solverSummaries: Row[] = [];
/** Per-deal rows: `variant/discards` → policy label ('' for the solver) → deal index → result. */
const games = new Map<string, Map<string, Map<number, string>>>();
const results = (key: string, policy: string): Map<number, string> => {
  const byPolicy = games.get(key) ?? new Map<string, Map<number, string>>();
  games.set(key, byPolicy);
  const byDeal = byPolicy.get(policy) ?? new Map<number, string>();
  byPolicy.set(policy, byDeal);
  return byDeal;
};
for (const file of process.argv.slice(2)) {
  if (file.endsWith('.summary.csv')) {
    for (const row of parse(readFileSync(file), { columns: true }) as Row[])
      ((row['policy'] ?? '') === '' ? solverSummaries : policies).push(row);
    continue;
  }
  // A per-deal CSV, read and checked as acesup reads it (gzip or not).
  for await (const { row } of readDealRows(file)) {
    const key = `${row.variant}/${row.rule}`;
    results(key, row.policy ?? '').set(row.index, OUTCOME_NAMES[row.record.outcome]);
    // A policy's row written with --compare solver carries the solver's verdict of the same deal.
    if (row.record.solver !== undefined) results(key, '').set(row.index, OUTCOME_NAMES[row.record.solver.outcome]);
  }
}
if (policies.length === 0) throw new Error('usage: npx tsx studies/policies-table.ts SUMMARY.csv … [PER-DEAL.csv[.gz] …]');

const pct = (x: number): string => `${(x * 100).toFixed(2)}%`;
const fmt = (n: number): string => n.toLocaleString('en-US');
const oneIn = (rate: number): string => (rate === 0 ? '—' : `1 in ${fmt(Math.round(1 / rate))}`);
const range = (won: number, unknown: number, deals: number): string => {
  const low = wilson(won, deals).low;
  const high = wilson(won + unknown, deals).high;
  const rate = unknown === 0 ? pct(won / deals) : `${pct(won / deals)}–${pct((won + unknown) / deals)}`;
  return `${rate} (${pct(low)}–${pct(high)})`;
};

/** The clairvoyant rate on a policy row's deals, and the winnable deals it lost when per-deal rows allow. */
function clairvoyant(row: Row): { text: string; winnableLost: string } {
  const first = Number(row['first_index']),
    last = Number(row['last_index']),
    deals = last - first + 1;
  const byPolicy = games.get(`${row['variant']}/${row['discards']}`);
  const solver = byPolicy?.get('');
  // Every forced win is an optional win (docs/search.md, Lemma F): the forced solver's wins count under optional.
  const forcedWins = row['discards'] === 'optional' ? games.get(`${row['variant']}/forced`)?.get('') : undefined;
  if (solver !== undefined && Array.from({ length: deals }, (_, i) => solver.has(first + i)).every(Boolean)) {
    let won = 0,
      unknown = 0,
      lost = 0;
    const played = byPolicy!.get(row['policy']!);
    for (let index = first; index <= last; index++) {
      const verdict = forcedWins?.get(index) === 'won' ? 'won' : solver.get(index)!;
      if (verdict === 'won') won += 1;
      else if (verdict === 'unknown') unknown += 1;
      if (verdict === 'won' && played?.get(index) === 'lost') lost += 1;
    }
    const note = unknown === 0 ? '' : `; ${fmt(unknown)} unknown at the budget`;
    return {
      text: `${range(won, unknown, deals)}${note}`,
      winnableLost: played === undefined ? '' : `${fmt(lost)}${unknown > 0 ? ' or more' : ''}`,
    };
  }
  const summary = solverSummaries.find(
    (s) =>
      s['variant'] === row['variant'] &&
      s['discards'] === row['discards'] &&
      s['seed'] === row['seed'] &&
      Number(s['first_index']) === first &&
      Number(s['last_index']) === last,
  );
  if (summary === undefined) return { text: '', winnableLost: '' };
  return { text: range(Number(summary['won']), Number(summary['unknown']), deals), winnableLost: '' };
}

/** pimc's runs made while it was named expert carry the label expert(samples=…,states=…): shown as pimc. */
const shown = (policy: string): string => policy.replace(/^expert\((samples=\d+,states=)/u, 'pimc($1');
const order = ['expert', 'pimc', 'greedy', 'basic', 'random'];
const rank = (policy: string): number => order.findIndex((name) => shown(policy).startsWith(name));
for (const discards of ['forced', 'optional']) {
  for (const variant of ['standard', 'strict', 'easy']) {
    const here = policies
      .filter((r) => r['variant'] === variant && r['discards'] === discards)
      .sort((a, b) => rank(a['policy']!) - rank(b['policy']!) || a['policy']!.localeCompare(b['policy']!));
    if (here.length === 0) continue;
    console.log(`\n${variant} × ${discards} (seed ${here[0]!['seed']}, deals from ${here[0]!['first_index']})\n`);
    console.log(
      '| policy | deals | won | win rate (95% interval) | about | games/s per worker | clairvoyant on the same deals | winnable deals lost | commit |',
    );
    console.log('| --- | ---: | ---: | --- | --- | ---: | --- | ---: | --- |');
    for (const r of here) {
      const deals = Number(r['deals']),
        won = Number(r['won']);
      const ci = wilson(won, deals);
      const { text, winnableLost } = clairvoyant(r);
      console.log(
        `| ${shown(r['policy']!)} | ${fmt(deals)} | ${fmt(won)} | ${pct(won / deals)} (${pct(ci.low)}–${pct(ci.high)}) | ${oneIn(won / deals)} | ` +
          `${fmt(Math.round(Number(r['deals_per_second'])))} | ${text} | ${winnableLost} | ${r['commit']!.slice(0, 7)} |`,
      );
    }
  }
}
