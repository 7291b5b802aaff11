// How the CLI reports problems: known errors print one line and exit with a code; anything else is a bug.

import { InvalidArgumentError } from 'commander';
import { InputError } from '../core/cards.ts';

/** Exit codes: 0 success; 1 a verdict of "no" (verify: invalid) or a failed run (a deal threw, a worker
 *  died); 2 bad input or options; 130 interrupted. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERRUPTED = 130;

/** A problem with the command line or the input that the user can fix: printed as one line, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(message: string, readonly exitCode = EXIT_USAGE) {
    super(message);
  }
}

/** Whether `error` is a known, user-facing error (as opposed to a bug, shown with its stack). */
export function isKnownError(error: unknown): error is Error {
  return error instanceof UsageError || error instanceof InputError;
}

/** A commander option parser for whole numbers in [min, max]. */
export function integerOption(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value.replaceAll('_', ''));
    if (!/^\s*-?[\d_]+\s*$/u.test(value) || !Number.isSafeInteger(n)) {
      throw new InvalidArgumentError('expected a whole number.');
    }
    if (n < min || n > max) {
      throw new InvalidArgumentError(max === Number.MAX_SAFE_INTEGER ? `expected a whole number ≥ ${min}.` : `expected a whole number from ${min} to ${max}.`);
    }
    return n;
  };
}
