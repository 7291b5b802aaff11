// The difference estimate in a run's summary: each rule set under the optional rule paired, deal by deal,
// with the same variant under the forced rule (every forced win is an optional win), its rows turned into
// the rows of lattice.ts's tally. The control's mean comes from the run's own forced rows, or from a
// summary of a larger run of the control over deals that include the run's (`--control FILE`).

import { type LatticeEstimate, LatticeTally, type Offer, type TailControl, offerEstimate } from './lattice.ts';
import { type DealRecord, LOST, type Ruleset, WON, rulesetName } from './results.ts';
import type { PassShares } from './sample.ts';
import { impliedForEveryDeal } from './implications.ts';
import { shareAt, twoPhaseRole } from './sample.ts';
import type { ReferenceRun } from './reference.ts';
import type { Verdict } from '../core/api.ts';

/** The control's figures over a larger set of deals (a summary CSV of the control's run). */
export interface ControlRun {
  /** The control rule set's name (`standard/forced`) and the file it came from. */
  ruleset: string;
  /** The file it was read from (--control), or a stored reference run's label (reference.ts). */
  file: string;
  /** The stored reference run it is, when it is one (the default plan's). */
  reference?: ReferenceRun;
  seed: number;
  first: number;
  last: number;
  deals: number;
  won: number;
  unknown: number;
}

/** The tail control of one target rule set: a larger run's tail (lattice.ts), from its summary file. */
export interface TailRun extends TailControl {
  ruleset: string;
  file: string;
  /** The stored reference run whose tail it is, when it is one (the default plan's). */
  reference?: ReferenceRun;
}

/** What a run's difference estimates may take from larger runs: the control's rate (`--control`), and the tail of
 *  the target's (`--tail-control`). */
export interface Controls {
  runs?: readonly ControlRun[];
  tails?: readonly TailRun[];
}

/** The difference estimate of a rule set, as the summary gives it. */
export interface LatticeSummary {
  /** The control rule set (`standard/forced`), and the file of its larger run when one was given. */
  control: string;
  controlFile?: string;
  /** The larger run of the control whose rate it takes, and the larger run of the target whose tail it takes. */
  controlRun?: ControlRun;
  tailRun?: TailRun;
  estimate: LatticeEstimate;
  /** Whether it is offered (its interval narrower than the plain range's), and why or why not. */
  offer: Offer;
  /** Whether the run gave later passes, so that its tail (what the first later pass left) is defined. */
  tailDefined: boolean;
  /** The search, first two budgets and mode of every target row ("search|b0 b1|mode"), when they agree: what a
   *  run that takes this one's tail as its control must share. */
  tailBoundary?: string;
}

/** The stricter rule set each rule set of a run is estimated against: the same variant under the forced
 *  rule, for a solver's rule set under the optional rule. Slot → control slot. */
export function latticePairs(rulesets: readonly Ruleset[]): Map<number, number> {
  const pairs = new Map<number, number>();
  rulesets.forEach((r, slot) => {
    if (r.policy !== undefined || r.rule !== 'optional') return;
    const control = rulesets.findIndex((c) => c.policy === undefined && c.variant === r.variant && c.rule === 'forced');
    if (control >= 0) pairs.set(slot, control);
  });
  return pairs;
}

const resultOf = (record: DealRecord): Verdict['result'] => (record.outcome === WON ? 'won' : record.outcome === LOST ? 'lost' : 'unknown');

/** A target row as far as the pairing needs it, kept until its deal's control row arrives (or the reverse). */
interface Half {
  target?: { record: DealRecord; pass: number; shares: PassShares; laterPasses: number };
  control?: Verdict['result'];
}

/** Pairs the rows of a run's target and control rule sets deal by deal and tallies the difference estimate. */
export class LatticeAccumulator {
  private readonly pairs: Map<number, number>;
  private readonly controlOf: Map<number, number[]>;
  private readonly tallies = new Map<number, LatticeTally>();
  private readonly halves = new Map<number, Map<number, Half>>();
  /** The most later passes any target row's run planned. */
  private laterPasses = 0;
  /** Per target slot: the boundaries of its rows (one, when the tail is well defined). */
  private readonly boundaries = new Map<number, Set<string>>();

  /** Per target slot: the larger run of its control whose rate it takes, and the larger run whose tail it takes. */
  private readonly controlRuns = new Map<number, ControlRun>();
  private readonly tailRuns = new Map<number, TailRun>();

  constructor(
    private readonly rulesets: readonly Ruleset[],
    private readonly seed: number,
    controls: Controls = {},
  ) {
    this.pairs = latticePairs(rulesets);
    this.controlOf = new Map();
    for (const [target, control] of this.pairs) {
      this.controlOf.set(control, [...(this.controlOf.get(control) ?? []), target]);
      const tail = controls.tails?.find((t) => t.ruleset === rulesetName(rulesets[target]!));
      const run = controls.runs?.find((c) => c.ruleset === rulesetName(rulesets[control]!));
      const tally = new LatticeTally(true, tail);
      if (tail !== undefined) this.tailRuns.set(target, tail);
      if (run !== undefined) {
        this.controlRuns.set(target, run);
        tally.addControls(run.deals, run.won, run.unknown);
      }
      this.tallies.set(target, tally);
      this.halves.set(target, new Map());
    }
  }

