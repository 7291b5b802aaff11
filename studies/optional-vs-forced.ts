// Counts the deals that the optional discard rule wins and the forced rule loses, over every deal decided
// under both rules in per-deal CSVs written by `acesup estimate --csv` (gzipped or not). The rows of all the
// files are put together by (seed, index, variant), so the two rules of a deal may come from two runs.
// Then, over the deals solved under both rules, each rule's verdicts with what the other rule proves:
// every forced win is an optional win (a forced line of play is legal under optional), so every optional
// loss is a forced loss. A deal won under forced and lost under optional would break that; it is counted.
//
//   npx tsx studies/optional-vs-forced.ts results/first-runs/strict-both.csv.gz [more.csv …]

import '../scripts/dev-script.ts';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import { winRate } from '../src/core/stats.ts';

interface Row {
  seed: string;
  index: string;
  deal: string;
  variant: string;
  discards: string;
  result: string;
  max_discards_lower: string;
  max_discards_upper: string;
}

const byDeal = new Map<string, Partial<Record<string, Row>>>();
const sources = new Map<string, Set<string>>();
for (const file of process.argv.slice(2)) {
  const input = createReadStream(file);
  const parser = (file.endsWith('.gz') ? input.pipe(createGunzip()) : input).pipe(parse({ columns: true }));
  for await (const row of parser as AsyncIterable<Row>) {
    const key = `${row.seed}/${row.index}/${row.variant}`;
    const entry = byDeal.get(key) ?? {};
    // A deal solved twice under one rule (two budgets): a decided row wins over an unknown one.
    const known = entry[row.discards];
    if (known === undefined || known.result === 'unknown') entry[row.discards] = row;
    byDeal.set(key, entry);
    const names = sources.get(row.variant) ?? new Set<string>();
    sources.set(row.variant, names.add(file));
  }
}

// Per variant, over the deals solved under both rules: each rule's verdicts, alone and with the other
// rule's proofs added; and, over those decided under both, the deals where the optional rule does better.
type Tally = { won: number; lost: number; unknown: number };
type Rules = { forced: Tally; optional: Tally };
const tally = (): Tally => ({ won: 0, lost: 0, unknown: 0 });
interface Counts {
  deals: number;
  contradictions: number;
  alone: Rules;
  inferred: Rules;
  both: number;
  optionalBeatsForced: number;
  moreDiscards: number;
  examples: string[];
}
const counts = new Map<string, Counts>();
for (const [key, entry] of byDeal) {
  const optional = entry['optional'],
    forced = entry['forced'];
  if (optional === undefined || forced === undefined) continue;
  const variant = key.split('/')[2]!;
  const c = counts.get(variant) ?? {
    deals: 0,
    contradictions: 0,
    alone: { forced: tally(), optional: tally() },
    inferred: { forced: tally(), optional: tally() },
    both: 0,
    optionalBeatsForced: 0,
    moreDiscards: 0,
    examples: [],
  };
  counts.set(variant, c);
  c.deals += 1;
  const o = optional.result as keyof Tally,
    f = forced.result as keyof Tally;
  if (f === 'won' && o === 'lost') c.contradictions += 1;
  c.alone.optional[o] += 1;
  c.alone.forced[f] += 1;
  c.inferred.optional[f === 'won' ? 'won' : o] += 1;
  c.inferred.forced[o === 'lost' ? 'lost' : f] += 1;
  if (o === 'unknown' || f === 'unknown') continue;
  c.both += 1;
  if (o === 'won' && f === 'lost') {
    c.optionalBeatsForced += 1;
    if (c.examples.length < 3) {
      const forcedMax =
        forced.max_discards_lower === forced.max_discards_upper
          ? `at most ${forced.max_discards_upper}`
          : `at most ${forced.max_discards_lower}–${forced.max_discards_upper}`;
      c.examples.push(`seed ${optional.seed} index ${optional.index}: ${optional.deal} (forced: ${forcedMax})`);
    }
  }
  // More discards, proved: the optional rule's lower bound above the forced rule's upper one.
  if (Number(optional.max_discards_lower) > Number(forced.max_discards_upper)) c.moreDiscards += 1;
}
for (const [variant, c] of counts) {
  if (c.both === 0) continue;
  console.log(
    `${variant} (${[...sources.get(variant)!].join(', ')}): ${c.both} deals decided under both rules; ` +
      `optional wins and forced loses: ${c.optionalBeatsForced}; optional proved to discard more: ${c.moreDiscards}`,
  );
  for (const example of c.examples) console.log(`  ${example}`);
}
const percent = (x: number): string => `${(100 * x).toFixed(2)}%`;
for (const [variant, c] of counts) {
  console.log(`\n${variant}: ${c.deals} deals solved under both rules; forced won and optional lost (impossible): ${c.contradictions}`);
  for (const rule of ['forced', 'optional'] as const) {
    for (const [how, t] of [
      ['alone', c.alone[rule]],
      ['with the other rule', c.inferred[rule]],
    ] as const) {
      const rate = winRate(t.won, t.unknown, c.deals);
      console.log(
        `  ${rule}, ${how}: won ${t.won}, lost ${t.lost}, unknown ${t.unknown}; win rate ${percent(rate.low)}–` +
          `${percent(rate.high)} (95% ${percent(rate.ci95.low)}–${percent(rate.ci95.high)})`,
      );
    }
  }
}
