// The two-phase estimate as statistics (src/batch/sample.ts), on synthetic populations with a known win
// rate, no solving: the sample's hash draws each deal with its share, nested and blind to the cards; with
// P = 1 the estimate is the rate of the deals exactly; the 95% interval covers the truth in 93–97% of runs.

import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import {
  type SampleShare,
  TwoPhaseTally,
  WHOLE_SAMPLE,
  inPassSample,
  inSample,
  passSharesOf,
  readSampleShare,
  sampleHash,
  twoPhaseRole,
} from '../src/batch/sample.ts';
import { Z95 } from '../src/core/stats.ts';
import { planFor } from '../studies/plans.ts';

/** A seeded uniform stream on [0, 1) (mulberry32): the simulations give the same counts every run. */
type RandomGenerator = () => number;
function seeded(seed: number): RandomGenerator {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const uniformFloat = (rng: RandomGenerator): number => rng();

const share = (text: string): SampleShare => {
  const read = readSampleShare(text);
  if (typeof read === 'string') throw new Error(read);
  return read;
};

describe('the sample share', () => {
  it('reads decimals and percentages in (0, 1], and 1 as every deal', () => {
    expect(share('0.05')).toMatchObject({ text: '0.05', threshold: Math.round(0.05 * 2 ** 32) });
    expect(share('5%').text).toBe('0.05');
    expect(share('1')).toBe(WHOLE_SAMPLE);
    expect(share('100%')).toBe(WHOLE_SAMPLE);
    for (const bad of ['0', '-0.1', '1.5', 'abc', '', '0x1', '1e-12']) expect(typeof readSampleShare(bad)).toBe('string');
  });

  it('draws each deal with its share, a smaller sample inside a larger one', () => {
    const small = share('0.02');
    const large = share('0.1');
    let inSmall = 0;
    let inLarge = 0;
    const n = 200_000;
    for (let index = 0; index < n; index++) {
      const a = inSample(7, index, small);
      const b = inSample(7, index, large);
      if (a && !b) throw new Error(`deal ${index} is in the sample of 0.02 but not of 0.1`);
      inSmall += a ? 1 : 0;
      inLarge += b ? 1 : 0;
    }
    // Within 5 standard deviations of the share (a fixed seed: the counts are the same every run).
    for (const [count, p] of [
      [inSmall, 0.02],
      [inLarge, 0.1],
    ] as const)
      expect(Math.abs(count - n * p)).toBeLessThan(5 * Math.sqrt(n * p * (1 - p)));
  });

  it('is blind to the cards: being sampled does not go with an ace on top of pile 1', () => {
    // 2×2 table over 40,000 deals: share of deals whose first card is an ace, in and out of a sample of 0.25.
    const half = share('0.25');
    const counts = [
      [0, 0],
      [0, 0],
    ];
    for (let index = 0; index < 40_000; index++) {
      const ace = dealFor(11, index)[0]! % 13 === 12 ? 1 : 0;
      counts[inSample(11, index, half) ? 1 : 0]![ace]! += 1;
    }
    const rate = (row: number[]): number => row[1]! / (row[0]! + row[1]!);
    const [out, sampled] = [counts[0]!, counts[1]!];
    const se = Math.sqrt((1 / 13) * (12 / 13) * (1 / (out[0]! + out[1]!) + 1 / (sampled[0]! + sampled[1]!)));
    expect(Math.abs(rate(sampled) - rate(out))).toBeLessThan(5 * se);
  });

  it('hashes apart from the deals: another seed or index gives another hash', () => {
    expect(sampleHash(1, 0)).not.toBe(sampleHash(1, 1));
    expect(sampleHash(1, 0)).not.toBe(sampleHash(2, 0));
    expect(sampleHash(1, 2 ** 32)).not.toBe(sampleHash(1, 0));
  });
});

/** A synthetic run: `deals` deals, each decided by the first pass with chance 1 − u (then won with chance
 *  a), else unknown (won with chance q); the later passes decide the sampled ones, or leave an `open` share. */
interface Population {
  deals: number;
  u: number;
  a: number;
  q: number;
  open?: number;
}

const truth = (p: Population): number => (1 - p.u) * p.a + p.u * p.q;

function simulate(p: Population, sample: SampleShare, seed: number, rng: RandomGenerator): ReturnType<TwoPhaseTally['result']> {
  const tally = new TwoPhaseTally();
  const draw = (): number => uniformFloat(rng);
  for (let index = 0; index < p.deals; index++) {
    if (draw() >= p.u) {
      tally.addDecided(draw() < p.a);
    } else {
      const won = draw() < p.q;
      const open = p.open !== undefined && draw() < p.open;
      tally.addUnknown(sample, inSample(seed, index, sample), open ? 'unknown' : won ? 'won' : 'lost');
    }
  }
  return tally.result();
}

describe('the two-phase estimate', () => {
  it('with every unknown deal sampled, is the rate of the deals exactly', () => {
    const rng = seeded(3);
    const tally = new TwoPhaseTally();
    let won = 0;
    const deals = 5000;
    for (let index = 0; index < deals; index++) {
      const w = uniformFloat(rng) < 0.5;
      won += w ? 1 : 0;
      if (uniformFloat(rng) < 0.7) tally.addDecided(w);
      else tally.addUnknown(WHOLE_SAMPLE, inSample(3, index, WHOLE_SAMPLE), w ? 'won' : 'lost');
    }
    const t = tally.result();
    expect(t.estimate.low).toBe(won / deals);
    expect(t.estimate.high).toBe(won / deals);
    expect(t.sampled).toBe(t.firstUnknown);
    expect(t.variance.sample).toBe(0);
    // The plain standard error of a proportion (n − 1 in the denominator).
    const p = won / deals;
    expect(t.standardError).toBeCloseTo(Math.sqrt((p * (1 - p)) / (deals - 1)), 12);
  });

  it('counts a sampled deal still unknown both ways: a range', () => {
    const tally = new TwoPhaseTally();
    const half = share('0.5');
    tally.addDecided(true);
    tally.addDecided(false);
    tally.addUnknown(half, true, 'unknown');
    tally.addUnknown(half, false, 'unknown');
    const t = tally.result();
    expect(t.estimate).toEqual({ low: 1 / 4, high: (1 + 2) / 4 });
    expect(t.sampledUnknown).toBe(1);
    expect(t.ci95.low).toBeLessThanOrEqual(t.estimate.low);
    expect(t.ci95.high).toBeGreaterThanOrEqual(t.estimate.high);
  });

  // Each case: 2,000 simulated runs; a seeded generator, so the count is the same every time.
  const cases: [string, Population, string][] = [
    ['a fifth of a third unknown', { deals: 2000, u: 0.3, a: 0.6, q: 0.3 }, '0.2'],
    ['half of a tenth unknown', { deals: 2000, u: 0.1, a: 0.5, q: 0.5 }, '0.5'],
    ['a tenth of half unknown', { deals: 4000, u: 0.5, a: 0.7, q: 0.4 }, '0.1'],
    ['every unknown deal', { deals: 1000, u: 0.4, a: 0.5, q: 0.2 }, '1'],
    // Standard × optional's shape at the default's size: about 3 sampled wins a run, where a normal interval
    // misses the truth above it 5 times as often as below.
    ['few sampled wins', { deals: 1000, u: 0.33, a: 0.49, q: 0.08 }, '0.1'],
  ];
  it.each(cases)('covers the true rate with its 95 percent interval in 93 to 97 percent of 2,000 runs: %s', (_, population, text) => {
    const sample = share(text);
    const rng = seeded(20261201);
    const runs = 2000;
    let covered = 0;
    let above = 0;
    let sum = 0;
    for (let run = 0; run < runs; run++) {
      const t = simulate(population, sample, run, rng);
      sum += t.estimate.high;
      if (t.ci95.low <= truth(population) && truth(population) <= t.ci95.high) covered += 1;
      else if (truth(population) > t.ci95.high) above += 1;
    }
    expect(covered / runs).toBeGreaterThanOrEqual(0.93);
    expect(covered / runs).toBeLessThanOrEqual(0.97);
    // The misses fall on both sides, about as often.
    expect(above / runs).toBeLessThanOrEqual(0.035);
    expect((runs - covered - above) / runs).toBeLessThanOrEqual(0.035);
    // Unbiased: the mean of the estimates is within 4 standard errors of the truth.
    const t = simulate(population, sample, runs, rng);
    expect(Math.abs(sum / runs - truth(population))).toBeLessThan((4 * t.standardError) / Math.sqrt(runs));
  });

  it("with open sampled deals, the range's interval still covers the truth", () => {
    const population = { deals: 2000, u: 0.3, a: 0.6, q: 0.3, open: 0.2 };
    const sample = share('0.3');
    const rng = seeded(5);
    let covered = 0;
    for (let run = 0; run < 500; run++) {
      const t = simulate(population, sample, run, rng);
      if (t.ci95.low <= truth(population) && truth(population) <= t.ci95.high) covered += 1;
    }
    expect(covered / 500).toBeGreaterThanOrEqual(0.95);
  });
});

/**
 * A synthetic run with one share per later pass: each deal the first pass leaves unknown (chance u) has the
 * pass that would decide it (1, 2 or 3 with chances `decide`, else none: open) and a win chance per pass;
 * a deal is given pass k while unknown and in pass k's sample, as the run gives it, by the real hash.
 */
interface PassPopulation {
  deals: number;
  u: number;
  a: number;
  decide: [number, number, number];
  q: [number, number, number];
}

const passTruth = (p: PassPopulation): number => (1 - p.u) * p.a + p.u * p.decide.reduce((sum, d, k) => sum + d * p.q[k]!, 0);

function simulatePasses(p: PassPopulation, shares: string, seed: number, rng: RandomGenerator): ReturnType<TwoPhaseTally['result']> {
  const plan = passSharesOf(shares, 3)!;
  const tally = new TwoPhaseTally();
  const draw = (): number => uniformFloat(rng);
  for (let index = 0; index < p.deals; index++) {
    if (draw() >= p.u) {
      tally.addDecided(draw() < p.a);
      continue;
    }
    const x = draw();
    const decidedAt = x < p.decide[0] ? 1 : x < p.decide[0] + p.decide[1] ? 2 : x < p.decide[0] + p.decide[1] + p.decide[2] ? 3 : 4;
    const won = decidedAt <= 3 && draw() < p.q[decidedAt - 1]!;
    // The passes the run gives it: while unknown and in the pass's sample.
    let pass = 0;
    while (pass < 3 && pass + 1 <= decidedAt && inPassSample(seed, index, plan, pass + 1)) {
      pass += 1;
      if (pass === decidedAt) break;
    }
    const outcome = pass === decidedAt ? (won ? 'won' : 'lost') : 'unknown';
    const role = twoPhaseRole(seed, index, plan, pass, 3, outcome);
    tally.addUnknown(role.share, role.sampled, role.outcome, role.given);
  }
  return tally.result();
}

describe('the two-phase estimate with one share per later pass', () => {
  // The shape of standard × optional: wins found early, the deep passes rarely reached and rarely won.
  const cases: [string, PassPopulation, string][] = [
    ['1, 0.3, 0.1', { deals: 2000, u: 0.33, a: 0.49, decide: [0.6, 0.3, 0.08], q: [0.1, 0.05, 0.05] }, '1 0.3 0.1'],
    ['0.5, 0.2, 0.2', { deals: 3000, u: 0.3, a: 0.6, decide: [0.5, 0.3, 0.15], q: [0.3, 0.2, 0.1] }, '0.5 0.2 0.2'],
  ];
  it.each(cases)('covers the true rate in 93 to 98 percent of 2,000 runs, is unbiased: shares %s', (_, population, shares) => {
    const rng = seeded(20261202);
    const runs = 2000;
    let covered = 0;
    let above = 0;
    let sum = 0;
    let se = 0;
    for (let run = 0; run < runs; run++) {
      const t = simulatePasses(population, shares, run, rng);
      const truth = passTruth(population);
      // Deals no pass decides are never won here, so the low end (open deals lost) is the unbiased one.
      sum += t.estimate.low;
      se += t.standardError;
      if (t.ci95.low <= truth && truth <= t.ci95.high) covered += 1;
      else if (truth > t.ci95.high) above += 1;
    }
    // The Garwood terms of the deep passes, rarely won, are conservative: coverage may run above 95%.
    expect(covered / runs).toBeGreaterThanOrEqual(0.93);
    expect(covered / runs).toBeLessThanOrEqual(0.985);
    expect(above / runs).toBeLessThanOrEqual(0.035);
    expect((runs - covered - above) / runs).toBeLessThanOrEqual(0.035);
    // Unbiased: the mean of the low ends is within 4 standard errors of the truth.
    expect(Math.abs(sum / runs - passTruth(population))).toBeLessThan((4 * se) / runs / Math.sqrt(runs));
  });
});

describe('planFor', () => {
  it('plans deals and a share whose half-width is the one asked, and samples more where the sample is cheap', () => {
    const rng = seeded(9);
    const t = simulate({ deals: 20_000, u: 0.3, a: 0.7, q: 0.1 }, share('0.2'), 9, rng);
    for (const [first, later] of [
      [0.02, 3],
      [0.02, 0.03],
    ] as const) {
      const plan = planFor(t, { first, later }, 0.001)!;
      // The variance formula the plan solves, at the plan's deals and share: (s1 + u·q/π)/N.
      const p = t.estimate.high;
      const uq = t.sampledWon / t.share / t.deals;
      const variance = (p * (1 - p) - uq + uq / plan.share) / plan.deals;
      expect(Z95 * Math.sqrt(variance)).toBeLessThanOrEqual(0.001);
      expect(Z95 * Math.sqrt(variance)).toBeGreaterThan(0.00099);
      expect(plan.sampleSeconds).toBeCloseTo(plan.deals * (t.firstUnknown / t.deals) * plan.share * later, 6);
    }
    expect(planFor(t, { first: 0.02, later: 0.03 }, 0.001)!.share).toBeGreaterThan(planFor(t, { first: 0.02, later: 3 }, 0.001)!.share);
  });
});
