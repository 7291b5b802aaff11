// Gathering a batch's summary (summary.ts) deal by deal, in memory that does not grow with the number of deals.

import { WIN_DISCARDS } from '../core/game/rules.ts';
import { passBudgets } from './provenance.ts';
import {
  type DealRecord,
  LOST,
  type Outcome,
  type ResultTable,
  type Ruleset,
  UNKNOWN,
  type DealResult,
  WON,
  rulesetName,
} from './results.ts';
import { type PassShares, type TwoPhase, TwoPhaseTally, WHOLE_SHARES, passSharesOf, twoPhaseRole } from './sample.ts';
import { type ControlRun, type Controls, LatticeAccumulator, latticePairs } from './lattice-summary.ts';
import type { Provenance } from './provenance.ts';
import { impliedForEveryDeal } from './implications.ts';
import { winRate } from '../core/stats.ts';
import { type Comparison, type RulesetSummary, answerOf } from './summary.ts';

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
  /** The solver's side, in a rule set that compares. */
  private readonly solver = { won: 0, lost: 0, unknown: 0, winnableLost: 0, states: 0, ms: 0 };
  private dense: Uint32Array | undefined;
  private readonly sparse = new Map<number, number>();
  private max = Number.NaN;
  /** Per budget (the planned ones from the start): deals decided and unknown at it, and the unknown ones
   *  outside the sample. */
  readonly passes = new Map<number, { decided: number; unknown: number; unsampled: number }>();
  /** The two-phase estimate, over every deal; `sampling`: whether some result comes from a run that samples. */
  private readonly twoPhase = new TwoPhaseTally();
  private sampling = false;
  /** The shares of the later passes as recorded (the first sampling row's): one, or one per pass. */
  private sharesText = '';
  /** Time of the first pass's deals (decided, and unknown outside the sample) and of the sampled deals' last passes. */
  private readonly phaseMs = {
    first: 0,
    firstTimed: 0,
    unsampledMs: 0,
    unsampledTimed: 0,
    later: 0,
    laterTimed: 0,
    laterAll: 0,
    laterAllTimed: 0,
  };

  /**
   * `budget`: the budget of the pass that gave the result (undefined when not recorded); `first`: the budget of
   * the run's first pass; `sample`: the run's sample of unknown deals and whether this deal is in it (undefined
   * when the run's first budget is not recorded).
   */
  add(
    index: number,
    record: DealRecord,
    budget: number | undefined,
    first?: number,
    sample?: { shares: PassShares; budgets: readonly number[]; seed: number },
  ): void {
    const pass = budget === undefined || sample === undefined ? 0 : Math.max(0, sample.budgets.indexOf(budget));
    // An implied verdict counts as its own search left the row (unknown), unless it holds for every deal
    // whatever the sample (implications.ts): then it is as good as the first pass's.
    const own = record.impliedBy !== undefined && !impliedForEveryDeal(record.impliedBy) ? 'unknown' : undefined;
    const everyDeal = impliedForEveryDeal(record.impliedBy);
    const role =
      sample === undefined
        ? undefined
        : twoPhaseRole(
            sample.seed,
            index,
            sample.shares,
            everyDeal ? 0 : pass,
            sample.budgets.length - 1,
            own ?? (record.outcome === WON ? 'won' : record.outcome === LOST ? 'lost' : 'unknown'),
          );
    if (budget !== undefined) {
      let stop = this.passes.get(budget);
      if (stop === undefined) this.passes.set(budget, (stop = { decided: 0, unknown: 0, unsampled: 0 }));
      if (record.outcome === UNKNOWN) stop.unknown += 1;
      else stop.decided += 1;
      // Unknown, and outside the sample of the next pass: given no further pass (not awaiting one).
      if (record.outcome === UNKNOWN && role !== undefined && pass < sample!.budgets.length - 1 && !role.sampled) stop.unsampled += 1;
    }
    if (sample !== undefined && role !== undefined)
      this.addTwoPhase(record, budget === first || everyDeal, own === undefined && record.outcome !== UNKNOWN, sample.shares, role);
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
    if (record.solver !== undefined) this.addSolver(record.outcome, record.solver);
  }

  private addTwoPhase(
    record: DealRecord,
    atFirst: boolean,
    decided: boolean,
    shares: PassShares,
    role: ReturnType<typeof twoPhaseRole>,
  ): void {
    if (shares.text !== '') {
      this.sampling = true;
      this.sharesText ||= shares.text;
    }
    const timed = !Number.isNaN(record.ms);
    const ms = this.phaseMs;
    if (atFirst && decided) {
      this.twoPhase.addDecided(record.outcome === WON);
      if (timed) {
        ms.first += record.ms;
        ms.firstTimed += 1;
      }
      return;
    }
    this.twoPhase.addUnknown(role.share, role.sampled, role.outcome, role.given);
    if (timed && atFirst && !role.given) {
      ms.unsampledMs += record.ms;
      ms.unsampledTimed += 1;
    } else if (timed && !atFirst) {
      ms.later += record.ms;
      ms.laterTimed += 1;
      if (record.msAll !== undefined) {
        ms.laterAll += record.msAll;
        ms.laterAllTimed += 1;
      }
    }
  }

  /** The two-phase estimate with the costs per deal of each phase: the first pass's (a sampled deal's first
   *  pass cost what an unsampled unknown one did: the sample is blind to the cards) and the later passes'. */
  private twoPhaseSummary(): NonNullable<RulesetSummary['twoPhase']> {
    const t = { ...this.twoPhase.result(), passShares: this.sharesText };
    const ms = this.phaseMs;
    const timed = ms.firstTimed + ms.unsampledTimed;
    // NaN when sampled deals have no unsampled unknown one to stand for their first pass.
    const sampledMs = t.sampled === 0 ? 0 : (t.sampled * ms.unsampledMs) / ms.unsampledTimed;
    return {
      ...t,
      firstSeconds: timed === 0 ? Number.NaN : (ms.first + ms.unsampledMs + sampledMs) / (timed + t.sampled) / 1000,
      laterSeconds: ms.laterTimed === 0 ? Number.NaN : this.laterMs() / ms.laterTimed / 1000,
    };
  }

  /**
   * The later passes' time of the sampled deals: every later pass each went through, where the rows record it
   * (`ms_all_passes`, less the first pass, which costs what an unsampled unknown deal's did); else the time of
   * the pass that gave each row only, which leaves out the passes that did not decide it (files of earlier
   * versions).
   */
  private laterMs(): number {
    const ms = this.phaseMs;
    if (ms.laterAllTimed < ms.laterTimed || ms.unsampledTimed === 0) return ms.later;
    return ms.laterAll - ms.laterAllTimed * (ms.unsampledMs / ms.unsampledTimed);
  }

  private addSolver(played: Outcome, exact: DealResult): void {
    const solver = this.solver;
    if (exact.outcome === WON) solver.won += 1;
    else if (exact.outcome === LOST) solver.lost += 1;
    else solver.unknown += 1;
    if (exact.outcome === WON && played !== WON) solver.winnableLost += 1;
    solver.states += exact.states;
    if (!Number.isNaN(exact.ms)) solver.ms += exact.ms;
  }

  private comparison(): Comparison {
    const { won, lost, unknown, winnableLost, states, ms } = this.solver;
    const deals = won + lost + unknown;
    const rate = winRate(won, unknown, deals);
    return {
      deals,
      solverWon: won,
      solverLost: lost,
      solverUnknown: unknown,
      solverRate: { low: rate.low, high: rate.high },
      solverCi95: rate.ci95,
      winnableLost,
      solverStates: states,
      solverSeconds: ms / 1000,
    };
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
      rule: ruleset.rule,
      deals,
      firstIndex: this.firstIndex,
      lastIndex: this.lastIndex,
      won: this.won,
      lost: this.lost,
      unknown: this.unknown,
      winRate: { low: rate.low, high: rate.high },
      ci95: rate.ci95,
      maxDiscards: [...this.histogram],
      lostUnpinned: this.lostUnpinned,
      states: { median: this.quantile(0.5), p99: this.quantile(0.99), max: this.max, total: this.total },
      solveSeconds: this.ms / 1000,
      timedDeals: this.timed,
      ...(ruleset.policy === undefined ? {} : { policy: ruleset.policy }),
      ...(ruleset.compare === true ? { compare: this.comparison() } : {}),
      ...(this.passes.size > 1
        ? {
            passes: [...this.passes]
              .sort(([a], [b]) => a - b)
              .map(([maxStates, { decided, unknown, unsampled }]) => ({
                maxStates,
                decided,
                unknown,
                ...(this.sampling ? { unsampled } : {}),
              })),
          }
        : {}),
      ...(this.sampling ? { twoPhase: offer(this.twoPhaseSummary(), rate.ci95, this.unknown) } : {}),
    };
  }
}

