// The work of `acesup solve` and `acesup verify` (their options and help are in main.ts): solve one deal on a
// thread of its own (solve-deal.ts), or many on a pool of worker threads with passes at growing budgets
// (batch/deal-stream.ts), and print their verdicts and solutions; replay move lists against the rules.

import { availableParallelism } from 'node:os';
import type { DealTask } from '../batch/deal-thread.ts';
import { type StreamEnd, type StreamItem, solveStream } from '../batch/deal-stream.ts';
import { checkPasses, checkWorkers } from '../batch/plan-checks.ts';
import { DEFAULT_SOLVE_PASSES } from '../batch/options.ts';
import { verdictOf, verify as verifyLine } from '../core/api.ts';
import { solveVerdict } from '../core/verdict-text.ts';
import { playedMoves } from '../core/api-input.ts';
import { type Deal, InputError, formatDeal, parseDeal } from '../core/game/cards.ts';
import { fmt } from '../core/game/format.ts';
import { type GameMove, describeGameMove, formatMove } from '../core/game/notation.ts';
import { formatPosition } from '../core/game/position.ts';
import { parseReversedDeal, parseReversedMoves, writeReversed } from '../core/game/reverse.ts';
import { type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import { Replayer, formatPiles } from '../core/game/verify.ts';
import { KEY_WORDS } from '../core/engine/state.ts';
import { DEFAULT_TIME_LIMIT } from '../core/search/budget.ts';
import { groupMemory } from '../core/search/group.ts';
import type { MaxDiscardsMode, SolveResult } from '../core/search/solve.ts';
import type { TimedAnswer } from '../core/search/time-limit.ts';
import { DealPageGames } from '../report/deal-page.ts';
import {
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_INVALID,
  EXIT_OK,
  EXIT_TERMINATED,
  EXIT_USAGE,
  UsageError,
  exitForSignal,
  shortenQuotes,
} from './errors.ts';
import { inputLines } from './input-lines.ts';
import { checkWritable, writeDealPage } from './page-files.ts';
import { type StoppedBy, solveDealWithSignals } from './solve-deal.ts';
import { oneDeal } from './input-lines.ts';

/** A count in three figures or so, for a status line: 950, 12.3k, 4.5M. */
const short = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : `${Math.round(n)}`);

export interface SolveFlags {
  file?: string;
  seed?: number;
  index?: number;
  variant: Variant | 'all';
  discards: DiscardRule;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  json?: boolean;
  show?: boolean;
  line?: boolean;
  html?: string;
  reverse?: boolean;
  timeLimit?: number;
  maxMemory: number;
  threads?: number;
  workers?: number;
  passes?: number[];
  after?: string;
}

/** How an answer came, for its verdict line: the --time-limit in seconds (0: none) or the signal that cut the solve
 *  short, and the threads of the pass that answered (1: one thread; its counts are the same every run). */
interface How {
  time: number | StoppedBy;
  threads: number;
}

/** The verdict line of `solve`: the rule set, the verdict in words (core/verdict-text.ts) and its count. */
function verdictLine(result: SolveResult, variant: Variant, rule: DiscardRule, answer: TimedAnswer, flags: SolveFlags, how: How): string {
  // The same line every run: no timings (--json has them), and a threaded pass's count of positions, which varies
  // from run to run, shown as the threads that searched instead.
  const tail = how.threads > 1 ? `on ${how.threads} threads` : `${fmt(result.states)} states`;
  const run = { maxStates: answer.maxStates, time: how.time, bounds: flags.maxDiscards === 'bounds', maxMemory: flags.maxMemory };
  return `${variant} · ${rule} discards: ${solveVerdict(verdictOf(result), run)} (${tail})`;
}

/** The solution numbered on from the moves played before it (`after`), with the piles after each step (--show). */
function printSteps(
  deal: Deal,
  after: readonly GameMove[],
  solution: readonly GameMove[],
  variant: Variant,
  rule: DiscardRule,
  out: (text: string) => string,
): void {
  const game = new Replayer(deal, variant, rule);
  for (const move of after) game.play(move);
  const width = String(after.length + solution.length).length;
  console.log(out(indent(formatPiles(game.piles()), 6)) + `\n      stock: ${game.stockLeft()}`);
  solution.forEach((move, i) => {
    console.log(out(`  ${String(after.length + i + 1).padStart(width)}. ${describeGameMove(move)}`));
    game.play(move);
    console.log(out(indent(formatPiles(game.piles()), 6)) + `\n      stock: ${game.stockLeft()}, discarded: ${game.discarded()}`);
  });
}

