// The results of a batch: for each rule set (variant × discard rule, × policy) and each deal index of a range,
// the verdict, the max-discards bounds, the states searched and the time (and beside a policy's game, the
// solver's verdict of the same deal with --compare solver), kept in typed arrays.

import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import { type Provenance, UNRECORDED, passBudgets, provenanceKey } from './provenance.ts';
import { type PassShares, WHOLE_SHARES, inPassSample, passSharesOf } from './sample.ts';
import { SOLVER } from './options.ts';

/** One variant under one discard rule; with `policy`, played by that policy (its label, policies.ts)
 *  instead of solved; with `compare` too, each deal also solved exactly, its verdict kept beside the game
 *  (`--compare solver`: one row per deal carries both). */
export interface Ruleset {
  readonly variant: Variant;
  /** The discard rule (bench/solve.bench.ts builds rule sets by this name). */
  readonly rule: DiscardRule;
  readonly policy?: string;
  readonly compare?: boolean;
}

// SOLVER lives in options.ts, which imports nothing (the choices of --policy list it).
export { SOLVER };

/** `standard/optional`, or `standard/forced/greedy(ace-bonus=0)` with a policy (and ` vs solver` with the
 *  solver's verdicts beside), as printed. */
export const rulesetName = (ruleset: Ruleset): string =>
  `${ruleset.variant}/${ruleset.rule}${ruleset.policy === undefined ? '' : `/${ruleset.policy}`}${ruleset.compare === true ? ` vs ${SOLVER}` : ''}`;

/** Whether `ruleset` is the one of a row: its variant, discard rule, policy, and the solver's verdict or not. */
export const isRulesetOf = (ruleset: Ruleset, variant: string, rule: string, policy: string | undefined, compare: boolean): boolean =>
  ruleset.variant === variant && ruleset.rule === rule && ruleset.policy === policy && (ruleset.compare === true) === compare;

/**
 * Every variant × discard rule (× policy, when given: labels) asked for, in the order rows are written:
 * variants, then discard rules as in rules.ts, then policies as given; `compare`: each with the solver's
 * verdict beside the policy's game.
 */
export function rulesetsFor(
  variants: readonly Variant[],
  rules: readonly DiscardRule[],
  policies?: readonly string[],
  compare = false,
): Ruleset[] {
  const rulesets: Ruleset[] = [];
  for (const variant of VARIANTS) {
    if (!variants.includes(variant)) continue;
    for (const rule of DISCARD_RULES) {
      if (!rules.includes(rule)) continue;
      if (policies === undefined) rulesets.push({ variant, rule });
      else for (const policy of policies) rulesets.push({ variant, rule, policy, ...(compare ? { compare } : {}) });
    }
  }
  return rulesets;
}

/** A deal's verdict as a small integer; NONE marks a deal not solved yet. */
const NONE = 0;
export const WON = 1;
export const LOST = 2;
export const UNKNOWN = 3;
export type Outcome = typeof WON | typeof LOST | typeof UNKNOWN;
/** The verdict's word in CSV and JSON, by outcome code. */
export const OUTCOME_NAMES = ['', 'won', 'lost', 'unknown'] as const;

/** What solving (or playing) one deal under one rule set gave. `ms` is NaN when not known (a CSV written
 *  without timings). */
export interface DealResult {
  outcome: Outcome;
  lower: number;
  upper: number;
  states: number;
  ms: number;
}

/** A deal's result under a rule set; `solver`: the solver's verdict of the same deal, under a rule set that
 *  compares (present exactly there); `budget`: the state budget of the pass that gave it, present when it is
 *  a later pass (provenance.ts `passes`), absent for the first (the run's max_states). */
export interface DealRecord extends DealResult {
  solver?: DealResult;
  budget?: number;
  /** The rule set of the run whose verdict proved this one (`standard/forced`; with ` sampled` when that
   *  verdict came from a sampled pass), where this rule set's own search had left the deal unknown
   *  (implications.ts). Absent when the row's own search decided it. */
  impliedBy?: string;
  /** The solving time of every pass this row's deal went through, the first included (the row's `ms` is its
   *  last pass's); absent for a row of the first pass, or one whose earlier passes were not timed. */
  msAll?: number;
}

