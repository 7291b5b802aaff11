// The summary file of a batch: the summaries (summary.ts) with the run's provenance, as CSV or JSON Lines.

import type * as CsvStringifySync from 'csv-stringify/sync';
import { createRequire } from 'node:module';
import { type Answer, type Comparison, type RulesetSummary, answerOf } from './summary.ts';
import {
  COMPARE_COLUMNS,
  LATTICE_COLUMNS,
  SUMMARY_PASS_COLUMNS,
  POLICY_COLUMNS,
  SUMMARY_COLUMNS,
  TWO_PHASE_COLUMNS,
} from './summary-columns.ts';

/** Loaded on first use, like the per-deal CSV's libraries (csv.ts): most commands write no summary file. */
const stringify = (input: CsvStringifySync.Input): string =>
  (createRequire(import.meta.url)('csv-stringify/sync') as typeof CsvStringifySync).stringify(input);

/** What the summary file says about the run itself. */
export interface RunInfo {
  command: string;
  version: string;
  commit: string;
  seed: number;
  /** Wall-clock seconds of this run, workers and state budget (null for a merge, which solves nothing). */
  wallSeconds: number | null;
  workers: number | null;
  maxStates: number | null;
  /** Whether every deal asked for was solved (false after an interrupt or a failure). */
  complete: boolean;
  /** The --max-discards mode and the search signature of the results (null when they differ or are not recorded). */
  maxDiscards: string | null;
  search: string | null;
  /** For a merge of results that differ in provenance (--allow-mixed): the fields that differ; else empty. */
  mixed: string[];
  /** The plan of passes (provenance.ts `passes`: "8 64"; '' for one pass; null when the results differ in it). */
  passes?: string | null;
  /** The sample of unknown deals the later passes solved (provenance.ts `sample_unknowns`; '' every one; null
   *  when the results differ in it). */
  sample?: string | null;
}

const number = (n: number | null, digits?: number): string =>
  n === null || Number.isNaN(n) ? '' : digits === undefined ? String(n) : n.toFixed(digits);

/**
 * The summary as JSON Lines: one object per rule set, with the field names of `acesup solve --json` where
 * they mean the same (`variant`, `discards`, `states` and `ms` summed over the deals), then the figures of
 * the summary and the run's provenance.
 */
export function summaryJsonLines(summaries: readonly RulesetSummary[], run: RunInfo): string {
  return (
    summaries
      .map((s) =>
        JSON.stringify({
          seed: run.seed,
          variant: s.variant,
          discards: s.rule,
          policy: s.policy,
          compare: s.compare,
          first: s.firstIndex,
          last: s.lastIndex,
          deals: s.deals,
          won: s.won,
          lost: s.lost,
          unknown: s.unknown,
          winRate: s.winRate,
          ci95: s.ci95,
          estimate: answerOf(s),
          maxDiscardsHistogram: s.maxDiscards,
          lostMaxDiscardsUnpinned: s.lostUnpinned,
          statesPerDeal: { median: nullable(s.states.median), p99: nullable(s.states.p99), max: nullable(s.states.max) },
          states: s.states.total,
          ms: s.timedDeals === 0 ? null : Math.round(s.solveSeconds * 1e6) / 1e3,
          timedDeals: s.timedDeals,
          maxStates: run.maxStates,
          maxDiscards: run.maxDiscards,
          complete: run.complete,
          wallSeconds: run.wallSeconds,
          workers: run.workers,
          command: run.command,
          version: run.version,
          commit: run.commit,
          search: run.search,
          mixed: run.mixed,
          ...(s.passes === undefined ? {} : { passFactors: run.passes, passes: s.passes }),
          ...(s.lattice === undefined
            ? {}
            : {
                lattice: {
                  against: s.lattice.control,
                  controlFile: s.lattice.controlFile ?? null,
                  offered: s.lattice.offer.offer,
                  note: s.lattice.offer.reason,
                  ...s.lattice.estimate,
                  // Not offered: no estimate or interval goes out.
                  ...(s.lattice.offer.offer ? {} : { estimate: null, ci95: null, standardError: null }),
                },
              }),
          ...(s.twoPhase === undefined
            ? {}
            : {
                sampleUnknowns: run.sample,
                twoPhase: {
                  ...s.twoPhase,
                  // Not offered: no estimate or interval goes out (offer()).
                  ...(s.twoPhase.offered === false ? { estimate: null, ci95: null, standardError: null } : {}),
                  firstSeconds: nullable(s.twoPhase.firstSeconds),
                  laterSeconds: nullable(s.twoPhase.laterSeconds),
                },
              }),
        }),
      )
      .join('\n') + '\n'
  );
}

const nullable = (n: number): number | null => (Number.isNaN(n) ? null : n);

