// `acesup deal`: its options and help, and the deals it prints: seeded deals, or, with --winnable, the seeded deals
// proved won, through the library's functions (core/api.ts), each printed as it is found. The library is loaded
// when the command runs, so that --help loads the definitions alone.

import type { Command } from 'commander';
import { DEFAULT_PLAN } from '../../batch/options.ts';
import { MAX_INDEX, MAX_SEED } from '../../core/game/cards.ts';
import type { DiscardRule, Variant } from '../../core/game/rules.ts';
import { DEFAULT_MAX_STATES } from '../../core/search/budget.ts';
import { EXIT_INVALID, EXIT_OK, UsageError, integerOption } from '../errors.ts';
import { REVERSE_HELP, discardsOption, variantOption } from '../common-options.ts';

/** The seed when none is given: estimate's, the seed of the stored reference runs, so that `acesup deal --count N |
 *  acesup solve` answers for the deals `acesup estimate --deals N` solves. */
const DEFAULT_SEED = DEFAULT_PLAN.seed;

interface DealFlags {
  seed: number;
  index: number;
  count: number;
  winnable?: boolean;
  variant: Variant;
  discards: DiscardRule;
  maxStates: number;
  maxTried?: number;
  withLine?: boolean;
  json?: boolean;
  reverse?: boolean;
}

export function addDealCommand(program: Command): void {
  program
    .command('deal')
    .summary('print reproducible random deals: deal I of seed S is always the same 52 cards')
    .description(
      'Print deals in canonical form, one per line (ready for `acesup solve`). Deal number I of ' +
        'seed S is computed from (S, I) alone, so it is the same in every run, worker and shard. ' +
        'With --winnable, print only deals proved won: deals I, I + 1, … of seed S are solved in turn and those not ' +
        'proved won within --max-states are skipped, until --count are found; the budget counts positions, not time, ' +
        'so the same options always give the same list.',
    )
    .option('--seed <s>', `the seed, 0 to ${MAX_SEED}`, integerOption(0, MAX_SEED), DEFAULT_SEED)
    .option('--index <i>', 'number of the first deal (with --winnable: the first deal looked at)', integerOption(0, MAX_INDEX), 0)
    .option('--count <n>', 'how many deals (with --winnable: how many winnable deals)', integerOption(1), 1)
    .option('--winnable', 'print only deals proved winnable, each solved under --variant and --discards within --max-states')
    .addOption(variantOption({ when: 'with --winnable: ' }))
    .addOption(discardsOption({ when: 'with --winnable: ' }))
    .option('--max-states <n>', 'with --winnable: the positions a deal may take to be proved won', integerOption(1), DEFAULT_MAX_STATES)
    .option(
      '--max-tried <n>',
      'with --winnable: give up after looking at this many deals (exit 1, after printing those found; default 1000 × --count)',
      integerOption(1),
    )
    .option('--with-line', 'with --winnable: add a winning line: DEAL<TAB>MOVES, as `acesup verify --file` reads them')
    .option('--reverse', `${REVERSE_HELP}: the same deals, each card written as its twin in that reading`)
    .option(
      '--json',
      'one JSON object per deal (seed, index, deal; with --winnable also variant and discards, and the solution with --with-line)',
    )
    .action(async (flags: DealFlags, command: Command) => {
      if (flags.count > MAX_INDEX - flags.index + 1)
        throw new UsageError(`--index ${flags.index} --count ${flags.count} goes past the last deal index ${MAX_INDEX}`);
      const winnableOnly = ['variant', 'discards', 'maxStates', 'maxTried', 'withLine'].find(
        (name) => command.getOptionValueSource(name) === 'cli',
      );
      if (!flags.winnable && winnableOnly !== undefined)
        throw new UsageError(`--${winnableOnly.replace(/[A-Z]/gu, (c) => `-${c.toLowerCase()}`)} needs --winnable`);
      process.exitCode = await dealCommand(flags);
    });
}

/** Prints the deals; the exit code (1, a negative answer, when --winnable gave up before --count deals were found). */
async function dealCommand(flags: DealFlags): Promise<number> {
  const { eachWinnableDeal, seededDeal } = await import('../../core/api.ts');
  const { writeReversed } = await import('../../core/game/reverse.ts');
  const { seed, count } = flags;
  // Reverse Idiot's Delight: each card written as its twin with aces low, the same game (docs/rules.md).
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const lines: string[] = [];
  // Written in blocks: a million deals in one string would be a large one.
  const flush = (): void => {
    if (lines.length > 0) process.stdout.write(`${lines.splice(0).join('\n')}\n`);
  };
  if (!flags.winnable) {
    for (let index = flags.index; index < flags.index + count; index++) {
      const deal = out(seededDeal(seed, index));
      lines.push(flags.json ? JSON.stringify({ seed, index, deal }) : deal);
      if (lines.length === 1000) flush();
    }
    flush();
    return EXIT_OK;
  }
  const { variant, discards } = flags;
  let found = 0;
  for (const won of eachWinnableDeal({
    seed,
    count,
    index: flags.index,
    variant,
    discards,
    maxStates: flags.maxStates,
    ...(flags.maxTried === undefined ? {} : { maxTried: flags.maxTried }),
  })) {
    found += 1;
    const deal = out(won.deal);
    const solution = won.solution.map(out);
    const line = flags.withLine ? { solution } : {};
    // Each deal as soon as it is proved: a slow search shows its progress line by line.
    console.log(
      flags.json
        ? JSON.stringify({ seed, index: won.index, variant, discards, deal, ...line })
        : flags.withLine
          ? `${deal}\t${solution.join(', ')}`
          : deal,
    );
  }
  if (found === count) return EXIT_OK;
  const tried = flags.maxTried ?? 1000 * count;
  console.error(`acesup: only ${found} of ${count} deals proved winnable among the ${tried} looked at (--max-tried ${tried})`);
  return EXIT_INVALID;
}
