// How the CLI reports problems: known errors print one line and exit with a code; anything else is a bug.

import { InvalidArgumentError } from 'commander';
import { InputError } from '../core/game/cards.ts';
import { fmt } from '../core/game/format.ts';
import { IoError } from '../batch/io-reason.ts';

/** Exit codes, the same in every command (docs/cli.md#exit-codes). */
/** Success. */
export const EXIT_OK = 0;
/** A negative answer: verify's line is illegal or does not win; deal --winnable gave up at --max-tried; solve
 *  --line found no winning line. */
export const EXIT_INVALID = 1;
/** Bad usage or bad input: an option, a malformed deal, move list or position. */
export const EXIT_USAGE = 2;
/** An I/O failure: a file that cannot be read or written, standard output closed (other than a closed pipe). */
export const EXIT_IO = 3;
/** A run that failed: a deal threw, a worker died, the worker pool failed. */
export const EXIT_FAILED = 4;
/** Interrupted by SIGINT (Ctrl-C) and SIGTERM: 128 + the signal's number, as a shell reports a process killed by it. */
export const EXIT_INTERRUPTED = 130;
export const EXIT_TERMINATED = 143;

/** The exit code of a run stopped by `signal`. */
export const exitForSignal = (signal: NodeJS.Signals | undefined): number => (signal === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED);

/** A problem with the command line or the input that the user can fix: printed as one line, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Whether `error` is a known, user-facing error (as opposed to a bug, shown with its stack). */
export function isKnownError(error: unknown): error is Error {
  return error instanceof UsageError || error instanceof InputError || error instanceof IoError;
}

/** The exit code of a known error: 3 for a file that cannot be read or written, else 2. */
export const exitForError = (error: Error): number => (error instanceof IoError ? EXIT_IO : EXIT_USAGE);

/** An error of the operating system (a failed read or write), which carries a code such as ENOSPC. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === 'string' &&
    typeof (error as NodeJS.ErrnoException).syscall === 'string'
  );
}

export { ioError, ioReason } from '../batch/io-reason.ts';

/** Longest quoted text kept whole in a message; longer quotes are cut, so that a 10 MB bad token is not echoed. */
const QUOTE_LIMIT = 60;

/**
 * `message` with every quoted part ("…" or '…', opened after a non-letter, closed before one) longer than
 * QUOTE_LIMIT characters cut, saying how long it was. A plain scan: a regular expression over a 10 MB
 * token overflows the stack.
 */
export function shortenQuotes(message: string): string {
  const letter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);
  let out = '';
  let from = 0;
  for (let i = 0; i < message.length; i++) {
    const quote = message[i]!;
    if ((quote !== '"' && quote !== "'") || letter(message[i - 1])) continue;
    let close = message.indexOf(quote, i + 1);
    while (close >= 0 && letter(message[close + 1])) close = message.indexOf(quote, close + 1);
    if (close < 0) break;
    if (close - i - 1 > QUOTE_LIMIT) {
      const inner = message.slice(i + 1, close);
      out += `${message.slice(from, i + 1)}${[...inner.slice(0, 2 * QUOTE_LIMIT)].slice(0, QUOTE_LIMIT - 1).join('')}…${quote} (${fmt(inner.length)} characters)`;
      from = close + 1;
    }
    i = close;
  }
  return out + message.slice(from);
}

/** A commander option parser for whole numbers in [min, max]. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value.replaceAll('_', ''));
    if (!/^\s*-?[\d_]+\s*$/u.test(value) || !Number.isSafeInteger(n)) {
      throw new InvalidArgumentError('expected a whole number.');
    }
    if (n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `expected a whole number ≥ ${min}.` : `expected a whole number from ${min} to ${max}.`,
      );
    }
    return n;
  };
}