/** The summary CSV: a header and one row per rule set, every figure of the summary and the run's provenance. */
export function summaryCsv(summaries: readonly RulesetSummary[], run: RunInfo): string {
  const policies = summaries.some((s) => s.policy !== undefined);
  const compares = summaries.some((s) => s.compare !== undefined);
  const passes = summaries.some((s) => s.passes !== undefined);
  const twoPhase = summaries.some((s) => s.twoPhase !== undefined);
  const lattice = summaries.some((s) => s.lattice !== undefined);
  const columns = [
    ...SUMMARY_COLUMNS,
    // A run with --policy: the policy, and with --compare solver the solver's figures on the same deals.
    ...(policies ? POLICY_COLUMNS : []),
    ...(compares ? COMPARE_COLUMNS : []),
    // A run with passes: the plan, and per pass (space-separated, in the order of the budgets) the deals decided and left unknown.
    ...(passes ? SUMMARY_PASS_COLUMNS : []),
    // A run that samples the unknown deals (--sample-unknowns): the two-phase estimate, its parts and the costs of each phase.
    ...(twoPhase ? TWO_PHASE_COLUMNS : []),
    // A run with an optional rule set and its variant's forced rule: the difference estimate against it.
    ...(lattice ? LATTICE_COLUMNS : []),
  ];
  const rows = summaries.map((s) => [
    s.variant,
    s.rule,
    String(run.seed),
    number(s.firstIndex),
    number(s.lastIndex),
    String(s.deals),
    String(s.won),
    String(s.lost),
    String(s.unknown),
    number(s.winRate.low, 6),
    number(s.winRate.high, 6),
    number(s.ci95.low, 6),
    number(s.ci95.high, 6),
    ...answerFields(answerOf(s)),
    number(s.states.median),
    number(s.states.p99),
    number(s.states.max),
    String(s.states.total),
    s.timedDeals === 0 ? '' : number(s.solveSeconds, 3),
    s.timedDeals === 0 || s.solveSeconds === 0 ? '' : number(s.timedDeals / s.solveSeconds, 2),
    number(run.wallSeconds, 3),
    number(run.workers),
    number(run.maxStates),
    String(run.complete),
    ...s.maxDiscards.map(String),
    String(s.lostUnpinned),
    run.command,
    run.version,
    run.commit,
    run.maxDiscards ?? '',
    run.search ?? '',
    run.mixed.join(' '),
    ...(policies
      ? [
          s.policy ?? '',
          number(s.compare?.solverWon ?? null),
          number(s.compare?.solverUnknown ?? null),
          number(s.compare?.winnableLost ?? null),
        ]
      : []),
    ...(compares ? comparisonFields(s.compare) : []),
    ...(passes
      ? [
          run.passes ?? '',
          ...(['maxStates', 'decided', 'unknown'] as const).map((key) => (s.passes ?? []).map((p) => String(p[key])).join(' ')),
        ]
      : []),
    ...(twoPhase ? twoPhaseFields(s.twoPhase, run) : []),
    ...(lattice ? latticeFields(s.lattice) : []),
  ]);
  return stringify([columns, ...rows]);
}

/** The summary CSV's two-phase fields of a rule set (empty where it has none). */
function twoPhaseFields(t: RulesetSummary['twoPhase'], run: RunInfo): string[] {
  if (t === undefined) return TWO_PHASE_COLUMNS.map(() => '');
  // An estimate not offered (offer()) is not written: no interval wider than the plain range's goes out.
  const shown = (text: string): string => (t.offered === false ? '' : text);
  return [
    run.sample ?? t.sampleShare,
    shown(number(t.estimate.low, 6)),
    shown(number(t.estimate.high, 6)),
    shown(number(t.ci95.low, 6)),
    shown(number(t.ci95.high, 6)),
    shown(t.standardError.toExponential(4)),
    t.variance.deals.toExponential(4),
    t.variance.sample.toExponential(4),
    ...[t.firstDecided, t.firstWon, t.firstUnknown, t.sampled, t.sampledWon, t.sampledLost, t.sampledUnknown].map(String),
    number(t.firstSeconds, 6),
    number(t.laterSeconds, 3),
    t.note ?? '',
  ];
}

/** The summary CSV's difference-estimate fields of a rule set (empty where it has none; the estimate and its
 *  interval empty where it is not offered, with the reason in lattice_note). */
function latticeFields(l: RulesetSummary['lattice']): string[] {
  if (l === undefined) return LATTICE_COLUMNS.map(() => '');
  const e = l.estimate;
  const shown = (text: string): string => (l.offer.offer ? text : '');
  return [
    l.control,
    l.controlFile ?? '',
    String(e.controlDeals),
    String(e.controlWon),
    String(e.controlUnknown),
    shown(number(e.estimate.low, 6)),
    shown(number(e.estimate.high, 6)),
    shown(number(e.ci95.low, 6)),
    shown(number(e.ci95.high, 6)),
    shown(e.standardError.toExponential(4)),
    e.variance.control.toExponential(4),
    e.variance.target.toExponential(4),
    e.variance.covariance.toExponential(4),
    e.variance.sample.toExponential(4),
    l.offer.offer ? '' : l.offer.reason,
    ...(l.tailDefined
      ? [String(e.tail.sampled), String(e.tail.won), String(e.tail.open), e.tail.inclusion === undefined ? '' : String(e.tail.inclusion)]
      : ['', '', '', '']),
    ...(l.tailDefined && l.tailBoundary !== undefined ? l.tailBoundary.split('|') : ['', '', '']),
    e.tailControl?.file ?? '',
    e.tailControl === undefined ? '' : number(e.tailControl.share.low, 6),
    e.tailControl === undefined ? '' : number(e.tailControl.share.high, 6),
  ];
}

/** The summary CSV's solver_lost … solver_seconds of a rule set (empty where it does not compare). */
function comparisonFields(c: Comparison | undefined): string[] {
  if (c === undefined) return COMPARE_COLUMNS.map(() => '');
  return [
    String(c.solverLost),
    number(c.solverRate.low, 6),
    number(c.solverRate.high, 6),
    number(c.solverCi95.low, 6),
    number(c.solverCi95.high, 6),
    String(c.solverStates),
    number(c.solverSeconds, 3),
  ];
}

/** The summary CSV's estimate_* fields: the answer (answerOf) and how it was reached. */
function answerFields(a: Answer): string[] {
  return [number(a.low, 6), number(a.high, 6), number(a.ci95.low, 6), number(a.ci95.high, 6), a.method];
}
