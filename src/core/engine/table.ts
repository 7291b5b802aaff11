// The visited set: open addressing with linear probing over one Int32Array of full keys (no hash-only
// entries, so a collision can never pass for a visit), cleared in O(1) between deals by a generation stamp.
//
// Each slot is one row of keyWords + 1 words: the stamp of the generation that wrote it, then the key.
// Keeping the stamp in the row means one memory access per probe.
//
// A key's home slot is the top `bits` bits of its hash, so the table is ordered by hash (up to the probing):
// when it doubles, the keys of slot i go to slots 2i and 2i + 1, and the growth reads the old table and writes
// the new one front to back, in step, rather than scattering every key over the whole new table.

const MIN_BITS = 12;
/** Slots (log2) a cleared table keeps at most by default: what 2,000,000 positions need at load 1/2. */
const DEFAULT_KEEP_BITS = 22;

/** Default cap on one table's memory: past it the table stops growing and reports itself full. */
export const DEFAULT_MAX_TABLE_BYTES = 4 * 1024 ** 3;

/** The stamp after `generation` of a table cleared in O(1) by stamping its rows; when the stamps run out the
 *  rows are zeroed and the stamps start again at 1. */
function nextGeneration(rows: Int32Array, generation: number): number {
  if (generation + 1 !== 0x7fffffff) return generation + 1;
  rows.fill(0);
  return 1;
}

export class VisitedSet {
  /** Words of each slot: the stamp, then the key. */
  private readonly row: number;
  private bits: number;
  private mask: number;
  /** 32 − bits: a key's home slot is its hash shifted right by this. */
  private shift: number;
  private rows: Int32Array;
  /** A slot is in use when its stamp equals the current generation. */
  private generation = 1;
  /** Positions stored since the last clear. */
  size = 0;
  /** Largest size (log2 of the slots) the table may grow to within its memory cap. */
  private readonly maxBits: number;
  /** The table is at its cap and half full: its searches must stop (as at an exhausted budget) before it fills. */
  full = false;

  /** Whether the next new position makes the table grow, rehashing every position stored (a pause of about
   *  a quarter to half a microsecond per position, that a clock may want to see coming). */
  get growsNext(): boolean {
    return this.bits < this.maxBits && (this.size + 1) * 2 > this.mask + 1;
  }

  constructor(
    /** Int32 words of every key (state.ts: PILE_KEY_WORDS or KEY_WORDS). */
    readonly keyWords: number,
    initialBits = 16,
    /** The most memory the table may take; it never grows past it. */
    maxBytes = DEFAULT_MAX_TABLE_BYTES,
  ) {
    this.row = keyWords + 1;
    let maxBits = MIN_BITS;
    while (maxBits < 30 && 2 ** (maxBits + 1) * this.row * 4 <= maxBytes) maxBits++;
    this.maxBits = maxBits;
    this.bits = Math.min(maxBits, Math.max(MIN_BITS, initialBits));
    this.mask = (1 << this.bits) - 1;
    this.shift = 32 - this.bits;
    this.rows = new Int32Array((1 << this.bits) * this.row);
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.rows.byteLength;
  }

  /**
   * Forgets every position, in O(1). A table that a hard deal grew past `keepBits` is shrunk back to that
   * size (by default 2^22 slots, 112 or 176 MiB by key width: what the default budget of 2,000,000 states
   * needs at load 1/2),
   * so that an idle solver does not hold the memory of a larger budget's hardest deal.
   */
  clear(keepBits = DEFAULT_KEEP_BITS): void {
    this.size = 0;
    this.full = false;
    if (this.bits > keepBits) {
      this.bits = keepBits;
      this.mask = (1 << keepBits) - 1;
      this.shift = 32 - keepBits;
      this.rows = new Int32Array((1 << keepBits) * this.row);
      this.generation = 1;
      return;
    }
    this.generation = nextGeneration(this.rows, this.generation);
  }

  /**
   * Forgets every position, in O(1), for a search of at most `maxStates` positions: the table keeps its size
   * while that many could fill it (so the searches of a deal, and the deals of one solver, grow it once rather
   * than each: a growth rehashes every position and faults in fresh memory), and shrinks when it is larger.
   */
  clearFor(maxStates: number): void {
    this.clear(Math.max(DEFAULT_KEEP_BITS, Math.ceil(Math.log2(Math.max(1, maxStates))) + 1));
  }

  /**
   * Adds the key at `key[at … at+keyWords-1]`. Returns true when it was not there before (a new position),
   * false when it was already visited.
   */
  add(key: Int32Array, at: number): boolean {
    const rows = this.rows,
      generation = this.generation,
      mask = this.mask,
      row = this.row,
      words = this.keyWords;
    let slot = hashKey(key, at, words) >>> this.shift;
    for (;;) {
      const o = slot * row;
      if (rows[o] !== generation) break;
      let w = 0;
      while (w < words && rows[o + 1 + w] === key[at + w]) w++;
      if (w === words) return false;
      slot = (slot + 1) & mask;
    }
    const o = slot * row;
    rows[o] = generation;
    for (let w = 0; w < words; w++) rows[o + 1 + w] = key[at + w]!;
    this.size += 1;
    // Keep the load factor at most 1/2; at the cap, say so (the search then stops within a few positions).
    if (this.size * 2 > mask + 1) {
      if (this.bits < this.maxBits) this.grow();
      else this.full = true;
    }
    return true;
  }

  /** Doubles the table. Old slot i's keys have their home at 2i or 2i + 1 (one more bit of the hash), so the
   *  old table is read and the new one written in one pass front to back; only keys whose probing wrapped
   *  past the end land out of step. */
  private grow(): void {
    const old = this.rows,
      oldGeneration = this.generation,
      row = this.row,
      words = this.keyWords;
    const oldSlots = this.mask + 1;
    this.bits += 1;
    const mask = (1 << this.bits) - 1,
      shift = 32 - this.bits;
    const rows = new Int32Array((1 << this.bits) * row);
    for (let slot = 0; slot < oldSlots; slot++) {
      const from = slot * row;
      if (old[from] !== oldGeneration) continue;
      let to = hashKey(old, from + 1, words) >>> shift;
      while (rows[to * row] === 1) to = (to + 1) & mask;
      const at = to * row;
      rows[at] = 1;
      for (let w = 1; w < row; w++) rows[at + w] = old[from + w]!;
    }
    this.mask = mask;
    this.shift = shift;
    this.rows = rows;
    this.generation = 1;
  }
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

/**
 * A memo of small values by full key (open addressing as `VisitedSet`, one more word per slot for the
 * value), for values that hold for the whole deal: cleared between deals, and cleared when it reaches its
 * cap (it is a cache: a value it forgets is computed again). It starts small and doubles up to its cap, so
 * that a solver made for one deal does not fault in the whole cap; it holds the same values at every moment
 * as a memo allocated at its cap would, since it forgets them only at the cap's half.
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
