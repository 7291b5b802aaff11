// What `acesup review` (the library's review) costs on players' lines: --lines random lines of 40–80 moves on deals
// of --seed, standard × optional at the default budgets, each reviewed on one thread. Prints each line's moves,
// outcome, positions solved and time, then the median, the 90th percentile and the worst time, and the outcomes.
// A line is random legal play that takes a removal three times in four when it can, so that it lasts, from deal I of
// the seed; a line that ends (no legal move) before 40 moves is replaced by the next deal's.
//
//   npx tsx bench/review.bench.ts                        100 lines (minutes: run it on a quiet machine)
//   npx tsx bench/review.bench.ts --lines 5 --seed 9     a few, to try it

import '../scripts/dev-script.ts';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_STATES, newGame, review, seededDeal } from '../src/core/api.ts';
import { Rng } from '../src/core/game/random.ts';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '100' },
    seed: { type: 'string', default: '2026' },
    'max-states': { type: 'string', default: String(DEFAULT_MAX_STATES) },
    variant: { type: 'string', default: 'standard' },
    discards: { type: 'string', default: 'optional' },
  },
});
const lines = Number(values.lines);
const seed = Number(values.seed);
const maxStates = Number(values['max-states']);
const variant = values.variant as 'standard' | 'strict' | 'easy';
const discards = values.discards as 'optional' | 'forced';

/** A line of `length` moves of deal `index`, or a shorter one when the game ends first. */
function line(deal: string, length: number, rng: Rng): string[] {
  const game = newGame(deal, { variant, discards });
  while (game.status() === 'playing' && game.moves().length < length) {
    const legal = game.legalMoves();
    const removals = legal.filter((move) => move.startsWith('remove'));
    game.play(removals.length > 0 && rng.below(4) > 0 ? removals[rng.below(removals.length)]! : legal[rng.below(legal.length)]!);
  }
  return game.moves();
}

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

console.log(
  `# npx tsx bench/review.bench.ts --lines ${lines} --seed ${seed} --max-states ${maxStates} --variant ${variant} --discards ${discards}`,
);
console.log('deal  moves  outcome      first losing  solved  positions searched   wall s   CPU s');
const times: number[] = [];
const outcomes = new Map<string, number>();
const rng = new Rng(seed, 1);
for (let index = 0; times.length < lines; index++) {
  const deal = seededDeal(seed, index);
  const moves = line(deal, 40 + rng.below(41), rng);
  if (moves.length < 40) continue;
  const wall = performance.now();
  const cpu = cpuSeconds();
  const answer = review(deal, moves, { variant, discards, maxStates });
  const seconds = (performance.now() - wall) / 1000;
  times.push(seconds);
  outcomes.set(answer.outcome, (outcomes.get(answer.outcome) ?? 0) + 1);
  console.log(
    `${String(index).padStart(4)}  ${String(moves.length).padStart(5)}  ${answer.outcome.padEnd(11)}  ${String(answer.firstLosingMove ?? '-').padStart(12)}  ` +
      `${String(answer.solved).padStart(6)}  ${answer.states.toLocaleString('en-US').padStart(18)}  ${seconds.toFixed(2).padStart(7)}  ${(cpuSeconds() - cpu).toFixed(2).padStart(6)}`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const middle =
  sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
console.log(
  `${times.length} lines: median ${middle.toFixed(2)} s, 90th percentile ${at(0.9).toFixed(2)} s, worst ${sorted.at(-1)!.toFixed(2)} s (wall); ` +
    [...outcomes].map(([outcome, n]) => `${outcome} ${n}`).join(', '),
);
