// The acesup command line: parses options, calls the library, prints. Subcommands solve and verify live
// here; deal, estimate and merge are added from batch-commands.ts.

import { Command, CommanderError, Option } from 'commander';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { InputError, formatDeal, parseDeal } from '../core/game/cards.ts';
import { type GameMove, describeMove, formatMove, parseMoves } from '../core/game/notation.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import { type Escalated, GROWTH, solveWithin } from '../core/search/escalate.ts';
import { DEFAULT_MAX_STATES, type MaxDiscardsMode, type SolveResult, Solver } from '../core/search/solve.ts';
import { Game, formatPiles, verify } from '../core/game/verify.ts';
import { useRename } from '../batch/files.ts';
import { addBatchCommands, maxDiscardsOption } from './batch-commands.ts';
import type { EstimateOptions } from './estimate-command.ts';
import { addPlayCommand } from './play.ts';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_INVALID, EXIT_OK, EXIT_TERMINATED, EXIT_USAGE, UsageError, integerOption, ioReason, isKnownError, isSystemError, shortenQuotes } from './errors.ts';
import { normaliseMoveList } from './move-list.ts';
import { DealPageGames, addReportCommand, writeDealPage } from './report.ts';
import { type StoppedBy, solveDealOnThread } from './solve-deal.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** The lines of a deal or move list input: `[lineNumber, text]`, skipping blank lines and `#` comments. */
async function* inputLines(file: string | undefined): AsyncGenerator<[number, string]> {
  if (file !== undefined && file !== '-' && statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`cannot read ${file}: it is a directory`);
  }
  const input = file === undefined || file === '-' ? process.stdin : createReadStream(file, 'utf8');
  if (file !== undefined && file !== '-') {
    await new Promise<void>((resolve, reject) => {
      input.once('open', () => resolve());
      input.once('error', (error: NodeJS.ErrnoException) =>
        reject(new UsageError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)));
    });
  }
  let number = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    number += 1;
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    yield [number, text];
  }
}

const variantOption = (all: boolean) =>
  new Option('--variant <name>', all ? 'which card may fill an empty pile; "all" runs the three variants' : 'which card may fill an empty pile')
    .choices(all ? [...VARIANTS, 'all'] : [...VARIANTS])
    .default(all ? 'all' : 'standard');
const discardsOption = () =>
  new Option('--discards <rule>', 'optional: deal at any time; forced: make every discard before dealing')
    .choices([...DISCARD_RULES])
    .default('optional');

const fmt = (n: number): string => n.toLocaleString('en-US');
/** A count in three figures or so, for a status line: 950, 12.3k, 4.5M. */
const short = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : `${Math.round(n)}`);

/** The verdict line of `solve`; `time` is the --time-limit in seconds (0: none), or the signal that cut the solve short. */
function verdictLine(result: SolveResult, variant: Variant, rule: DiscardRule, ms: number, flags: SolveFlags, time: number | StoppedBy): string {
  const maxStates = flags.maxStates;
  const head = `${variant} · ${rule} discards:`;
  const tail = `${fmt(result.states)} states, ${ms.toFixed(1)} ms`;
  const stopped = typeof time === 'string' ? `${time} came before it was pinned`
    : time > 0 ? `--time-limit ${time} s proved the loss but did not pin the number` : `--max-states ${fmt(maxStates)} proved the loss but did not pin the number`;
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
      const why = typeof time === 'string' ? `stopped by ${time}`
        : result.limit === 'memory' ? `stopped when the search's table reached --max-memory ${fmt(flags.maxMemory)} MiB`
          : result.limit === 'poll' ? `stopped at the time limit (--time-limit ${time} s) at a budget of ${fmt(maxStates)} states`
            : `stopped at a budget of ${fmt(maxStates)} states`;
      return `${head} UNKNOWN — between ${result.lower} and ${result.upper} discards; ${why} (${tail})`;
    }
  }
}

function printSolution(deal: Uint8Array, solution: readonly GameMove[], variant: Variant, rule: DiscardRule, show: boolean): void {
  const game = new Game(deal, variant, rule);
  const width = String(solution.length).length;
  if (show) console.log(indent(formatPiles(game.piles()), 6) + `\n      stock: ${game.stockLeft()}`);
  solution.forEach((move, i) => {
    console.log(`  ${String(i + 1).padStart(width)}. ${describeMove(move)}`);
    if (show) {
      game.play(move);
      console.log(indent(formatPiles(game.piles()), 6) + `\n      stock: ${game.stockLeft()}, discarded: ${game.discarded()}`);
    }
  });
}

const indent = (text: string, by: number): string => text.split('\n').map((line) => ' '.repeat(by) + line).join('\n');

interface SolveFlags {
  file?: string;
  variant: Variant | 'all';
  discards: DiscardRule;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  json?: boolean;
  show?: boolean;
  html?: string;
  timeLimit?: number;
  maxMemory: number;
}

