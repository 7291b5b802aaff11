// The work of `acesup solve` and `acesup verify` (their options and help are in main.ts): solve deals and
// print their verdicts and solutions; replay move lists against the rules.

import { InputError, formatDeal, parseDeal } from '../core/game/cards.ts';
import { playedMoves, verify as verifyLine } from '../core/api.ts';
import { type GameMove, describeMove, formatMove } from '../core/game/notation.ts';
import { type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import { DEFAULT_TIME_LIMIT } from '../core/search/budget.ts';
import { type TimedAnswer, solveWithin } from '../core/search/time-limit.ts';
import { availableParallelism } from 'node:os';
import { groupMemory } from '../core/search/group.ts';
import { KEY_WORDS } from '../core/engine/state.ts';
import { tableBytesFor } from '../core/engine/table.ts';
import { type MaxDiscardsMode, type SolveResult, Solver } from '../core/search/solve.ts';
import { parseReversedDeal, parseReversedMoves, writeReversed } from '../core/game/reverse.ts';
import { Game, formatPiles } from '../core/game/verify.ts';
import { formatPosition } from '../core/game/position.ts';
import { EXIT_INTERRUPTED, EXIT_INVALID, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE, UsageError, shortenQuotes } from './errors.ts';
import { DealPageGames } from '../report/deal-page.ts';
import { checkWritable, writeDealPage } from './page-files.ts';
import { type StoppedBy, solveDealOnThread } from './solve-deal.ts';
import { fmt } from '../core/game/format.ts';
import { inputLines } from './input-lines.ts';

/** A count in three figures or so, for a status line: 950, 12.3k, 4.5M. */
const short = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : `${Math.round(n)}`);

/** The verdict line of `solve`; `time` is the --time-limit in seconds (0: none), or the signal that cut the solve short. */
function verdictLine(
  result: SolveResult,
  variant: Variant,
  rule: DiscardRule,
  ms: number,
  flags: SolveFlags,
  time: number | StoppedBy,
): string {
  const maxStates = flags.maxStates;
  const head = `${variant} · ${rule} discards:`;
  const tail = `${fmt(result.states)} states, ${ms.toFixed(1)} ms`;
  const stopped =
    typeof time === 'string'
      ? `${time} came before it was pinned`
      : time > 0
        ? `--time-limit ${time} s proved the loss but did not pin the number`
        : `--max-states ${fmt(maxStates)} proved the loss but did not pin the number`;
  switch (result.kind) {
    case 'won':
      return `${head} WON — 48 discards, ${result.solution.length} moves (${tail})`;
    case 'lost':
      return result.lower === result.upper
        ? `${head} LOST — at most ${result.lower} discards (${tail})`
        : flags.maxDiscards === 'bounds'
          ? `${head} LOST — max discards between ${result.lower} and ${result.upper} (--max-discards bounds: the verdict only) (${tail})`
          : `${head} LOST — max discards between ${result.lower} and ${result.upper}; ${stopped} (${tail})`;
    case 'unknown': {
      const why =
        typeof time === 'string'
          ? `stopped by ${time}`
          : result.limit === 'memory'
            ? `stopped when the search's table reached --max-memory ${fmt(flags.maxMemory)} MiB`
            : result.limit === 'poll'
              ? `stopped at the time limit (--time-limit ${time} s) at a budget of ${fmt(maxStates)} states`
              : `stopped at a budget of ${fmt(maxStates)} states`;
      return `${head} UNKNOWN — between ${result.lower} and ${result.upper} discards; ${why} (${tail})`;
    }
  }
}

/** The solution, numbered on from the moves played before it (`after`), with the piles after each step when `show`. */
function printSolution(
  deal: Uint8Array,
  after: readonly GameMove[],
  solution: readonly GameMove[],
  variant: Variant,
  rule: DiscardRule,
  show: boolean,
  out: (text: string) => string,
): void {
  const game = new Game(deal, variant, rule);
  for (const move of after) game.play(move);
  const width = String(after.length + solution.length).length;
  if (show) console.log(out(indent(formatPiles(game.piles()), 6)) + `\n      stock: ${game.stockLeft()}`);
  solution.forEach((move, i) => {
    console.log(out(`  ${String(after.length + i + 1).padStart(width)}. ${describeMove(move)}`));
    if (show) {
      game.play(move);
      console.log(out(indent(formatPiles(game.piles()), 6)) + `\n      stock: ${game.stockLeft()}, discarded: ${game.discarded()}`);
    }
  });
}

const indent = (text: string, by: number): string =>
  text
    .split('\n')
    .map((line) => ' '.repeat(by) + line)
    .join('\n');

export interface SolveFlags {
  file?: string;
  variant: Variant | 'all';
  discards: DiscardRule;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  json?: boolean;
  show?: boolean;
  html?: string;
  reverse?: boolean;
  timeLimit?: number;
  maxMemory: number;
  threads?: number;
  after?: string;
}

