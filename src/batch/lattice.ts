// The difference estimate of a rule set's win rate against a stricter one (docs/estimate.md#lattice): the stricter
// control C is decided on M deals, the target T on N of them with a two-phase sample, and since every C win
// is a T win, T = C + D with D ∈ {0, 1}; the estimate is C's mean over the M deals plus the Horvitz–Thompson
// mean of D over the N. With a tail control, D splits at the first later pass: the run counts the D-wins its
// passes up to that one find, on every deal, and a larger run's sample gives the share of the rest (the tail).
// Pure arithmetic on verdicts: no Node API, no files, no solving. The tally, its interval and the offer rule;
// the cost plan of a study's next run: studies/plans.ts.

import { Z95, poissonInterval, winRate } from '../core/stats.ts';
import { unitFloor } from './sample.ts';
import { percent } from '../core/game/format.ts';
import type { Verdict } from '../core/api.ts';

/** A solver's verdict on one deal under one rule set: won, lost or unknown (the library's word). */
type Result = Verdict['result'];

/** An interval, or an estimate's range (low = high unless some verdict is still open). */
export interface Interval {
  low: number;
  high: number;
}

/** One deal of the target's N, as its runs left it. */
export interface LatticeRow {
  /** The control's verdict on this deal ('lost' on every row when there is no control: C ≡ 0). */
  control: Result;
  /** The target's verdict after all its passes (read only when its first pass decided it or it was sampled). */
  target: Result;
  /** Whether the target's first pass decided the deal. */
  firstDecided: boolean;
  /** Whether the deal was given the target's later passes. */
  sampled: boolean;
  /** π: the deal's own chance of being sampled were its first pass to leave it unknown, in (0, 1]. */
  inclusion: number;
  /** A small label that sorts the deals (e.g. the control's max discards: 47, 46, 45 for ≤ 45). */
  stratum: number;
  /** Whether the deal is in the tail: the first later pass (and the first) left it undecided, so its verdict,
   *  if any, came from a pass after that one. */
  tail?: boolean;
}

/**
 * The tail of a larger run of the same target and control (`--tail-control`): over its `deals` deals, the
 * sampled deals (each with chance `inclusion`) that its first pass and first later pass left undecided, the
 * D-wins its further passes found among them, and those still open. Its share of D-wins in the tail is
 * won / (inclusion · deals), a Poisson count scaled.
 */
export interface TailControl {
  deals: number;
  inclusion: number;
  sampled: number;
  won: number;
  open: number;
  file?: string;
}

/** A run's own tail, as the summary records it for a later run to use as its tail control. */
export interface TailFigures {
  sampled: number;
  won: number;
  open: number;
  /** The tail deals' π, or undefined when they differ (the figures are then no use as a control). */
  inclusion: number | undefined;
  /** Deals whose D was left to the tail control (with one), counted D = 0 by this run. */
  leftToControl: number;
}

/** What one stratum's target deals came to. D-wins are target wins that are control losses. */
interface LatticeStratum {
  stratum: number;
  deals: number;
  /** Deals the control won (D = 0, whatever the target's passes did). */
  controlWon: number;
  /** Of the rest: decided by the target's first pass, and its D-wins; left unknown, and sampled of those. */
  firstDecided: number;
  firstWon: number;
  firstUnknown: number;
  sampled: number;
  /** The sampled deals' D-wins, losses, and those whose D is still open (a verdict unknown that decides it). */
  sampledWon: number;
  sampledLost: number;
  sampledUnknown: number;
  /** π of the stratum's first-pass unknown deals; undefined when they differ (its sample's interval is then normal). */
  inclusion: number | undefined;
}