/** Seconds a deal given as an argument may take while its budget grows (`--time-limit`). */
const DEFAULT_TIME_LIMIT = 60;
/** Milliseconds kept from a deal's time limit for printing its answers and ending the command. */
const PRINT_MS = 100;

async function solveCommand(words: string[], flags: SolveFlags): Promise<number> {
  if (words.length > 0 && flags.file !== undefined) throw new UsageError('give the deal as an argument or with --file, not both');
  if (flags.show && flags.json) throw new UsageError('--show prints the piles in the text output: it does nothing with --json');
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const maxTableBytes = flags.maxMemory * 1024 * 1024;
  // A deal typed as an argument gets time to be decided; deals read from a file keep their budget.
  const timeLimit = flags.timeLimit ?? (words.length > 0 ? DEFAULT_TIME_LIMIT : 0);
  const page = flags.html === undefined ? undefined : new DealPageGames();
  let exitCode = EXIT_OK;
  const parse = (text: string, where: string): Uint8Array | undefined => {
    try {
      return parseDeal(text);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      console.error(`acesup: ${where}${shortenQuotes(error.message)}`);
      exitCode = EXIT_USAGE;
      return undefined;
    }
  };
  const options = variants.map((variant) => ({ variant, rule: flags.discards, maxStates: flags.maxStates, maxDiscards: flags.maxDiscards }));
  const answer = (deal: Uint8Array) => (index: number, { result, maxStates, ms }: Escalated, stoppedBy?: StoppedBy): void => {
    const variant = variants[index]!;
    page?.add(variant, flags.discards, result, maxStates, flags.maxDiscards);
    if (flags.json) {
      console.log(JSON.stringify({
        deal: formatDeal(deal), variant, discards: flags.discards, result: result.kind,
        maxDiscards: result.kind === 'won' ? 48 : result.lower === result.upper ? result.lower : { lower: result.lower, upper: result.upper },
        ...(result.kind === 'won' ? { solution: result.solution.map(formatMove) } : {}),
        states: result.states, maxStates, ms: Math.round(ms * 1000) / 1000, ...(stoppedBy === undefined ? {} : { interrupted: true }),
      }));
    } else {
      console.log(verdictLine(result, variant, flags.discards, ms, { ...flags, maxStates }, stoppedBy ?? timeLimit));
      if (result.kind === 'won') printSolution(deal, result.solution, variant, flags.discards, flags.show === true);
    }
  };
  if (words.length > 0) {
    const deal = parse(words.join(' '), '');
    if (deal === undefined) return exitCode;
    if (!flags.json) console.log(`Deal ${formatDeal(deal)}`);
    page?.addDeal(deal);
    // On a thread of its own: the main thread shows the progress and answers Ctrl-C with the bounds so far.
    // The limit counts from the command's start (performance.now() is time since then), less a moment to print.
    const deadline = timeLimit === 0 ? 0 : Date.now() - performance.now() + timeLimit * 1000 - PRINT_MS;
    const { stoppedBy } = await solveDealOnThread({ deal, options, deadline, maxTableBytes }, {
      answer: answer(deal),
      status: (p) => `${variants[p.index]} · ${flags.discards} · pass ${p.pass} (≤ ${short(p.maxStates)}): ${short(p.states)} states, ` +
        `${short(p.states / Math.max(0.001, p.passMs / 1000))}/s · discards ${p.lower}–${p.upper} · ` +
        `${(p.elapsedMs / 1000).toFixed(0)}${timeLimit > 0 ? `/${timeLimit}` : ''} s · Ctrl-C: stop here`,
    });
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
      if (!flags.json) console.log(`Deal ${formatDeal(deal)}`);
      page?.addDeal(deal);
      solveWithin(solver, deal, options, { timeLimitMs: timeLimit * 1000, now: () => performance.now(), onAnswer: answer(deal) });
    }
  }
  if (page !== undefined) await writeDealPage(flags.html!, page, exitCode !== EXIT_OK);
  return exitCode;
}

interface VerifyFlags {
  file?: string;
  variant: Variant;
  discards: DiscardRule;
}

