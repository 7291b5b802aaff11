// The `acesup report` command: reads summary and per-deal CSVs and writes the HTML report (and SVG charts);
// its options and help are in report.ts.

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError, ioError } from './errors.ts';
import { checkWritable, writeOut } from './page-files.ts';
import { loadReportModules } from './report-libraries.ts';

export interface ReportFlags {
  out?: string;
  svg?: string;
}

export async function reportCommand(files: string[], flags: ReportFlags): Promise<void> {
  if (flags.out === undefined && flags.svg === undefined) throw new UsageError('say where to write: --out report.html and/or --svg DIR');
  // Every output checked before any work: a path that cannot be written is one line, at once.
  if (flags.out !== undefined) checkWritable(flags.out, '--out');
  if (flags.svg !== undefined) await makeFolder(flags.svg);
  // Loaded here, before any file is read (they may be missing: an optional peer dependency), not at start-up: the
  // charting library takes half a second to load, which every other command would pay.
  const [{ buildCharts }, { reportPage }] = await loadReportModules();
  const { readInputs } = await import('../report/data.ts');
  const inputs = await readInputs(files);
  if (inputs.summaries.length === 0 && inputs.series.length === 0) throw new UsageError('nothing to draw: the files hold no rows');
  const charts = await buildCharts(inputs.summaries, inputs.series);
  const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  if (flags.svg !== undefined) for (const chart of charts) await writeOut(join(flags.svg, `${chart.id}.svg`), chart.svg);
  if (flags.out !== undefined) await writeOut(flags.out, reportPage(charts, inputs.summaries, inputs.series, { version, files }));
  const wrote = [
    ...(flags.out === undefined ? [] : [flags.out]),
    ...(flags.svg === undefined ? [] : [`${charts.length} SVG files in ${flags.svg}`]),
  ];
  console.error(
    `acesup: ${count(charts.length, 'chart')} from ${count(inputs.summaries.length, 'run')} and ${count(inputs.series.length, 'per-deal series', 'per-deal series')}; wrote ${wrote.join(' and ')}`,
  );
}

/** Makes the --svg folder (and those above it), and checks that a file can be written in it. */
async function makeFolder(folder: string): Promise<void> {
  const probe = join(folder, `.acesup-${process.pid}.tmp`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    throw ioError('write', `--svg ${folder}`, error);
  }
}

/** `n thing` or `n things`. */
const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
