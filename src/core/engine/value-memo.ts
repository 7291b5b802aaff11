// A memo of small values by full key, for values that hold for the whole deal (the subset games' bounds,
// subset.ts): a cache beside the visited set (table.ts), which keeps every position it is given.

/**
 * A memo of small values by full key (open addressing, one more word per slot for the value, the stamp of
 * the generation that wrote it first), for values that hold for the whole deal: cleared between deals, and
 * cleared when it reaches its cap (it is a cache: a value it forgets is computed again). It starts small and
 * doubles up to its cap, so that a solver made for one deal does not fault in the whole cap; it holds the
 * same values at every moment as a memo allocated at its cap would, since it forgets them only at the cap's
 * half.
 */
export class ValueMemo {
  private readonly row: number;
  private mask: number;
  private rows: Int32Array;
  private generation = 1;
  size = 0;

  constructor(
    /** Int32 words of every key; word 1 is never 0. */
    readonly keyWords: number,
    /** log2 of the most slots; at half of them the memo starts afresh. */
    readonly maxBits = 18,
  ) {
    this.row = keyWords + 2;
    const bits = Math.min(maxBits, MIN_BITS);
    this.mask = (1 << bits) - 1;
    this.rows = new Int32Array((1 << bits) * this.row);
  }

  /** Forgets every value, in O(1). */
  clear(): void {
    this.size = 0;
    this.generation = nextGeneration(this.rows, this.generation);
  }

  /** The value stored under the key at `key[at …]`, or -1. */
  get(key: Int32Array, at: number): number {
    const rows = this.rows,
      generation = this.generation,
      mask = this.mask,
      row = this.row,
      words = this.keyWords;
    for (let slot = hashKey(key, at, words) & mask; ; slot = (slot + 1) & mask) {
      const o = slot * row;
      if (rows[o] !== generation) return -1;
      let w = 0;
      while (w < words && rows[o + 1 + w] === key[at + w]) w++;
      if (w === words) return rows[o + 1 + words]!;
    }
  }

  /** Stores `value` (≥ 0) under the key at `key[at …]`, which is not there yet. */
  set(key: Int32Array, at: number, value: number): void {
    if ((this.size + 1) * 2 > this.mask + 1) {
      if (this.mask + 1 < 2 ** this.maxBits) this.grow();
      else this.clear();
    }
    const rows = this.rows,
      generation = this.generation,
      mask = this.mask,
      row = this.row,
      words = this.keyWords;
    let slot = hashKey(key, at, words) & mask;
    while (rows[slot * row] === generation) slot = (slot + 1) & mask;
    const o = slot * row;
    rows[o] = generation;
    for (let w = 0; w < words; w++) rows[o + 1 + w] = key[at + w]!;
    rows[o + 1 + words] = value;
    this.size += 1;
  }

  /** Doubles the slots, keeping every value. */
  private grow(): void {
    const old = this.rows,
      oldGeneration = this.generation,
      row = this.row,
      words = this.keyWords;
    const mask = this.mask * 2 + 1;
    const rows = new Int32Array((mask + 1) * row);
    for (let from = 0; from < old.length; from += row) {
      if (old[from] !== oldGeneration) continue;
      let slot = hashKey(old, from + 1, words) & mask;
      while (rows[slot * row] === 1) slot = (slot + 1) & mask;
      rows.set(old.subarray(from + 1, from + row), slot * row + 1);
      rows[slot * row] = 1;
    }
    this.mask = mask;
    this.rows = rows;
    this.generation = 1;
  }
}

/** Slots (log2) of a memo at the start. */
const MIN_BITS = 12;

/** The stamp after `generation` of a memo cleared in O(1) by stamping its rows; when the stamps run out the
 *  rows are zeroed and the stamps start again at 1. */
function nextGeneration(rows: Int32Array, generation: number): number {
  if (generation + 1 !== 0x7fffffff) return generation + 1;
  rows.fill(0);
  return 1;
}

/** The slot hash of the key at `key[at … at+words-1]`. */
function hashKey(key: Int32Array, at: number, words: number): number {
  let h = 0x9e3779b9;
  for (let w = 0; w < words; w++) {
    h = Math.imul(h ^ key[at + w]!, 0x85ebca6b);
    h ^= h >>> 15;
  }
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
