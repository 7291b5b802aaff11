// Compares a policy's per-deal CSV (acesup estimate --policy … --csv) with greedy on the same deals, deal by
// deal: the games each won, those only one of them won, and the exact two-sided sign test on those.
//
//   npx tsx studies/policies-paired.ts results/policies/expert/standard-forced.csv.gz [ACE_BONUS]
//
// greedy's ace bonus defaults to its best per variant in results/policies/policies.md (2 in standard, else 0).

import '../scripts/dev-script.ts';
import { readDealRows } from '../src/batch/csv-read.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { WON } from '../src/batch/results.ts';
import { playGame } from '../src/core/play/game.ts';
import { expertAceBonus, makePolicy } from '../src/core/play/policies.ts';
import { Rng } from '../src/core/game/random.ts';
import type { DiscardRule, Variant } from '../src/core/game/rules.ts';

const [file, bonus] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: npx tsx studies/policies-paired.ts PER-DEAL.csv[.gz] [ACE_BONUS]');

/** pimc's runs made while it was named expert carry the label expert(samples=…,states=…). */
const shown = (policy: string): string => policy.replace(/^expert\((samples=\d+,states=)/u, 'pimc($1');

/** P(|X − n/2| ≥ |k − n/2|) for X ~ Binomial(n, 1/2). */
function signTest(k: number, n: number): number {
  if (n === 0) return 1;
  const far = Math.abs(k - n / 2);
  let p = 0;
  let term = 0.5 ** n;
  for (let i = 0; i <= n; i++) {
    if (Math.abs(i - n / 2) >= far - 1e-9) p += term;
    term = (term * (n - i)) / (i + 1);
  }
  return Math.min(1, p);
}

const counts = new Map<
  string,
  {
    policy: string;
    aceBonus: number;
    deals: number;
    won: number;
    greedy: number;
    only: number;
    greedyOnly: number;
    seed: number;
    first: number;
    last: number;
  }
>();
for await (const { row } of readDealRows(file)) {
  const variant = row.variant as Variant;
  const rule = row.rule as DiscardRule;
  const key = `${variant} × ${rule}`;
  const aceBonus = bonus === undefined ? expertAceBonus(variant) : Number(bonus);
  const greedy = makePolicy('greedy', variant, rule, { aceBonus });
  const game = playGame(dealFor(row.seed, row.index), greedy, variant, rule, new Rng(row.seed, row.index));
  const won = row.record.outcome === WON;
  const count = counts.get(key) ?? {
    policy: shown(row.policy ?? 'solver'),
    aceBonus,
    deals: 0,
    won: 0,
    greedy: 0,
    only: 0,
    greedyOnly: 0,
    seed: row.seed,
    first: row.index,
    last: row.index,
  };
  count.deals += 1;
  count.first = Math.min(count.first, row.index);
  count.last = Math.max(count.last, row.index);
  if (won) count.won += 1;
  if (game.won) count.greedy += 1;
  if (won && !game.won) count.only += 1;
  if (game.won && !won) count.greedyOnly += 1;
  counts.set(key, count);
}
for (const [key, c] of counts) {
  const p = signTest(c.only, c.only + c.greedyOnly);
  console.log(
    `${key}, seed ${c.seed} deals ${c.first}–${c.last} (${c.deals}): ${c.policy} won ${c.won}, greedy(ace-bonus=${c.aceBonus}) ${c.greedy}; ` +
      `only ${c.policy} ${c.only}, only greedy ${c.greedyOnly} (sign test p = ${p.toFixed(3)})`,
  );
}
