// The per-deal CSV read back row by row, each row checked for form, with the problems named by file and line.

import { ioError } from './io-reason.ts';
import type * as CsvParse from 'csv-parse';
import { createRequire } from 'node:module';
import { InputError, formatDeal } from '../core/game/cards.ts';
import { WIN_DISCARDS } from '../core/game/rules.ts';
import { MAX_SEED } from '../core/game/cards.ts';
import { dealFor } from '../core/game/deals.ts';
import { openInput } from './files.ts';
import {
  PROVENANCE_COLUMNS,
  type Provenance,
  UNRECORDED,
  describeField,
  parsePasses,
  passBudgets,
  planBlocker,
  provenanceDiffers,
} from './provenance.ts';
import { inPassSample, passSharesOf } from './sample.ts';
import {
  type DealRecord,
  type Outcome,
  type ResultTable,
  type Ruleset,
  UNKNOWN,
  type DealResult,
  isRulesetOf,
  rulesetName,
} from './results.ts';
import {
  DEAL_COLUMNS,
  IMPLIED_COLUMN,
  LEGACY_DEAL_COLUMNS,
  MS_ALL_COLUMN,
  PASS_COLUMNS,
  POLICY_COLUMN,
  SAMPLE_COLUMN,
  SOLVER_COLUMNS,
} from './csv-columns.ts';

/** csv-parse, loaded on first use (as the writer's libraries, csv.ts): most commands read no CSV. */
const csvParse = (): typeof CsvParse => createRequire(import.meta.url)('csv-parse') as typeof CsvParse;

/** One row of a per-deal CSV, read and checked for form (not yet against a run). */
export interface DealRow {
  seed: number;
  index: number;
  deal: string;
  variant: string;
  /** The discard rule (the `discards` column). */
  rule: string;
  record: DealRecord;
  /** What the result depends on (UNRECORDED in a file of an older version). */
  provenance: Provenance;
  /** The deal range of the run that wrote the row (undefined in a file of an older version). */
  run?: { first: number; last: number };
  /** The policy that played the deal, in a file of a run with --policy (`solver` in files of earlier
   *  versions, which wrote the solver's verdicts of --compare solver as rows of their own). */
  policy?: string;
}

const OUTCOMES: Readonly<Record<string, Outcome>> = { won: 1, lost: 2, unknown: 3 };

/**
 * Reads a per-deal CSV ("-": standard input; gzip or not), calling `onRow` with each row and its line
 * number. Throws an InputError naming the file (and line) when it is not a per-deal CSV of the form this
 * program writes, now or in earlier versions.
 */
export async function readDealsCsv(file: string, onRow: (row: DealRow, line: number) => void): Promise<void> {
  for await (const { row, line } of readDealRows(file)) onRow(row, line);
}

