// Splitting a range of deal indices into N shards, and reading the `K/N` notation (K counted from 1).

export interface IndexRange {
  /** First deal index. */
  first: number;
  /** Number of deals. */
  count: number;
}

/**
 * Part `k` (1 ≤ k ≤ n) of the range `first … first + count − 1` split into `n` contiguous parts whose
 * sizes differ by at most one: part k holds indices from first + ⌊(k−1)·count/n⌋ up to, not including,
 * first + ⌊k·count/n⌋. The n parts together are exactly the whole range, in order.
 */
export function shardRange(range: IndexRange, k: number, n: number): IndexRange {
  if (!Number.isInteger(n) || n < 1 || !Number.isInteger(k) || k < 1 || k > n) {
    throw new RangeError(`shard ${k}/${n}: expected 1 ≤ K ≤ N`);
  }
  // ⌊part·count/n⌋ in BigInt: the product may pass 2^53.
  const cut = (part: number): number => Number((BigInt(part) * BigInt(range.count)) / BigInt(n));
  const from = cut(k - 1);
  return { first: range.first + from, count: cut(k) - from };
}

/** Reads `K/N` (whole numbers, 1 ≤ K ≤ N); returns undefined when the text is not of that form. */
export function parseShard(text: string): { k: number; n: number } | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/u.exec(text);
  if (match === null) return undefined;
  const k = Number(match[1]);
  const n = Number(match[2]);
  if (!Number.isSafeInteger(k) || !Number.isSafeInteger(n) || n < 1 || k < 1 || k > n) return undefined;
  return { k, n };
}
