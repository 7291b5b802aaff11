// The summary of a batch, one entry per rule set: counts, win rate with its 95% interval, the histogram of
// max discards, states per deal, time; and the summary CSV that records it with the run's provenance.

import { stringify } from 'csv-stringify/sync';
import { WIN_DISCARDS } from '../core/rules.ts';
import { LOST, type ResultTable, SOLVER, UNKNOWN, WON } from './results.ts';
import { quantile, winRate } from './stats.ts';

export interface RulesetSummary {
  variant: string;
  discards: string;
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
  /** A policy's rule set beside the solver's (--compare solver): over the deals both have, the deals the
   *  solver wins, leaves unknown, and wins where the policy lost. */
  compare?: { deals: number; solverWon: number; solverUnknown: number; winnableLost: number };
}

/** Over the deals both slots have: the solver's wins and unknowns in `solverSlot`, and its wins that `slot` lost. */
function compareWithSolver(table: ResultTable, slot: number, solverSlot: number): NonNullable<RulesetSummary['compare']> {
  const counts = { deals: 0, solverWon: 0, solverUnknown: 0, winnableLost: 0 };
  for (let index = table.first; index < table.first + table.count; index++) {
    const played = table.get(slot, index);
    const exact = table.get(solverSlot, index);
    if (played === undefined || exact === undefined) continue;
    counts.deals += 1;
    if (exact.outcome === WON) counts.solverWon += 1;
    if (exact.outcome === UNKNOWN) counts.solverUnknown += 1;
    if (exact.outcome === WON && played.outcome !== WON) counts.winnableLost += 1;
  }
  return counts;
}

/** Summarises every rule set of `table` over the deals solved so far. */
export function summarise(table: ResultTable): RulesetSummary[] {
  return table.rulesets.map((ruleset, slot) => {
    const histogram = new Array<number>(WIN_DISCARDS + 1).fill(0);
    // A typed array, sorted in place: 8 bytes per deal (a plain array of numbers takes more, and a sorted copy).
    const sorted = new Float64Array(table.solved(slot));
    let filled = 0;
    let won = 0, lost = 0, unknown = 0, lostUnpinned = 0, total = 0, ms = 0, timed = 0;
    let firstIndex: number | null = null;
    let lastIndex: number | null = null;
    for (let index = table.first; index < table.first + table.count; index++) {
      const record = table.get(slot, index);
      if (record === undefined) continue;
      firstIndex ??= index;
      lastIndex = index;
      if (record.outcome === WON) won += 1;
      else if (record.outcome === LOST) lost += 1;
      else if (record.outcome === UNKNOWN) unknown += 1;
      if (record.outcome !== UNKNOWN && record.lower === record.upper) histogram[record.lower]! += 1;
      else if (record.outcome === LOST) lostUnpinned += 1;
      sorted[filled++] = record.states;
      total += record.states;
      if (!Number.isNaN(record.ms)) {
        ms += record.ms;
        timed += 1;
      }
    }
    sorted.sort();
    const deals = won + lost + unknown;
    const rate = winRate(won, unknown, deals);
    const solverSlot = ruleset.policy === undefined || ruleset.policy === SOLVER ? -1 : table.slotOf(ruleset.variant, ruleset.discards, SOLVER);
    return {
      ...(ruleset.policy === undefined ? {} : { policy: ruleset.policy }),
      ...(solverSlot < 0 ? {} : { compare: compareWithSolver(table, slot, solverSlot) }),
      variant: ruleset.variant,
      discards: ruleset.discards,
      deals, firstIndex, lastIndex, won, lost, unknown,
      winRate: { low: rate.low, high: rate.high },
      ci95: rate.ci95,
      maxDiscards: histogram,
      lostUnpinned,
      states: { median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: deals === 0 ? Number.NaN : sorted[deals - 1]!, total },
      solveSeconds: ms / 1000,
      timedDeals: timed,
    };
  });
}

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
}

