// Two-phase estimation (`estimate --sample-unknowns P`): every deal is solved at a first, cheap budget, and of
// the deals left unknown only a share P, chosen by a hash of (seed, index), is given the later passes. With
// d = 1 for a deal decided by the first pass, w = 1 for a win, s = 1 for a sampled deal and π its chance of
// being sampled, Y = d·w + (1 − d)·s·w/π has mean exactly the win rate (s is independent of the cards), so the
// mean of Y over the deals is an unbiased estimate; its 95% interval adds the deals' own spread (normal) and the
// sample's (exact Poisson). docs/estimate.md states the estimator, its variance and when its interval holds.

import { fmix32 } from '../core/game/random.ts';
import { Z95, poissonInterval } from '../core/stats.ts';
import {
  HASH_RANGE,
  type PassShares,
  type SampleShare,
  WHOLE_SAMPLE,
  WHOLE_SHARES,
  passSharesOf,
  readSampleShare,
  shareAt,
} from './options.ts';

/** Salts that set the sample's hash apart from the deal's (deals.ts), so that being sampled says nothing of the cards. */
const SAMPLE_SALT = 0x5bd1e995;
const SAMPLE_FINAL = 0x27d4eb2f;

// The share as given, and its reader, live in options.ts, which imports nothing (the command line's
// options read --sample-unknowns).
export { type PassShares, type SampleShare, WHOLE_SAMPLE, WHOLE_SHARES, passSharesOf, readSampleShare, shareAt };

/** The sample's 32-bit hash of deal `index` of `seed` (unsigned). */
export function sampleHash(seed: number, index: number): number {
  let h = fmix32((seed ^ SAMPLE_SALT) >>> 0);
  h = fmix32(h ^ (index % HASH_RANGE));
  h = fmix32(h ^ Math.floor(index / HASH_RANGE));
  return fmix32(h + SAMPLE_FINAL) >>> 0;
}

/** Whether deal `index` of `seed` is in the sample of `share` (samples of smaller shares lie inside larger ones). */
export const inSample = (seed: number, index: number, share: SampleShare): boolean =>
  share.threshold === HASH_RANGE || sampleHash(seed, index) < share.threshold;

/** Whether deal `index` of `seed` is given later pass `pass` (1: the first after the first pass) of a plan
 *  with these shares; each pass's sample lies inside the one before it. */
export const inPassSample = (seed: number, index: number, shares: PassShares, pass: number): boolean =>
  inSample(seed, index, shareAt(shares, pass));

/**
 * How the row of a deal that the first pass left unknown counts in the two-phase estimate, from the pass
 * that gave it (`pass`: 0 the first, k the k-th later one, of `laterPasses`) and its outcome: the share
 * that weights it (the pass that decided it; for a deal still unknown, the last pass, or the next one it is
 * in the sample of), whether it is in that share's sample, and whether it was given a later pass at all. A
 * deal unknown at pass k and outside pass k + 1's sample counts 0: the deals of that sample stand for it.
 */
export function twoPhaseRole(
  seed: number,
  index: number,
  shares: PassShares,
  pass: number,
  laterPasses: number,
  outcome: 'won' | 'lost' | 'unknown',
): { share: SampleShare; sampled: boolean; outcome: 'won' | 'lost' | 'unknown'; given: boolean } {
  if (pass > 0 && outcome !== 'unknown') return { share: shareAt(shares, pass), sampled: true, outcome, given: true };
  if (pass >= laterPasses) return { share: shareAt(shares, Math.max(pass, 1)), sampled: pass > 0, outcome: 'unknown', given: pass > 0 };
  const next = shareAt(shares, pass + 1);
  const sampled = inSample(seed, index, next);
  // A later pass that gives no deal (share 0) leaves this one unrepresented: its share is that 0, which no
  // estimate can weight (a tail control accounts for such deals: lattice.ts).
  return sampled || pass === 0 || next.threshold === 0
    ? { share: next, sampled, outcome: 'unknown', given: sampled || pass > 0 }
    : { share: shareAt(shares, pass), sampled: false, outcome: 'unknown', given: true };
}

