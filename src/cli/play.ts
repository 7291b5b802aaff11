// The play command: one deal played by a policy that does not see the stock order, move by move. Its options
// and help; the game itself is played in play-command.ts, loaded when the command runs.

import type { Command } from 'commander';
import { POLICY_NAMES } from '../core/play/settings.ts';
import type { PlayFlags } from './play-command.ts';
import { REVERSE_HELP, dealSeedOptions, discardsOption, playerSeedOption, policyOptions, variantOption } from './shared-options.ts';

export function addPlayCommand(program: Command): void {
  const command = program
    .command('play')
    .summary('play one deal as a player who does not see the stock order (a policy), move by move')
    .description(
      'Play one deal with a policy that sees only what a player sees: every card on the piles (buried ' +
        'ones included), the discards, and so the set of cards still in the stock, never their order. Prints the ' +
        'result, the cards discarded and every move in the notation of solve; the move list replays through ' +
        '"acesup verify" (which answers "ok" for a win). Policies: random (a uniformly random legal move), basic ' +
        '(every discard; fill an empty pile from the leftmost pile of two cards or more; deal), greedy (every ' +
        'discard; the fill that leads to the most discards before the next deal), pimc (samples orders of the ' +
        'unseen cards, solves each exactly, plays the choice that wins the most samples), expert (judges each ' +
        "choice by greedy's play to the end on sampled orders of the unseen cards, the last deal exactly). " +
        'The deal is an argument, deal I of seed S (--seed S --index I), or one deal per line of --file or standard input ' +
        '(each played in turn by the same player, --player-seed).',
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup play "7S JS 5H AC 4C 3H KD 2D …" --policy greedy --ace-bonus 2 --discards forced\n' +
        '  acesup play "…" --policy expert --samples 64 --variant strict --json\n' +
        '  acesup play "…" --policy pimc --samples 50 --sample-states 20000 --discards forced\n' +
        '  acesup play --seed 1 --index 7 --policy basic --show\n' +
        '  acesup deal --seed 1 --count 20 | acesup play --policy greedy --json',
    )
    .argument('[deal...]', 'the deal (quoted, or as 52 separate words)')
    .option('-f, --file <path>', 'read deals from a file, one per line ("-" for standard input)');
  dealSeedOptions(command)
    .addOption(variantOption())
    .addOption(discardsOption())
    .addOption(playerSeedOption("the policy's random choices (random moves, expert's and pimc's samples)"))
    .option('--show', 'print the four piles after each move')
    .option('--reverse', REVERSE_HELP)
    .option(
      '--json',
      'print one JSON object per deal: the deal, variant, discards, policy, playerSeed, result, discarded, moves (and solution when won), states, ms',
    );
  policyOptions(command, 'expert', POLICY_NAMES);
  command.action(async (words: string[], flags: PlayFlags) => {
    const { playCommand } = await import('./play-command.ts');
    process.exitCode = await playCommand(words, flags);
  });
}