const number = (n: number | null, digits?: number): string =>
  n === null || Number.isNaN(n) ? '' : digits === undefined ? String(n) : n.toFixed(digits);

/**
 * The summary as JSON Lines: one object per rule set, with the field names of `acesup solve --json` where
 * they mean the same (`variant`, `discards`, `states` and `ms` summed over the deals), then the figures of
 * the summary and the run's provenance.
 */
export function summaryJsonLines(summaries: readonly RulesetSummary[], run: RunInfo): string {
  return summaries.map((s) => JSON.stringify({
    seed: run.seed, variant: s.variant, discards: s.discards, policy: s.policy, compare: s.compare, first: s.firstIndex, last: s.lastIndex,
    deals: s.deals, won: s.won, lost: s.lost, unknown: s.unknown,
    winRate: s.winRate, ci95: s.ci95,
    maxDiscardsHistogram: s.maxDiscards, lostMaxDiscardsUnpinned: s.lostUnpinned,
    statesPerDeal: { median: nullable(s.states.median), p99: nullable(s.states.p99), max: nullable(s.states.max) },
    states: s.states.total,
    ms: s.timedDeals === 0 ? null : Math.round(s.solveSeconds * 1e6) / 1e3, timedDeals: s.timedDeals,
    maxStates: run.maxStates, maxDiscards: run.maxDiscards, complete: run.complete,
    wallSeconds: run.wallSeconds, workers: run.workers,
    command: run.command, version: run.version, commit: run.commit, search: run.search, mixed: run.mixed,
  })).join('\n') + '\n';
}

const nullable = (n: number): number | null => (Number.isNaN(n) ? null : n);

/** The summary CSV: a header and one row per rule set, every figure of the summary and the run's provenance. */
export function summaryCsv(summaries: readonly RulesetSummary[], run: RunInfo): string {
  const policies = summaries.some((s) => s.policy !== undefined);
  const columns = [
    'variant', 'discards', 'seed', 'first_index', 'last_index', 'deals', 'won', 'lost', 'unknown',
    'win_rate_low', 'win_rate_high', 'ci95_low', 'ci95_high',
    'states_median', 'states_p99', 'states_max', 'states_total',
    'solve_seconds', 'deals_per_second', 'wall_seconds', 'workers', 'max_states', 'complete',
    ...Array.from({ length: WIN_DISCARDS + 1 }, (_, n) => `max_discards_${n}`), 'lost_max_discards_unpinned',
    'command', 'version', 'commit', 'max_discards_mode', 'search', 'mixed',
    // A run with --policy: the policy, and with --compare solver its comparison on the same deals.
    ...(policies ? ['policy', 'solver_won', 'solver_unknown', 'winnable_lost'] : []),
  ];
  const rows = summaries.map((s) => [
    s.variant, s.discards, String(run.seed), number(s.firstIndex), number(s.lastIndex),
    String(s.deals), String(s.won), String(s.lost), String(s.unknown),
    number(s.winRate.low, 6), number(s.winRate.high, 6), number(s.ci95.low, 6), number(s.ci95.high, 6),
    number(s.states.median), number(s.states.p99), number(s.states.max), String(s.states.total),
    s.timedDeals === 0 ? '' : number(s.solveSeconds, 3),
    s.timedDeals === 0 || s.solveSeconds === 0 ? '' : number(s.timedDeals / s.solveSeconds, 2),
    number(run.wallSeconds, 3), number(run.workers), number(run.maxStates), String(run.complete),
    ...s.maxDiscards.map(String), String(s.lostUnpinned),
    run.command, run.version, run.commit, run.maxDiscards ?? '', run.search ?? '', run.mixed.join(' '),
    ...(policies ? [s.policy ?? '', number(s.compare?.solverWon ?? null), number(s.compare?.solverUnknown ?? null), number(s.compare?.winnableLost ?? null)] : []),
  ]);
  return stringify([columns, ...rows]);
}