async function verifyCommand(dealText: string | undefined, movesText: string | undefined, flags: VerifyFlags): Promise<number> {
  const check = (deal: string, moves: string): string => {
    const verdict = verify(parseDeal(deal), parseMoves(normaliseMoveList(moves)), flags.variant, flags.discards);
    return verdict.ok ? 'ok' : `invalid: move ${verdict.move}: ${verdict.reason}`;
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

/** What an entry other than bin/acesup.js may change (a test entry that simulates faults); none changes a result. */
export interface ProgramOptions extends EstimateOptions {
  /** How every file write renames its complete temporary file into place (files.ts). */
  rename?: (from: string, to: string) => Promise<void>;
}

export function buildProgram(options: ProgramOptions = {}): Command {
  const program = new Command('acesup')
    .description('Exact solver and win-rate analysis for the solitaire Aces Up (Idiot\'s Delight, Firing Squad, Aces High).')
    .version(version)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(shortenQuotes(text.replace(/^error: /u, 'acesup: '))) });

  program
    .command('solve')
    .summary('solve deals exactly: won with a solution, or lost with the max discards')
    .description('Solve one deal or many under perfect play (the stock order known). A deal is 52 cards in ' +
      'dealing order, e.g. "7S JS 5H AC 2D …" (T or 10 for ten, suits C D H S or ♣ ♦ ♥ ♠, any case, ' +
      'separated by spaces, commas or nothing). Without DEAL or --file, deals are read from standard ' +
      'input, one per line; blank lines and # comments are skipped. A won deal comes with a solution that ' +
      'replays; a lost one with its max discards (the most cards any line of play discards). For a deal given ' +
      'as an argument, a terminal shows what the search is doing, and Ctrl-C prints the bounds proven so far.')
    .addHelpText('after', '\nExamples:\n' +
      '  acesup solve "7S JS 5H AC 4C 3H KD 2D …"                 all three variants, optional discards\n' +
      '  acesup solve --variant strict --discards forced --show "…"  one variant, the piles after each step\n' +
      '  acesup solve --discards forced --html deal.html "…"        a page that replays the solutions in a browser\n' +
      '  acesup deal --seed 1 --count 100 | acesup solve --json    many deals, JSON Lines')
    .argument('[deal...]', 'the deal (quoted, or as 52 separate words)')
    .option('-f, --file <path>', 'read deals from a file, one per line ("-" for standard input)')
    .addOption(variantOption(true))
    .addOption(discardsOption())
    .option('--max-states <n>', 'state budget per deal (all its searches); past it the verdict is "unknown" with bounds (the first pass\'s budget with --time-limit)', integerOption(1), DEFAULT_MAX_STATES)
    .option('--time-limit <seconds>', `the seconds a deal may take: every variant gets a pass at --max-states, then the variants still unknown (or lost with their max discards not yet pinned) share the time left, pass after pass at larger budgets (${GROWTH}× per pass, or one last pass as large as the time left allows); a pass still running at the limit stops there with the bounds it proved (default ${DEFAULT_TIME_LIMIT} for a deal given as an argument, 0 — one pass, no clock — for deals read from a file or standard input)`, integerOption(0))
    .option('--max-memory <MiB>', 'the most memory the search\'s visited set may take; a deal that needs more is unknown (its table stops growing)', integerOption(16), 4096)
    .addOption(maxDiscardsOption())
    .option('--json', 'print one JSON object per deal and variant (JSON Lines)')
    .option('--show', 'print the four piles after each step of a solution')
    .option('--html <file>', 'also write a replay page of the deal: the piles drawn as cards, stepping through the solution (one deal only)')
    .action(async (words: string[], flags: SolveFlags) => {
      process.exitCode = await solveCommand(words, flags);
    });

  program
    .command('verify')
    .summary('check a move list against the rules: prints "ok" or the first illegal move and why')
    .description('Replay a move list from a deal and check every move and the win. Moves are comma-separated: ' +
      '"deal", "remove XY", "move XY N" (N = pile 1–4). Exit 0 when the list wins, 1 when it does not, 2 for bad input.')
    .addHelpText('after', '\nExample:\n  acesup verify --variant strict "4C 7S 3H KD …" "deal, remove 2D, deal, …"')
    .argument('[deal]', 'the deal (quoted)')
    .argument('[moves]', 'the moves (quoted): comma-separated, or one per line as `acesup solve` prints them')
    .option('-f, --file <path>', 'read DEAL<TAB>MOVES lines from a file ("-" for standard input)')
    .addOption(variantOption(false))
    .addOption(discardsOption())
    .action(async (deal: string | undefined, moves: string | undefined, flags: VerifyFlags) => {
      process.exitCode = await verifyCommand(deal, moves, flags);
    });

  addBatchCommands(program, options);
  addPlayCommand(program);
  addReportCommand(program);
  return program;
}

/** Runs the command line `argv` (as process.argv: node, the script, then the arguments); sets process.exitCode. */
export async function main(argv: string[], options: ProgramOptions = {}): Promise<void> {
  if (options.rename !== undefined) useRename(options.rename);
  // A closed pipe (e.g. `acesup solve … | head`) ends the output quietly; any other write error (a full
  // disk, `> /dev/full`) is one line and exit 1. Files written before (estimate's CSVs) are complete.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
    process.stderr.write(`acesup: cannot write to standard output: ${ioReason(error)}\n`);
    process.exit(EXIT_FAILED);
  });
  try {
    await buildProgram(options).parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its message already; help and version end well.
      process.exitCode = error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      return;
    }
    if (isKnownError(error)) {
      console.error(`acesup: ${shortenQuotes(error.message)}`);
      process.exitCode = error instanceof UsageError ? error.exitCode : EXIT_USAGE;
      return;
    }
    if (isSystemError(error)) {
      // A read or write that the operating system refused (not a bug): one line, exit 1.
      console.error(`acesup: ${error.message.startsWith('cannot ') ? error.message : `${error.syscall} failed: ${ioReason(error)}`}`);
      process.exitCode = EXIT_FAILED;
      return;
    }
    throw error;
  }
}

