// The cost plans of the project's runs: at a finished run's measured costs per deal, the deals and sample shares
// that reach a 95% half-width cheapest, for its two-phase estimate (planFor) and its difference estimate
// (planLattice, docs/estimate.md#lattice). What the next study's run should be; a user's estimate prints none.

import type { LatticeEstimate } from '../src/batch/lattice.ts';
import type { TwoPhase } from '../src/batch/sample.ts';
import { Z95 } from '../src/core/stats.ts';

/** A stratum as the plan sees it: shares of the target's N deals, and the cost of a sampled deal there. */
export interface PlanStratum {
  stratum: number;
  /** The share of the N deals that are in this stratum, not control wins, and left unknown by the first pass. */
  unknown: number;
  /** The share of those that are D-wins (the target won, the control lost). */
  wins: number;
  /** Core-seconds per sampled deal: every later pass the deal went through, not only the one that decided it. */
  laterSeconds: number;
}

/** What the plan needs: the population's shares, the measured costs and the 95% half-width to reach. */
export interface PlanInput {
  /** The control's win share p_C and core-seconds per deal; absent: no control (a plain two-phase design). */
  control?: { winShare: number; seconds: number };
  /** p_D: the share of deals that are D-wins (with no control, the target's win share). */
  difference: number;
  /** Core-seconds of the target's first pass per deal. */
  firstSeconds: number;
  strata: PlanStratum[];
  halfWidth: number;
  /** The N deals among the M (default true): the covariance counts, and M ≥ N. */
  nested?: boolean;
  /** The share a stratum with no D-win gets (the optimum would sample none of it): default 0.01. */
  minShare?: number;
}

/** A design: control deals M, target deals N, a share π per stratum, and their core-seconds. */
export interface LatticePlan {
  halfWidth: number;
  controlDeals: number;
  deals: number;
  shares: { stratum: number; share: number }[];
  seconds: { control: number; first: number; later: number; total: number };
}

/**
 * The design's variance terms at shares π_h: Var = A/M + K/N, cost = c_C·M + G·N, where A = p_C(1 − p_C) −
 * 2·p_C·p_D (the covariance only when nested), K = p_D(1 − p_D) + Σ a_h(1/π_h − 1) with a_h = u_h·q_h, and
 * G = c₁ + Σ u_h·π_h·c_h.
 */
function terms(input: PlanInput, shares: number[]): { a: number; k: number; g: number } {
  const pC = input.control?.winShare ?? 0;
  const pD = input.difference;
  const nested = input.nested ?? true;
  let k = pD * (1 - pD);
  let g = input.firstSeconds;
  input.strata.forEach((s, h) => {
    k += s.unknown * s.wins * (1 / shares[h]! - 1);
    g += s.unknown * shares[h]! * s.laterSeconds;
  });
  return { a: pC * (1 - pC) - (nested ? 2 * pC * pD : 0), k, g };
}

/**
 * The cheapest M and N at the shares `shares` (one per stratum of `input.strata`, in its order): with both
 * free, M = √(A/c_C)·S/V and N = √(K/G)·S/V (S = √(A·c_C) + √(K·G), V the variance of the half-width), the
 * Neyman allocation between the two means; when that puts M below N (or A ≤ 0) and the N are among the M,
 * M = N. Undefined when the inputs cannot make a plan (no half-width, a negative cost, no control cost).
 */