/**
 * Whether the two-phase estimate is offered as the rule set's answer: only where its 95% interval is narrower
 * than the plain range's (Wilson low end with every unknown deal lost … high end with every one won). A
 * row with no unknown deal is exact deal by deal, and a small sample can give an interval wider than the
 * plain range: then the plain range stands alone, and `note` says why.
 */
function offer<T extends TwoPhase>(t: T, plain: { low: number; high: number }, unknown: number): T {
  const narrower = t.ci95.high - t.ci95.low < plain.high - plain.low;
  if (unknown > 0 && narrower) return { ...t, offered: true, note: '' };
  const note =
    unknown === 0
      ? 'every deal decided: the plain rate is exact'
      : t.share === 0
        ? 'a later pass of share 0 left deals that no sample stands for (a tail control, in the difference estimate, does)'
        : `the sample of ${t.sampled} unknown deal${t.sampled === 1 ? '' : 's'} is too small to narrow the range (more deals or a larger --sample-unknowns would)`;
  return { ...t, offered: false, note };
}

/**
 * The summary of a run gathered result by result, in memory that does not grow with the number of deals
 * (a long run passes its results through in parts). Results added in deal order give the same figures as
 * `summarise` over one table of them all.
 */
export class SummaryAccumulator {
  private readonly tallies: RulesetTally[];
  private readonly lattice: LatticeAccumulator;
  /** Per slot, the larger run that gives its rate (a forced rule set whose deals it holds). */
  private readonly larger = new Map<number, ControlRun>();

