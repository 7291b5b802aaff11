// Where solve, verify and play read their deals: one deal (an argument, or deal I of seed S), or the lines of a
// file or standard input, numbered, blank lines and `#` comments skipped.

import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type Deal, parseDeal } from '../core/game/cards.ts';
import { dealFor } from '../core/game/deals.ts';
import { parseReversedDeal } from '../core/game/reverse.ts';
import { UsageError, ioError } from './errors.ts';

/** The lines of `file` ("-" or undefined: standard input) as `[lineNumber, text]`, trimmed, skipping blank lines
 *  and `#` comments. A file that cannot be read is an IoError (exit 3). Aborting `stop` closes the input: the
 *  lines end there. */
export async function* inputLines(file: string | undefined, stop?: AbortSignal): AsyncGenerator<[number, string]> {
  const named = file !== undefined && file !== '-';
  if (named && statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw ioError('read', file, Object.assign(new Error('is a folder'), { code: 'EISDIR' }));
  const input = named ? createReadStream(file, 'utf8') : process.stdin;
  if (named) {
    await new Promise<void>((resolve, reject) => {
      input.once('open', () => resolve());
      input.once('error', (error: Error) => reject(ioError('read', file, error)));
    });
  }
  stop?.addEventListener('abort', () => input.destroy(), { once: true });
  let number = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    number += 1;
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    yield [number, text];
  }
}

/** What names one deal: the deal as an argument (its words), or deal --index of --seed. */
export interface OneDealFlags {
  file?: string;
  seed?: number;
  index?: number;
}

/**
 * The one deal that the arguments or --seed/--index name, or undefined when the deals are to be read from --file
 * or standard input. Read with aces low under --reverse; deal I of seed S is the standard game's, as `acesup deal`
 * makes it (its --reverse writes the same deal in that reading). A usage error when they conflict.
 */
export function oneDeal(words: readonly string[], flags: OneDealFlags, reverse: boolean): Deal | undefined {
  if (flags.index !== undefined && flags.seed === undefined) throw new UsageError('--index needs --seed: deal I of seed S');
  const sources = [
    words.length > 0 ? 'the deal as an argument' : '',
    flags.seed === undefined ? '' : '--seed',
    flags.file === undefined ? '' : '--file',
  ];
  const given = sources.filter((source) => source !== '');
  if (given.length > 1) throw new UsageError(`give one deal source: ${given.join(' or ')}, not both`);
  if (flags.seed !== undefined) return dealFor(flags.seed, flags.index ?? 0);
  if (words.length === 0) return undefined;
  return reverse ? parseReversedDeal(words.join(' ')) : parseDeal(words.join(' '));
}