/** The difference estimate (see the file's head), with its interval and its variance split. */
export interface LatticeEstimate {
  /** The control's deals (M; 0 without a control) and their wins and open verdicts. */
  controlDeals: number;
  controlWon: number;
  controlUnknown: number;
  /** The target's deals (N), and whether they are among the control's M (the covariance then applies). */
  deals: number;
  nested: boolean;
  /** Deals the control won but the target lost: a broken nesting (counted as D = 0); should be 0. */
  violations: number;
  strata: LatticeStratum[];
  /** The control's mean over the M deals and the difference's HT mean over the N, each as a range. */
  control: Interval;
  difference: Interval;
  /** Their sum: the estimate of the target's win rate (a range when some verdict is open). */
  estimate: Interval;
  /** The 95% interval: the low estimate's lower end to the high estimate's upper end. */
  ci95: Interval;
  /** Of the high estimate: the standard error, and its square split: the control's deals (Var C / M), the
   *  target's deals (Var D / N), the covariance of the two means (2·Cov, ≤ 0: −2·p_C·p_D / M when the N
   *  are among the M, else 0), and what sampling adds. Their sum is standardError² (unless it is below 0). */
  standardError: number;
  variance: { control: number; target: number; covariance: number; sample: number };
  /** The target's plain range on its N deals (a control win is a target win) and its 95% Wilson interval. */
  plain: Interval & { ci95: Interval };
  /** This run's own tail, and the tail control used with its share of D-wins (part of `difference`). */
  tail: TailFigures;
  tailControl?: TailControl & { share: Interval };
}

/** One end of the range: every open verdict resolved to give the smallest (or the largest) estimate. */
interface Side {
  /** Control wins among the M, moved from the default count by target rows whose control is open. */
  controlShift: number;
  /** Y = d·D + (1 − d)·s·D/π summed, and squared, over the N deals; and c summed over them (for the covariance). */
  sum: number;
  squares: number;
  controls: number;
  /** D-wins among the deals the target decided itself, each weighing 1 (its first pass, or a pass of π = 1). */
  units: number;
}

/** A stratum's tally: its counts, and per end its sampled D-wins and their sampling sum Σ (1 − π)/π². */
interface StratumTally extends Omit<LatticeStratum, 'inclusion'> {
  inclusion: number | undefined;
  mixed: boolean;
  wins: [number, number];
  sampling: [number, number];
}

/** Gathers the difference estimate deal by deal, in memory that grows with the strata, not the deals. */
export class LatticeTally {
  private controlDeals = 0;
  private controlWon = 0;
  private controlUnknown = 0;
  private deals = 0;
  private violations = 0;
  /** The target's plain count on its N deals: won (a control win counts), and neither side decided. */
  private plainWon = 0;
  private plainUnknown = 0;
  /** Target rows whose control is not a loss (a control must then have been given). */
  private controlNamed = 0;
  private readonly sides: [Side, Side] = [
    { controlShift: 0, sum: 0, squares: 0, controls: 0, units: 0 },
    { controlShift: 0, sum: 0, squares: 0, controls: 0, units: 0 },
  ];
  private readonly strata = new Map<number, StratumTally>();
  private readonly tail: TailFigures = { sampled: 0, won: 0, open: 0, inclusion: undefined, leftToControl: 0 };
  private tailMixed = false;

  /**
   * `nested`: the target's N deals are among the control's M (the same seed and indices), as they should be.
   * `tailControl`: the tail's share comes from it, and this run counts its own tail deals D = 0.
   */
  constructor(
    private readonly nested = true,
    private readonly tailControl?: TailControl,
  ) {
    if (tailControl !== undefined && !(tailControl.inclusion > 0 && tailControl.inclusion <= 1 && tailControl.deals > 0))
      throw new RangeError('a tail control needs deals and an inclusion probability in (0, 1]');
  }

  /** One of the control's M deals (the N target deals among them when nested). */
  addControl(verdict: Result): void {
    this.controlDeals += 1;
    if (verdict === 'won') this.controlWon += 1;
    else if (verdict === 'unknown') this.controlUnknown += 1;
  }

  /** Many of the control's deals at once: `won` and `unknown` of `deals`. */
  addControls(deals: number, won: number, unknown = 0): void {
    if (!(won >= 0 && unknown >= 0 && won + unknown <= deals)) throw new RangeError(`${won} won and ${unknown} unknown of ${deals} deals`);
    this.controlDeals += deals;
    this.controlWon += won;
    this.controlUnknown += unknown;
  }

