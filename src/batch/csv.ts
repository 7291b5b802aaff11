// The per-deal CSV (one row per deal and rule set): its columns, writing it in row order under a temporary
// name then renaming it, and reading it back row by row with the problems named by file and line.

import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InputError, formatDeal } from '../core/cards.ts';
import { WIN_DISCARDS } from '../core/rules.ts';
import { MAX_SEED, dealFor } from './deals.ts';
import { type DealRecord, OUTCOME_NAMES, type Outcome, ResultTable } from './results.ts';

/** The columns of the per-deal CSV, in order. */
export const DEAL_COLUMNS = [
  'seed', 'index', 'deal', 'variant', 'discards', 'result', 'max_discards_lower', 'max_discards_upper', 'states', 'ms',
] as const;

/** The temporary name a file is written under before it is renamed into place. */
export const temporaryName = (file: string): string => `${file}.${process.pid}.tmp`;

/** Writes `content` (or the stream of `chunks`) to `file` through a temporary file renamed when complete. */
export async function writeFileAtomic(file: string, content: string | Readable): Promise<void> {
  const temporary = temporaryName(file);
  try {
    if (typeof content === 'string') await writeFile(temporary, content);
    else await pipeline(content, createWriteStream(temporary));
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A deal's row: every field as written, `ms` empty without timings or when unknown. */
function* dealRows(table: ResultTable, timings: boolean): Generator<string[]> {
  const seed = String(table.seed);
  for (let index = table.first; index < table.first + table.count; index++) {
    let deal: string | undefined;
    for (let slot = 0; slot < table.rulesets.length; slot++) {
      const record = table.get(slot, index);
      if (record === undefined) continue;
      deal ??= formatDeal(dealFor(table.seed, index));
      const { variant, discards } = table.rulesets[slot]!;
      yield [
        seed, String(index), deal, variant, discards, OUTCOME_NAMES[record.outcome], String(record.lower), String(record.upper),
        String(record.states), timings && !Number.isNaN(record.ms) ? record.ms.toFixed(3) : '',
      ];
    }
  }
}

/**
 * Writes every solved deal of `table` to `file`: rows by deal index, then variant (standard, strict, easy),
 * then discard rule (optional, forced). Written under a temporary name and renamed when complete. With
 * `timings` false the `ms` column is left empty, so that the file depends on nothing but the deals.
 */
export async function writeDealsCsv(file: string, table: ResultTable, timings: boolean): Promise<void> {
  const rows = Readable.from(dealRows(table, timings));
  await writeFileAtomic(file, rows.pipe(stringify({ header: true, columns: [...DEAL_COLUMNS] })));
}

/** One row of a per-deal CSV, read and checked for form (not yet against a run). */
export interface DealRow {
  seed: number;
  index: number;
  deal: string;
  variant: string;
  discards: string;
  record: DealRecord;
}

const OUTCOMES: Readonly<Record<string, Outcome>> = { won: 1, lost: 2, unknown: 3 };

/**
 * Reads a per-deal CSV, calling `onRow` with each row and its line number. Throws an InputError naming the
 * file and line of the first row that is not of the form this program writes.
 */
export async function readDealsCsv(file: string, onRow: (row: DealRow, line: number) => void): Promise<void> {
  const parser = parse({ relax_column_count: true, info: true });
  const input = createReadStream(file);
  const opened = new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', (error: NodeJS.ErrnoException) =>
      reject(new InputError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`)));
  });
  await opened;
  input.pipe(parser);
  let header = true;
  try {
    for await (const { record: fields, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      const where = `${file} line ${line}`;
      if (header) {
        if (fields.join(',') !== DEAL_COLUMNS.join(',')) {
          throw new InputError(`${file} is not a per-deal CSV of acesup: expected the header ${DEAL_COLUMNS.join(',')}`);
        }
        header = false;
        continue;
      }
      if (fields.length !== DEAL_COLUMNS.length) throw new InputError(`${where}: expected ${DEAL_COLUMNS.length} fields, found ${fields.length}`);
      const [seed, index, deal, variant, discards, result, lower, upper, states, ms] = fields as [string, string, string, string, string, string, string, string, string, string];
      const whole = (text: string, name: string, max = Number.MAX_SAFE_INTEGER): number => {
        const n = Number(text);
        if (!/^\d+$/u.test(text) || !Number.isSafeInteger(n) || n > max) throw new InputError(`${where}: ${name} "${text}" is not a whole number`);
        return n;
      };
      const outcome = OUTCOMES[result];
      if (outcome === undefined) throw new InputError(`${where}: result "${result}" is not won, lost or unknown`);
      const record: DealRecord = {
        outcome,
        lower: whole(lower, 'max_discards_lower', WIN_DISCARDS),
        upper: whole(upper, 'max_discards_upper', WIN_DISCARDS),
        states: whole(states, 'states'),
        ms: ms === '' ? Number.NaN : Number(ms),
      };
      if (Number.isNaN(record.ms) && ms !== '') throw new InputError(`${where}: ms "${ms}" is not a number`);
      onRow({ seed: whole(seed, 'seed', MAX_SEED), index: whole(index, 'index'), deal, variant, discards, record }, line);
    }
  } catch (error) {
    input.destroy();
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('CSV_')) {
      throw new InputError(`${file}: ${error.message}`);
    }
    throw error;
  }
  if (header) throw new InputError(`${file} is empty: expected the header ${DEAL_COLUMNS.join(',')}`);
}

/** Checks that a row's deal string is deal `index` of `seed` (caching the last deal, as rows come by index). */
export function dealMatcher(seed: number): (index: number, deal: string) => boolean {
  let lastIndex = -1;
  let lastDeal = '';
  return (index, deal) => {
    if (index !== lastIndex) {
      lastIndex = index;
      lastDeal = formatDeal(dealFor(seed, index));
    }
    return deal === lastDeal;
  };
}

/**
 * Reads a per-deal CSV written by an earlier, interrupted run into `table` (to resume it). Every row must
 * belong to this run: the same seed, a deal index in its range, one of its rule sets, the deal that
 * (seed, index) gives, and no row twice. Returns the number of rows read.
 */
export async function readIntoTable(file: string, table: ResultTable): Promise<number> {
  const matches = dealMatcher(table.seed);
  const last = table.first + table.count - 1;
  let rows = 0;
  await readDealsCsv(file, (row, line) => {
    const where = `${file} line ${line}`;
    const hint = 'resume with the options of the run that wrote it';
    if (row.seed !== table.seed) throw new InputError(`${where}: seed ${row.seed}, but this run has --seed ${table.seed}; ${hint}`);
    if (!table.contains(row.index)) throw new InputError(`${where}: deal ${row.index} is outside this run's deals ${table.first}–${last}; ${hint}`);
    const slot = table.slotOf(row.variant, row.discards);
    if (slot < 0) throw new InputError(`${where}: ${row.variant}/${row.discards} is not among this run's variants and discard rules; ${hint}`);
    if (!matches(row.index, row.deal)) throw new InputError(`${where}: the deal is not deal ${row.index} of seed ${row.seed}`);
    if (table.has(slot, row.index)) throw new InputError(`${where}: deal ${row.index} under ${row.variant}/${row.discards} appears twice`);
    table.set(slot, row.index, row.record);
    rows += 1;
  });
  return rows;
}
