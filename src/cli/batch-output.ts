// What `estimate` and `merge` print and record about a run: the summary (a CSV file, text or JSON Lines),
// the command line as typed, and the version and git commit of the sources.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isStdio, writeFileAtomic } from '../batch/files.ts';
import type { RulesetSummary } from '../batch/summary.ts';
import { type RunInfo, summaryCsv, summaryJsonLines } from '../batch/summary-file.ts';
import { summaryText } from './summary-text.ts';
import { ioReason } from './errors.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** The command line as typed, quoted where a shell would need it (for the summary file). */
export function commandLine(): string {
  const quote = (word: string): string => (/^[\w./:=@%+,-]+$/u.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
  return ['acesup', ...process.argv.slice(2)].map(quote).join(' ');
}

/** The package version and the git commit of the sources (with -dirty when a tracked file outside results/
 *  changed: a study that writes several summaries in turn is run from a clean commit all the same). */
export function provenance(): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    // One git process for both: the commit ("# branch.oid") and the tracked files changed (the other lines).
    const status = execFileSync(
      'git',
      ['-C', REPO, 'status', '--porcelain=v2', '--branch', '--untracked-files=no', '--', '.', ':!results'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const oid = /^# branch\.oid ([0-9a-f]{40,})$/mu.exec(status)?.[1];
    if (oid !== undefined) commit = oid + (status.split('\n').some((line) => line !== '' && !line.startsWith('# ')) ? '-dirty' : '');
  } catch {
    // not a git checkout, or no git: the commit stays unknown
  }
  return { version, commit };
}

export interface RunSummary {
  heading: string;
  closing: string;
  summaries: RulesetSummary[];
  run: RunInfo;
}

export interface OutputFlags {
  json?: boolean;
  csv?: string;
  summary?: string;
}

/**
 * Writes the summary file, then prints the summary (text, or JSON Lines with --json) — on standard error
 * when standard output carries a CSV (`--csv -` or `--summary -`). Returns the messages of writes that
 * failed (the run goes on to print what it can).
 */
export async function writeSummary(r: RunSummary, flags: OutputFlags): Promise<string[]> {
  const failures: string[] = [];
  if (flags.summary !== undefined) {
    try {
      await writeFileAtomic(flags.summary, summaryCsv(r.summaries, r.run));
    } catch (error) {
      failures.push(`cannot write --summary ${flags.summary}: ${ioReason(error)}`);
    }
  }
  const text = flags.json ? summaryJsonLines(r.summaries, r.run) : `${summaryText(r.heading, r.summaries, r.closing)}\n`;
  const toStderr = (flags.csv !== undefined && isStdio(flags.csv)) || (flags.summary !== undefined && isStdio(flags.summary));
  (toStderr ? process.stderr : process.stdout).write(text);
  return failures;
}

/** The later passes of a plan as printed: "×8, ×64". */
export const passesText = (factors: readonly number[]): string => factors.map((f) => `×${f}`).join(', ');
