// The `acesup report` command: reads summary and per-deal CSVs and writes the HTML report (and SVG charts);
// its options and help are in report.ts.

import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from './errors.ts';
import { checkFolderOf, writeOut } from './page-files.ts';
import { loadReportModules } from './report-libraries.ts';

export interface ReportFlags {
  out?: string;
  svg?: string;
}

export async function reportCommand(files: string[], flags: ReportFlags): Promise<void> {
  if (flags.out === undefined && flags.svg === undefined) throw new UsageError('say where to write: --out report.html and/or --svg DIR');
  if (flags.out !== undefined) await checkFolderOf(flags.out);
  // Loaded here, before any file is read (they may be missing: an optional peer dependency), not at start-up: the
  // charting library takes half a second to load, which every other command would pay.
  const [{ buildCharts }, { reportPage }] = await loadReportModules();
  const { readInputs } = await import('../report/data.ts');
  const inputs = await readInputs(files);
  if (inputs.summaries.length === 0 && inputs.series.length === 0) throw new UsageError('nothing to draw: the files hold no rows');
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

/** `n thing` or `n things`. */
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
