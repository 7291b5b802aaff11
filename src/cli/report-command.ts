// The `acesup report` command: reads summary and per-deal CSVs and writes the HTML report (and SVG charts);
// its options and help are in report.ts. Also the replay page of `acesup solve --html`.

import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../batch/csv.ts';
import { DealPageGames, dealPage } from '../report/deal-page.ts';
import { UsageError } from './errors.ts';

export interface ReportFlags {
  out?: string;
  svg?: string;
}

export async function reportCommand(files: string[], flags: ReportFlags): Promise<void> {
  if (flags.out === undefined && flags.svg === undefined) throw new UsageError('say where to write: --out report.html and/or --svg DIR');
  // Loaded here, not at start-up: the charting library takes half a second to load, which every other command would pay.
  const { readInputs } = await import('../report/data.ts');
  const inputs = await readInputs(files);
  if (inputs.summaries.length === 0 && inputs.series.length === 0) throw new UsageError('nothing to draw: the files hold no rows');
  const [{ buildCharts }, { reportPage }] = await Promise.all([import('../report/charts.ts'), import('../report/report-page.ts')]);
  const charts = await buildCharts(inputs.summaries, inputs.series);
  const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  if (flags.svg !== undefined) {
    try {
      await mkdir(flags.svg, { recursive: true });
    } catch (error) {
      throw new UsageError(`cannot make the folder ${flags.svg}: ${(error as Error).message}`);
    }
    for (const chart of charts) await writeOut(join(flags.svg, `${chart.id}.svg`), chart.svg);
  }
  if (flags.out !== undefined) await writeOut(flags.out, reportPage(charts, inputs.summaries, inputs.series, { version, files }));
  const wrote = [
    ...(flags.out === undefined ? [] : [flags.out]),
    ...(flags.svg === undefined ? [] : [`${charts.length} SVG files in ${flags.svg}`]),
  ];
  console.error(
    `acesup: ${count(charts.length, 'chart')} from ${count(inputs.summaries.length, 'run')} and ${count(inputs.series.length, 'per-deal series', 'per-deal series')}; wrote ${wrote.join(' and ')}`,
  );
}

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

export { DealPageGames };

/** `n thing` or `n things`. */
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
