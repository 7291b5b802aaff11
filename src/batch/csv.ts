// The per-deal CSV (one row per deal and rule set), written: its rows in order, under a temporary name then
// renamed (its columns: csv-columns.ts; reading it back: csv-read.ts).

import type * as CsvStringify from 'csv-stringify';
import type * as CsvStringifySync from 'csv-stringify/sync';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { formatDeal } from '../core/game/cards.ts';
import { dealFor } from '../core/game/deals.ts';
import { writeFileAtomic } from './files.ts';
import { PROVENANCE_COLUMNS, type Provenance } from './provenance.ts';
import { type DealRecord, OUTCOME_NAMES, type ResultTable, type Ruleset, type DealResult } from './results.ts';
import { rulesetsNest } from './implications.ts';
import { dealColumns, hasPasses, hasSample } from './csv-columns.ts';

// The CSV libraries are loaded on first use: they are a sixth of the command's start-up, and most
// commands never read or write a CSV.
const load = createRequire(import.meta.url);
const stringifySync = (input: CsvStringify.Input): string => (load('csv-stringify/sync') as typeof CsvStringifySync).stringify(input);
const stringify = (options?: CsvStringify.Options): CsvStringify.Stringifier =>
  (load('csv-stringify') as typeof CsvStringify).stringify(options ?? {});

/** The fields `result` … `ms` of a verdict: `ms` empty without timings or when unknown. */
const verdictFields = (verdict: DealResult, timings: boolean): string[] => [
  OUTCOME_NAMES[verdict.outcome],
  String(verdict.lower),
  String(verdict.upper),
  String(verdict.states),
  timings && !Number.isNaN(verdict.ms) ? verdict.ms.toFixed(3) : '',
];

/**
 * A row's fields as written: `provenance` and `run` as the provenance and run-range fields; `passes`, the
 * row's plan in a file with the pass columns (undefined: a file without them); `sample`, its sample share in a
 * file with the sample column.
 */
export function dealRowFields(
  seed: number,
  index: number,
  deal: string,
  ruleset: Ruleset,
  record: DealRecord,
  timings: boolean,
  provenance: readonly string[],
  run: readonly string[],
  passes?: string,
  sample?: string,
  implied = false,
): string[] {
  return [
    String(seed),
    String(index),
    deal,
    ruleset.variant,
    ruleset.rule,
    ...verdictFields(record, timings),
    ...provenance,
    ...run,
    ...(ruleset.policy === undefined ? [] : [ruleset.policy]),
    ...(record.solver === undefined ? [] : verdictFields(record.solver, timings)),
    // The first provenance field is max_states: the budget of the first pass.
    ...(passes === undefined
      ? []
      : [
          passes,
          record.budget === undefined ? provenance[0]! : String(record.budget),
          timings && record.msAll !== undefined ? record.msAll.toFixed(3) : '',
        ]),
    ...(sample === undefined ? [] : [sample]),
    ...(implied ? [record.impliedBy ?? ''] : []),
  ];
}

/** The provenance fields of a row, in column order. */
export const provenanceFields = (p: Provenance): string[] => PROVENANCE_COLUMNS.map((column) => p[column]);

/** The rows of `table`, in the order they are written: by deal index, then rule set; with the implied_by
 *  field when `implied` (the caller's choice for the whole file, so that every row matches its header). */
export function* dealRows(table: ResultTable, timings: boolean, implied: boolean): Generator<string[]> {
  const run = [String(table.run.first), String(table.run.last)];
  const provenances = table.provenances.map(provenanceFields);
  const passes = hasPasses(table.provenances);
  const sample = hasSample(table.provenances);
  for (let index = table.first; index < table.first + table.count; index++) {
    let deal: string | undefined;
    for (let slot = 0; slot < table.rulesets.length; slot++) {
      const record = table.get(slot, index);
      if (record === undefined) continue;
      deal ??= formatDeal(dealFor(table.seed, index));
      const source = provenances.length === 1 ? undefined : table.provenanceOf(slot, index);
      const provenance = source === undefined ? provenances[0]! : provenanceFields(source);
      const of = source ?? table.provenances[0]!;
      yield dealRowFields(
        table.seed,
        index,
        deal,
        table.rulesets[slot]!,
        record,
        timings,
        provenance,
        run,
        passes ? of.passes : undefined,
        sample ? of.sample_unknowns : undefined,
        implied,
      );
    }
  }
}

/** The header line of the per-deal CSV (`passes`: with the pass columns; `sample`: with the sample column). */
export const dealHeader = (rulesets: readonly Ruleset[], passes = false, sample = false, implied = false): string =>
  stringifySync([dealColumns(rulesets, passes, sample, implied)]);

/** Rows as CSV text (no header), as `writeDealsCsv` writes them. */
export const csvText = (rows: Iterable<string[]> | AsyncIterable<string[]>): Readable => Readable.from(rows).pipe(stringify());

/**
 * Writes every solved deal of `table` to `file`: rows by deal index, then variant (standard, strict, easy),
 * then discard rule (optional, forced). Written under a temporary name and renamed when complete. With
 * `timings` false the `ms` column is left empty, so that the file depends on nothing but the deals.
 */
export async function writeDealsCsv(file: string, table: ResultTable, timings: boolean): Promise<void> {
  const implied = rulesetsNest(table.rulesets) || table.hasImplied();
  const rows = Readable.from(dealRows(table, timings, implied));
  await writeFileAtomic(
    file,
    rows.pipe(
      stringify({
        header: true,
        columns: dealColumns(table.rulesets, hasPasses(table.provenances), hasSample(table.provenances), implied),
      }),
    ),
  );
}