/** One Verdict per cell, in typed arrays: 19 bytes a cell. */
class ResultColumns {
  readonly outcomes: Uint8Array;
  private readonly lowers: Uint8Array;
  private readonly uppers: Uint8Array;
  private readonly stateCounts: Float64Array;
  private readonly times: Float64Array;

  constructor(cells: number) {
    this.outcomes = new Uint8Array(cells);
    this.lowers = new Uint8Array(cells);
    this.uppers = new Uint8Array(cells);
    this.stateCounts = new Float64Array(cells);
    this.times = new Float64Array(cells).fill(Number.NaN);
  }

  set(cell: number, verdict: DealResult): void {
    this.outcomes[cell] = verdict.outcome;
    this.lowers[cell] = verdict.lower;
    this.uppers[cell] = verdict.upper;
    this.stateCounts[cell] = verdict.states;
    this.times[cell] = verdict.ms;
  }

  get(cell: number): DealResult {
    return {
      outcome: this.outcomes[cell]! as Outcome,
      lower: this.lowers[cell]!,
      upper: this.uppers[cell]!,
      states: this.stateCounts[cell]!,
      ms: this.times[cell]!,
    };
  }
}

/**
 * The most results (deal × rule set, the solver's verdict beside a game counting as a second) one table
 * holds: 19 bytes each, under 1 GB at the limit. An estimate
 * solves a longer range in segments (run.ts); a merge holds its whole range, so this bounds it.
 */
export const MAX_RESULTS = 50_000_000;

/** The results one deal takes in a table of `rulesets`: one per rule set, two where it compares. */
export const resultsPerDeal = (rulesets: readonly Ruleset[]): number => rulesets.reduce((n, r) => n + (r.compare === true ? 2 : 1), 0);

/** Distinct provenances one table can hold (a merge of mixed files). */
const MAX_PROVENANCES = 255;

/**
 * Results for the deals `first … first + count − 1` of one seed, under each of `rulesets`, with the
 * provenance of each result (one for a run; several only in a merge of mixed files).
 */
export class ResultTable {
  private readonly results: ResultColumns;
  /** The solver's verdicts beside a policy's games, for the rule sets that compare (else undefined). */
  private readonly solverResults: ResultColumns | undefined;
  private readonly outcomes: Uint8Array;
  /** The provenances of the results; `sources` gives each cell's (absent while there is one only). */
  readonly provenances: Provenance[];
  private sources: Uint8Array | undefined;
  /** Per cell, the pass of its result in the plan of its provenance (0: the first; absent while all are). */
  private passes: Uint8Array | undefined;
  /** Per cell, 1 + the number of its `impliedBy` in `impliedNames` (0: not implied; absent while none is). */
  private implied: Uint8Array | undefined;
  /** Per cell, `msAll` (NaN: none; absent while no row has one). */
  private allTimes: Float64Array | undefined;
  private readonly impliedNames: string[] = [];
  /** The budgets of each provenance's passes (passBudgets), by provenance number. */
  private readonly budgets: number[][];
  /** The sample of unknown deals that each provenance gives the later passes (sample.ts), by provenance number. */
  private readonly samples: PassShares[];
  /** Per rule set, the provenance its new results get (`useProvenance`; 0 unless set). */
  private readonly slotProvenance: number[];
  /** The deal range of the whole run these results belong to (wider than the table for a shard). */
  run: { first: number; last: number };

