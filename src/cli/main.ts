// The acesup command line: parses options, calls the library, prints. The options and help of solve and
// verify are here (their work is in solve-command.ts); deal, estimate and merge are added from
// batch-commands.ts, play from play.ts, hint from hint.ts, report from report.ts. A command's work is loaded when it runs, so
// that --help and option errors load only these definitions (bin/acesup.js answers a lone --version itself).

import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_STATES, DEFAULT_TIME_LIMIT, GROWTH } from '../core/search/budget.ts';
import { addBatchCommands } from './batch-commands.ts';
import type { EstimateOptions } from './estimate-command.ts';
import { addHintCommand } from './hint.ts';
import { addPlayCommand } from './play.ts';
import {
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  integerOption,
  ioReason,
  isKnownError,
  isSystemError,
  shortenQuotes,
} from './errors.ts';
import { addReportCommand } from './report.ts';
import { addReviewCommand } from './review.ts';
import { addWebCommand } from './web.ts';
import { REVERSE_HELP, discardsOption, maxDiscardsOption, maxMemoryOption, variantOption } from './shared-options.ts';
import type { SolveFlags, VerifyFlags } from './solve-command.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** What an entry other than bin/acesup.js may change (a test entry that simulates faults); none changes a result. */
export interface ProgramOptions extends EstimateOptions {
  /** List every option in the help (`--help-all`), the advanced ones too. */
  helpAll?: boolean;
  /** How every file write renames its complete temporary file into place (files.ts). */
  rename?: (from: string, to: string) => Promise<void>;
}

export function buildProgram(options: ProgramOptions = {}): Command {
  const program = new Command('acesup')
    .description("Exact solver and win-rate analysis for the solitaire Aces Up (Idiot's Delight, Firing Squad, Aces High).")
    .version(version)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(shortenQuotes(text.replace(/^error: /u, 'acesup: '))) });

  program
    .command('solve')
    .summary('solve deals exactly: won with a solution, or lost with the max discards')
    .description(
      'Solve one deal or many under perfect play (the stock order known). A deal is 52 cards in ' +
        'dealing order, e.g. "7S JS 5H AC 2D …" (T or 10 for ten, suits C D H S or ♣ ♦ ♥ ♠, any case, ' +
        'separated by spaces, commas or nothing). Without DEAL or --file, deals are read from standard ' +
        'input, one per line; blank lines and # comments are skipped. A won deal comes with a solution that ' +
        'replays; a lost one with its max discards (the most cards any line of play discards). For a deal given ' +
        'as an argument, a terminal shows what the search is doing, and Ctrl-C prints the bounds proven so far.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup solve "7S JS 5H AC 4C 3H KD 2D …"                 all three variants, optional discards\n' +
        '  acesup solve --variant strict --discards forced --show "…"  one variant, the piles after each step\n' +
        '  acesup solve --discards forced --html deal.html "…"        a page that replays the solutions in a browser\n' +
        '  acesup deal --seed 1 --count 100 | acesup solve --json    many deals, JSON Lines',
    )
    .argument('[deal...]', 'the deal (quoted, or as 52 separate words)')
    .option('-f, --file <path>', 'read deals from a file, one per line ("-" for standard input)')
    .addOption(variantOption({ all: true }))
    .addOption(discardsOption())
    .option(
      '--max-states <n>',
      'state budget per deal (all its searches); past it the verdict is "unknown" with bounds (the first pass\'s budget with --time-limit)',
      integerOption(1),
      DEFAULT_MAX_STATES,
    )
    .option(
      '--time-limit <seconds>',
      `the seconds a deal may take: every variant gets a pass at --max-states, then the variants still unknown (or lost with their max discards not yet pinned) share the time left, pass after pass at larger budgets (${GROWTH}× per pass, or one last pass as large as the time left allows); a pass still running at the limit stops there with the bounds it proved (default ${DEFAULT_TIME_LIMIT} for a deal given as an argument, 0 — one pass, no clock — for deals read from a file or standard input)`,
      integerOption(0),
    )
    .addOption(maxMemoryOption("the search's"))
    .option(
      '--threads <n>',
      "threads that search a deal given as an argument together, over one shared table (the optional rule's searches; the others are small); default: the cores of this machine. Deals read from a file or standard input are solved on one thread",
      integerOption(1, 64),
    )
    .addOption(maxDiscardsOption())
    .option('--json', 'print one JSON object per deal and variant (JSON Lines)')
    .option('--show', 'print the four piles after each step of a solution')
    .option('--reverse', REVERSE_HELP)
    .option(
      '--after <moves>',
      'solve the position these moves reach (comma-separated, played from the start of a deal given as an argument): the solution is the rest of a winning line, the max discards counts the cards already discarded',
    )
    .option(
      '--html <file>',
      'also write a replay page of the deal: the piles drawn as cards, stepping through the solution (one deal only)',
    )
    .action(async (words: string[], flags: SolveFlags) => {
      const { solveCommand } = await import('./solve-command.ts');
      process.exitCode = await solveCommand(words, flags);
    });

  program
    .command('verify')
    .summary('check a move list against the rules: prints "ok" or the first illegal move and why')
    .description(
      'Replay a move list from a deal and check every move and the win. Moves are comma-separated: ' +
        '"deal", "remove XY", "move XY N" (N = pile 1–4). Exit 0 when the list wins, 1 when it does not, 2 for bad input.',
    )
    .addHelpText('after', '\nExample:\n  acesup verify --variant strict "4C 7S 3H KD …" "deal, remove 2D, deal, …"')
    .argument('[deal]', 'the deal (quoted)')
    .argument('[moves]', 'the moves (quoted): comma-separated, or one per line as `acesup solve` prints them')
    .option('-f, --file <path>', 'read DEAL<TAB>MOVES lines from a file ("-" for standard input)')
    .addOption(variantOption())
    .addOption(discardsOption())
    .option('--reverse', REVERSE_HELP)
    .action(async (deal: string | undefined, moves: string | undefined, flags: VerifyFlags) => {
      const { verifyCommand } = await import('./solve-command.ts');
      process.exitCode = await verifyCommand(deal, moves, flags);
    });

  addBatchCommands(program, options);
  addPlayCommand(program);
  addHintCommand(program);
  addReviewCommand(program);
  addReportCommand(program);
  addWebCommand(program);
  return program;
}

/** Runs the command line `argv` (as process.argv: node, the script, then the arguments); sets process.exitCode. */
export async function main(argv: string[], options: ProgramOptions = {}): Promise<void> {
  if (options.rename !== undefined) {
    const { useRename } = await import('../batch/files.ts');
    useRename(options.rename);
  }
  // A closed pipe (e.g. `acesup solve … | head`) ends the output quietly; any other write error (a full
  // disk, `> /dev/full`) is one line and exit 1. Files written before (estimate's CSVs) are complete.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
    process.stderr.write(`acesup: cannot write to standard output: ${ioReason(error)}\n`);
    process.exit(EXIT_FAILED);
  });
  // --help-all is --help with every option listed (the commands hide their advanced ones from --help).
  const helpAll = argv.includes('--help-all');
  try {
    await buildProgram({ ...options, helpAll }).parseAsync(argv.map((arg) => (arg === '--help-all' ? '--help' : arg)));
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
