// `acesup solve`: its options and help, their checks, and the solving: one deal on a thread of its own within its
// time limit (solve-deal.ts), or many from a file or standard input on a pool of worker threads with passes at
// growing budgets (batch/deal-stream.ts), their answers printed as answer-text.ts words them, in input order, with a
// tally. The solver and src/batch are loaded when the command runs, so that --help loads the definitions alone.

import type { Command } from 'commander';
import { availableParallelism } from 'node:os';
import type { DealTask } from '../../batch/deal-thread.ts';
import type { StreamEnd, StreamItem } from '../../batch/deal-stream.ts';
import { DEFAULT_SOLVE_PASSES } from '../../batch/options.ts';
import { type Deal, InputError, formatDeal, parseDeal } from '../../core/game/cards.ts';
import { fmt } from '../../core/game/format.ts';
import type { GameMove } from '../../core/game/notation.ts';
import { type DiscardRule, VARIANTS, type Variant } from '../../core/game/rules.ts';
import { DEFAULT_MAX_STATES, DEFAULT_TIME_LIMIT, GROWTH } from '../../core/search/budget.ts';
import type { MaxDiscardsMode } from '../../core/search/solve.ts';
import {
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_INVALID,
  EXIT_OK,
  EXIT_TERMINATED,
  EXIT_USAGE,
  UsageError,
  exitForSignal,
  integerOption,
  shortenQuotes,
} from '../errors.ts';
import {
  REVERSE_HELP,
  dealSeedOptions,
  discardsOption,
  maxDiscardsOption,
  maxMemoryOption,
  passesOption,
  variantOption,
} from '../common-options.ts';

/** A count in three figures or so, for a status line: 950, 12.3k, 4.5M. */
const short = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : `${Math.round(n)}`);

