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
      "Given a position as a player sees it — the four piles bottom to top, the stock's size and the discards, " +
        'e.g. "7S JS | 5H | - | AC 2D ; stock 20 ; out 2C 3C …" (docs/rules.md) — print the move the expert ' +
        '(the best player measured that does not see the stock) would play, the chance of winning when greedy plays ' +
        'on after it, over random orders of the unseen cards, and the share of those orders that perfect play still ' +
        'wins (each solved exactly from the position), each with its 95% interval.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup hint "QD AD | AS 8H TC 8C | AH 9C | JS TD ; stock 24 ; out 2C 4C 5C 7C 2D 9D JD 2H 6H 7H TH JH KH 2S 3S 5S 6S 9S"\n' +
        '  acesup hint "…" --discards forced --json',
    )
    .argument('[position...]', 'the position (quoted, or as separate words)')
    .addOption(variantOption())
    .addOption(discardsOption())
    .option('--seed <s>', 'seed of the sampled orders (the same seed gives the same answer)', integerOption(0, 0xffffffff), 1)
    .option(
      '--samples <n>',
      "the expert's sampled orders per choice, four times as many where a sample wins (default 128)",
      integerOption(1, 100_000),
    )
    .option('--rollouts <n>', 'orders of the unseen cards greedy plays out after the move (default 2,000)', integerOption(1, 1_000_000))
    .option('--orders <n>', 'orders of the unseen cards solved exactly from the position (default 200)', integerOption(1, 1_000_000))
    .option('--max-states <n>', "the solver's state budget per order; past it the order is unknown (default 20,000)", integerOption(1))
    .option('--reverse', REVERSE_HELP)
    .option('--json', 'print one JSON object: position, variant, discards, move, over, player, chance, perfect, ms')
    .action(async (words: string[], flags: HintFlags) => {
      const { hintCommand } = await import('./hint-command.ts');
      process.exitCode = hintCommand(words, flags);
    });
}
