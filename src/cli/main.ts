// The acesup command line: parses options, calls the library, prints. The options and help of solve and
// verify are here (their work is in solve-command.ts); deal, estimate and merge are added from
// batch-commands.ts, play from play.ts, hint from hint.ts, report from report.ts. A command's work is loaded when it runs, so
// that --help and option errors load only these definitions (bin/acesup.js answers a lone --version itself).

import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_STATES, DEFAULT_TIME_LIMIT, GROWTH } from '../core/search/budget.ts';
import type { RunOverrides } from '../batch/estimate-plan.ts';
import { addDealCommand } from './commands/deal.ts';
import { addEstimateCommand } from './commands/estimate.ts';
import { addHintCommand } from './commands/hint.ts';
import { addMergeCommand } from './commands/merge.ts';
import { addPlayCommand } from './commands/play.ts';
import { addReportCommand } from './commands/report.ts';
import { addReviewCommand } from './commands/review.ts';
import { addWebCommand } from './commands/web.ts';
import {
  EXIT_IO,
  EXIT_OK,
  EXIT_USAGE,
  exitForError,
  integerOption,
  ioReason,
  isKnownError,
  isSystemError,
  shortenQuotes,
} from './errors.ts';
import {
  REVERSE_HELP,
  dealSeedOptions,
  discardsOption,
  maxDiscardsOption,
  maxMemoryOption,
  passesOption,
  variantOption,
} from './shared-options.ts';
import { DEFAULT_SOLVE_PASSES } from '../batch/options.ts';
import type { SolveFlags, VerifyFlags } from './solve-command.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** What an entry other than bin/acesup.js may change (a test entry that simulates faults); none changes a result. */
export interface ProgramOptions extends RunOverrides {
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
      const { solveCommand } = await import('./solve-command.ts');
      process.exitCode = await solveCommand(words, flags, options.workerFile);
    });

  program
    .command('verify')
    .summary('check a move list against the rules: prints "ok" or the first illegal move and why')
    .description(
      'Replay a move list from a deal and check every move and the win. Moves are comma-separated (or one per line, ' +
        'or numbered as solve --show prints them): "deal", "remove XY", "move XY N" (N = pile 1–4). Exit 0 when the ' +
        'list wins, 1 when it does not, 2 for bad input, 3 for a file that cannot be read.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  acesup verify --variant strict "4C 7S 3H KD …" "deal, remove 2D, deal, …"\n' +
        '  acesup verify "4C 7S 3H KD …" "$(acesup solve "4C 7S 3H KD …" --line)"',
    )
    .argument('[deal]', 'the deal (quoted)')
    .argument('[moves]', 'the moves (quoted): comma-separated, one per line, or numbered as `acesup solve --show` prints them')
    .option('-f, --file <path>', 'read DEAL<TAB>MOVES lines from a file ("-" for standard input)')
    .addOption(variantOption())
    .addOption(discardsOption())
    .option('--reverse', REVERSE_HELP)
    .action(async (deal: string | undefined, moves: string | undefined, flags: VerifyFlags) => {
      const { verifyCommand } = await import('./solve-command.ts');
      process.exitCode = await verifyCommand(deal, moves, flags);
    });

  addDealCommand(program);
  addEstimateCommand(program, options);
  addMergeCommand(program);
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
  // disk, `> /dev/full`) is one line and exit 3. Files written before (estimate's CSVs) are complete.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
    process.stderr.write(`acesup: cannot write to standard output: ${ioReason(error)}\n`);
    process.exit(EXIT_IO);
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
      process.exitCode = exitForError(error);
      return;
    }
    if (isSystemError(error)) {
      // A read or write that the operating system refused (not a bug): one line, exit 3.
      console.error(`acesup: ${error.syscall === 'read' ? 'cannot read' : 'cannot write'}: ${ioReason(error)}`);
      process.exitCode = EXIT_IO;
      return;
    }
    throw error;
  }
}
