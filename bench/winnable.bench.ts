// How fast winnable deals come (`acesup deal --winnable`, the library's eachWinnableDeal): per variant × rule, the
// first --count winnable deals of --seed at the default budget, on one thread, timed by the process's CPU seconds
// (user + system: steadier than the wall clock on a shared machine). Prints per row the deals looked at, the
// winnable ones found, and both per CPU second: the rate a game maker gets from one core.
//
//   npx tsx bench/winnable.bench.ts                     every variant × rule, 10 winnable deals each (about a minute)
//   npx tsx bench/winnable.bench.ts --only standard/optional --count 20 --seed 7

import '../scripts/dev-script.ts';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_STATES, eachWinnableDeal } from '../src/core/api.ts';
import { DISCARD_RULES, VARIANTS, isDiscardRule, isVariant } from '../src/core/game/rules.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '2026' },
    count: { type: 'string', default: '10' },
    'max-states': { type: 'string', default: String(DEFAULT_MAX_STATES) },
    only: { type: 'string' },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
const maxStates = Number(values['max-states']);
const rows = values.only?.split(',') ?? VARIANTS.flatMap((variant) => DISCARD_RULES.map((rule) => `${variant}/${rule}`));

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

console.log(
  `# npx tsx bench/winnable.bench.ts --seed ${seed} --count ${count} --max-states ${maxStates}${values.only ? ` --only ${values.only}` : ''}`,
);
console.log('row                  looked at  winnable  CPU s  deals looked at/s  winnable deals/s');
for (const row of rows) {
  const [variant, discards] = row.split('/');
  if (variant === undefined || discards === undefined || !isVariant(variant) || !isDiscardRule(discards)) {
    throw new Error(`--only: "${row}" is not VARIANT/RULE`);
  }
  const start = cpuSeconds();
  let found = 0;
  let last = -1;
  for (const won of eachWinnableDeal({ seed, count, variant, discards, maxStates })) {
    found += 1;
    last = won.index;
  }
  const seconds = cpuSeconds() - start;
  // The deals looked at: up to the last one found (the search stops there).
  const looked = last + 1;
  console.log(
    `${row.padEnd(20)} ${String(looked).padStart(9)} ${String(found).padStart(9)} ${seconds.toFixed(2).padStart(6)} ` +
      `${(looked / seconds).toFixed(1).padStart(18)} ${(found / seconds).toFixed(2).padStart(17)}`,
  );
}
