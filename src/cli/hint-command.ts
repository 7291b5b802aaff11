// The hint command's work: reads the position (or the deal and the moves that reach it), asks the library for the
// hint, says it in words or as JSON (options in hint.ts).

import { InputError, hint, newGame, seededDeal } from '../core/api.ts';
import { hintWords } from '../core/play/hint-text.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { EXIT_OK, UsageError } from './errors.ts';

export interface HintFlags {
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

/** The position to hint, in the reading asked for: as written, or the one the moves of --after reach from the deal. */
function positionOf(words: string[], flags: HintFlags): string {
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

export function hintCommand(words: string[], flags: HintFlags): number {
  const started = performance.now();
  const position = positionOf(words, flags);
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