/**
 * The moves of --after, checked under each variant asked for: an illegal one is one line in verify's words
 * (naming the variant when there are several).
 */
function movesAfter(deal: Uint8Array, text: string, variants: readonly Variant[], rule: DiscardRule, reverse: boolean): GameMove[] {
  const line = reverse ? parseReversedMoves(text).map(formatMove) : text;
  let moves: GameMove[] = [];
  for (const variant of variants) {
    try {
      moves = playedMoves(deal, line, variant, rule);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      const message = reverse ? writeReversed(error.message) : error.message;
      throw new UsageError(`--after: ${message}${variants.length > 1 ? ` (${variant})` : ''}`);
    }
  }
  return moves;
}

/** The position of a game after `moves`, in the position notation (docs/rules.md) that acesup hint reads. */
function positionAfter(deal: Uint8Array, moves: readonly GameMove[], variant: Variant, rule: DiscardRule): string {
  const game = new Game(deal, variant, rule);
  for (const move of moves) game.play(move);
  const piles = game.piles();
  const seen = new Set([...piles.flat(), ...deal.subarray(52 - game.stockLeft())]);
  const discards = Array.from(deal).filter((card) => !seen.has(card));
  return formatPosition({ piles, stock: game.stockLeft(), discards: discards.sort((a, b) => a - b) });
}

/** Milliseconds kept from a deal's time limit for printing its answers and ending the command. */
const PRINT_MS = 100;

export async function solveCommand(words: string[], flags: SolveFlags): Promise<number> {
  if (words.length > 0 && flags.file !== undefined) throw new UsageError('give the deal as an argument or with --file, not both');
  if (flags.show && flags.json) throw new UsageError('--show prints the piles in the text output: it does nothing with --json');
  if (flags.threads !== undefined && words.length === 0)
    throw new UsageError(
      '--threads is for a deal given as an argument: deals read from a file or standard input are solved one after another on one thread',
    );
  if (flags.reverse && flags.html !== undefined) throw new UsageError('--html draws the standard reading only: it does not take --reverse');
  if (flags.after !== undefined && words.length === 0) throw new UsageError('--after is for a deal given as an argument');
  if (flags.after !== undefined && flags.html !== undefined)
    throw new UsageError('--html replays a deal from its start: it does not take --after');
  // An output that cannot be written is refused before any solving.
  if (flags.html !== undefined) checkWritable(flags.html, '--html');
  // Reverse Idiot's Delight is solved as the standard game it is; cards are mapped on the way in and out.
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const maxTableBytes = flags.maxMemory * 1024 * 1024;
  // A deal typed as an argument gets time to be decided; deals read from a file keep their budget.
  const timeLimit = flags.timeLimit ?? (words.length > 0 ? DEFAULT_TIME_LIMIT : 0);
  const page = flags.html === undefined ? undefined : new DealPageGames();
  let exitCode = EXIT_OK;
  const parse = (text: string, where: string): Uint8Array | undefined => {
    try {
      return flags.reverse ? parseReversedDeal(text) : parseDeal(text);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      console.error(`acesup: ${where}${shortenQuotes(error.message)}`);
      exitCode = EXIT_USAGE;
      return undefined;
    }
  };
  let after: GameMove[] = [];
  const options = variants.map((variant) => ({
    variant,
    rule: flags.discards,
    maxStates: flags.maxStates,
    maxDiscards: flags.maxDiscards,
    after,
  }));
  const answer =
    (deal: Uint8Array) =>
    (index: number, { result, maxStates, ms }: TimedAnswer, stoppedBy?: StoppedBy): void => {
      const variant = variants[index]!;
      page?.add(variant, flags.discards, result, maxStates, flags.maxDiscards);
      if (flags.json) {
        console.log(
          JSON.stringify({
            deal: out(formatDeal(deal)),
            variant,
            discards: flags.discards,
            result: result.kind,
            maxDiscards:
              result.kind === 'won' ? 48 : result.lower === result.upper ? result.lower : { lower: result.lower, upper: result.upper },
            ...(result.kind === 'won' ? { solution: result.solution.map((move) => out(formatMove(move))) } : {}),
            states: result.states,
            maxStates,
            ms: Math.round(ms * 1000) / 1000,
            ...(stoppedBy === undefined ? {} : { interrupted: true }),
          }),
        );
      } else {
        console.log(verdictLine(result, variant, flags.discards, ms, { ...flags, maxStates }, stoppedBy ?? timeLimit));
        if (result.kind === 'won') printSolution(deal, after, result.solution, variant, flags.discards, flags.show === true, out);
      }
    };
  if (words.length > 0) {
    const deal = parse(words.join(' '), '');
    if (deal === undefined) return exitCode;
    if (flags.after !== undefined) {
      after = movesAfter(deal, flags.after, variants, flags.discards, flags.reverse === true);
      for (const entry of options) entry.after = after;
    }
    if (!flags.json) console.log(`Deal ${out(formatDeal(deal))}`);
    if (!flags.json && flags.after !== undefined)
      console.log(out(`After ${after.length} moves: ${positionAfter(deal, after, variants[0]!, flags.discards)}`));
    page?.addDeal(deal);
    // On a thread of its own: the main thread shows the progress and answers Ctrl-C with the bounds so far.
    // The limit counts from the command's start (performance.now() is time since then), less a moment to print.
    const deadline = timeLimit === 0 ? 0 : Date.now() - performance.now() + timeLimit * 1000 - PRINT_MS;
    // Every core on the one deal: the optional rule's searches share one table (docs/search.md#threads).
    const threads = flags.threads ?? availableParallelism();
    const group =
      threads > 1 && flags.discards === 'optional'
        ? groupMemory(
            threads,
            KEY_WORDS,
            timeLimit > 0 ? maxTableBytes : Math.min(maxTableBytes, tableBytesFor(flags.maxStates, KEY_WORDS)),
          )
        : undefined;
    const { stoppedBy } = await solveDealOnThread(
      { deal, options, deadline, maxTableBytes, ...(group === undefined ? {} : { group }) },
      {
        answer: answer(deal),
        status: (p) =>
          `${variants[p.index]} · ${flags.discards} · pass ${p.pass} (≤ ${short(p.maxStates)}): ${short(p.states)} states, ` +
          `${short(p.states / Math.max(0.001, p.passMs / 1000))}/s · discards ${p.lower}–${p.upper} · ` +
          `${(p.elapsedMs / 1000).toFixed(0)}${timeLimit > 0 ? `/${timeLimit}` : ''} s · Ctrl-C: stop here`,
      },
    );
    if (stoppedBy !== undefined) {
      console.error(`acesup: stopped by ${stoppedBy}: the bounds above are those proven when it came`);
      exitCode = stoppedBy === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED;
    }
  } else {
    if (flags.file === undefined && process.stdin.isTTY) {
      throw new UsageError('no deal given: pass it as an argument, with --file F, or on standard input (see acesup solve --help)');
    }
    // One solver for every line: its tables are kept between deals (the thread above makes its own).
    const solver = new Solver({ maxTableBytes });
    for await (const [line, text] of inputLines(flags.file)) {
      const deal = parse(text, `line ${line}: `);
      if (deal === undefined) continue;
      if (!flags.json) console.log(`Deal ${out(formatDeal(deal))}`);
      page?.addDeal(deal);
      solveWithin(solver, deal, options, { timeLimitMs: timeLimit * 1000, now: () => performance.now(), onAnswer: answer(deal) });
    }
  }
  if (page !== undefined) await writeDealPage(flags.html!, page, exitCode !== EXIT_OK);
  return exitCode;
}

