// `acesup hint`: its options and help, and the hint: reads the position (or the deal and the moves that reach it),
// asks the library for the move to play and its chance of winning, says it in words or as JSON. The library is
// loaded when the command runs, so that --help loads the definitions alone.

import type { Command } from 'commander';
import { InputError } from '../../core/game/cards.ts';
import type { DiscardRule, Variant } from '../../core/game/rules.ts';
import { EXIT_OK, UsageError, integerOption } from '../errors.ts';
import { REVERSE_HELP, discardsOption, variantOption } from '../common-options.ts';

interface HintFlags {
  variant: Variant;
  discards: DiscardRule;
  playerSeed: number;
  after?: string;
  seed?: number;
  index?: number;
  perfect?: boolean;
  verbose?: boolean;
  samples?: number;
  rollouts?: number;
  orders?: number;
  maxStates?: number;
  json?: boolean;
  reverse?: boolean;
}

export function addHintCommand(program: Command): void {
  program
    .command('hint')
    .summary('the move to play in a game in progress, its chance of winning, and what perfect play would win')
    .description(
      "Given a game in progress — a position as a player sees it, the four piles bottom to top, the stock's size and " +
        'the discards ("7S JS | 5H | - | AC 2D ; stock 20 ; out 2C 3C …", docs/rules.md), or a deal and the moves ' +
        'played from its start (--after) — print the move to play and the chance of winning from there for a player ' +
        'who plays on well without seeing the stock; with --perfect also the share of the orders of the stock that ' +
        'perfect play, seeing the whole stock, would still win. A share is given with its 95% interval, at most 10 ' +
        'points wide, or exactly when nothing or only the last four cards are unseen; one that cannot be pinned that ' +
        "closely within the hint's budget is said so. --verbose names the players and their settings.",
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup hint "QD AD | AS 8H TC 8C | AH 9C | JS TD ; stock 24 ; out 2C 4C 5C 7C 2D 9D JD 2H 6H 7H TH JH KH 2S 3S 5S 6S 9S"\n' +
        '  acesup hint kpat:17 --after "deal, remove 3S, remove 9S, deal" --perfect\n' +
        '  acesup hint --seed 1 --index 4 --after "…" --discards forced --json',
    )
    .argument('[position...]', 'the position (quoted, or as separate words), or with --after the deal (or kpat:N)')
    .option('--after <moves>', 'the moves played from the start of the deal given (comma-separated, or as acesup solve prints them)')
    .option(
      '--seed <s>',
      'the deal is deal --index of this seed (as acesup deal prints it); use with --after',
      integerOption(0, 0xffffffff),
    )
    .option('--index <i>', 'with --seed: the deal number (default 0)', integerOption(0))
    .addOption(variantOption())
    .addOption(discardsOption())
    .option('--perfect', 'also say what perfect play, seeing the whole stock, would win from here (orders of the stock solved exactly)')
    .option('--verbose', 'say who chose the move and who played on, with their settings, and how many orders were played and solved')
    .option(
      '--player-seed <s>',
      "seed of the expert's samples, the rollouts and the solved orders (the same seed gives the same answer)",
      integerOption(0, 0xffffffff),
      1,
    )
    .option(
      '--samples <n>',
      "the expert's sampled orders per choice, four times as many where a sample wins (default 128)",
      integerOption(1, 100_000),
    )
    .option('--rollouts <n>', 'orders of the unseen cards greedy plays out after the move (default 2,000)', integerOption(1, 1_000_000))
    .option(
      '--orders <n>',
      'orders of the unseen cards solved exactly from the position at first, more while the share is wider than 10 points (default 200)',
      integerOption(1, 1_000_000),
    )
    .option(
      '--max-states <n>',
      "the solver's state budget per order at first; an order still undecided is solved once more at 10× (default 20,000)",
      integerOption(1),
    )
    .option('--reverse', REVERSE_HELP)
    .option('--json', 'print one JSON object: position, variant, discards, move, over, player, chance, perfect, playerSeed, ms')
    .action(async (words: string[], flags: HintFlags) => {
      process.exitCode = await hintCommand(words, flags);
    });
}

/** The position to hint, in the reading asked for: as written, or the one the moves of --after reach from the deal. */
async function positionOf(words: string[], flags: HintFlags): Promise<string> {
  const { newGame, seededDeal } = await import('../../core/api.ts');
  const text = words.join(' ');
  if (flags.index !== undefined && flags.seed === undefined) throw new UsageError('--index names a deal of a seed: give --seed too');
  if (flags.seed !== undefined && words.length > 0)
    throw new UsageError(
      "with --seed (the deal's seed; the hint's own is --player-seed), give no deal or position: the seed and index name the deal",
    );
  const dealGiven = flags.seed !== undefined || (words.length > 0 && !text.includes('|'));
  if (!dealGiven) {
    if (words.length === 0)
      throw new UsageError(
        'no position given: pass it as an argument, e.g. "7S JS | 5H | - | AC 2D ; stock 20 ; out …", or a deal with --after',
      );
    if (flags.after !== undefined) throw new UsageError('--after plays moves from a deal: give the deal, not a position');
    return text;
  }
  const deal = flags.seed === undefined ? text : seededDeal(flags.seed, flags.index ?? 0);
  const rules = { variant: flags.variant, discards: flags.discards, reverse: flags.reverse === true };
  try {
    return newGame(deal, { ...rules, after: flags.after ?? '' }).position();
  } catch (error) {
    // A deal that is not one is named as it is; a move that is not legal, as --after's.
    if (error instanceof InputError && /^move \d+/u.test(error.message)) throw new UsageError(`--after: ${error.message}`);
    throw error;
  }
}

/** Prints the hint for the position the arguments name; the exit code. */
async function hintCommand(words: string[], flags: HintFlags): Promise<number> {
  const { hint } = await import('../../core/api.ts');
  const { hintWords } = await import('../../core/play/hint-text.ts');
  const started = performance.now();
  const position = await positionOf(words, flags);
  const answer = hint(position, {
    variant: flags.variant,
    discards: flags.discards,
    reverse: flags.reverse === true,
    seed: flags.playerSeed,
    perfect: flags.perfect === true,
    ...(flags.samples === undefined ? {} : { samples: flags.samples }),
    ...(flags.rollouts === undefined ? {} : { rollouts: flags.rollouts }),
    ...(flags.orders === undefined ? {} : { orders: flags.orders }),
    ...(flags.maxStates === undefined ? {} : { maxStates: flags.maxStates }),
  });
  const ms = Math.round((performance.now() - started) * 1000) / 1000;
  if (flags.json) {
    console.log(JSON.stringify({ ...answer, variant: flags.variant, discards: flags.discards, playerSeed: flags.playerSeed, ms }));
    return EXIT_OK;
  }
  const said = hintWords(answer);
  console.log(`Position ${answer.position}`);
  console.log(`${flags.variant} · ${flags.discards} discards (${(ms / 1000).toFixed(2)} s)`);
  for (const line of [said.move, said.chance, said.perfect]) if (line !== null) console.log(line);
  if (flags.verbose) for (const line of [...said.details, `The player seed is ${flags.playerSeed}.`]) console.log(line);
  if (answer.move !== null) console.log(`hint: ${answer.move}`);
  return EXIT_OK;
}