interface SolveFlags {
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

/** `options.workerFile`: the module the pool's threads run for many deals (a test entry's faulty worker; default the
 *  real one). */
export function addSolveCommand(program: Command, options: { workerFile?: string }): void {
  const solve = program
    .command('solve')
    .summary('solve deals exactly: won with a winning line, or lost with the max discards')
    .description(
      'Solve one deal or many under perfect play (the stock order known). A deal is 52 cards in ' +
        'dealing order, e.g. "7S JS 5H AC 2D …" (T or 10 for ten, suits C D H S or ♣ ♦ ♥ ♠, any case, ' +
        'separated by spaces, commas or nothing), or deal I of seed S (--seed S --index I). The first line is the ' +
        "verdict; a won deal's next line is its winning line, the moves separated by commas (what verify, solve --after " +
        'and the library read); a lost one comes with its max discards (the most cards any line of play discards). ' +
        'One deal is solved within --time-limit, on one thread until its first pass is done and then on --threads; ' +
        'a terminal shows what the search is doing, and Ctrl-C prints the bounds proven so far. Without DEAL, --seed ' +
        'or --file, deals are read from standard input, one per line (blank lines and # comments skipped), solved on ' +
        '--workers threads, each deal still open after --max-states solved again at the --passes budgets, and printed ' +
        'in input order, with a tally on standard error. The same command prints the same answers every run ' +
        '(docs/cli.md#reproducible).',
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup solve "7S JS 5H AC 4C 3H KD 2D …"                 standard, optional discards: verdict, then the line\n' +
        '  acesup solve --seed 1 --index 7 --variant all            deal 7 of seed 1, all three variants\n' +
        '  acesup verify "7S JS …" "$(acesup solve "7S JS …" --line)"  the line alone, checked\n' +
        '  acesup solve --variant strict --discards forced --show "…"  the steps, with the piles after each\n' +
        '  acesup solve --discards forced --html deal.html "…"        a page that replays the solution in a browser\n' +
        '  acesup deal --seed 1 --count 100 | acesup solve --json    many deals on every core, JSON Lines',
    )
    .argument('[deal...]', 'the deal (quoted, or as 52 separate words)')
    .option('-f, --file <path>', 'read deals from a file, one per line ("-" for standard input)');
  dealSeedOptions(solve)
    .addOption(variantOption({ all: true, otherDefault: 'standard' }))
    .addOption(discardsOption())
    .option(
      '--max-states <n>',
      'state budget of a deal\'s first pass (all its searches); past it, and past the later passes, the verdict is "unknown" with bounds',
      integerOption(1),
      DEFAULT_MAX_STATES,
    )
    .option(
      '--time-limit <seconds>',
      `the seconds a deal may take. One deal: every variant gets a pass at --max-states, then the variants still unknown (or lost with their max discards not yet pinned) share the time left, pass after pass at larger budgets (${GROWTH}× per pass, or one last pass as large as the time left allows); a pass still running at the limit stops there with the bounds it proved (default ${DEFAULT_TIME_LIMIT}; 0: one pass, no clock). Deals read from a file or standard input: each deal × variant's passes stop at this many seconds in all (default: none, every pass)`,
      integerOption(0),
    )
    .addOption(maxMemoryOption("the search's"))
    .option(
      '--threads <n>',
      "one deal: threads that search it together over one shared table from its second pass on (the optional rule's searches); a deal settled by its first pass runs on one thread. Default: the cores of this machine",
      integerOption(1, 64),
    )
    .option(
      '--workers <n>',
      'deals read from a file or standard input: worker threads, one deal each at a time (default: the cores of this machine)',
      integerOption(1),
    )
    .option(
      '--passes <factors>',
      `deals read from a file or standard input: solve each deal still unknown again at these multiples of --max-states, pass after pass (a lost deal's max discards is pinned within the pass that proved the loss); "none": one pass (default ${DEFAULT_SOLVE_PASSES.join(',')})`,
      passesOption,
    )
    .addOption(maxDiscardsOption())
    .option('--json', 'print one JSON object per deal and variant (JSON Lines)')
    .option('--line', 'one deal, one variant: print the winning line alone (exit 1, and the verdict on standard error, when there is none)')
    .option('--show', 'also print the solution step by step, numbered, with the four piles after each step')
    .option('--reverse', REVERSE_HELP)
    .option(
      '--after <moves>',
      'one deal: solve the position these moves reach (comma-separated, one per line or numbered, played from its start): the solution is the rest of a winning line, the max discards counts the cards already discarded',
    )
    .option('--html <file>', 'one deal: also write a replay page of it, the piles drawn as cards, stepping through the solution')
    .action(async (words: string[], flags: SolveFlags) => {
      process.exitCode = await solveCommand(words, flags, options.workerFile);
    });
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
async function solveCommand(words: string[], flags: SolveFlags, workerFile?: string): Promise<number> {
  const { oneDeal } = await import('../input-lines.ts');
  const { checkWritable } = await import('../page-files.ts');
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
  const { formatMove } = await import('../../core/game/notation.ts');
  const { writeReversed } = await import('../../core/game/reverse.ts');
  const { KEY_WORDS } = await import('../../core/engine/state.ts');
  const { groupMemory } = await import('../../core/search/group.ts');
  const { DealPageGames } = await import('../../report/deal-page.ts');
  const { writeDealPage } = await import('../page-files.ts');
  const { solveDealWithSignals } = await import('../solve-deal.ts');
  const { jsonLine, positionAfter, printAnswer, verdictLine } = await import('../answer-text.ts');
  // Reverse Idiot's Delight is solved as the standard game it is; cards are mapped on the way in and out.
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const maxTableBytes = flags.maxMemory * 1024 * 1024;
  // A deal typed as an argument gets time to be decided.
  const timeLimit = flags.timeLimit ?? DEFAULT_TIME_LIMIT;
  const page = flags.html === undefined ? undefined : new DealPageGames();
  const after = flags.after === undefined ? [] : await movesAfter(deal, flags.after, variants, flags.discards, flags.reverse === true);
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

/**
 * The moves of --after, checked under each variant asked for: an illegal one is one line in verify's words
 * (naming the variant when there are several).
 */
async function movesAfter(
  deal: Deal,
  text: string,
  variants: readonly Variant[],
  rule: DiscardRule,
  reverse: boolean,
): Promise<GameMove[]> {
  const { playedMoves } = await import('../../core/api-input.ts');
  const { formatMove } = await import('../../core/game/notation.ts');
  const { parseReversedMoves, writeReversed } = await import('../../core/game/reverse.ts');
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

/** Deals from a file or standard input, on a pool of workers with passes at growing budgets, printed in input
 *  order; a tally on standard error at the end. */
async function solveMany(flags: SolveFlags, variants: readonly Variant[], workerFile?: string): Promise<number> {
  const { solveStream } = await import('../../batch/deal-stream.ts');
  const { checkPasses, checkWorkers } = await import('../../batch/plan-checks.ts');
  const { parseReversedDeal, writeReversed } = await import('../../core/game/reverse.ts');
  const { inputLines } = await import('../input-lines.ts');
  const { jsonLine, printAnswer } = await import('../answer-text.ts');
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
