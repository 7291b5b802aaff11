// `acesup merge`: its options and help, and the merge: puts the per-deal CSVs of shards together and prints the
// summary of the whole run. Its modules (src/batch) are loaded when it runs, so that --help loads the definitions
// alone.

import type { Command } from 'commander';
import { fmt } from '../../core/game/format.ts';
import { EXIT_IO, EXIT_OK, UsageError, ioReason } from '../errors.ts';

interface MergeFlags {
  csv?: string;
  summary?: string;
  json?: boolean;
  timings: boolean;
  allowMixed?: boolean;
  /** --control and --tail-control, as with estimate (each may be given once per variant). */
  control?: string[];
  tailControl?: string[];
}

export function addMergeCommand(program: Command): void {
  program
    .command('merge')
    .summary('put per-deal CSVs of shards together and print the summary of the whole run')
    .description(
      'Read per-deal CSVs written by `acesup estimate --shard K/N --csv …` (or any runs of one seed, ' +
        'variants and discard rules that do not overlap) and print the summary one run over all of them ' +
        'would print. Time is the solving time summed from the ms column. Results of other budgets, search ' +
        'modes or versions are refused (--allow-mixed to merge them anyway); deals of the run that no file ' +
        'holds (a missing shard) are reported.',
    )
    .argument('<files...>', 'the per-deal CSV files (plain or gzipped; "-" for standard input)')
    .option('--csv <file>', 'write the merged per-deal CSV (sorted as one run writes it; "-": standard output)')
    .option('--no-timings', 'leave the ms column of the merged CSV empty')
    .option('--summary <file>', 'write the summary CSV ("-": standard output)')
    .option('--json', 'print the summary as JSON Lines (one object per rule set) instead of text')
    .option(
      '--control <summary>',
      "the summary CSV of a larger run of the control rule set, as with estimate --control (once per variant; the files of a default-plan run: the plan's own, where it fits)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--tail-control <summary>',
      "the summary CSV of a larger run of the optional rule set whose tail stands for these rows', as with estimate --tail-control",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--allow-mixed',
      'merge files whose results differ in --max-states, --passes, --max-discards, version or search (refused without it); the summary says so',
    )
    .action(async (files: string[], flags: MergeFlags, command: Command) => {
      process.exitCode = await mergeCommand(files, flags, command);
    });
}

