// The stored reference runs (reference-runs.ts, generated from the project's results/ and shipped inside the
// package): which of them an estimate takes as the forced rule's rate over its deals (the control of the
// difference estimate, and the forced rule's own answer), and as the tail of an optional rule set.

import { fmt } from '../core/game/format.ts';
import type { ControlRun, TailRun } from './lattice-summary.ts';
import { REFERENCE_RUNS } from './reference-runs.ts';

/** What a reference run's tail holds (lattice.ts's TailControl, with what decides which deals are its tail). */
interface ReferenceTail {
  sampled: number;
  won: number;
  open: number;
  /** Every tail deal's chance of having been sampled. */
  inclusion: number;
  /** The search, the first two budgets and the --max-discards mode that left these deals undecided. */
  search: string;
  budgets: readonly number[];
  mode: string;
}

/** One stored run: a variant × rule over deals first…last of a seed, its figures and where they come from. */
export interface ReferenceRun {
  variant: string;
  rule: string;
  seed: number;
  first: number;
  last: number;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  /** The rate the project's table shows (a range where some verdict is open), its 95% interval, and how it was
   *  decided, in words. */
  rate: { low: number; high: number };
  ci95: { low: number; high: number };
  how: string;
  /** The budgets of its passes, in positions per deal. */
  budgets: readonly number[];
  /** The commit that made it, and its date. */
  commit: string;
  date: string;
  /** Its summary file, under the repository's results folder (provenance: the package reads none of it). */
  source: string;
  tail?: ReferenceTail;
}

/** A reference run as the summary names it: "1,000,000 deals of seed 3, acesup d092cec of 2026-12-06". */
export const describeReference = (run: ReferenceRun): string =>
  `${fmt(run.deals)} deals of seed ${run.seed}, acesup ${run.commit}${run.date === '' ? '' : ` of ${run.date}`}`;

/** What a summary file records of a reference run in the place of a file name. */
const referenceLabel = (run: ReferenceRun): string => `reference:${run.variant}/${run.rule}@${run.commit}`;

const find = (variant: string, rule: string): ReferenceRun | undefined =>
  REFERENCE_RUNS.find((run) => run.variant === variant && run.rule === rule);

/**
 * The stored run of `variant` under the forced rule, as the control of a run over deals `range` of `seed`: only
 * one that decided every deal (its rate is then exact over its deals) and holds every deal of the run; else
 * why not, in words ('' : there is no such run to leave out).
 */
export function referenceControl(
  variant: string,
  seed: number,
  range: { first: number; last: number },
): { control: ControlRun; run: ReferenceRun } | { why: string } {
  const run = find(variant, 'forced');
  if (run === undefined || run.unknown > 0) return { why: '' };
  if (run.seed !== seed) return { why: `they are of seed ${run.seed}, this run of seed ${seed}` };
  if (run.first > range.first || run.last < range.last)
    return { why: `${variant} × forced's holds deals ${fmt(run.first)}–${fmt(run.last)}, not all of this run's` };
  return {
    run,
    control: {
      ruleset: `${variant}/forced`,
      file: referenceLabel(run),
      reference: run,
      seed: run.seed,
      first: run.first,
      last: run.last,
      deals: run.deals,
      won: run.won,
      unknown: run.unknown,
    },
  };
}

/**
 * The stored tail of `variant` under the optional rule, for a run whose search, first two budgets and mode are
 * `boundary` (a tail is the deals those leave undecided: another boundary is another set of deals); else why not
 * ('' : there is no stored tail to leave out).
 */
export function referenceTail(
  variant: string,
  boundary: { search: string; budgets: readonly number[]; maxDiscards: string },
): TailRun | { why: string } {
  const run = find(variant, 'optional');
  const tail = run?.tail;
  if (run === undefined || tail === undefined) return { why: '' };
  if (tail.search !== boundary.search)
    return { why: `their tails were searched by ${tail.search}, this acesup's search is ${boundary.search}` };
  if (tail.budgets[0] !== boundary.budgets[0] || tail.budgets[1] !== boundary.budgets[1])
    return {
      why: `their tails are the deals undecided at ${tail.budgets.slice(0, 2).map(fmt).join(' then ')} positions, this run's first passes are ${boundary.budgets.slice(0, 2).map(fmt).join(' then ') || 'one'}`,
    };
  if (tail.mode !== boundary.maxDiscards)
    return { why: `their tails were solved with --max-discards ${tail.mode}, this run with ${boundary.maxDiscards}` };
  return {
    ruleset: `${variant}/optional`,
    file: referenceLabel(run),
    reference: run,
    deals: run.deals,
    inclusion: tail.inclusion,
    sampled: tail.sampled,
    won: tail.won,
    open: tail.open,
  };
}
