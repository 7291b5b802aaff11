// The summary of a batch, one entry per rule set: counts, win rate with its 95% interval, the histogram of
// max discards, states per deal, time; and the answer it offers. Gathered deal by deal in summarise.ts, written
// to a file in summary-file.ts.

import type { TwoPhase } from './sample.ts';
import type { ControlRun, LatticeSummary } from './lattice-summary.ts';

export interface RulesetSummary {
  variant: string;
  /** The discard rule (`discards` in the summary CSV and JSON). */
  rule: string;
  /** Deals solved under this rule set, and their lowest and highest indices (null when none). */
  deals: number;
  firstIndex: number | null;
  lastIndex: number | null;
  won: number;
  lost: number;
  unknown: number;
  /** Between won/deals and (won + unknown)/deals; equal when no deal is unknown. */
  winRate: { low: number; high: number };
  /** 95% Wilson interval: the low end for won/deals, the high end for (won + unknown)/deals. */
  ci95: { low: number; high: number };
  /** Deals by max discards 0–48 (48 = won), over the won deals and the lost ones whose max discards is
   *  exact; unknown deals are not in it, nor lost ones whose max discards is a range (`lostUnpinned`). */
  maxDiscards: number[];
  /** Lost deals whose max discards is known as a range only (`--max-discards bounds`, or the budget). */
  lostUnpinned: number;
  /** States searched per deal: nearest-rank median and 99th percentile, largest, sum. */
  states: { median: number; p99: number; max: number; total: number };
  /** Solver time summed over the deals whose time is known, and how many those are. */
  solveSeconds: number;
  timedDeals: number;
  /** The policy that played (`solver` for the solver), in a run with --policy. */
  policy?: string;
  /** A policy's rule set with the solver's verdicts beside its games (--compare solver): the solver's
   *  figures on the same deals, and the winnable deals the policy lost. */
  compare?: Comparison;
  /** With passes (more than one budget planned or found): per budget, in increasing order, the deals whose
   *  result came from a pass at that budget, decided and still unknown. */
  passes?: PassCount[];
  /** In a run that samples the first pass's unknown deals (--sample-unknowns): the two-phase estimate
   *  (sample.ts), and the first pass's and the sample's costs per deal (seconds; NaN when not timed). */
  twoPhase?: TwoPhase & { firstSeconds: number; laterSeconds: number };
  /** Under the optional rule, with the same variant's forced rule in the run: the difference estimate
   *  against it (lattice-summary.ts). */
  lattice?: LatticeSummary;
  /** A rule set whose rate a larger run gives (a stored reference run, or --control FILE), that run holding
   *  every deal of this one: the larger run's counts, its rate and 95% interval, which are the answer. */
  larger?: { run: ControlRun; rate: { low: number; high: number }; ci95: { low: number; high: number } };
  /** The answer (answerOf), once the summaries of a run are put together: where a rule set's answer falls
   *  below that of a stricter rule set of the run (its forced rule), it is raised to it, and `raised` says so. */
  answer?: Answer;
  raised?: { by: string; parts: string[] };
}

/** How a rule set's answer was reached: every deal decided; a range (some deals open, nothing narrows it); the
 *  two-phase estimate; the difference estimate against the forced rule; a policy's games (decided, as played). */
type AnswerMethod = 'exact' | 'range' | 'two-phase' | 'difference' | 'played' | 'reference';

/** A rule set's answer: the best estimate its summary offers (a range where some verdict is open), its 95%
 *  interval, and how it was reached — what the summary's first line, the CSV's estimate_* and JSON's `estimate`
 *  give. */
export interface Answer {
  low: number;
  high: number;
  ci95: { low: number; high: number };
  method: AnswerMethod;
}

/** The answer of a rule set's summary: a larger run's rate where one holds its deals, else the difference
 *  estimate where offered or taken against a larger run, else the two-phase one, else the plain rate (exact, or
 *  a range); as raised by the
 *  stricter rule set of its run (SummaryAccumulator.summaries) where that was done. */
export function answerOf(s: RulesetSummary): Answer {
  if (s.answer !== undefined) return s.answer;
  if (s.larger !== undefined) return { ...s.larger.rate, ci95: s.larger.ci95, method: 'reference' };
  // Against a larger run's forced rate (which is then the forced rule's own answer), the difference estimate is
  // the answer whatever its width: the two rows are estimates of one kind.
  if (s.lattice?.offer.offer === true || s.lattice?.controlRun !== undefined) {
    const e = s.lattice.estimate;
    return { low: e.estimate.low, high: e.estimate.high, ci95: e.ci95, method: 'difference' };
  }
  if (s.twoPhase?.offered === true) return { ...s.twoPhase.estimate, ci95: s.twoPhase.ci95, method: 'two-phase' };
  const played = s.policy !== undefined && s.policy !== 'solver';
  return { ...s.winRate, ci95: s.ci95, method: played ? 'played' : s.unknown === 0 ? 'exact' : 'range' };
}

/** The unknown results of `passes` that still await a later pass (an interrupted run's): unknown at a pass
 *  before the last, and in the sample. */
export const awaitingPass = (passes: readonly PassCount[]): number =>
  passes.slice(0, -1).reduce((n, p) => n + p.unknown - (p.unsampled ?? 0), 0);

/** The results of one pass: deals decided at its budget, and deals unknown at it (after the last pass, what
 *  is left; after another, deals that still await the next pass: an interrupted run). */
export interface PassCount {
  maxStates: number;
  decided: number;
  unknown: number;
  /** Of `unknown`, the deals outside the sample of a run that samples (--sample-unknowns): they get no later
   *  pass, so they await none. */
  unsampled?: number;
}

export interface Comparison {
  /** Deals with both the game and the solver's verdict (every deal of the rule set). */
  deals: number;
  solverWon: number;
  solverLost: number;
  solverUnknown: number;
  /** The clairvoyant win rate on these deals: won/deals … (won + unknown)/deals, with its 95% interval. */
  solverRate: { low: number; high: number };
  solverCi95: { low: number; high: number };
  /** Deals the solver wins and the policy lost. */
  winnableLost: number;
  /** States the solver searched, summed, and its time summed over the deals whose time is known. */
  solverStates: number;
  solverSeconds: number;
}
