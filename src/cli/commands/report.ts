// `acesup report`: its options and help, and the report: reads summary and per-deal CSVs and writes the HTML report
// (and SVG charts). Its charting libraries, vega and vega-lite, are optional peer dependencies of the package, so
// that an install for the solver, the estimate or the library brings no plotting stack: they are loaded when the
// command runs, and where they are missing it says in one line how to add them.

import type { Command } from 'commander';
import { UsageError, ioError } from '../errors.ts';

interface ReportFlags {
  out?: string;
  svg?: string;
}

export function addReportCommand(program: Command): void {
  program
    .command('report')
    .summary("draw an HTML report (win rates, max discards, search cost, running estimate) from estimate's CSVs")
    .description(
      'Read summary CSVs (--summary of estimate or merge) and per-deal CSVs (--csv, plain or gzipped; told apart ' +
        'by their header) and write one self-contained HTML page: charts of the win rate per variant × discard rule with its 95% ' +
        'interval and undecided band, the max-discards distribution, states per deal, and the running estimate against deals solved ' +
        '(per-deal files), beside a table of every figure with its command, seed, budget, version and commit. The page needs no network ' +
        'and no script. The max-discards chart and the running estimate draw, per variant × rule, the largest run given.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  acesup report results/win-rates/*.summary.csv results/win-rates/standard-forced-100k.csv.gz --out report.html\n' +
        '  acesup report run.summary.csv run.csv --out report.html --svg charts/    also each chart as an SVG file',
    )
    .argument('<files...>', 'summary CSVs and per-deal CSVs (.csv or .csv.gz)')
    .option('-o, --out <file>', 'the HTML file to write')
    .option('--svg <dir>', 'also write each chart as an SVG file into this folder')
    .action(async (files: string[], flags: ReportFlags) => {
      await reportCommand(files, flags);
    });
}

/** Draws the charts of the files and writes the page (and the SVG files). */
async function reportCommand(files: string[], flags: ReportFlags): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { checkWritable, writeOut } = await import('../page-files.ts');
  if (flags.out === undefined && flags.svg === undefined) throw new UsageError('say where to write: --out report.html and/or --svg DIR');
  // Every output checked before any work: a path that cannot be written is one line, at once.
  if (flags.out !== undefined) checkWritable(flags.out, '--out');
  if (flags.svg !== undefined) await makeFolder(flags.svg);
  // Loaded here, before any file is read (they may be missing: an optional peer dependency), not at start-up: the
  // charting library takes half a second to load, which every other command would pay.
  const [{ buildCharts }, { reportPage }] = await loadReportModules();
  const { readInputs } = await import('../../report/data.ts');
  const inputs = await readInputs(files);
  if (inputs.summaries.length === 0 && inputs.series.length === 0) throw new UsageError('nothing to draw: the files hold no rows');
  const charts = await buildCharts(inputs.summaries, inputs.series);
  const { version } = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
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
  const { mkdir, rm, writeFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
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

/** The packages the report draws with, as a user installs them. */
const CHART_PACKAGES = ['vega', 'vega-lite'] as const;

/** Whether `error` is the failure to find one of the chart packages (not an error inside one). */
function missingPackage(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  const message = (error as Error).message;
  return CHART_PACKAGES.find((name) => message.includes(`'${name}'`) || message.includes(`"${name}"`));
}

/** The report's chart and page modules, once vega and vega-lite are found; a UsageError naming the install otherwise. */
async function loadReportModules(): Promise<[typeof import('../../report/charts.ts'), typeof import('../../report/report-page.ts')]> {
  try {
    return await Promise.all([import('../../report/charts.ts'), import('../../report/report-page.ts')]);
  } catch (error) {
    const missing = missingPackage(error);
    if (missing === undefined) throw error;
    throw new UsageError(
      `the report draws its charts with ${CHART_PACKAGES.join(' and ')}, which are not installed (${missing} is missing): npm install ${CHART_PACKAGES.join(' ')}`,
    );
  }
}