/** The two-phase estimate of one rule set (see the file's head). */
export interface TwoPhase {
  /** The sample share P (the largest, when merged rows differ) as written, and π. */
  sampleShare: string;
  share: number;
  deals: number;
  /** Deals the first pass decided, and its wins. */
  firstDecided: number;
  firstWon: number;
  /** Deals the first pass left unknown; those sampled; of them won, lost, and still unknown (after the last
   *  pass, or awaiting one in an unfinished run). */
  firstUnknown: number;
  sampled: number;
  sampledWon: number;
  sampledLost: number;
  sampledUnknown: number;
  /** The estimate (low = high unless some sampled deal is still unknown: it counts lost at `low`, won at `high`). */
  estimate: { low: number; high: number };
  /** The 95% interval: from the low estimate's lower end to the high estimate's upper end (intervals()). */
  ci95: { low: number; high: number };
  /** The estimate's standard error (of the high estimate) and its square split in two: `deals`, the
   *  variance the rate would have were every unknown deal decided; `sample`, what sampling the unknown adds. */
  standardError: number;
  variance: { deals: number; sample: number };
  /** The shares of the later passes as recorded ("0.05", or one per pass: "0.1 0.02 0.005"); set by the summary. */
  passShares?: string;
  /** Whether the estimate is the rule set's answer (summary.ts offer(): its interval is narrower than the
   *  plain range's), and, when it is not, why. Set by the summary; absent from a bare tally's result. */
  offered?: boolean;
  note?: string;
}

/** Y summed, and squared, over the deals; and the sampling variance's sum (Σ over sampled wins of (1 − π)/π²). */
interface Moments {
  sum: number;
  squares: number;
  sampling: number;
  /** Wins that weigh 1 (decided by the first pass, or by a pass of share 1): a count (unitFloor). */
  units: number;
}

/** Gathers the two-phase estimate deal by deal, in memory that does not grow with the deals. */
export class TwoPhaseTally {
  deals = 0;
  firstDecided = 0;
  firstWon = 0;
  firstUnknown = 0;
  sampled = 0;
  sampledWon = 0;
  sampledLost = 0;
  sampledUnknown = 0;
  private share = 1;
  private shareText = '';
  /** Per share of the sampled deals' passes (threshold): its π and its sampled wins (`low`) and wins or
   *  open deals (`high`), for the sample's part of the interval, share by share. */
  private readonly groups = new Map<number, { share: number; low: number; high: number }>();
  private readonly low: Moments = { sum: 0, squares: 0, sampling: 0, units: 0 };
  private readonly high: Moments = { sum: 0, squares: 0, sampling: 0, units: 0 };

  /** A deal the first pass decided. */
  addDecided(won: boolean): void {
    this.deals += 1;
    this.firstDecided += 1;
    if (won) {
      this.firstWon += 1;
      for (const m of [this.low, this.high]) add(m, 1, 0);
    }
  }

  /**
   * A deal the first pass left unknown. `share`: the share of the pass whose verdict counts for it (the pass
   * that decided it, or the last it was given or awaits); `sampled`: whether it is in that pass's sample;
   * `outcome`: what the later passes found for a sampled deal ('unknown' when none decided it). `given`:
   * whether it was given a later pass at all (counted in `sampled`; by default, `sampled`).
   */
  addUnknown(share: SampleShare, sampled: boolean, outcome: 'won' | 'lost' | 'unknown', given = sampled): void {
    this.deals += 1;
    this.firstUnknown += 1;
    if (this.firstUnknown === 1 || share.share < this.share) {
      this.share = share.share;
      this.shareText = share.text;
    }
    if (given) this.sampled += 1;
    // A share whose sample holds no win still adds its Garwood term (the interval of a count of 0).
    let group = this.groups.get(share.threshold);
    if (group === undefined) this.groups.set(share.threshold, (group = { share: share.share, low: 0, high: 0 }));
    if (!sampled) return;
    const y = 1 / share.share;
    const sampling = (1 - share.share) / (share.share * share.share);
    if (outcome === 'won') {
      this.sampledWon += 1;
      group.low += 1;
      group.high += 1;
      for (const m of [this.low, this.high]) add(m, y, sampling);
    } else if (outcome === 'lost') {
      this.sampledLost += 1;
    } else {
      this.sampledUnknown += 1;
      group.high += 1;
      add(this.high, y, sampling);
    }
  }