export interface VerifyFlags {
  file?: string;
  reverse?: boolean;
  variant: Variant;
  discards: DiscardRule;
}

export async function verifyCommand(dealText: string | undefined, movesText: string | undefined, flags: VerifyFlags): Promise<number> {
  const check = (deal: string, moves: string): string => {
    const game = { variant: flags.variant, discards: flags.discards };
    const verdict = flags.reverse
      ? verifyLine(parseReversedDeal(deal), parseReversedMoves(moves).map(formatMove), game)
      : verifyLine(deal, moves, game);
    if (verdict.ok) return 'ok';
    return `invalid: move ${verdict.move}: ${flags.reverse ? writeReversed(verdict.reason) : verdict.reason}`;
  };
  if (flags.file === undefined) {
    if (dealText === undefined || movesText === undefined) {
      throw new UsageError('verify needs a DEAL and a MOVES list (comma-separated), or --file with DEAL<TAB>MOVES lines');
    }
    const verdict = check(dealText, movesText);
    console.log(verdict);
    return verdict === 'ok' ? EXIT_OK : EXIT_INVALID;
  }
  if (dealText !== undefined) throw new UsageError('give the deal and moves as arguments or with --file, not both');
  let exitCode = EXIT_OK;
  for await (const [line, text] of inputLines(flags.file)) {
    const tab = text.indexOf('\t');
    try {
      if (tab < 0) throw new InputError('expected DEAL<TAB>MOVES');
      const verdict = check(text.slice(0, tab), text.slice(tab + 1));
      console.log(`line ${line}: ${verdict}`);
      if (verdict !== 'ok' && exitCode === EXIT_OK) exitCode = EXIT_INVALID;
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      console.error(`acesup: line ${line}: ${shortenQuotes(error.message)}`);
      exitCode = EXIT_USAGE;
    }
  }
  return exitCode;
}