  /** `budgets`: the budgets of the passes planned (counted per pass even where no deal ends at one); `seed`:
   *  the deals' seed, which with a row's sample share says whether its deal is in the sample. */
  constructor(
    readonly rulesets: readonly Ruleset[],
    budgets: readonly number[] = [],
    private readonly seed = 0,
    controls: Controls = {},
  ) {
    this.lattice = new LatticeAccumulator(rulesets, seed, controls);
    rulesets.forEach((r, slot) => {
      const run = controls.runs?.find((c) => r.policy === undefined && c.ruleset === `${r.variant}/${r.rule}`);
      if (run !== undefined) this.larger.set(slot, run);
    });
    this.tallies = rulesets.map(() => {
      const tally = new RulesetTally();
      for (const budget of budgets) tally.passes.set(budget, { decided: 0, unknown: 0, unsampled: 0 });
      return tally;
    });
  }

  /** `firstBudget`: the budget of the first pass of the record's run (its max_states; undefined when not
   *  recorded), which gave the result unless the record names a later one; `sample`: the run's sample share
   *  as recorded ('' : every unknown deal). */
  add(slot: number, index: number, record: DealRecord, budgets: readonly number[] = [], sample = '', provenance?: Provenance): void {
    const firstBudget = budgets[0];
    const shares = firstBudget === undefined ? undefined : passSharesOf(sample, budgets.length - 1);
    if (this.lattice.active) {
      const budget = record.budget ?? firstBudget;
      const pass = budget === undefined ? 0 : Math.max(0, budgets.indexOf(budget));
      // What decides which deals its first two passes leave undecided (lattice.ts's tail): unrecorded, none.
      const boundary =
        provenance === undefined || provenance.search === '' || budgets.length < 2
          ? ''
          : `${provenance.search}|${budgets[0]} ${budgets[1]}|${provenance.max_discards_mode}`;
      this.lattice.add(slot, index, record, pass, shares ?? WHOLE_SHARES, Math.max(0, budgets.length - 1), boundary);
    }
    this.tallies[slot]!.add(
      index,
      record,
      record.budget ?? firstBudget,
      firstBudget,
      shares === undefined ? undefined : { shares, budgets, seed: this.seed },
    );
  }