  result(): TwoPhase {
    const n = this.deals;
    const mean = (m: Moments): number => (n === 0 ? 0 : m.sum / n);
    // The sample variance of Y over the deals, over n: an unbiased estimate of the mean's variance.
    const variance = (m: Moments): number => (n < 2 ? 0 : Math.max(0, (m.squares - n * mean(m) ** 2) / (n - 1) / n));
    const sampling = (m: Moments): number => (n === 0 ? 0 : m.sampling / (n * n));
    const total = variance(this.high);
    const sample = Math.min(total, sampling(this.high));
    const low = this.interval(mean(this.low), variance(this.low), sampling(this.low), 'low', this.low.units);
    const high = this.interval(mean(this.high), total, sample, 'high', this.high.units);
    return {
      sampleShare: this.shareText,
      share: this.share,
      deals: n,
      firstDecided: this.firstDecided,
      firstWon: this.firstWon,
      firstUnknown: this.firstUnknown,
      sampled: this.sampled,
      sampledWon: this.sampledWon,
      sampledLost: this.sampledLost,
      sampledUnknown: this.sampledUnknown,
      estimate: { low: mean(this.low), high: mean(this.high) },
      ci95: n === 0 ? { low: 0, high: 1 } : { low: low.low, high: high.high },
      standardError: Math.sqrt(total),
      variance: { deals: total - sample, sample },
    };
  }

  /**
   * The 95% interval of an estimate `estimate` whose variance `total` has the part `sample` from sampling.
   * The two parts are the terms of the law of total variance (the deals' spread, and the sample's given the
   * deals), uncorrelated, so their intervals add as in MOVER (Zou and Donner): the deals' part is normal (it
   * rests on all N deals), the sample's is, share by share, the exact Poisson (Garwood) interval of that
   * share's win count (`which`: wins, or wins and open deals), narrowed by √(1 − π) for sampling without
   * replacement, the shares' parts added as independent terms. With few sampled wins the sample's part is
   * skewed upward, as it should be: a normal interval there is too short below and above.
   */
  private interval(estimate: number, total: number, sample: number, which: 'low' | 'high', units: number): { low: number; high: number } {
    const n = this.deals;
    const deals = Z95 ** 2 * Math.max(0, total - sample);
    const m = which === 'low' ? this.low : this.high;
    const floor = unitFloor(units, n, deals, m.units === m.sum);
    let below = floor.below;
    let above = floor.above;
    for (const group of this.groups.values()) {
      if (group.share >= 1) continue;
      // A pass given to no deal (share 0) left deals no sample stands for: nothing narrows the plain range.
      if (group.share === 0) return { low: 0, high: 1 };
      const wins = group[which];
      const counts = poissonInterval(wins);
      const scale = Math.sqrt(1 - group.share) / (group.share * n);
      below += ((wins - counts.low) * scale) ** 2;
      above += ((counts.high - wins) * scale) ** 2;
    }
    const clamp = (p: number): number => Math.min(1, Math.max(0, p));
    return { low: clamp(estimate - Math.sqrt(Math.max(0, deals + below))), high: clamp(estimate + Math.sqrt(Math.max(0, deals + above))) };
  }
}

function add(m: Moments, y: number, sampling: number): void {
  m.sum += y;
  m.squares += y * y;
  m.sampling += sampling;
  if (y === 1) m.units += 1;
}

/**
 * The Wilson score interval with continuity correction (Newcombe's): its ends hold their 95% at small counts,
 * where the plain Wilson interval's lower end runs high.
 */
function wilsonCorrected(won: number, n: number, z = Z95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = won / n;
  const z2 = z * z;
  const low = won === 0 ? 0 : (2 * n * p + z2 - 1 - z * Math.sqrt(z2 - 2 - 1 / n + 4 * p * (n * (1 - p) + 1))) / (2 * (n + z2));
  const high = won === n ? 1 : (2 * n * p + z2 + 1 + z * Math.sqrt(z2 + 2 - 1 / n + 4 * p * (n * (1 - p) - 1))) / (2 * (n + z2));
  return { low: Math.max(0, low), high: Math.min(1, high) };
}

/**
 * What the interval of an estimate adds below and above, beyond its normal term `normal` (z² times the deals'
 * variance), for its wins that weigh 1: `units` of `n` deals. Where every win weighs 1 (`only`: no sampled deal
 * weighs more) the deals' part is a binomial count, and its Wilson interval (with continuity correction) replaces
 * the normal term, which at a small count is too short (a run with no win has a variance of 0). Else that
 * interval of the wins that weigh 1 is a floor under the normal term.
 */
export function unitFloor(units: number, n: number, normal: number, only: boolean): { below: number; above: number } {
  if (n === 0) return { below: 0, above: 0 };
  const p = units / n;
  const w = wilsonCorrected(units, n);
  const below = (p - w.low) ** 2 - normal;
  const above = (w.high - p) ** 2 - normal;
  return only ? { below, above } : { below: Math.max(0, below), above: Math.max(0, above) };
}