export function planAtShares(input: PlanInput, shares: number[]): LatticePlan | undefined {
  if (!(input.halfWidth > 0) || input.firstSeconds < 0 || shares.length !== input.strata.length) return undefined;
  if (shares.some((p) => !(p > 0 && p <= 1)) || input.strata.some((s) => s.laterSeconds < 0)) return undefined;
  if (input.control !== undefined && !(input.control.seconds > 0)) return undefined;
  const v = (input.halfWidth / Z95) ** 2;
  const { a, k, g } = terms(input, shares);
  const nested = input.nested ?? true;
  let m = 0;
  let n = k / v;
  if (input.control !== undefined) {
    const cC = input.control.seconds;
    const sum = Math.sqrt(Math.max(0, a) * cC) + Math.sqrt(Math.max(0, k) * g);
    m = a > 0 ? (Math.sqrt(a / cC) * sum) / v : 0;
    n = g > 0 ? (Math.sqrt(Math.max(0, k) / g) * sum) / v : k / v;
    if (nested && m < n) m = n = (a + k) / v;
  }
  const deals = Math.max(1, Math.ceil(n));
  const controlDeals = input.control === undefined ? 0 : Math.max(nested ? deals : 1, Math.ceil(m));
  const later = input.strata.reduce((sum, s, h) => sum + deals * s.unknown * shares[h]! * s.laterSeconds, 0);
  const control = controlDeals * (input.control?.seconds ?? 0);
  const first = deals * input.firstSeconds;
  return {
    halfWidth: input.halfWidth,
    controlDeals,
    deals,
    shares: input.strata.map((s, h) => ({ stratum: s.stratum, share: shares[h]! })),
    seconds: { control, first, later, total: control + first + later },
  };
}

/**
 * The cheapest design for ±`halfWidth` (see planAtShares for M and N). The shares: for fixed M/N the cost
 * is least where K·G is, at π_h = √(a_h·c₁ / (u_h·c_h·B)) with B = K's part that no share changes (Cauchy–Schwarz);
 * a share above 1 is set to 1 and its stratum folded into B and c₁, and the rest solved again. When M = N
 * binds, A and c_C fold into B and c₁ the same way. A stratum with no D-win gets `minShare`.
 */
export function planLattice(input: PlanInput): LatticePlan | undefined {
  const every = input.strata.map(() => 1);
  if (planAtShares(input, every) === undefined) return undefined;
  const minShare = input.minShare ?? 0.01;
  const solve = (foldControl: boolean): number[] => {
    const shares = input.strata.map(() => Number.NaN);
    for (let round = 0; round <= input.strata.length; round++) {
      const pD = input.difference;
      const pC = input.control?.winShare ?? 0;
      let b = pD * (1 - pD);
      let c1 = input.firstSeconds;
      if (foldControl && input.control !== undefined) {
        b += pC * (1 - pC) - ((input.nested ?? true) ? 2 * pC * pD : 0);
        c1 += input.control.seconds;
      }
      const free: number[] = [];
      input.strata.forEach((s, h) => {
        const ah = s.unknown * s.wins;
        const bh = s.unknown * s.laterSeconds;
        if (ah <= 0) shares[h] = minShare;
        else if (bh <= 0 || shares[h] === 1) shares[h] = 1;
        else {
          free.push(h);
          b -= ah;
          return;
        }
        b += ah * (1 / shares[h]! - 1);
        c1 += bh * shares[h]!;
      });
      if (free.length === 0) break;
      if (b <= 0) {
        // No interior optimum: the stratum richest in D-wins per second of sampling takes every deal.
        const ratio = (h: number): number => input.strata[h]!.wins / input.strata[h]!.laterSeconds;
        shares[free.reduce((best, h) => (ratio(h) > ratio(best) ? h : best))] = 1;
        continue;
      }
      let clipped = false;
      for (const h of free) {
        const s = input.strata[h]!;
        const pi = Math.sqrt((s.unknown * s.wins * c1) / (s.unknown * s.laterSeconds * b));
        if (pi >= 1) {
          shares[h] = 1;
          clipped = true;
        } else shares[h] = pi;
      }
      if (!clipped) break;
      // A clipped stratum moves into B and c₁; the others are solved again (NaN: still free).
      for (const h of free) if (shares[h] !== 1) shares[h] = Number.NaN;
    }
    return shares;
  };
  const shares = solve(false);
  const unbound = planAtShares(input, shares);
  if (unbound === undefined || input.control === undefined || !(input.nested ?? true)) return unbound;
  const { a, k, g } = terms(input, shares);
  const balanced = a > 0 && g > 0 && Math.sqrt(a / input.control.seconds) >= Math.sqrt(Math.max(0, k) / g);
  return balanced ? unbound : planAtShares(input, solve(true));
}