/** Reads the files, writes the merged CSV and the summary file, prints the summary; the exit code. */
async function mergeCommand(files: string[], flags: MergeFlags, command: Command): Promise<number> {
  const { writeDealsCsv } = await import('../../batch/csv.ts');
  const { isStdio } = await import('../../batch/files.ts');
  const { mergeDealFiles } = await import('../../batch/merge.ts');
  const { summarise } = await import('../../batch/summarise.ts');
  const { controlsOf } = await import('../../batch/estimate-plan.ts');
  const { passBudgets } = await import('../../batch/provenance.ts');
  const { applyImplications, sampledByProvenance } = await import('../../batch/implications.ts');
  const { checkOutputs, checkWritable, refuseIfGiven } = await import('../../batch/plan-checks.ts');
  const { commandLine, passesText, provenance, writeSummary } = await import('../batch-output.ts');
  if (files.filter(isStdio).length > 1) throw new UsageError('standard input (-) can be read once only');
  if (flags.csv === undefined) {
    const warnings: string[] = [];
    const given = new Set(command.getOptionValueSource('timings') === 'cli' ? ['timings'] : []);
    refuseIfGiven(
      given,
      warnings,
      '--no-timings',
      'timings',
      'does nothing without --csv FILE: it empties the ms column of the merged file',
      true,
    );
    for (const line of warnings) process.stderr.write(`acesup: warning: ${line}\n`);
  }
  checkOutputs(
    [
      ['--csv', flags.csv],
      ['--summary', flags.summary],
    ],
    files.filter((file) => !isStdio(file)),
  );
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  const { table, rows, gaps, missing, mixed } = await mergeDealFiles(files, { allowMixed: flags.allowMixed === true });
  // Runs of rule sets that nest, put together: what one proves of another's unknown deals (Lemma L).
  const implied = applyImplications(table, sampledByProvenance(table));
  let csvFailure: string | undefined;
  if (flags.csv !== undefined) {
    try {
      await writeDealsCsv(flags.csv, table, flags.timings);
    } catch (error) {
      csvFailure = `cannot write --csv ${flags.csv}: ${ioReason(error)}`;
    }
  }
  // The controls: those given, or the stored reference runs where they fit these rows (as a run's summary has
  // them); a stored tail must share the rows' search, first budgets and mode. Where none fits, nothing is said:
  // the files, not an option, chose their deals.
  const first = table.provenances[0];
  const budgets = first === undefined ? [] : passBudgets(first);
  const warnings: string[] = [];
  const controls = await controlsOf(
    flags.control === undefined && flags.tailControl === undefined ? 'default' : flags,
    table.rulesets,
    table.seed,
    { first: table.first, last: table.first + table.count - 1 },
    { search: first?.search ?? '', budgets, maxDiscards: first?.max_discards_mode ?? '' },
    warnings,
    [],
  );
  for (const line of warnings) process.stderr.write(`acesup: warning: ${line}\n`);
  const summaries = summarise(table, controls);
  // A table's provenances are those of its rows (each added by the first row that has it).
  const used = table.provenances;
  const uniform = (column: 'max_states' | 'max_discards_mode' | 'search'): string | null => {
    const values = new Set(used.map((p) => p[column]));
    return values.size === 1 && !values.has('') ? [...values][0]! : null;
  };
  const maxStates = uniform('max_states');
  // '' (one pass) is a plan too.
  const plans = new Set(used.map((p) => p.passes));
  const passes = plans.size === 1 ? [...plans][0]! : null;
  const samples = new Set(used.map((p) => p.sample_unknowns));
  const sample = samples.size === 1 ? [...samples][0]! : null;
  const budget =
    maxStates === null
      ? ''
      : ` · max states ${fmt(Number(maxStates))}${passes === null || passes === '' ? '' : `, passes ${passesText(passes.split(' ').map(Number))}`}` +
        `${sample === null || sample === '' ? '' : ` for a sample of ${sample} of the unknown deals`}` +
        `${uniform('max_discards_mode') === 'bounds' ? ' (verdicts only)' : ''}`;
  const missingText =
    missing
      .slice(0, 3)
      .map(([start, stop]) => (stop - start === 1 ? `${start}` : `${start}–${stop - 1}`))
      .join(', ') + (missing.length > 3 ? ', …' : '');
  const heading =
    `${mixed.length > 0 ? `MIXED RESULTS (they differ in ${mixed.join(', ')}; merged with --allow-mixed) — ` : ''}` +
    `seed ${table.seed} · deals ${fmt(table.first)}–${fmt(table.first + table.count - 1)}${budget} · merged from ${files.length} file${files.length === 1 ? '' : 's'}`;
  const closing =
    `Read ${fmt(rows)} deal × rule set results` +
    (implied > 0 ? `; ${fmt(implied)} unknown ones proved by another rule set's verdict of the same deal (implied_by)` : '') +
    '.' +
    (gaps > 0 ? ` ${fmt(gaps)} results of the run's deals are in no file (deals ${missingText}: a missing or unfinished shard?).` : '');
  const failures = await writeSummary(
    {
      heading,
      closing,
      summaries,
      run: {
        command: commandLine(),
        ...provenance(),
        seed: table.seed,
        wallSeconds: null,
        workers: null,
        maxStates: maxStates === null ? null : Number(maxStates),
        complete: gaps === 0,
        maxDiscards: uniform('max_discards_mode'),
        search: uniform('search'),
        mixed,
        passes,
        sample,
      },
    },
    flags,
  );
  if (gaps > 0)
    console.error(
      `acesup: note: ${fmt(gaps)} results of deals ${table.first}–${table.first + table.count - 1} are missing (deals ${missingText})`,
    );
  if (mixed.length > 0) console.error(`acesup: note: the merged results differ in ${mixed.join(', ')} (--allow-mixed)`);
  for (const failure of [...(csvFailure === undefined ? [] : [csvFailure]), ...failures]) console.error(`acesup: ${failure}`);
  return csvFailure !== undefined || failures.length > 0 ? EXIT_IO : EXIT_OK;
}
