// The policies' win rates over seeded deals, one variant × rule × policy per run, on one thread: the
// results/policies-*.txt runs (results/policies.sh runs them two at a time). With --compare, the solver's
// verdict on each of the same deals too: the clairvoyant rate and the winnable deals the policy lost.
//
//   npx tsx bench/policies.ts --policy greedy --ace-bonus 2 --variant standard --discards forced --deals 1000000 --seed 3

import { parseArgs } from 'node:util';
import { dealFor } from '../src/batch/deals.ts';
import { wilson } from '../src/batch/stats.ts';
import { playGame } from '../src/core/play/game.ts';
import { type PolicySettings, isPolicyName, makePolicy } from '../src/core/play/policies.ts';
import { Rng } from '../src/core/play/rng.ts';
import { isDiscardRule, isVariant } from '../src/core/rules.ts';
import { Solver } from '../src/core/solve.ts';
import { verify } from '../src/core/verify.ts';

const { values } = parseArgs({
  options: {
    policy: { type: 'string' }, variant: { type: 'string', default: 'standard' }, discards: { type: 'string', default: 'forced' },
    deals: { type: 'string', default: '10000' }, seed: { type: 'string', default: '3' }, from: { type: 'string', default: '0' },
    'ace-bonus': { type: 'string' }, samples: { type: 'string' }, 'sample-states': { type: 'string' },
    compare: { type: 'boolean', default: false }, 'max-states': { type: 'string', default: '2000000' }, header: { type: 'boolean', default: false },
  },
});
const COLUMNS = ['variant', 'discards', 'policy', 'seed', 'first', 'deals', 'won', 'win_rate', 'ci95_low', 'ci95_high', 'games_per_second',
  'solver_won', 'solver_unknown', 'solver_rate', 'solver_ci95_low', 'solver_ci95_high', 'winnable_lost', 'solver_max_states'];
if (values.header) {
  console.log(COLUMNS.join(','));
  process.exit(0);
}
const variant = values.variant!, discards = values.discards!, name = values.policy ?? '';
if (!isVariant(variant) || !isDiscardRule(discards) || !isPolicyName(name)) throw new Error('usage: --policy random|basic|greedy|expert --variant V --discards D');
const settings: PolicySettings = {};
if (values['ace-bonus'] !== undefined) settings.aceBonus = Number(values['ace-bonus']);
if (values.samples !== undefined) settings.samples = Number(values.samples);
if (values['sample-states'] !== undefined) settings.sampleStates = Number(values['sample-states']);
const policy = makePolicy(name, variant, discards, settings);
const seed = Number(values.seed), first = Number(values.from), deals = Number(values.deals), maxStates = Number(values['max-states']);
const solver = new Solver();

let won = 0, solverWon = 0, solverUnknown = 0, winnableLost = 0, playMs = 0;
for (let index = first; index < first + deals; index++) {
  const deal = dealFor(seed, index);
  const started = performance.now();
  const game = playGame(deal, policy, variant, discards, new Rng(seed, index));
  playMs += performance.now() - started;
  if (game.won) {
    const check = verify(deal, game.moves, variant, discards);
    if (!check.ok) throw new Error(`deal ${index}: the won game fails verification at move ${check.move}: ${check.reason}`);
    won += 1;
  }
  if (values.compare) {
    const exact = solver.solve(deal, { variant, rule: discards, maxStates, solution: false, maxDiscards: 'bounds' });
    if (exact.kind === 'won') solverWon += 1;
    if (exact.kind === 'unknown') solverUnknown += 1;
    if (exact.kind === 'won' && !game.won) winnableLost += 1;
    if (exact.kind === 'lost' && game.won) throw new Error(`deal ${index}: the policy won a deal the solver proves lost`);
  }
}
const ci = wilson(won, deals);
const sci = wilson(solverWon, deals);
const cells = [variant, discards, policy.name, seed, first, deals, won, (won / deals).toFixed(6), ci.low.toFixed(6), ci.high.toFixed(6),
  (deals / (playMs / 1000)).toFixed(1),
  ...(values.compare ? [solverWon, solverUnknown, (solverWon / deals).toFixed(6), sci.low.toFixed(6), wilson(solverWon + solverUnknown, deals).high.toFixed(6), winnableLost, maxStates] : ['', '', '', '', '', '', '']),
];
console.log(cells.map((c) => (String(c).includes(',') ? `"${c}"` : String(c))).join(','));