  /** One of the target's N deals. */
  add(row: LatticeRow): void {
    if (!(row.inclusion > 0 && row.inclusion <= 1)) throw new RangeError(`inclusion probability ${row.inclusion} is not in (0, 1]`);
    if (row.firstDecided && row.target === 'unknown') throw new RangeError('a deal its first pass decided has no verdict');
    const tail = row.tail === true && !row.firstDecided;
    if (tail && row.sampled && row.control !== 'won') this.addTail(row);
    this.deals += 1;
    const s = this.stratum(row.stratum);
    s.deals += 1;
    // The plain count: a target verdict stands only where a pass of the target ran; a control win is a target win.
    const ran = (row.firstDecided || row.sampled) && row.target !== 'unknown';
    if (row.control === 'won' || (ran && row.target === 'won')) this.plainWon += 1;
    else if (!ran) this.plainUnknown += 1;
    if (row.control !== 'lost') this.controlNamed += 1;
    if (row.control === 'won') {
      // D = 0: the target needs no solving here, and a target loss would break the nesting.
      s.controlWon += 1;
      for (const side of this.sides) side.controls += 1;
      if ((row.firstDecided || row.sampled) && row.target === 'lost') this.violations += 1;
      return;
    }
    if (tail && this.tailControl !== undefined) {
      // A tail deal with a tail control: its D-wins are the control's part, so here D = 0 on both ends; an open
      // control counts lost at the low end and won at the high end, as the control's count does.
      this.tail.leftToControl += 1;
      s.firstUnknown += 1;
      for (const end of [0, 1] as const) this.sides[end].controls += row.control === 'unknown' ? end : 0;
      return;
    }
    const weight = row.firstDecided ? 1 : row.sampled ? 1 / row.inclusion : 0;
    if (row.firstDecided) {
      s.firstDecided += 1;
    } else {
      s.firstUnknown += 1;
      if (s.firstUnknown === 1) s.inclusion = row.inclusion;
      else if (row.inclusion !== s.inclusion) {
        s.mixed = true;
        s.inclusion = Math.min(s.inclusion ?? 1, row.inclusion);
      }
      if (row.sampled) s.sampled += 1;
    }
    // Each end takes the values of (c, t) the verdicts and c ≤ t allow that make its estimate least (most).
    // The estimate moves by c/M + weight·(t − c)/N; with weight ≥ 1 and M ≥ N, a larger c lowers it.
    const cs = row.control === 'unknown' ? [0, 1] : [0];
    const ts = weight === 0 || row.target === 'unknown' ? [0, 1] : [row.target === 'won' ? 1 : 0];
    const ds: number[] = [];
    for (const end of [0, 1] as const) {
      const t = weight === 0 ? 0 : end === 0 ? ts[0]! : ts[ts.length - 1]!;
      const allowed = cs.filter((c) => c <= Math.max(t, weight === 0 ? 1 : 0));
      const largest = weight > 0 ? end === 0 : end === 1;
      const c = largest ? allowed[allowed.length - 1]! : allowed[0]!;
      const side = this.sides[end];
      // An open control counts lost at the low end and won at the high end unless this row chose otherwise.
      if (row.control === 'unknown' && this.nested) side.controlShift += end === 0 ? c : c - 1;
      const d = weight === 0 ? 0 : t - c;
      ds.push(d);
      const y = d * weight;
      side.controls += c;
      side.sum += y;
      side.squares += y * y;
      if (weight === 1 && d === 1) side.units += 1;
      if (!row.firstDecided && row.sampled && d === 1) {
        s.wins[end] += 1;
        s.sampling[end] += (1 - row.inclusion) / (row.inclusion * row.inclusion);
      }
      if (end === 0 && row.firstDecided && d === 1) s.firstWon += 1;
    }
    if (row.sampled && !row.firstDecided) {
      if (ds[0] !== ds[1]) s.sampledUnknown += 1;
      else if (ds[0] === 1) s.sampledWon += 1;
      else s.sampledLost += 1;
    }
  }

  /** A sampled tail deal of this run, for its own tail figures (those a later run may take as its control). */
  private addTail(row: LatticeRow): void {
    const t = this.tail;
    t.sampled += 1;
    if (t.sampled === 1) t.inclusion = row.inclusion;
    else if (t.inclusion !== row.inclusion) this.tailMixed = true;
    if (row.target === 'won' && row.control === 'lost') t.won += 1;
    else if (row.target === 'unknown' || (row.target === 'won' && row.control === 'unknown')) t.open += 1;
  }

