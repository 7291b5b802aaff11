// Writing the pages the commands make, a bad path becoming one line for the user: the report's files
// (commands/report.ts) and the replay page of `acesup solve --html` (commands/solve.ts).

import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../batch/files.ts';
import { type DealPageGames, dealPage } from '../report/deal-page.ts';
import { ioError } from './errors.ts';

/** Writes a file, a failure becoming one line for the user (exit 3). */
export async function writeOut(file: string, content: string): Promise<void> {
  try {
    await writeFileAtomic(file, content);
  } catch (error) {
    throw ioError('write', file, error);
  }
}

/** Refuses, before any work, an output that cannot be written (writeOut's message, minutes sooner). */
export { checkWritable } from '../batch/plan-checks.ts';

/** Writes the replay page of the one deal that `acesup solve --html` solved. */
export async function writeDealPage(file: string, collected: DealPageGames): Promise<void> {
  if (collected.deal === undefined) throw new Error('no deal was given to the page');
  const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  await writeOut(file, dealPage(collected.deal, collected.games, { version }));
}
