// The summary of a batch, one entry per rule set: counts, win rate with its 95% interval, the histogram of
// max discards, states per deal, time; and the summary CSV that records it with the run's provenance.

import type * as CsvStringifySync from 'csv-stringify/sync';
import { createRequire } from 'node:module';
import { WIN_DISCARDS } from '../core/rules.ts';
import { type DealRecord, LOST, type ResultTable, type Ruleset, SOLVER, UNKNOWN, WON } from './results.ts';
import { winRate } from './stats.ts';

/** Loaded on first use, like the per-deal CSV's libraries (csv.ts): most commands write no summary file. */
const stringify = (input: CsvStringifySync.Input): string =>
  (createRequire(import.meta.url)('csv-stringify/sync') as typeof CsvStringifySync).stringify(input);

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
  compare?: Comparison;
}

export interface Comparison {
  deals: number;
  solverWon: number;
  solverUnknown: number;
  winnableLost: number;
}

/** States below this are counted in a dense array, the rare larger ones in a map: exact quantiles in
 *  memory bounded by the budget, not by the number of deals. */
const DENSE_STATES = 1 << 20;

/** The figures of one rule set, gathered deal by deal. */
class RulesetTally {
  readonly histogram = new Array<number>(WIN_DISCARDS + 1).fill(0);
  won = 0;
  lost = 0;
  unknown = 0;
  lostUnpinned = 0;
  total = 0;
  ms = 0;
  timed = 0;
  firstIndex: number | null = null;
  lastIndex: number | null = null;
  private dense: Uint32Array | undefined;
  private readonly sparse = new Map<number, number>();
  private max = Number.NaN;

  add(index: number, record: DealRecord): void {
    if (this.firstIndex === null || index < this.firstIndex) this.firstIndex = index;
    if (this.lastIndex === null || index > this.lastIndex) this.lastIndex = index;
    if (record.outcome === WON) this.won += 1;
    else if (record.outcome === LOST) this.lost += 1;
    else if (record.outcome === UNKNOWN) this.unknown += 1;
    if (record.outcome !== UNKNOWN && record.lower === record.upper) this.histogram[record.lower]! += 1;
    else if (record.outcome === LOST) this.lostUnpinned += 1;
    const states = record.states;
    if (states < DENSE_STATES) {
      this.dense ??= new Uint32Array(DENSE_STATES);
      this.dense[states]! += 1;
    } else {
      this.sparse.set(states, (this.sparse.get(states) ?? 0) + 1);
    }
    if (!(states <= this.max)) this.max = states;
    this.total += states;
    if (!Number.isNaN(record.ms)) {
      this.ms += record.ms;
      this.timed += 1;
    }
  }

  /** The nearest-rank `q`-quantile of the states per deal (as stats.ts `quantile` over them sorted). */
  quantile(q: number): number {
    const n = this.won + this.lost + this.unknown;
    if (n === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil(q * n));
    let seen = 0;
    if (this.dense !== undefined) {
      for (let states = 0; states < DENSE_STATES; states++) {
        seen += this.dense[states]!;
        if (seen >= rank) return states;
      }
    }
    for (const states of [...this.sparse.keys()].sort((a, b) => a - b)) {
      seen += this.sparse.get(states)!;
      if (seen >= rank) return states;
    }
    return this.max;
  }

  summary(ruleset: Ruleset): RulesetSummary {
    const deals = this.won + this.lost + this.unknown;
    const rate = winRate(this.won, this.unknown, deals);
    return {
      variant: ruleset.variant,
      discards: ruleset.discards,
      deals, firstIndex: this.firstIndex, lastIndex: this.lastIndex, won: this.won, lost: this.lost, unknown: this.unknown,
      winRate: { low: rate.low, high: rate.high },
      ci95: rate.ci95,
      maxDiscards: [...this.histogram],
      lostUnpinned: this.lostUnpinned,
      states: { median: this.quantile(0.5), p99: this.quantile(0.99), max: this.max, total: this.total },
      solveSeconds: this.ms / 1000,
      timedDeals: this.timed,
      ...(ruleset.policy === undefined ? {} : { policy: ruleset.policy }),
    };
  }
}

/**
 * The summary of a run gathered result by result, in memory that does not grow with the number of deals
 * (a long run passes its results through in parts). Results added in deal order give the same figures as
 * `summarise` over one table of them all.
 */
export class SummaryAccumulator {
  private readonly tallies: RulesetTally[];
  /** Per slot: the slot it is compared with (a policy's solver twin, or the policy of a solver slot), or −1. */
  private readonly twins: number[];
  /** Per policy slot with a twin: the counts, and the outcomes of deals whose other half has not come yet
   *  (index → outcome, plus 4 when it is the solver's); results come by deal, so this stays small. */
  private readonly comparisons: (Comparison | undefined)[];
  private readonly pending: Map<number, number>[];

  constructor(readonly rulesets: readonly Ruleset[]) {
    this.tallies = rulesets.map(() => new RulesetTally());
    const solverOf = (r: Ruleset): number =>
      r.policy === undefined || r.policy === SOLVER ? -1 : rulesets.findIndex((s) => s.variant === r.variant && s.discards === r.discards && s.policy === SOLVER);
    this.twins = rulesets.map((r) => {
      if (r.policy !== SOLVER) return solverOf(r);
      return rulesets.findIndex((p) => solverOf(p) >= 0 && rulesets[solverOf(p)] === r);
    });
    this.comparisons = rulesets.map((r, slot) => (r.policy !== SOLVER && this.twins[slot]! >= 0 ? { deals: 0, solverWon: 0, solverUnknown: 0, winnableLost: 0 } : undefined));
    this.pending = rulesets.map(() => new Map());
  }

  add(slot: number, index: number, record: DealRecord): void {
    this.tallies[slot]!.add(index, record);
    const twin = this.twins[slot]!;
    if (twin < 0) return;
    const solverSide = this.rulesets[slot]!.policy === SOLVER;
    const policySlot = solverSide ? twin : slot;
    const waiting = this.pending[policySlot]!;
    const other = waiting.get(index);
    if (other === undefined) {
      waiting.set(index, record.outcome + (solverSide ? 4 : 0));
      return;
    }
    waiting.delete(index);
    const exact = solverSide ? record.outcome : other - 4;
    const played = solverSide ? other : record.outcome;
    const counts = this.comparisons[policySlot]!;
    counts.deals += 1;
    if (exact === WON) counts.solverWon += 1;
    if (exact === UNKNOWN) counts.solverUnknown += 1;
    if (exact === WON && played !== WON) counts.winnableLost += 1;
  }

  /** Adds every result of `table` (whose rule sets are these, in this order), deal by deal. */
  addTable(table: ResultTable): void {
    for (let slot = 0; slot < table.rulesets.length; slot++) {
      for (let index = table.first; index < table.first + table.count; index++) {
        const record = table.get(slot, index);
        if (record !== undefined) this.add(slot, index, record);
      }
    }
  }

  summaries(): RulesetSummary[] {
    return this.rulesets.map((ruleset, slot) => {
      const summary = this.tallies[slot]!.summary(ruleset);
      const comparison = this.comparisons[slot];
      return comparison === undefined ? summary : { ...summary, compare: { ...comparison } };
    });
  }
}

/** Summarises every rule set of `table` over the deals solved so far. */
export function summarise(table: ResultTable): RulesetSummary[] {
  const accumulator = new SummaryAccumulator(table.rulesets);
  accumulator.addTable(table);
  return accumulator.summaries();
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
