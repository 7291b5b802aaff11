// The `acesup report` command's options and help; it runs in report-command.ts, loaded when the command runs.

import type { Command } from 'commander';
import type { ReportFlags } from './report-command.ts';

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
      const { reportCommand } = await import('./report-command.ts');
      await reportCommand(files, flags);
    });
}
