// `--control FILE`: the summary CSV of a larger run of a stricter rule set (the same variant under the forced
// rule), whose win count over its deals stands in for the run's own control deals in the difference estimate
// (lattice-summary.ts). Its deals must include the run's: the same seed, a range that holds the run's range.

import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { InputError } from '../core/game/cards.ts';
import type { ControlRun } from './lattice-summary.ts';
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