/** The rows of a per-deal CSV one by one, with their line numbers (as `readDealsCsv`). */
export async function* readDealRows(file: string): AsyncGenerator<{ row: DealRow; line: number }> {
  const name = file === '-' ? 'standard input' : file;
  const input = await openInput(file);
  const parser = csvParse().parse({ relax_column_count: true, info: true });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let columns = 0;
  /** Where each provenance column and run_first, run_last are in a row (−1: not in this file). */
  let provenanceAt: number[] = [];
  let runAt: number[] = [];
  let policyAt = -1;
  /** Where solver_result … solver_ms are (−1: a file without the solver's verdicts). */
  let solverAt = -1;
  /** Where passes and pass_max_states are (−1: a file of a run without passes, or of an older version). */
  let passesAt = -1;
  /** Where sample_unknowns is (−1: a file of a run that did not sample). */
  let sampleAt = -1;
  /** Where implied_by is (−1: a run of rule sets that do not nest, or of an older version). */
  let impliedAt = -1;
  /** Where ms_all_passes is (−1: a file without it). */
  let msAllAt = -1;
  let last = 0;
  try {
    for await (const { record: fields, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      last = line;
      const where = `${name} line ${line}`;
      if (columns === 0) {
        // The ten columns of every version first; then the provenance and range columns this version knows,
        // by name (a file of an earlier version lacks some: they read as not recorded). A column this
        // version does not know may be one a verdict depends on: refused rather than ignored.
        if (fields.slice(0, LEGACY_DEAL_COLUMNS.length).join(',') !== LEGACY_DEAL_COLUMNS.join(',')) {
          throw new InputError(`${name} is not a per-deal CSV of acesup: expected the header ${DEAL_COLUMNS.join(',')}`);
        }
        const extra = fields.slice(LEGACY_DEAL_COLUMNS.length);
        const known: readonly string[] = [
          ...DEAL_COLUMNS,
          POLICY_COLUMN,
          ...SOLVER_COLUMNS,
          ...PASS_COLUMNS,
          MS_ALL_COLUMN,
          SAMPLE_COLUMN,
          IMPLIED_COLUMN,
        ];
        const unknown = extra.find((column) => !known.includes(column) || extra.indexOf(column) !== extra.lastIndexOf(column));
        if (unknown !== undefined)
          throw new InputError(`${name}: column "${unknown}" is unknown to this version of acesup (or twice in the header)`);
        provenanceAt = PROVENANCE_COLUMNS.map((column) => fields.indexOf(column));
        runAt = ['run_first', 'run_last'].map((column) => fields.indexOf(column));
        policyAt = fields.indexOf(POLICY_COLUMN);
        if (runAt[0]! < 0 !== runAt[1]! < 0) throw new InputError(`${name}: run_first and run_last go together`);
        solverAt = fields.indexOf(SOLVER_COLUMNS[0]);
        if (
          SOLVER_COLUMNS.some((column, i) => fields.indexOf(column) !== (solverAt < 0 ? -1 : solverAt + i)) ||
          (solverAt >= 0 && policyAt < 0)
        ) {
          throw new InputError(`${name}: the columns ${SOLVER_COLUMNS.join(', ')} go together, in this order, after ${POLICY_COLUMN}`);
        }
        passesAt = fields.indexOf(PASS_COLUMNS[0]);
        if (fields.indexOf(PASS_COLUMNS[1]) !== (passesAt < 0 ? -1 : passesAt + 1) || (passesAt >= 0 && provenanceAt[0]! < 0)) {
          throw new InputError(`${name}: the columns ${PASS_COLUMNS.join(', ')} go together, in this order, with ${PROVENANCE_COLUMNS[0]}`);
        }
        sampleAt = fields.indexOf(SAMPLE_COLUMN);
        impliedAt = fields.indexOf(IMPLIED_COLUMN);
        msAllAt = fields.indexOf(MS_ALL_COLUMN);
        if (sampleAt >= 0 && passesAt < 0)
          throw new InputError(`${name}: the column ${SAMPLE_COLUMN} needs the columns ${PASS_COLUMNS.join(', ')}`);
        columns = fields.length;
        continue;
      }
      if (fields.length !== columns) throw new InputError(`${where}: expected ${columns} fields, found ${fields.length}`);
      const [seed, index, deal, variant, rule, result, lower, upper, states, ms] = fields as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const whole = (text: string, field: string, max = Number.MAX_SAFE_INTEGER): number => {
        const n = Number(text);
        if (!/^\d+$/u.test(text) || !Number.isSafeInteger(n) || n > max)
          throw new InputError(`${where}: ${field} "${text}" is not a whole number`);
        return n;
      };
      const verdict = ([result, lower, upper, states, ms]: readonly string[], prefix: string): DealResult => {
        const outcome = OUTCOMES[result!];
        if (outcome === undefined) throw new InputError(`${where}: ${prefix}result "${result}" is not won, lost or unknown`);
        const read: DealResult = {
          outcome,
          lower: whole(lower!, `${prefix}max_discards_lower`, WIN_DISCARDS),
          upper: whole(upper!, `${prefix}max_discards_upper`, WIN_DISCARDS),
          states: whole(states!, `${prefix}states`),
          ms: ms === '' ? Number.NaN : Number(ms),
        };
        if (Number.isNaN(read.ms) && ms !== '') throw new InputError(`${where}: ${prefix}ms "${ms}" is not a number`);
        return read;
      };
      const record: DealRecord = verdict([result, lower, upper, states, ms], '');
      if (solverAt >= 0) record.solver = verdict(fields.slice(solverAt, solverAt + SOLVER_COLUMNS.length), 'solver_');
      const provenance = provenanceAt.every((at) => at < 0)
        ? UNRECORDED
        : ({
            ...Object.fromEntries(PROVENANCE_COLUMNS.map((column, i) => [column, provenanceAt[i]! < 0 ? '' : fields[provenanceAt[i]!]!])),
            passes: passesAt < 0 ? '' : fields[passesAt]!,
            sample_unknowns: sampleAt < 0 ? '' : fields[sampleAt]!,
          } as Provenance);
      if (passesAt >= 0) {
        // The plan must be one, and the row's budget one of its passes (the first: no budget in the record).
        const plan = parsePasses(provenance.passes);
        if (plan === undefined)
          throw new InputError(
            `${where}: passes "${provenance.passes}" is not a list of factors (whole numbers ≥ 2, each larger than the last)`,
          );
        const budget = whole(fields[passesAt + 1]!, 'pass_max_states');
        const budgets = passBudgets(provenance);
        if (!budgets.includes(budget))
          throw new InputError(`${where}: pass_max_states ${budget} is not the budget of a pass of the row's plan (${budgets.join(', ')})`);
        if (budget !== budgets[0]) record.budget = budget;
        const all = msAllAt < 0 ? '' : fields[msAllAt]!;
        if (all !== '') {
          const value = Number(all);
          if (!(value >= 0)) throw new InputError(`${where}: ${MS_ALL_COLUMN} "${all}" is not a time in milliseconds`);
          record.msAll = value;
        }
      }
      if (sampleAt >= 0) {
        // The share must be one, and a row given a later pass must be a deal of its sample.
        const budgets = passBudgets(provenance);
        const shares = passSharesOf(provenance.sample_unknowns, Math.max(1, budgets.length - 1));
        if (shares === undefined)
          throw new InputError(
            `${where}: ${SAMPLE_COLUMN} "${provenance.sample_unknowns}" is not a share between 0 and 1, nor one per later pass`,
          );
        const pass = record.budget === undefined ? 0 : budgets.indexOf(record.budget);
        if (pass > 0 && !inPassSample(whole(seed, 'seed', MAX_SEED), whole(index, 'index'), shares, pass)) {
          throw new InputError(
            `${where}: deal ${index} was given a later pass but is not in the sample of ${SAMPLE_COLUMN} ${provenance.sample_unknowns}`,
          );
        }
      }
      const run =
        runAt[0]! < 0 ? undefined : { first: whole(fields[runAt[0]!]!, 'run_first'), last: whole(fields[runAt[1]!]!, 'run_last') };
      if (impliedAt >= 0 && fields[impliedAt] !== '') {
        if (record.outcome === UNKNOWN) throw new InputError(`${where}: an unknown result cannot be implied by ${fields[impliedAt]}`);
        record.impliedBy = fields[impliedAt]!;
      }
      const row: DealRow = { seed: whole(seed, 'seed', MAX_SEED), index: whole(index, 'index'), deal, variant, rule, record, provenance };
      if (run !== undefined) row.run = run;
      if (policyAt >= 0) {
        if (fields[policyAt] === '') throw new InputError(`${where}: the policy is empty`);
        row.policy = fields[policyAt]!;
      }
      yield { row, line };
    }
  } catch (error) {
    input.destroy();
    if (
      error instanceof csvParse().CsvError ||
      (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('CSV_'))
    ) {
      throw new InputError(
        `${name} is not a per-deal CSV of acesup (line ${(error as { lines?: number }).lines ?? last + 1}: ${error.message})`,
      );
    }
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('Z_')) {
      throw new InputError(`${name}: not a valid gzip file (${error.message})`);
    }
    if (error instanceof Error && 'syscall' in error) throw ioError('read', name, error);
    throw error;
  } finally {
    input.destroy();
  }
  if (columns === 0) throw new InputError(`${name} is empty: expected the header ${DEAL_COLUMNS.join(',')}`);
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
  const check = resumeChecker(file, table);
  let rows = 0;
  await readDealsCsv(file, (row, line) => {
    const slot = check(row, line);
    if (table.has(slot, row.index))
      throw new InputError(`${file} line ${line}: deal ${row.index} under ${rulesetName(table.rulesets[slot]!)} appears twice`);
    table.set(slot, row.index, row.record);
    rows += 1;
  });
  return rows;
}

