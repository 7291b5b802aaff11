// The results of a batch: for each rule set (variant × discard rule) and each deal index of a range, the
// verdict, the max-discards bounds, the states searched and the time, kept in typed arrays.

import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/rules.ts';
import { type Provenance, UNRECORDED, provenanceKey } from './provenance.ts';

/** One variant under one discard rule; with `policy`, played by that policy (its label, policies.ts)
 *  instead of solved (`'solver'` in a table that has policies, absent in one that has none). */
export interface Ruleset {
  readonly variant: Variant;
  readonly discards: DiscardRule;
  readonly policy?: string;
}

/** The policy that plays the solver's part: the exact solver, the whole stock known. */
export const SOLVER = 'solver';

/** `standard/optional`, or `standard/forced/greedy(ace-bonus=0)` with a policy, as printed. */
export const rulesetName = (ruleset: Ruleset): string =>
  `${ruleset.variant}/${ruleset.discards}${ruleset.policy === undefined ? '' : `/${ruleset.policy}`}`;

/**
 * Every variant × discard rule (× policy, when given: labels, `'solver'` for the solver) asked for, in the
 * order rows are written: variants, then discard rules as in rules.ts, then policies as given.
 */
export function rulesetsFor(variants: readonly Variant[], discards: readonly DiscardRule[], policies?: readonly string[]): Ruleset[] {
  const rulesets: Ruleset[] = [];
  for (const variant of VARIANTS) {
    if (!variants.includes(variant)) continue;
    for (const rule of DISCARD_RULES) {
      if (!discards.includes(rule)) continue;
      if (policies === undefined) rulesets.push({ variant, discards: rule });
      else for (const policy of policies) rulesets.push({ variant, discards: rule, policy });
    }
  }
  return rulesets;
}

/** A deal's verdict as a small integer; NONE marks a deal not solved yet. */
export const NONE = 0;
export const WON = 1;
export const LOST = 2;
export const UNKNOWN = 3;
export type Outcome = typeof WON | typeof LOST | typeof UNKNOWN;
/** The verdict's word in CSV and JSON, by outcome code. */
export const OUTCOME_NAMES = ['', 'won', 'lost', 'unknown'] as const;

/** What solving one deal under one rule set gave. `ms` is NaN when not known (a CSV written without timings). */
export interface DealRecord {
  outcome: Outcome;
  lower: number;
  upper: number;
  states: number;
  ms: number;
}

/**
 * The most results (deal × rule set) one table holds: 19 bytes each, under 1 GB at the limit. An estimate
 * solves a longer range in segments (run.ts); a merge holds its whole range, so this bounds it.
 */
export const MAX_RESULTS = 50_000_000;

/** Distinct provenances one table can hold (a merge of mixed files). */
const MAX_PROVENANCES = 255;

/**
 * Results for the deals `first … first + count − 1` of one seed, under each of `rulesets`, with the
 * provenance of each result (one for a run; several only in a merge of mixed files).
 */
export class ResultTable {
  private readonly outcomes: Uint8Array;
  private readonly lowers: Uint8Array;
  private readonly uppers: Uint8Array;
  private readonly stateCounts: Float64Array;
  private readonly times: Float64Array;
  /** The provenances of the results; `sources` gives each cell's (absent while there is one only). */
  readonly provenances: Provenance[];
  private sources: Uint8Array | undefined;
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
    if (!(cells <= MAX_RESULTS)) {
      throw new RangeError(`${count} deals × ${rulesets.length} rule sets is more than the ${MAX_RESULTS} results one table holds`);
    }
    this.provenances = [provenance];
    this.run = { first, last: first + count - 1 };
    this.outcomes = new Uint8Array(cells);
    this.lowers = new Uint8Array(cells);
    this.uppers = new Uint8Array(cells);
    this.stateCounts = new Float64Array(cells);
    this.times = new Float64Array(cells).fill(Number.NaN);
  }

  /** The slot of a rule set in `rulesets`, or −1. */
  slotOf(variant: string, discards: string, policy?: string): number {
    return this.rulesets.findIndex((r) => r.variant === variant && r.discards === discards && r.policy === policy);
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
    return this.provenances.length - 1;
  }

  /** The provenance of a result (of the table's first provenance for a cell not set). */
  provenanceOf(slot: number, index: number): Provenance {
    return this.provenances[this.sources?.[this.cell(slot, index)] ?? 0]!;
  }

  /** Whether the results set so far come from more than one provenance. */
  mixed(): boolean {
    if (this.sources === undefined) return false;
    const used = new Set<number>();
    for (let cell = 0; cell < this.outcomes.length; cell++) if (this.outcomes[cell] !== NONE) used.add(this.sources[cell]!);
    return used.size > 1;
  }

  /** Records a result; `provenance` is its number in `provenances` (from `provenanceId`). */
  set(slot: number, index: number, record: DealRecord, provenance = 0): void {
    const cell = this.cell(slot, index);
    if (this.sources !== undefined) this.sources[cell] = provenance;
    this.outcomes[cell] = record.outcome;
    this.lowers[cell] = record.lower;
    this.uppers[cell] = record.upper;
    this.stateCounts[cell] = record.states;
    this.times[cell] = record.ms;
  }

  get(slot: number, index: number): DealRecord | undefined {
    const cell = this.cell(slot, index);
    const outcome = this.outcomes[cell]!;
    if (outcome === NONE) return undefined;
    return { outcome: outcome as Outcome, lower: this.lowers[cell]!, upper: this.uppers[cell]!, states: this.stateCounts[cell]!, ms: this.times[cell]! };
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
    const runs: [number, number][] = [];
    let start = -1;
    for (let i = 0; i <= this.count; i++) {
      const open = i < this.count && slots.some((slot) => this.outcomes[slot * this.count + i] === NONE);
      if (open && start < 0) start = i;
      if (!open && start >= 0) {
        runs.push([this.first + start, this.first + i]);
        start = -1;
      }
    }
    return runs;
  }
}