  constructor(
    readonly seed: number,
    readonly first: number,
    readonly count: number,
    readonly rulesets: readonly Ruleset[],
    provenance: Provenance = UNRECORDED,
  ) {
    const cells = count * rulesets.length;
    if (!(count * resultsPerDeal(rulesets) <= MAX_RESULTS)) {
      throw new RangeError(`${count} deals × ${resultsPerDeal(rulesets)} results is more than the ${MAX_RESULTS} results one table holds`);
    }
    this.provenances = [provenance];
    this.budgets = [passBudgets(provenance)];
    this.samples = [sharesOf(provenance)];
    this.slotProvenance = rulesets.map(() => 0);
    this.run = { first, last: first + count - 1 };
    this.results = new ResultColumns(cells);
    this.outcomes = this.results.outcomes;
    this.solverResults = rulesets.some((r) => r.compare === true) ? new ResultColumns(cells) : undefined;
  }

  /** The slot of a rule set in `rulesets`, or −1. */
  slotOf(variant: string, rule: string, policy?: string, compare = false): number {
    return this.rulesets.findIndex((r) => isRulesetOf(r, variant, rule, policy, compare));
  }

  contains(index: number): boolean {
    return index >= this.first && index < this.first + this.count;
  }

  private cell(slot: number, index: number): number {
    return slot * this.count + (index - this.first);
  }

  has(slot: number, index: number): boolean {
    return this.outcomes[this.cell(slot, index)] !== NONE;
  }

  /** The number of `provenance` in `provenances`, added when new. */
  provenanceId(provenance: Provenance): number {
    const key = provenanceKey(provenance);
    const found = this.provenances.findIndex((p) => provenanceKey(p) === key);
    if (found >= 0) return found;
    if (this.provenances.length === MAX_PROVENANCES) throw new RangeError(`more than ${MAX_PROVENANCES} provenances in one table`);
    this.sources ??= new Uint8Array(this.outcomes.length);
    this.provenances.push(provenance);
    this.budgets.push(passBudgets(provenance));
    this.samples.push(sharesOf(provenance));
    return this.provenances.length - 1;
  }

  /** Results of the rule set in `slot` set from now on without a provenance of their own get this one (a
   *  run whose rule sets sample their unknown deals in different shares). */
  useProvenance(slot: number, provenance: Provenance): void {
    this.slotProvenance[slot] = this.provenanceId(provenance);
  }

  /** The provenance of a result (of the table's first provenance for a cell not set). */
  provenanceOf(slot: number, index: number): Provenance {
    return this.provenances[this.sources?.[this.cell(slot, index)] ?? 0]!;
  }

  /** The budgets of the passes planned for a result (passBudgets of its provenance; [] when not recorded). */
  budgetsOf(slot: number, index: number): readonly number[] {
    return this.budgets[this.sources?.[this.cell(slot, index)] ?? 0]!;
  }

  /** Whether some result was implied by another rule set's (so that the files write the implied_by column). */
  hasImplied(): boolean {
    return this.implied?.some((n) => n > 0) === true;
  }

  /** Whether the results set so far come from more than one provenance. */
  mixed(): boolean {
    if (this.sources === undefined) return false;
    const used = new Set<number>();
    for (let cell = 0; cell < this.outcomes.length; cell++) if (this.outcomes[cell] !== NONE) used.add(this.sources[cell]!);
    return used.size > 1;
  }

  /** Records a result; `provenance` is its number in `provenances` (from `provenanceId`). A rule set that
   *  compares takes a record with the solver's verdict, any other one without; a record's `budget` is one of
   *  its provenance's passes. */
  set(slot: number, index: number, record: DealRecord, provenance = this.slotProvenance[slot]!): void {
    if ((record.solver !== undefined) !== (this.rulesets[slot]!.compare === true)) {
      throw new Error(
        `a result ${record.solver === undefined ? 'without' : 'with'} the solver's verdict for ${rulesetName(this.rulesets[slot]!)}`,
      );
    }
    const cell = this.cell(slot, index);
    const pass = record.budget === undefined ? 0 : this.budgets[provenance]!.indexOf(record.budget);
    if (pass < 0)
      throw new RangeError(
        `a result at a budget of ${record.budget} states, which is not a pass of its plan (${this.budgets[provenance]!.join(', ')})`,
      );
    if (pass > 0) this.passes ??= new Uint8Array(this.outcomes.length);
    if (this.passes !== undefined) this.passes[cell] = pass;
    if (this.sources !== undefined) this.sources[cell] = provenance;
    if (record.impliedBy !== undefined || this.implied !== undefined) {
      this.implied ??= new Uint8Array(this.outcomes.length);
      let name = record.impliedBy === undefined ? -1 : this.impliedNames.indexOf(record.impliedBy);
      if (record.impliedBy !== undefined && name < 0) name = this.impliedNames.push(record.impliedBy) - 1;
      this.implied[cell] = name + 1;
    }
    if (record.msAll !== undefined || this.allTimes !== undefined) {
      this.allTimes ??= new Float64Array(this.outcomes.length).fill(Number.NaN);
      this.allTimes[cell] = record.msAll ?? Number.NaN;
    }
    this.results.set(cell, record);
    if (record.solver !== undefined) this.solverResults!.set(cell, record.solver);
  }