  /** Whether the target's control mean comes from the larger run's file. */
  private usesFile(target: number): boolean {
    return this.controlRuns.has(target);
  }

  get active(): boolean {
    return this.pairs.size > 0;
  }

  /** A row: `pass` is the pass that gave it (0: the first), of `laterPasses` after the first, with `shares`;
   *  `boundary`: its search, first two budgets and mode, which decide the tail ('' : not recorded). */
  add(slot: number, index: number, record: DealRecord, pass: number, shares: PassShares, laterPasses: number, boundary = ''): void {
    if (this.pairs.has(slot)) {
      const seen = this.boundaries.get(slot) ?? new Set<string>();
      seen.add(boundary);
      this.boundaries.set(slot, seen);
      this.meet(slot, index, { target: { record, pass, shares, laterPasses } });
    }
    for (const target of this.controlOf.get(slot) ?? []) this.meet(target, index, { control: resultOf(record) });
  }

  private meet(target: number, index: number, half: Half): void {
    const waiting = this.halves.get(target)!;
    const other = waiting.get(index);
    if (other === undefined) {
      waiting.set(index, half);
      return;
    }
    waiting.delete(index);
    const both = { ...other, ...half };
    const tally = this.tallies.get(target)!;
    this.laterPasses = Math.max(this.laterPasses, both.target!.laterPasses);
    if (!this.usesFile(target)) tally.addControl(both.control!);
    const t = both.target!;
    // An implied verdict counts as decided by the first pass when it holds whatever the sample, else as the
    // row's own search left it (implications.ts).
    const everyDeal = impliedForEveryDeal(t.record.impliedBy);
    const outcome = t.record.impliedBy !== undefined && !everyDeal ? 'unknown' : resultOf(t.record);
    if ((t.pass === 0 || everyDeal) && outcome !== 'unknown') {
      tally.add({ control: both.control!, target: outcome, firstDecided: true, sampled: false, inclusion: 1, stratum: 0 });
      return;
    }
    // Strata are the passes: a deal decided (or left open) at later pass k is weighted by that pass's share.
    const found = twoPhaseRole(this.seed, index, t.shares, t.pass, t.laterPasses, outcome);
    // A run of one pass gave every unknown deal all the passes there were: it is open, not unsampled.
    const role = t.laterPasses === 0 ? { ...found, sampled: true } : found;
    const stratum = role.sampled ? Math.max(1, t.laterPasses === 0 ? 1 : passOf(role.share.threshold, t.shares, t.laterPasses)) : 0;
    // The tail: left undecided by the first later pass (decided by a pass after it, or still open).
    const tail = t.laterPasses > 0 && (t.pass >= 2 || (t.pass === 1 && outcome === 'unknown'));
    // A deal that a pass of share 0 left out stands for itself alone, open (a tail control takes it over).
    const none = !role.sampled && role.share.threshold === 0;
    tally.add({
      control: both.control!,
      target: role.sampled ? role.outcome : 'unknown',
      firstDecided: false,
      sampled: role.sampled || none,
      inclusion: none ? 1 : role.share.share,
      stratum,
      tail: tail && (role.sampled || none),
    });
  }

  /** The estimate of each target slot (undefined for the others): rows without their pair are left out. */
  summaries(plain: (slot: number) => { low: number; high: number }): Map<number, LatticeSummary> {
    const out = new Map<number, LatticeSummary>();
    for (const [target, tally] of this.tallies) {
      const estimate = tally.result();
      if (estimate.deals === 0) continue;
      out.set(target, {
        control: rulesetName(this.rulesets[this.pairs.get(target)!]!),
        ...(this.usesFile(target) ? { controlFile: this.controlRuns.get(target)!.file, controlRun: this.controlRuns.get(target)! } : {}),
        ...(this.tailRuns.has(target) ? { tailRun: this.tailRuns.get(target)! } : {}),
        estimate,
        offer: offerEstimate(plain(target), estimate),
        tailDefined: this.laterPasses > 0,
        ...(this.boundaries.get(target)?.size === 1 && [...this.boundaries.get(target)!][0] !== ''
          ? { tailBoundary: [...this.boundaries.get(target)!][0]! }
          : {}),
      });
    }
    return out;
  }
}

/** The first later pass whose share has this threshold (the strata's labels: 1, 2, …). */
function passOf(threshold: number, shares: PassShares, laterPasses: number): number {
  for (let pass = 1; pass <= laterPasses; pass++) if (shareAt(shares, pass).threshold === threshold) return pass;
  return laterPasses;
}