  private stratum(label: number): StratumTally {
    let s = this.strata.get(label);
    if (s === undefined) {
      s = {
        stratum: label,
        deals: 0,
        controlWon: 0,
        firstDecided: 0,
        firstWon: 0,
        firstUnknown: 0,
        sampled: 0,
        sampledWon: 0,
        sampledLost: 0,
        sampledUnknown: 0,
        inclusion: undefined,
        mixed: false,
        wins: [0, 0],
        sampling: [0, 0],
      };
      this.strata.set(label, s);
    }
    return s;
  }

  result(): LatticeEstimate {
    const n = this.deals;
    const m = this.controlDeals;
    if (m === 0 && this.controlNamed > 0) throw new RangeError('the target rows name control verdicts but no control deal was given');
    if (this.nested && m > 0 && m < n) throw new RangeError(`the control's ${m} deals cannot include the target's ${n}`);
    const strata = this.strataList();
    const ends = ([0, 1] as const).map((end) => this.end(end, strata));
    const [low, high] = [ends[0]!, ends[1]!];
    const plain = winRate(this.plainWon, this.plainUnknown, n);
    return {
      controlDeals: m,
      controlWon: this.controlWon,
      controlUnknown: this.controlUnknown,
      deals: n,
      nested: this.nested,
      violations: this.violations,
      strata: strata.map((s) => ({
        stratum: s.stratum,
        deals: s.deals,
        controlWon: s.controlWon,
        firstDecided: s.firstDecided,
        firstWon: s.firstWon,
        firstUnknown: s.firstUnknown,
        sampled: s.sampled,
        sampledWon: s.sampledWon,
        sampledLost: s.sampledLost,
        sampledUnknown: s.sampledUnknown,
        inclusion: s.mixed ? undefined : s.inclusion,
      })),
      control: { low: low.control, high: high.control },
      difference: { low: low.difference, high: high.difference },
      estimate: { low: low.estimate, high: high.estimate },
      ci95: n === 0 ? { low: 0, high: 1 } : { low: low.interval.low, high: high.interval.high },
      standardError: Math.sqrt(high.total),
      variance: high.variance,
      plain: { low: plain.low, high: plain.high, ci95: plain.ci95 },
      tail: { ...this.tail, inclusion: this.tailMixed ? undefined : this.tail.inclusion },
      ...(this.tailControl === undefined
        ? {}
        : { tailControl: { ...this.tailControl, share: { low: low.tailShare, high: high.tailShare } } }),
    };
  }

  private strataList(): StratumTally[] {
    return [...this.strata.values()].sort((a, b) => b.stratum - a.stratum);
  }

