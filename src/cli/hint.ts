// The hint command: the move to play in a game in progress, with its chance of winning. Its options and help;
// the work is in hint-command.ts, loaded when the command runs.

import type { Command } from 'commander';
import { integerOption } from './errors.ts';
import type { HintFlags } from './hint-command.ts';
import { REVERSE_HELP, discardsOption, variantOption } from './shared-options.ts';

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
      const { hintCommand } = await import('./hint-command.ts');
      process.exitCode = hintCommand(words, flags);
    });
}
