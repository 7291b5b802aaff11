// Statistics of solved and played deals: the Wilson score interval of a win rate, nearest-rank quantiles and the
// Poisson interval of a count. Plain arithmetic: the batch, the hint and the report use it.

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * The Wilson score interval for `won` successes in `deals` trials (95% by default). With no deals the
 * interval is the whole of [0, 1].
 */
export function wilson(won: number, deals: number, z = Z95): { low: number; high: number } {
  if (deals === 0) return { low: 0, high: 1 };
  const p = won / deals;
  const z2 = z * z;
  const denominator = 1 + z2 / deals;
  const centre = (p + z2 / (2 * deals)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / deals + z2 / (4 * deals * deals));
  // Clamp rounding noise at the ends (won = 0 or won = deals give exactly 0 or 1).
  return { low: won === 0 ? 0 : Math.max(0, centre - half), high: won === deals ? 1 : Math.min(1, centre + half) };
}

/**
 * The win rate of a batch as an interval: with `unknown` deals undecided, the rate lies between
 * won/deals (every unknown lost) and (won + unknown)/deals (every unknown won); the 95% interval runs
 * from the Wilson low end of the first to the Wilson high end of the second.
 */
export function winRate(won: number, unknown: number, deals: number): { low: number; high: number; ci95: { low: number; high: number } } {
  if (deals === 0) return { low: 0, high: 1, ci95: { low: 0, high: 1 } };
  return {
    low: won / deals,
    high: (won + unknown) / deals,
    ci95: { low: wilson(won, deals).low, high: wilson(won + unknown, deals).high },
  };
}

/** The nearest-rank `q`-quantile (0 < q ≤ 1) of values sorted ascending: the smallest value with at least q of them at or below it. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1]!;
}

/** P(X ≥ k) for X ~ Poisson(mean): the regularised lower gamma function P(k, mean), summed in log space. */
function poissonAtLeast(k: number, mean: number): number {
  if (k <= 0) return 1;
  if (mean <= 0) return 0;
  // P(X < k) = Σ_{j<k} e^{−mean} mean^j / j!, each term from the one before.
  const logMean = Math.log(mean);
  let logTerm = -mean;
  let below = 0;
  for (let j = 0; j < k; j++) {
    if (j > 0) logTerm += logMean - LOG[j]!;
    below += Math.exp(logTerm);
  }
  return Math.max(0, 1 - below);
}

/** Math.log(j) for the counts poissonInterval sums over exactly (up to 401). */
const LOG = Float64Array.from({ length: 402 }, (_, j) => Math.log(j));

/**
 * The exact (Garwood) 95% interval of a Poisson mean from one count: the means under which `count` or
 * more, and `count` or fewer, have chance 2.5%. Found by bisection; counts above 400 take the
 * Wilson–Hilferty approximation, good there to well under a part in a thousand.
 */
export function poissonInterval(count: number): { low: number; high: number } {
  const alpha = 0.025;
  if (count > 400) {
    const wh = (k: number, z: number): number => k * (1 - 1 / (9 * k) + z / (3 * Math.sqrt(k))) ** 3;
    return { low: wh(count, -Z95), high: wh(count + 1, Z95) };
  }
  const solve = (f: (mean: number) => number): number => {
    let lo = 0;
    let hi = count + 20 + 10 * Math.sqrt(count + 1);
    for (let i = 0; i < 100; i++) {
      const mid = (lo + hi) / 2;
      // Once the midpoint rounds to an end, this step leaves lo and hi where every later step would.
      const last = mid === lo || mid === hi;
      if (f(mid) < 0) lo = mid;
      else hi = mid;
      if (last) break;
    }
    return (lo + hi) / 2;
  };
  return {
    // P(X ≥ count | low) = 2.5%, rising in the mean; P(X ≤ count | high) = 2.5%, falling in it.
    low: count === 0 ? 0 : solve((mean) => poissonAtLeast(count, mean) - alpha),
    high: solve((mean) => alpha - (1 - poissonAtLeast(count + 1, mean))),
  };
}
