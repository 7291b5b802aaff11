// The per-deal CSV's columns: those of every version, the optional ones of a run's options, and which a table is written with.

import { PASSES_FIELD, PROVENANCE_COLUMNS, type Provenance, SAMPLE_FIELD } from './provenance.ts';
import type { Ruleset } from './results.ts';

/** The columns of the per-deal CSV of earlier versions, which recorded no provenance (still read). */
export const LEGACY_DEAL_COLUMNS = [
  'seed',
  'index',
  'deal',
  'variant',
  'discards',
  'result',
  'max_discards_lower',
  'max_discards_upper',
  'states',
  'ms',
] as const;

/**
 * The columns of the per-deal CSV, in order: the deal and its result, what the result depends on
 * (provenance.ts), and the deal range of the whole run (all its shards), so that a merge sees a missing shard.
 */
export const DEAL_COLUMNS = [...LEGACY_DEAL_COLUMNS, ...PROVENANCE_COLUMNS, 'run_first', 'run_last'] as const;

/** The column after `run_last` in a run with `--policy` (every row: the policy's label); absent otherwise. */
export const POLICY_COLUMN = 'policy';

/**
 * The columns after `policy` in a run with `--compare solver`: the solver's verdict of the row's deal under
 * the same variant and rule, beside the policy's game (as `result` … `ms` of a solver's row); absent otherwise.
 */
export const SOLVER_COLUMNS = [
  'solver_result',
  'solver_max_discards_lower',
  'solver_max_discards_upper',
  'solver_states',
  'solver_ms',
] as const;

/**
 * The last columns, in a run with passes (`--passes`): its plan (provenance.ts `passes`: the factors of
 * max_states, "8 64") and the state budget of the pass that gave the row's result (max_states for the
 * first). Absent otherwise, so that files of runs without passes keep the columns they always had.
 */
export const PASS_COLUMNS = [PASSES_FIELD, 'pass_max_states'] as const;

/** After the pass columns, in a run with passes: the solving time of every pass the row's deal went through
 *  (the first included; `ms` is the last pass's), empty for a row of the first pass and without timings. */
export const MS_ALL_COLUMN = 'ms_all_passes';

/** The very last column, in a run that samples the unknown deals (`--sample-unknowns P`): P. Absent otherwise. */
export const SAMPLE_COLUMN = SAMPLE_FIELD;

/** The very last column, in a run whose rule sets nest (implications.ts): the rule set whose verdict proved the
 *  row's, where its own search left it unknown; empty otherwise. Absent from runs of rule sets that do not nest. */
export const IMPLIED_COLUMN = 'implied_by';

/** The columns of a run's per-deal CSV: with the policy column when its rule sets name policies, the
 *  solver's when they compare, the passes' when `passes` and the sample's when `sample`. */
export const dealColumns = (rulesets: readonly Ruleset[], passes = false, sample = false, implied = false): string[] => [
  ...DEAL_COLUMNS,
  ...(rulesets.some((r) => r.policy !== undefined) ? [POLICY_COLUMN] : []),
  ...(rulesets.some((r) => r.compare === true) ? SOLVER_COLUMNS : []),
  ...(passes ? [...PASS_COLUMNS, MS_ALL_COLUMN] : []),
  ...(sample ? [SAMPLE_COLUMN] : []),
  ...(implied ? [IMPLIED_COLUMN] : []),
];

/** Whether a table's rows are written with the pass columns: when some result of it comes from a plan of passes. */
export const hasPasses = (provenances: readonly Provenance[]): boolean => provenances.some((p) => p.passes !== '');

/** Whether a table's rows are written with the sample column: when some result of it comes from a sampling run. */
export const hasSample = (provenances: readonly Provenance[]): boolean => provenances.some((p) => p.sample_unknowns !== '');
