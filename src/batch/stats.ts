// Statistics of a batch of solved deals: the Wilson score interval of a win rate and nearest-rank quantiles.

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
