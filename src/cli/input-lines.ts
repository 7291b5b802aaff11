// The lines of a deal or move-list input (`--file F`, or standard input), as solve, verify and play read them:
// numbered, blank lines and `#` comments skipped.

import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ioError } from './errors.ts';

/** The lines of `file` ("-" or undefined: standard input) as `[lineNumber, text]`, trimmed, skipping blank lines
 *  and `#` comments. A file that cannot be read is an IoError (exit 3). */
export async function* inputLines(file: string | undefined): AsyncGenerator<[number, string]> {
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
  let number = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    number += 1;
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    yield [number, text];
  }
}