const indent = (text: string, by: number): string =>
  text
    .split('\n')
    .map((line) => ' '.repeat(by) + line)
    .join('\n');

/**
 * The moves of --after, checked under each variant asked for: an illegal one is one line in verify's words
 * (naming the variant when there are several).
 */
function movesAfter(deal: Deal, text: string, variants: readonly Variant[], rule: DiscardRule, reverse: boolean): GameMove[] {
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
function positionAfter(deal: Deal, moves: readonly GameMove[], variant: Variant, rule: DiscardRule): string {
  const game = new Replayer(deal, variant, rule);
  for (const move of moves) game.play(move);
  const piles = game.piles();
  const seen = new Set([...piles.flat(), ...deal.subarray(52 - game.stockLeft())]);
  const discards = Array.from(deal).filter((card) => !seen.has(card));
  return formatPosition({ piles, stock: game.stockLeft(), discards: discards.sort((a, b) => a - b) });
}

/** Milliseconds kept from a deal's time limit for printing its answers and ending the command. */
const PRINT_MS = 100;

/** The checks of the options, before any work: what they refuse, and for one deal or many. */
function checkFlags(flags: SolveFlags, oneDealGiven: boolean, variants: readonly Variant[]): void {
  if (flags.show && flags.json) throw new UsageError('--show prints the piles in the text output: it does nothing with --json');
  if (flags.line && (flags.json || flags.show))
    throw new UsageError(`--line prints the winning line alone: it does not take ${flags.json ? '--json' : '--show'}`);
  if (flags.reverse && flags.html !== undefined) throw new UsageError('--html draws the standard reading only: it does not take --reverse');
  if (flags.after !== undefined && flags.html !== undefined)
    throw new UsageError('--html replays a deal from its start: it does not take --after');
  if (oneDealGiven) {
    if (flags.line && variants.length > 1)
      throw new UsageError('--line prints one winning line: name one --variant (standard, strict or easy)');
    const many = flags.workers !== undefined ? '--workers' : flags.passes !== undefined ? '--passes' : undefined;
    if (many !== undefined)
      throw new UsageError(
        `${many} is for deals read from a file or standard input: a deal given as an argument grows its budget within --time-limit`,
      );
    return;
  }
  const one = flags.threads !== undefined ? '--threads' : flags.after !== undefined ? '--after' : flags.line ? '--line' : undefined;
  if (one !== undefined)
    throw new UsageError(
      `${one} is for one deal (given as an argument or with --seed)${one === '--threads' ? ': deals read from a file or standard input are spread over --workers' : ''}`,
    );
  if (flags.html !== undefined) throw new UsageError('--html draws one deal: give it as an argument or with --seed');
}

/** `workerFile`: the module the pool's threads run for many deals (a test entry's faulty worker; default the real one). */
export async function solveCommand(words: string[], flags: SolveFlags, workerFile?: string): Promise<number> {
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const given = oneDeal(words, flags, flags.reverse === true);
  checkFlags(flags, given !== undefined, variants);
  // An output that cannot be written is refused before any solving.
  if (flags.html !== undefined) checkWritable(flags.html, '--html');
  if (given === undefined) return solveMany(flags, variants, workerFile);
  return solveOne(given, flags, variants);
}

/** One deal, on a thread of its own: within its time limit, its first pass on that one thread, the later ones on
 *  --threads. */
async function solveOne(deal: Deal, flags: SolveFlags, variants: readonly Variant[]): Promise<number> {
  // Reverse Idiot's Delight is solved as the standard game it is; cards are mapped on the way in and out.
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const maxTableBytes = flags.maxMemory * 1024 * 1024;
  // A deal typed as an argument gets time to be decided.
  const timeLimit = flags.timeLimit ?? DEFAULT_TIME_LIMIT;
  const page = flags.html === undefined ? undefined : new DealPageGames();
  const after = flags.after === undefined ? [] : movesAfter(deal, flags.after, variants, flags.discards, flags.reverse === true);
  const options = variants.map((variant) => ({
    variant,
    rule: flags.discards,
    maxStates: flags.maxStates,
    maxDiscards: flags.maxDiscards,
    after,
  }));
  page?.addDeal(deal);
  // The limit counts from the command's start (performance.now() is time since then), less a moment to print.
  const deadline = timeLimit === 0 ? 0 : Date.now() - performance.now() + timeLimit * 1000 - PRINT_MS;
  // Every core on a deal that the first pass does not settle: the optional rule's searches share one table
  // (docs/search.md#threads). One pass (no time limit) never gets there.
  const threads = flags.threads ?? availableParallelism();
  const group = threads > 1 && flags.discards === 'optional' && timeLimit > 0 ? groupMemory(threads, KEY_WORDS, maxTableBytes) : undefined;
  const task: DealTask = { deal, options, deadline, maxTableBytes, ...(group === undefined ? {} : { group }) };
  let exitCode = EXIT_OK;
  const { stoppedBy } = await solveDealWithSignals(task, {
    answer: (index, answer, info, stoppedBy) => {
      const variant = variants[index]!;
      const { result } = answer;
      page?.add(variant, flags.discards, result, answer.maxStates, flags.maxDiscards);
      if (flags.json) return console.log(jsonLine(deal, variant, flags, answer, out, stoppedBy !== undefined));
      const how = { time: stoppedBy ?? timeLimit, threads: info.threaded ? threads : 1 };
      if (flags.line) {
        if (result.result === 'won') console.log(out(result.solution.map(formatMove).join(', ')));
        else {
          console.error(`acesup: no winning line: ${verdictLine(result, variant, flags.discards, answer, flags, how)}`);
          exitCode = EXIT_INVALID;
        }
        return;
      }
      printAnswer(deal, variant, after, answer, flags, how, out);
    },
    status: (p) =>
      `${variants[p.index]} · ${flags.discards} · pass ${p.pass} (≤ ${short(p.maxStates)}): ${short(p.states)} states, ` +
      `${short(p.states / Math.max(0.001, p.passMs / 1000))}/s · discards ${p.lower}–${p.upper} · ` +
      `${(p.elapsedMs / 1000).toFixed(0)}${timeLimit > 0 ? `/${timeLimit}` : ''} s · Ctrl-C: stop here`,
  });
  if (!flags.json && !flags.line && flags.after !== undefined)
    console.log(out(`After ${after.length} moves: ${positionAfter(deal, after, variants[0]!, flags.discards)}`));
  if (stoppedBy !== undefined) {
    console.error(`acesup: stopped by ${stoppedBy}: the bounds above are those proven when it came`);
    return stoppedBy === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED;
  }
  if (page !== undefined) await writeDealPage(flags.html!, page);
  return exitCode;
}

/** One JSON Lines object of an answer. */
function jsonLine(
  deal: Deal,
  variant: Variant,
  flags: SolveFlags,
  answer: TimedAnswer,
  out: (text: string) => string,
  interrupted: boolean,
): string {
  const { result, maxStates, ms } = answer;
  return JSON.stringify({
    deal: out(formatDeal(deal)),
    variant,
    discards: flags.discards,
    result: result.result,
    maxDiscards: result.result === 'won' ? 48 : result.lower === result.upper ? result.lower : { lower: result.lower, upper: result.upper },
    ...(result.result === 'won' ? { solution: result.solution.map((move) => out(formatMove(move))) } : {}),
    states: result.states,
    maxStates,
    ms: Math.round(ms * 1000) / 1000,
    ...(interrupted ? { interrupted: true } : {}),
  });
}

/** An answer as text: the verdict line; when won, the whole line of moves on the next (what verify, solve --after,
 *  hint --after and the library read), and with --show the steps with the piles after each. */
function printAnswer(
  deal: Deal,
  variant: Variant,
  after: readonly GameMove[],
  answer: TimedAnswer,
  flags: SolveFlags,
  how: How,
  out: (text: string) => string,
): void {
  const { result } = answer;
  console.log(verdictLine(result, variant, flags.discards, answer, flags, how));
  if (result.result !== 'won') return;
  console.log(out(result.solution.map(formatMove).join(', ')));
  if (flags.show) printSteps(deal, after, result.solution, variant, flags.discards, out);
}

/** Deals from a file or standard input, on a pool of workers with passes at growing budgets, printed in input
 *  order; a tally on standard error at the end. */
async function solveMany(flags: SolveFlags, variants: readonly Variant[], workerFile?: string): Promise<number> {
  if (flags.file === undefined && process.stdin.isTTY)
    throw new UsageError('no deal given: pass it as an argument, with --seed S, --file F, or on standard input (see acesup solve --help)');
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const workers = flags.workers ?? availableParallelism();
  const maxTableBytes = flags.maxMemory * 1024 * 1024;
  const optional = flags.discards === 'optional';
  const warnings: string[] = [];
  checkWorkers(workers, flags.maxStates, optional, warnings, maxTableBytes);
  // The later passes: those given, each fitted to the machine's memory (with a warning), or by default the
  // passes that fit, silently.
  let factors = flags.passes ?? [...DEFAULT_SOLVE_PASSES];
  if (flags.passes === undefined)
    while (
      factors.length > 0 &&
      checkPasses(factors.slice(-1), flags.maxStates, optional, workers, [], { maxBytes: maxTableBytes })[0]! < 1
    )
      factors = factors.slice(0, -1);
  const passThreads = checkPasses(factors, flags.maxStates, optional, workers, flags.passes === undefined ? [] : warnings, {
    maxBytes: maxTableBytes,
  });
  for (const line of warnings) process.stderr.write(`acesup: warning: ${line}\n`);
  const timeLimit = flags.timeLimit ?? 0;
  let exitCode = EXIT_OK;
  const tally = variants.map(() => ({ won: 0, lost: 0, unknown: 0 }));
  let answered = 0;
  let badLines = 0;
  const stopReading = new AbortController();
  async function* deals(): AsyncGenerator<StreamItem<number>> {
    for await (const [line, text] of inputLines(flags.file, stopReading.signal)) {
      try {
        yield { deal: flags.reverse ? parseReversedDeal(text) : parseDeal(text), tag: line };
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        // A bad line is one line on standard error; the good lines are still solved.
        console.error(`acesup: line ${line}: ${shortenQuotes(error.message)}`);
        badLines += 1;
        exitCode = EXIT_USAGE;
      }
    }
  }
  const controller = new AbortController();
  let signal: NodeJS.Signals | undefined;
  const onSignal = (received: NodeJS.Signals): void => {
    signal ??= received;
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const started = performance.now();
  const cpu = process.cpuUsage();
  let end: StreamEnd<number>;
  try {
    end = await solveStream(
      deals(),
      {
        variants,
        rule: flags.discards,
        budgets: [flags.maxStates, ...factors.map((factor) => factor * flags.maxStates)],
        passThreads,
        maxDiscards: flags.maxDiscards,
        maxTableBytes,
        timeLimitMs: timeLimit * 1000,
        workers,
        signal: controller.signal,
        ...(workerFile === undefined ? {} : { workerFile }),
      },
      ({ deal }, answers) => {
        answered += 1;
        if (!flags.json) console.log(`Deal ${out(formatDeal(deal))}`);
        answers.forEach((answer, i) => {
          tally[i]![answer.result.result] += 1;
          if (flags.json) console.log(jsonLine(deal, variants[i]!, flags, answer, out, false));
          else printAnswer(deal, variants[i]!, [], answer, flags, { time: timeLimit, threads: 1 }, out);
        });
      },
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    stopReading.abort();
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const counts = variants
    .map(
      (variant, i) =>
        `${variant} × ${flags.discards}: won ${fmt(tally[i]!.won)} · lost ${fmt(tally[i]!.lost)} · unknown ${fmt(tally[i]!.unknown)}`,
    )
    .join('; ');
  const time = `${seconds.toFixed(1)} s on ${workers} worker${workers === 1 ? '' : 's'} (CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`;
  const bad = badLines === 0 ? '' : ` (${fmt(badLines)} bad line${badLines === 1 ? '' : 's'} skipped)`;
  const many = `${fmt(answered)} deal${answered === 1 ? '' : 's'}`;
  switch (end.kind) {
    case 'complete':
      console.error(`acesup: solved ${many} in ${time}${bad} — ${counts}`);
      return exitCode;
    case 'interrupted':
      console.error(
        `acesup: interrupted by ${signal ?? 'a signal'}: ${many} answered, in input order, in ${time}; the deals after them were not — ${counts}`,
      );
      return exitForSignal(signal);
    case 'failed':
      console.error(
        `acesup: line ${end.tag} (${end.variant} × ${flags.discards}) failed: ${end.message}; ${many} answered before it — ${counts}`,
      );
      return EXIT_FAILED;
    case 'pool-failed':
      console.error(`acesup: the worker pool failed: ${end.message}; ${many} answered before it — ${counts}`);
      return EXIT_FAILED;
  }
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
