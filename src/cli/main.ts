// The acesup command line: builds the program from the commands, one file each in commands/ (its options, help,
// action and output), and turns what a command throws into one line and an exit code. A command's work is loaded
// when it runs, so that --help and option errors load only the definitions (bin/acesup.js answers a lone --version
// itself).

import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import type { RunOverrides } from '../batch/estimate-plan.ts';
import { addDealCommand } from './commands/deal.ts';
import { addEstimateCommand } from './commands/estimate.ts';
import { addHintCommand } from './commands/hint.ts';
import { addMergeCommand } from './commands/merge.ts';
import { addPlayCommand } from './commands/play.ts';
import { addReportCommand } from './commands/report.ts';
import { addReviewCommand } from './commands/review.ts';
import { addSolveCommand } from './commands/solve.ts';
import { addVerifyCommand } from './commands/verify.ts';
import { addWebCommand } from './commands/web.ts';
import { EXIT_IO, EXIT_OK, EXIT_USAGE, exitForError, ioReason, isKnownError, isSystemError, shortenQuotes } from './errors.ts';

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

  addSolveCommand(program, options);
  addVerifyCommand(program);
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
