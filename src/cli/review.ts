// The review command: where a lost game was lost. Its options and help; the work is in review-command.ts, loaded
// when the command runs.

import type { Command } from 'commander';
import { fmt } from '../core/game/format.ts';
import { DEFAULT_MAX_STATES } from '../core/search/budget.ts';
import { integerOption } from './errors.ts';
import type { ReviewFlags } from './review-command.ts';
import { REVERSE_HELP, discardsOption, variantOption } from './shared-options.ts';

export function addReviewCommand(program: Command): void {
  program
    .command('review')
    .summary('where a lost game was lost: was the deal winnable, and the first move after which it could no longer be won')
    .description(
      "Replay a player's line from a deal and say whether the deal could be won at the start and, if the line " +
        'lost a winnable game, the first move after which no line of play wins, with a line that wins from just ' +
        'before it. The exact solver sees the whole stock. The moves may be comma-separated or as `acesup solve` ' +
        'prints them (numbered lines, "move A♣ to pile 3"); "-" reads them from standard input. A position the ' +
        'solver cannot decide within its budget is said to be undecided, never guessed.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup review kpat:17 "deal, remove 5D, deal, …"\n' +
        '  acesup review "7S JS 5H AC 4C 3H KD 2D …" "$(cat my-game.txt)" --discards forced --json\n' +
        '  acesup review --seed 1 --index 4 - < my-game.txt',
    )
    .argument('[deal]', 'the deal (quoted), or a numbered game such as kpat:17; with --seed, the moves')
    .argument('[moves]', 'the moves played from the start (quoted), or "-" to read them from standard input')
    .option('--seed <s>', 'the deal is deal --index of this seed (as acesup deal prints it)', integerOption(0, 0xffffffff))
    .option('--index <i>', 'with --seed: the deal number (default 0)', integerOption(0))
    .addOption(variantOption())
    .addOption(discardsOption())
    .option(
      '--max-states <n>',
      `positions each solve may search at first (default ${fmt(DEFAULT_MAX_STATES)}); a position still undecided is solved again at 8× (see --passes)`,
      integerOption(1),
    )
    .option(
      '--passes <k>',
      'solves per position of the line, each 8× the last budget, while it is undecided (default 2)',
      integerOption(1, 8),
    )
    .option('--reverse', REVERSE_HELP)
    .option(
      '--json',
      'print one JSON object: deal, variant, discards, moves, end, outcome, winnableAtStart, firstLosingMove, losingMove, winningLine, lastWinnable, firstLost, solved, states, maxStates, ms',
    )
    .action(async (deal: string | undefined, moves: string | undefined, flags: ReviewFlags) => {
      const { reviewCommand } = await import('./review-command.ts');
      process.exitCode = reviewCommand(deal, moves, flags);
    });
}
