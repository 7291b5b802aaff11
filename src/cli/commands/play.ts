// `acesup play`: its options and help, and the games: a deal (or each deal of a file or standard input) played by a
// policy that does not see the stock order, move by move. The players are loaded when the command runs, so that
// --help loads the definitions alone.

import type { Command } from 'commander';
import { type Deal, InputError, formatDeal, parseDeal } from '../../core/game/cards.ts';
import { fmt } from '../../core/game/format.ts';
import type { DiscardRule, Variant } from '../../core/game/rules.ts';
import type { Policy } from '../../core/play/game.ts';
import type { PolicyName } from '../../core/play/policies.ts';
import { POLICY_NAMES } from '../../core/play/settings.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, shortenQuotes } from '../errors.ts';
import { REVERSE_HELP, dealSeedOptions, discardsOption, playerSeedOption, policyOptions, variantOption } from '../common-options.ts';

interface PlayFlags {
  file?: string;
  seed?: number;
  index?: number;
  policy: PolicyName;
  variant: Variant;
  discards: DiscardRule;
  playerSeed: number;
  aceBonus?: number;
  samples?: number;
  sampleStates?: number;
  show?: boolean;
  json?: boolean;
  reverse?: boolean;
}

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
    process.exitCode = await playCommand(words, flags);
  });
}

/** Plays the deal given (an argument, or deal I of seed S), or each deal of --file or standard input in turn. */
async function playCommand(words: string[], flags: PlayFlags): Promise<number> {
  const { inputLines, oneDeal } = await import('../input-lines.ts');
  const { makePolicy, policySettings } = await import('../../core/play/policies.ts');
  const { parseReversedDeal } = await import('../../core/game/reverse.ts');
  const given = oneDeal(words, flags, flags.reverse === true);
  const settings = policySettings(flags.policy, flags);
  const policy = makePolicy(flags.policy, flags.variant, flags.discards, settings);
  if (given !== undefined) {
    await play(given, policy, flags);
    return EXIT_OK;
  }
  if (flags.file === undefined && process.stdin.isTTY)
    throw new UsageError(
      'no deal given: pass the 52 cards as an argument, --seed S, --file F, or deals on standard input (see acesup play --help)',
    );
  let exitCode = EXIT_OK;
  let deals = 0;
  for await (const [line, text] of inputLines(flags.file)) {
    let deal: Deal;
    try {
      deal = flags.reverse ? parseReversedDeal(text) : parseDeal(text);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // A bad line is one line on standard error; the good lines are still played.
      console.error(`acesup: line ${line}: ${shortenQuotes(error.message)}`);
      exitCode = EXIT_USAGE;
      continue;
    }
    deals += 1;
    await play(deal, policy, flags);
  }
  if (deals === 0 && exitCode === EXIT_OK) throw new UsageError('no deal given: standard input held no deal (see acesup play --help)');
  return exitCode;
}

/** Plays one deal and prints the game. */
async function play(deal: Deal, policy: Policy, flags: PlayFlags): Promise<void> {
  const { describeGameMove, formatMove } = await import('../../core/game/notation.ts');
  const { playGame } = await import('../../core/play/game.ts');
  const { Rng } = await import('../../core/game/random.ts');
  const { writeReversed } = await import('../../core/game/reverse.ts');
  const { Replayer, formatPiles } = await import('../../core/game/verify.ts');
  // Reverse Idiot's Delight is played as the standard game it is; its cards are written back with aces low.
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const started = performance.now();
  // The player's stream starts from its seed at every deal: a deal's game is the same wherever it comes in a list.
  const game = playGame(deal, policy, flags.variant, flags.discards, new Rng(flags.playerSeed));
  const ms = performance.now() - started;
  if (flags.json) {
    console.log(
      JSON.stringify({
        deal: out(formatDeal(deal)),
        variant: flags.variant,
        discards: flags.discards,
        policy: policy.name,
        playerSeed: flags.playerSeed,
        result: game.won ? 'won' : 'lost',
        discarded: game.discarded,
        ...(game.won ? { solution: game.moves.map((move) => out(formatMove(move))) } : {}),
        moves: game.moves.map((move) => out(formatMove(move))),
        states: game.states,
        ms: Math.round(ms * 1000) / 1000,
      }),
    );
    return;
  }
  console.log(`Deal ${out(formatDeal(deal))}`);
  const states = game.states > 0 ? `, ${fmt(game.states)} solver states` : '';
  console.log(
    `${flags.variant} · ${flags.discards} discards · ${policy.name}, player seed ${flags.playerSeed}: ` +
      `${game.won ? 'WON' : 'LOST'} — ${game.discarded} discards, ${game.moves.length} moves (${ms.toFixed(1)} ms${states})`,
  );
  const replay = new Replayer(deal, flags.variant, flags.discards);
  const width = String(game.moves.length).length;
  const piles = (): string =>
    out(
      formatPiles(replay.piles())
        .split('\n')
        .map((line) => `      ${line}`)
        .join('\n'),
    );
  if (flags.show) console.log(`${piles()}\n      stock: ${replay.stockLeft()}`);
  game.moves.forEach((move, i) => {
    console.log(out(`  ${String(i + 1).padStart(width)}. ${describeGameMove(move)}`));
    if (flags.show) {
      replay.play(move);
      console.log(`${piles()}\n      stock: ${replay.stockLeft()}, discarded: ${replay.discarded()}`);
    }
  });
  console.log(out(`moves: ${game.moves.map(formatMove).join(', ')}`));
}
