// The library's input, read and checked in one place: the rules and the reading of a call (rulesOf), its deal,
// the moves played before, whole numbers in their ranges, the solver's options and the time limit. Each check that
// fails throws an InputError naming the option and what it takes, in the same words for every call (the main
// entry's and 'acesup/node''s).

import { type Deal, InputError, isDeal } from './game/cards.ts';
import { type GameMove, parseMoves } from './game/notation.ts';
import { type CardReading, readingOf } from './game/reverse.ts';
import { type DiscardRule, type Variant, isDiscardRule, isVariant } from './game/rules.ts';
import { Replayer } from './game/verify.ts';
import type { GameRules } from './game-api.ts';
import type { SolveOptions } from './api.ts';
import { DEFAULT_MAX_STATES } from './search/budget.ts';
import type { SolveSettings } from './search/solve.ts';

/** The rules of a call and its reading, checked: the solver's game. */
export interface CallGame {
  variant: Variant;
  rule: DiscardRule;
  reading: CardReading;
}

/** The rules with their defaults, checked (a script may pass any string). */
export function rulesOf(options: GameRules): CallGame {
  const variant = options.variant ?? 'standard';
  const rule = options.discards ?? 'optional';
  if (!isVariant(variant)) throw new InputError(`unknown variant "${variant}" (standard, strict or easy)`);
  if (!isDiscardRule(rule)) throw new InputError(`unknown discard rule "${rule}" (optional or forced)`);
  return { variant, rule, reading: readingOf(options.reverse === true) };
}

/** A deal given as its string (any form parseDeal reads, in the reading) or as the standard game's 52 card numbers. */
export function dealIn(deal: string | Deal, reading: CardReading): Deal {
  if (typeof deal === 'string') return reading.deal(deal);
  if (!isDeal(deal)) throw new InputError('not a deal: expected each of the 52 cards once');
  return deal;
}

/** `value` when it is a whole number from `least` to `most`, else an InputError naming it. */
export function wholeNumber(value: number, name: string, least: number, most: number): number {
  if (!Number.isSafeInteger(value) || value < least || value > most)
    throw new InputError(`${name} must be a whole number from ${least} to ${most}`);
  return value;
}

/** A whole number of positions from an option (default `fallback`), or an InputError naming the option. */
export const statesOption = (value: number | undefined, name: string, fallback: number): number =>
  wholeNumber(value ?? fallback, name, 1, Number.MAX_SAFE_INTEGER);

/**
 * The moves of `text` played from the deal's start, each checked by the independent replayer: an illegal one
 * throws an InputError naming it as `acesup verify` does ("move 3: the stock is empty").
 */
export function playedMoves(
  deal: Deal,
  text: string | readonly string[],
  variant: Variant,
  rule: DiscardRule,
  reading?: CardReading,
): GameMove[] {
  const joined = typeof text === 'string' ? text : text.join(',');
  const moves = reading === undefined ? parseMoves(joined) : reading.moves(joined);
  const game = new Replayer(deal, variant, rule);
  moves.forEach((move, i) => {
    const reason = game.illegal(move);
    if (reason !== undefined)
      throw new InputError(reading === undefined ? `move ${i + 1}: ${reason}` : reading.write(`move ${i + 1}: ${reason}`));
    game.play(move);
  });
  return moves;
}

/** The solver's options of a library call, checked: the game, the budget, the mode and the moves played before. */
export function searchOptions(deal: Deal, options: SolveOptions, game: CallGame = rulesOf(options)): SolveSettings & { maxStates: number } {
  const { variant, rule, reading } = game;
  const maxStates = statesOption(options.maxStates, 'maxStates', DEFAULT_MAX_STATES);
  const maxDiscards = options.maxDiscards ?? 'exact';
  if (maxDiscards !== 'exact' && maxDiscards !== 'bounds') throw new InputError(`maxDiscards must be "exact" or "bounds"`);
  const after = options.after === undefined ? [] : playedMoves(deal, options.after, variant, rule, reading);
  return { variant, rule, maxStates, maxDiscards, after };
}

/** The time limit in seconds, checked (0: none). */
export function timeLimitOf(options: SolveOptions): number {
  const limit = options.timeLimit ?? 0;
  if (!(Number.isFinite(limit) && limit >= 0)) throw new InputError('timeLimit must be a number of seconds ≥ 0');
  return limit;
}
