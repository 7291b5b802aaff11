// `--control FILE`: the summary CSV of a larger run of a stricter rule set (the same variant under the forced
// rule), whose win count over its deals stands in for the run's own control deals in the difference estimate
// (lattice-summary.ts). Its deals must include the run's: the same seed, a range that holds the run's range.

import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { InputError } from '../core/game/cards.ts';
import type { ControlRun, TailRun } from './lattice-summary.ts';
import { fmt } from '../core/game/format.ts';
import { type Ruleset, rulesetName } from './results.ts';
import { latticePairs } from './lattice-summary.ts';

/** Reads the control's figures from `file` and checks them against the run (`seed`, its deal range, its rule sets). */
export async function readControl(
  file: string,
  run: { seed: number; first: number; last: number; rulesets: readonly Ruleset[] },
): Promise<ControlRun> {
  let rows: Record<string, string>[];
  try {
    rows = parse(await readFile(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (error) {
    throw new InputError(`--control ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const controls = new Set([...latticePairs(run.rulesets).values()].map((slot) => rulesetName(run.rulesets[slot]!)));
  if (controls.size === 0)
    throw new InputError('--control needs a run with a rule set under the optional rule and the same variant under the forced rule');
  const found = rows.filter((r) => r['policy'] === undefined || r['policy'] === '' || r['policy'] === 'solver');
  const row = found.find((r) => controls.has(`${r['variant']}/${r['discards']}`));
  if (row === undefined)
    throw new InputError(
      `--control ${file} has no summary row of ${[...controls].join(' or ')} (is it a summary CSV of acesup estimate or merge?)`,
    );
  const number = (column: string): number => {
    const value = Number(row[column]);
    if (row[column] === undefined || row[column] === '' || !Number.isSafeInteger(value) || value < 0)
      throw new InputError(`--control ${file}: column ${column} is not a whole number`);
    return value;
  };
  const control: ControlRun = {
    ruleset: `${row['variant']}/${row['discards']}`,
    file,
    seed: number('seed'),
    first: number('first_index'),
    last: number('last_index'),
    deals: number('deals'),
    won: number('won'),
    unknown: number('unknown'),
  };
  if (control.seed !== run.seed) throw new InputError(`--control ${file} is a run of seed ${control.seed}, this one of seed ${run.seed}`);
  if (control.first > run.first || control.last < run.last || control.deals !== control.last - control.first + 1)
    throw new InputError(
      `--control ${file} holds deals ${control.first}–${control.last}${control.deals !== control.last - control.first + 1 ? ' with some missing' : ''}: it must hold every deal of this run, ${run.first}–${run.last}`,
    );
  return control;
}

/** What a tail control must share with the run that uses it: the search, the first budget and the first later
 *  pass's (the tail is what those leave undecided), and the mode (which decides how a budget is spent). */
export interface TailBoundary {
  search: string;
  budgets: readonly number[];
  maxDiscards: string;
}

/**
 * Reads the tail of a larger run of `ruleset` (a target under the optional rule) from its summary `file`: the
 * row's lattice_tail_* columns, written by `acesup merge` or `estimate` over a run that paired it with its
 * forced control and gave a sample of its unknown deals passes beyond the first later one. Checked against the
 * run that uses it (`boundary`): the tail of another search, first budget or first later budget is another set
 * of deals.
 */
export async function readTailControl(file: string, ruleset: string, boundary: TailBoundary): Promise<TailRun> {
  let rows: Record<string, string>[];
  try {
    rows = parse(await readFile(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  } catch (error) {
    throw new InputError(`--tail-control ${file}: ${(error as Error).message.split('\n')[0]}`);
  }
  const row = rows.find(
    (r) => `${r['variant']}/${r['discards']}` === ruleset && (r['policy'] === undefined || r['policy'] === '' || r['policy'] === 'solver'),
  );
  if (row === undefined) throw new InputError(`--tail-control ${file} has no summary row of ${ruleset}`);
  if (row['lattice_tail_sampled'] === undefined || row['lattice_tail_sampled'] === '')
    throw new InputError(
      `--tail-control ${file}: its ${ruleset} row records no tail (a summary of a run of it beside its forced rule, with passes beyond the first later one for a sample of its unknown deals)`,
    );
  const number = (column: string, whole = true): number => {
    const value = Number(row[column]);
    if (row[column] === undefined || row[column] === '' || !Number.isFinite(value) || value < 0 || (whole && !Number.isSafeInteger(value)))
      throw new InputError(`--tail-control ${file}: column ${column} is not a ${whole ? 'whole ' : ''}number`);
    return value;
  };
  // The rows of its tail agree in these (else the columns are empty); this run must have the same.
  const search = row['lattice_tail_search'] ?? '';
  const budgets = (row['lattice_tail_budgets'] ?? '')
    .split(' ')
    .filter((b) => b !== '')
    .map(Number);
  const mode = row['lattice_tail_mode'] ?? '';
  const mismatch =
    search === ''
      ? 'its rows differ in search, first budgets or --max-discards'
      : search !== boundary.search
        ? `its search is ${search}, this acesup's ${boundary.search}`
        : budgets[0] !== boundary.budgets[0] || budgets[1] !== boundary.budgets[1]
          ? `its first two budgets are ${budgets.slice(0, 2).map(fmt).join(' and ')}, this run's ${boundary.budgets.slice(0, 2).map(fmt).join(' and ')}`
          : mode !== boundary.maxDiscards
            ? `it was solved with --max-discards ${mode}, this run with ${boundary.maxDiscards}`
            : undefined;
  if (mismatch !== undefined)
    throw new InputError(`--tail-control ${file}: ${mismatch}; its tail is not the deals this run leaves undecided`);
  if (row['lattice_tail_inclusion'] === '')
    throw new InputError(`--tail-control ${file}: its tail deals were sampled at more than one share`);
  const inclusion = number('lattice_tail_inclusion', false);
  if (!(inclusion > 0 && inclusion <= 1)) throw new InputError(`--tail-control ${file}: lattice_tail_inclusion is not in (0, 1]`);
  return {
    ruleset,
    file,
    deals: number('deals'),
    inclusion,
    sampled: number('lattice_tail_sampled'),
    won: number('lattice_tail_won'),
    open: number('lattice_tail_open'),
  };
}