  /** One end's estimate, variance split and interval (end 0: open verdicts counted low; 1: high). */
  private end(end: 0 | 1, strata: StratumTally[]) {
    const n = this.deals;
    const m = this.controlDeals;
    const side = this.sides[end];
    const wonC = this.controlWon + (end === 1 ? this.controlUnknown : 0) + side.controlShift;
    const control = m === 0 ? 0 : wonC / m;
    const difference = n === 0 ? 0 : side.sum / n;
    // Sample variances over n − 1 (m − 1), over n (m): unbiased estimates of each mean's variance.
    const varianceY = n < 2 ? 0 : Math.max(0, (side.squares - n * difference ** 2) / (n - 1) / n);
    const varianceC = m < 2 ? 0 : Math.max(0, (wonC - m * control ** 2) / (m - 1) / m);
    // c·Y = 0 on every deal (a control win leaves nothing to D), so Cov(c, Y) = −p_C·p_D, and the means of
    // the M and of the N among them share N deals: Cov(C̄, Ȳ) = N·Cov(c, Y)/(M·N) = −p_C·p_D/M. Cov(c, Y) is
    // estimated over the N shared deals, over n − 1: at M = N the three deal terms then sum to T's own.
    const sharedControl = n === 0 ? 0 : side.controls / n;
    const covariance = this.nested && m > 0 && n > 1 ? (-2 * n * sharedControl * difference) / (n - 1) / m : 0;
    let sampling = 0;
    for (const s of strata) sampling += s.sampling[end];
    sampling = n === 0 ? 0 : sampling / (n * n);
    const total = Math.max(0, varianceC + varianceY + covariance);
    const sample = Math.min(varianceY, sampling);
    // The deals' parts (control, target, covariance) are one normal term; the sample's is uncorrelated with
    // them (law of total variance) and skewed, so each stratum's adds on each side as in MOVER.
    const deals = Z95 ** 2 * Math.max(0, varianceC + (varianceY - sampling) + covariance);
    let below = 0;
    let above = 0;
    // The D-wins of the deals the target decided itself are a count: its Wilson interval stands for the normal
    // term where every D-win weighs 1, and is a floor under it otherwise (sample.ts unitFloor).
    const floor = unitFloor(side.units, n, Z95 ** 2 * Math.max(0, varianceY - sampling), side.units === side.sum);
    below += floor.below;
    above += floor.above;
    // Strata of one π pool their counts (a sum of Poisson counts at one scale is one Poisson count): summing
    // the squared distances of many near-empty counts' intervals would overstate the upper side.
    const pooled = new Map<number, number>();
    for (const s of strata) {
      const pi = s.inclusion;
      if (pi === undefined || pi >= 1) continue;
      if (s.mixed) {
        const normal = Z95 ** 2 * (n === 0 ? 0 : s.sampling[end] / (n * n));
        below += normal;
        above += normal;
      } else pooled.set(pi, (pooled.get(pi) ?? 0) + s.wins[end]);
    }
    for (const [pi, wins] of pooled) {
      const counts = poissonInterval(wins);
      const scale = Math.sqrt(1 - pi) / (pi * n);
      below += ((wins - counts.low) * scale) ** 2;
      above += ((counts.high - wins) * scale) ** 2;
    }
    // The tail control's share: its D-wins a Poisson count (open ones counted won at the high end), scaled.
    let tailShare = 0;
    const tc = this.tailControl;
    if (tc !== undefined) {
      const count = tc.won + (end === 1 ? tc.open : 0);
      const scale = 1 / (tc.inclusion * tc.deals);
      const counts = poissonInterval(count);
      tailShare = count * scale;
      if (end === 0) below += ((count - counts.low) * scale) ** 2;
      else above += ((counts.high - count) * scale) ** 2;
    }
    const estimate = control + difference + tailShare;
    const clamp = (p: number): number => Math.min(1, Math.max(0, p));
    return {
      control,
      difference: difference + tailShare,
      tailShare,
      estimate,
      total,
      variance: { control: varianceC, target: varianceY - sample, covariance, sample },
      interval: {
        low: clamp(estimate - Math.sqrt(Math.max(0, deals + below))),
        high: clamp(estimate + Math.sqrt(Math.max(0, deals + above))),
      },
    };
  }
}

/** Whether to print the estimate beside the plain range, and why (a line the summary can print as it is). */
export interface Offer {
  offer: boolean;
  reason: string;
}

const width = (i: Interval): number => i.high - i.low;

/**
 * Offers the estimate only when its 95% interval is narrower than the plain range's (`plain`: the Wilson low
 * end of every unknown lost to the Wilson high end of every unknown won); else the plain range stands alone,
 * with the reason: open sampled deals, a sample too small, or too few deals.
 */
export function offerEstimate(plain: Interval, estimate: LatticeEstimate): Offer {
  const span = `${percent(estimate.ci95.low)}–${percent(estimate.ci95.high)} against ${percent(plain.low)}–${percent(plain.high)}`;
  if (estimate.deals === 0) return { offer: false, reason: 'no deals of the target' };
  if (width(estimate.ci95) < width(plain)) return { offer: true, reason: `its 95% interval is narrower than the plain range's (${span})` };
  const sampled = estimate.strata.reduce((sum, s) => sum + s.sampled, 0);
  const open = estimate.strata.reduce((sum, s) => sum + s.sampledUnknown, 0);
  if (sampled === 0) return { offer: false, reason: 'no unknown deal was sampled' };
  if (open > 0 && width(estimate.estimate) >= width(plain) / 2)
    return { offer: false, reason: `${open} sampled deal${open === 1 ? '' : 's'} still unknown leave the estimate too wide (${span})` };
  // Were the deals' parts alone narrower than the plain range, the sample's part is what widens the interval
  // (its variance may read 0 with no sampled win, while its exact interval still reaches up).
  const v = estimate.variance;
  const dealsWidth = 2 * Z95 * Math.sqrt(Math.max(0, v.control + v.target + v.covariance));
  if (dealsWidth < width(plain)) return { offer: false, reason: `the sample is too small to narrow the range (${span})` };
  return { offer: false, reason: `too few deals to narrow the range (${span})` };
}
