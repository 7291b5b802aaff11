// Counts the deals that the optional discard rule wins and the forced rule loses, over every deal decided
// under both rules in per-deal CSVs written by `acesup estimate --discards both --csv`.
//
//   npx tsx bench/optional-vs-forced.ts results/strict-both.csv [more.csv …]

import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';

interface Row { seed: string; index: string; deal: string; variant: string; discards: string; result: string; max_discards_upper: string }

for (const file of process.argv.slice(2)) {
  const byDeal = new Map<string, Partial<Record<string, Row>>>();
  const input = createReadStream(file);
  const parser = (file.endsWith('.gz') ? input.pipe(createGunzip()) : input).pipe(parse({ columns: true }));
  for await (const row of parser as AsyncIterable<Row>) {
    const key = `${row.seed}/${row.index}/${row.variant}`;
    const entry = byDeal.get(key) ?? {};
    entry[row.discards] = row;
    byDeal.set(key, entry);
  }
  const counts = new Map<string, { both: number; optionalBeatsForced: number; moreDiscards: number; examples: string[] }>();
  for (const [key, entry] of byDeal) {
    const optional = entry['optional'], forced = entry['forced'];
    if (optional === undefined || forced === undefined || optional.result === 'unknown' || forced.result === 'unknown') continue;
    const variant = key.split('/')[2]!;
    const c = counts.get(variant) ?? { both: 0, optionalBeatsForced: 0, moreDiscards: 0, examples: [] };
    c.both += 1;
    if (optional.result === 'won' && forced.result === 'lost') {
      c.optionalBeatsForced += 1;
      if (c.examples.length < 3) c.examples.push(`seed ${optional.seed} index ${optional.index}: ${optional.deal} (forced: at most ${forced.max_discards_upper})`);
    }
    if (Number(optional.max_discards_upper) > Number(forced.max_discards_upper)) c.moreDiscards += 1;
    counts.set(variant, c);
  }
  for (const [variant, c] of counts) {
    console.log(`${file} · ${variant}: ${c.both} deals decided under both rules; optional wins and forced loses: ${c.optionalBeatsForced}; optional discards more: ${c.moreDiscards}`);
    for (const example of c.examples) console.log(`  ${example}`);
  }
}
