// `acesup review`: its options and help, and the review of a lost game: reads the deal and the player's line, asks
// the library where the game was lost, prints the answer in words (or as JSON). The library is loaded when the
// command runs, so that --help loads the definitions alone.

import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import type { ReviewAnswer } from '../../core/api.ts';
import { fmt } from '../../core/game/format.ts';
import { numberedName } from '../../core/game/numbered.ts';
import type { DiscardRule, Variant } from '../../core/game/rules.ts';
import { DEFAULT_MAX_STATES } from '../../core/search/budget.ts';
import { EXIT_OK, UsageError, integerOption } from '../errors.ts';
import { REVERSE_HELP, discardsOption, variantOption } from '../common-options.ts';

interface ReviewFlags {
  variant: Variant;
  discards: DiscardRule;
  seed?: number;
  index?: number;
  maxStates?: number;
  passes?: number;
  reverse?: boolean;
  json?: boolean;
}

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
      process.exitCode = await reviewCommand(deal, moves, flags);
    });
}

/** The deal and the moves from the arguments: DEAL MOVES, or MOVES alone with --seed. */
async function readArguments(
  first: string | undefined,
  second: string | undefined,
  flags: ReviewFlags,
): Promise<{ deal: string; moves: string }> {
  const { seededDeal } = await import('../../core/api.ts');
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
async function reviewText(answer: ReviewAnswer): Promise<string[]> {
  const { describeMove, reviewWords } = await import('../../core/api.ts');
  const said = reviewWords(answer);
  if (said.line === null) return said.sentences;
  const { intro, from, moves } = said.line;
  const width = String(from + moves.length - 1).length;
  return [...said.sentences, intro, ...moves.map((move, i) => `  ${String(from + i).padStart(width)}. ${describeMove(move)}`)];
}

const plural = (n: number, word: string): string => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;

/** Prints where the line lost the game (if it did); the exit code. */
async function reviewCommand(first: string | undefined, second: string | undefined, flags: ReviewFlags): Promise<number> {
  const { newGame, review } = await import('../../core/api.ts');
  const started = performance.now();
  const { deal, moves } = await readArguments(first, second, flags);
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
  for (const line of await reviewText(answer)) console.log(line);
  return EXIT_OK;
}
