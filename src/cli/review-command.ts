// The review command's work: reads the deal and the player's line, asks the library where the game was lost,
// prints the answer in words (or as JSON). Options in review.ts.

import { readFileSync } from 'node:fs';
import { type ReviewAnswer, describeMove, newGame, review, reviewWords, seededDeal } from '../core/api.ts';
import { fmt } from '../core/game/format.ts';
import { numberedName } from '../core/game/numbered.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { EXIT_OK, UsageError } from './errors.ts';

export interface ReviewFlags {
  variant: Variant;
  discards: DiscardRule;
  seed?: number;
  index?: number;
  maxStates?: number;
  passes?: number;
  reverse?: boolean;
  json?: boolean;
}

/** The deal and the moves from the arguments: DEAL MOVES, or MOVES alone with --seed. */
function readArguments(first: string | undefined, second: string | undefined, flags: ReviewFlags): { deal: string; moves: string } {
  if (flags.index !== undefined && flags.seed === undefined) throw new UsageError('--index names a deal of a seed: give --seed too');
  if (flags.seed !== undefined) {
    if (second !== undefined) throw new UsageError('with --seed, give the moves alone: the seed and index name the deal');
    if (first === undefined) throw new UsageError('no moves given: pass the moves played, comma-separated, or "-" to read them');
    return { deal: seededDeal(flags.seed, flags.index ?? 0), moves: first };
  }
  if (first === undefined)
    throw new UsageError('no deal given: pass the deal and the moves played, e.g. acesup review kpat:17 "deal, remove 5D"');
  if (second === undefined)
    throw new UsageError('no moves given: pass the moves played after the deal, comma-separated, or "-" to read them');
  return { deal: first, moves: second };
}

/** The moves' text: the argument, or standard input for "-". */
function movesText(argument: string): string {
  if (argument !== '-') return argument;
  try {
    return readFileSync(0, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the moves from standard input: ${(error as Error).message}`);
  }
}

/** The review in words, with the winning line numbered on as acesup solve numbers one. */
function reviewText(answer: ReviewAnswer): string[] {
  const said = reviewWords(answer);
  if (said.line === null) return said.sentences;
  const { intro, from, moves } = said.line;
  const width = String(from + moves.length - 1).length;
  return [...said.sentences, intro, ...moves.map((move, i) => `  ${String(from + i).padStart(width)}. ${describeMove(move)}`)];
}

const plural = (n: number, word: string): string => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;

export function reviewCommand(first: string | undefined, second: string | undefined, flags: ReviewFlags): number {
  const started = performance.now();
  const { deal, moves } = readArguments(first, second, flags);
  const dealText = newGame(deal, { reverse: flags.reverse === true }).deal;
  const answer = review(deal, movesText(moves), {
    variant: flags.variant,
    discards: flags.discards,
    reverse: flags.reverse === true,
    ...(flags.maxStates === undefined ? {} : { maxStates: flags.maxStates }),
    ...(flags.passes === undefined ? {} : { passes: flags.passes }),
  });
  const ms = Math.round((performance.now() - started) * 1000) / 1000;
  if (flags.json) {
    console.log(JSON.stringify({ deal: dealText, variant: flags.variant, discards: flags.discards, ...answer, ms }));
    return EXIT_OK;
  }
  const ending = answer.end === 'won' ? 'the game won' : answer.end === 'lost' ? 'no legal move left at its end' : 'the game still going';
  const named = numberedName(deal);
  console.log(`Deal ${dealText}${named === undefined ? '' : ` (${named.games.program}'s game ${named.number})`}`);
  console.log(`${flags.variant} · ${flags.discards} discards · ${plural(answer.moves, 'move')}, ${ending} (${(ms / 1000).toFixed(2)} s)`);
  for (const line of reviewText(answer)) console.log(line);
  return EXIT_OK;
}