  get(slot: number, index: number): DealRecord | undefined {
    const cell = this.cell(slot, index);
    if (this.outcomes[cell] === NONE) return undefined;
    const record: DealRecord = this.results.get(cell);
    if (this.rulesets[slot]!.compare === true) record.solver = this.solverResults!.get(cell);
    const pass = this.passes?.[cell] ?? 0;
    if (pass > 0) record.budget = this.budgets[this.sources?.[cell] ?? 0]![pass]!;
    const implied = this.implied?.[cell] ?? 0;
    if (implied > 0) record.impliedBy = this.impliedNames[implied - 1]!;
    const all = this.allTimes?.[cell] ?? Number.NaN;
    if (!Number.isNaN(all)) record.msAll = all;
    return record;
  }

  /**
   * Whether the result of a deal under a rule set is still to be found at pass `pass` of the plan (0: the
   * first, at max_states): for the first, when there is none yet; for a later one, when it is unknown at the
   * pass before and its deal is in the sample of unknown deals that the later passes solve.
   */
  needs(slot: number, index: number, pass: number): boolean {
    const cell = this.cell(slot, index);
    if (pass === 0) return this.outcomes[cell] === NONE;
    return (
      this.outcomes[cell] === UNKNOWN &&
      (this.passes?.[cell] ?? 0) === pass - 1 &&
      inPassSample(this.seed, index, this.samples[this.sources?.[cell] ?? 0]!, pass)
    );
  }

  /** Deals solved under the rule set in `slot`. */
  solved(slot: number): number {
    let n = 0;
    const end = (slot + 1) * this.count;
    for (let cell = slot * this.count; cell < end; cell++) if (this.outcomes[cell] !== NONE) n += 1;
    return n;
  }

  /** Wins so far under the rule set in `slot`. */
  won(slot: number): number {
    let n = 0;
    const end = (slot + 1) * this.count;
    for (let cell = slot * this.count; cell < end; cell++) if (this.outcomes[cell] === WON) n += 1;
    return n;
  }

  /** The deals not solved yet under one or more of the rule sets in `slots`, as runs `[start, end)` of
   *  consecutive indices. */
  missing(slots: readonly number[]): [number, number][] {
    return this.pending(slots, 0);
  }

  /** The deals that need pass `pass` (`needs`) under one or more of the rule sets in `slots`, as runs
   *  `[start, end)` of consecutive indices. */
  pending(slots: readonly number[], pass: number): [number, number][] {
    const runs: [number, number][] = [];
    let start = -1;
    for (let i = 0; i <= this.count; i++) {
      const open = i < this.count && slots.some((slot) => this.needs(slot, this.first + i, pass));
      if (open && start < 0) start = i;
      if (!open && start >= 0) {
        runs.push([this.first + start, this.first + i]);
        start = -1;
      }
    }
    return runs;
  }
}

/** The shares of a provenance's later passes (every unknown deal when it records none, or none readable). */
const sharesOf = (provenance: Provenance): PassShares =>
  passSharesOf(provenance.sample_unknowns, Math.max(1, passBudgets(provenance).length - 1)) ?? WHOLE_SHARES;