  /** Adds every result of `table` (whose rule sets are these, in this order, and whose seed is this one's), deal by deal. */
  addTable(table: ResultTable): void {
    for (let index = table.first; index < table.first + table.count; index++) {
      for (let slot = 0; slot < table.rulesets.length; slot++) {
        const record = table.get(slot, index);
        if (record !== undefined)
          this.add(
            slot,
            index,
            record,
            table.budgetsOf(slot, index),
            table.provenanceOf(slot, index).sample_unknowns,
            table.provenanceOf(slot, index),
          );
      }
    }
  }

  summaries(): RulesetSummary[] {
    const summaries = this.rulesets.map((ruleset, slot) => this.tallies[slot]!.summary(ruleset));
    const lattice = this.lattice.summaries((slot) => summaries[slot]!.ci95);
    const whole = summaries.map((s, slot): RulesetSummary => {
      const run = this.larger.get(slot);
      const withLattice = lattice.has(slot) ? { ...s, lattice: lattice.get(slot)! } : s;
      if (run === undefined || s.deals === 0) return withLattice;
      const rate = winRate(run.won, run.unknown, run.deals);
      return { ...withLattice, larger: { run, rate: { low: rate.low, high: rate.high }, ci95: rate.ci95 } };
    });
    // Every win under the forced rule is a win under the optional one, deal by deal: an answer for the optional
    // rule below its forced rule's, at either end of the range or of the interval, is raised to it
    // (docs/estimate.md#consistent). The estimators rarely need it; small runs' interval ends may.
    const answers = whole.map((s) => answerOf(s));
    for (const [target, control] of latticePairs(this.rulesets)) {
      const t = answers[target]!;
      const c = answers[control]!;
      const parts = [
        ...(t.low < c.low || t.high < c.high ? ['estimate'] : []),
        ...(t.ci95.low < c.ci95.low ? ['interval low end'] : []),
        ...(t.ci95.high < c.ci95.high ? ['interval high end'] : []),
      ];
      if (parts.length === 0) continue;
      answers[target] = {
        ...t,
        low: Math.max(t.low, c.low),
        high: Math.max(t.high, c.high),
        ci95: { low: Math.max(t.ci95.low, c.ci95.low), high: Math.max(t.ci95.high, c.ci95.high) },
      };
      whole[target] = { ...whole[target]!, raised: { by: rulesetName(this.rulesets[control]!), parts } };
    }
    return whole.map((s, slot) => ({ ...s, answer: answers[slot]! }));
  }
}

/** Summarises every rule set of `table` over the deals solved so far (with the passes its provenances plan). */
export function summarise(table: ResultTable, controls: Controls = {}): RulesetSummary[] {
  const accumulator = new SummaryAccumulator(table.rulesets, [...new Set(table.provenances.flatMap(passBudgets))], table.seed, controls);
  accumulator.addTable(table);
  return accumulator.summaries();
}
