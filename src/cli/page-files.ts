// Writing the pages the commands make, a bad path becoming one line for the user: the report's files
// (report-command.ts) and the replay page of `acesup solve --html` (solve-command.ts).

import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../batch/files.ts';
import { type DealPageGames, dealPage } from '../report/deal-page.ts';
import { UsageError } from './errors.ts';

/** Writes a file, turning a bad path into one line for the user. */
export async function writeOut(file: string, content: string): Promise<void> {
  try {
    await writeFileAtomic(file, content);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR' || code === 'ENOTDIR' || code === 'EROFS') {
      throw new UsageError(`cannot write ${file}: ${code === 'ENOENT' ? 'no such folder' : (error as Error).message}`);
    }
    throw error;
  }
}

/** Refuses, before any work, an output whose folder does not exist (writeOut's message, minutes sooner). */
export async function checkFolderOf(file: string): Promise<void> {
  try {
    if (!(await stat(dirname(file))).isDirectory()) throw new UsageError(`cannot write ${file}: ${dirname(file)} is not a folder`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`cannot write ${file}: no such folder`);
    throw error;
  }
}

/** Writes the replay page of the one deal that `acesup solve --html` solved (`failed`: a bad input line was reported). */
export async function writeDealPage(file: string, collected: DealPageGames, failed: boolean): Promise<void> {
  if (collected.deal === undefined) {
    // A bad deal has been reported already, in one line.
    if (failed) return;
    throw new UsageError(`--html ${file}: no deal was given, so no page was written`);
  }
  if (collected.deals > 1)
    throw new UsageError(`--html ${file}: the page is of one deal, but ${collected.deals} deals were given; no page was written`);
  const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  await writeOut(file, dealPage(collected.deal, collected.games, { version }));
}