/** What a run to a 95% half-width `halfWidth` takes, at the measured costs of each phase. */
export interface RunPlan {
  halfWidth: number;
  /** The deals, and the share of their unknown deals to sample (the cheapest for the half-width). */
  deals: number;
  share: number;
  /** Core-seconds: first pass over the deals, and the later passes of the sampled unknown deals. */
  firstSeconds: number;
  sampleSeconds: number;
}

/**
 * The cheapest plan to reach ±`halfWidth` from a two-phase estimate and the costs per deal of each phase
 * (`first`: seconds of the first pass per deal; `later`: seconds of the later passes per sampled deal).
 * With p the rate, u the unknown share and q·u the rate's part among the unknown deals, the mean of N deals at
 * share π has variance (p(1 − p) + u·q·(1 − π)/π)/N and costs N·(first + u·π·later): the best π is
 * √(first·u·q / (u·later·(p(1 − p) − u·q))), at most 1. Undefined when the estimate has no deals.
 */
export function planFor(t: TwoPhase, costs: { first: number; later: number }, halfWidth: number): RunPlan | undefined {
  if (t.deals === 0 || !(halfWidth > 0)) return undefined;
  const p = t.estimate.high;
  const u = t.firstUnknown / t.deals;
  // The rate's part that lies among the unknown deals: the sample's wins (open ones counted won), weighted.
  const uq = t.sampled === 0 ? u : (t.sampledWon + t.sampledUnknown) / t.share / t.deals;
  const s1 = Math.max(p * (1 - p) - uq, 1e-12);
  let share = 1;
  if (uq > 0 && u > 0 && costs.later > 0) share = Math.min(1, Math.sqrt((costs.first * uq) / (u * costs.later * s1)));
  if (uq === 0) share = Math.min(1, t.share);
  const perDeal = s1 + uq / share;
  const deals = Math.ceil(perDeal * (Z95 / halfWidth) ** 2);
  return { halfWidth, deals, share, firstSeconds: deals * costs.first, sampleSeconds: deals * u * share * costs.later };
}

/** The costs per deal a plan needs, in core-seconds, from the summaries of the run. */
export interface LatticeCosts {
  control?: number;
  first: number;
  later: number;
}

/** The sampled wins (open deals counted) below which the summary gives no plan. */
const MIN_PLAN_WINS = 10;

/** The half-widths the summary plans for. */
const PLANNED = [0.005, 0.001];

/** The plans of `PLANNED` for an estimate at these costs: the sampled deals as one stratum (one share). */
export function plansFor(e: LatticeEstimate, costs: LatticeCosts): LatticePlan[] | undefined {
  if (![costs.first, costs.later, costs.control ?? 0].every((c) => Number.isFinite(c) && c >= 0) || e.deals === 0) return undefined;
  const unknown = e.strata.reduce((n, st) => n + st.firstUnknown, 0);
  const sampled = e.strata.reduce((n, st) => n + st.sampled, 0);
  const wins = e.strata.reduce((n, st) => n + st.sampledWon + st.sampledUnknown, 0);
  // Below a few sampled wins the win share among unknown deals, and so the plan, is a guess: none is given.
  if (unknown === 0 || wins < MIN_PLAN_WINS) return undefined;
  const plans = PLANNED.map((halfWidth) =>
    planLattice({
      ...(e.controlDeals > 0 && costs.control !== undefined ? { control: { winShare: e.control.high, seconds: costs.control } } : {}),
      difference: e.difference.high,
      firstSeconds: costs.first,
      strata: [{ stratum: 1, unknown: unknown / e.deals, wins: wins / sampled, laterSeconds: costs.later }],
      halfWidth,
      nested: e.nested,
    }),
  );
  return plans.every((p) => p !== undefined) ? (plans as LatticePlan[]) : undefined;
}
