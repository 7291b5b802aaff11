// The play command's games: a deal (or each deal of a file or standard input) played by a policy that does not see
// the stock order, move by move (its options and help are in play.ts).

import { type Deal, InputError, formatDeal, parseDeal } from '../core/game/cards.ts';
import { describeGameMove, formatMove } from '../core/game/notation.ts';
import { type Policy, playGame } from '../core/play/game.ts';
import { type PolicyName, makePolicy } from '../core/play/policies.ts';
import { Rng } from '../core/game/random.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { parseReversedDeal, writeReversed } from '../core/game/reverse.ts';
import { Replayer, formatPiles } from '../core/game/verify.ts';
import { EXIT_OK, EXIT_USAGE, UsageError, shortenQuotes } from './errors.ts';
import { inputLines, oneDeal } from './input-lines.ts';
import { policySettings } from '../core/play/policies.ts';
import { fmt } from '../core/game/format.ts';

export interface PlayFlags {
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

/** Plays the deal given (an argument, or deal I of seed S), or each deal of --file or standard input in turn. */
export async function playCommand(words: string[], flags: PlayFlags): Promise<number> {
  const given = oneDeal(words, flags, flags.reverse === true);
  const settings = policySettings(flags.policy, flags);
  const policy = makePolicy(flags.policy, flags.variant, flags.discards, settings);
  if (given !== undefined) {
    play(given, policy, flags);
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
    play(deal, policy, flags);
  }
  if (deals === 0 && exitCode === EXIT_OK) throw new UsageError('no deal given: standard input held no deal (see acesup play --help)');
  return exitCode;
}

/** Plays one deal and prints the game. */
function play(deal: Deal, policy: Policy, flags: PlayFlags): void {
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