/**
 * Checks that a row of `file` belongs to the run of `run` (its seed, rule sets and provenance) over the
 * deals `first … last`: returns the row's rule-set slot, or throws an InputError naming the line and the
 * problem. (Rows twice are the caller's to find.) `escalating`: the file is the earlier run a run with
 * more passes continues (--escalate), so its rows' plan may be the start of this run's, and its rows
 * outside this run's deals (another shard's) are passed over: −1.
 */
export function resumeChecker(
  file: string,
  run: { seed: number; first: number; count: number; rulesets: readonly Ruleset[]; provenances: readonly Provenance[] },
  escalating = false,
): (row: DealRow, line: number) => number {
  const matches = dealMatcher(run.seed);
  const last = run.first + run.count - 1;
  const hint = escalating ? 'escalate the file of one run of this acesup' : 'resume with the options of the run that wrote it';
  return (row, line) => {
    const where = `${file} line ${line}`;
    if (row.seed !== run.seed) throw new InputError(`${where}: seed ${row.seed}, but this run has --seed ${run.seed}; ${hint}`);
    if (row.index < run.first || row.index > last) {
      if (escalating) return -1;
      throw new InputError(`${where}: deal ${row.index} is outside this run's deals ${run.first}–${last}; ${hint}`);
    }
    const compare = row.record.solver !== undefined;
    const slot = run.rulesets.findIndex((r) => isRulesetOf(r, row.variant, row.rule, row.policy, compare));
    if (slot < 0) {
      if (run.rulesets.some((r) => isRulesetOf(r, row.variant, row.rule, row.policy, !compare))) {
        throw new InputError(
          `${where}: the row ${compare ? 'has' : 'has not'} the solver's verdict (--compare solver) but this run ${compare ? 'has not' : 'has'}; ${hint}`,
        );
      }
      const what = row.policy === undefined ? `${row.variant}/${row.rule}` : `${row.variant}/${row.rule} played by ${row.policy}`;
      throw new InputError(`${where}: ${what} is not among this run's variants, discard rules and policies; ${hint}`);
    }
    if (!matches(row.index, row.deal)) throw new InputError(`${where}: the deal is not deal ${row.index} of seed ${row.seed}`);
    // One provenance for every rule set, or one per rule set (in the order of `rulesets`).
    const provenance = run.provenances[run.provenances.length === run.rulesets.length ? slot : 0]!;
    const differs = provenanceDiffers(row.provenance, provenance);
    const blocker = planBlocker(row.provenance, provenance);
    if (differs !== undefined && !(escalating && blocker === undefined)) {
      const more = blocker === undefined ? ' (or --escalate it into another --csv file: it gives the unknown deals the passes)' : '';
      const field = escalating ? blocker! : differs;
      throw new InputError(
        `${where}: the row has ${describeField(row.provenance, field)} but this run has ${describeField(provenance, field)}: results that differ in it do not mix; ${hint}${more}`,
      );
    }
    return slot;
  };
}
