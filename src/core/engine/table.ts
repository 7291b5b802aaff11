// The visited set: every stored position keeps its whole key (packed, exactly decodable: no hash-only
// entries, so a collision can never pass for a visit), at up to 90% load, in memory reserved once and grown
// in place. (The subset games' memo of small values is value-memo.ts.)
//
// Layout. The table is 1–8 segments (a segment's words stay below 2^30, so indices are small integers); a
// key's segment is the top bits of its hash, its home slot in the segment `⌊h · n / 2^32⌋` for the segment's
// n home slots (any n, not a power of two). Linear probing runs upward from the home, never wrapping: a
// segment has a tail of slots past its last home. A slot is 6 words for a 6-word key, 9 for a 10-word key
// (24 and 36 bytes; the key's spare bits hold the slot's state), see `pack`.
//
// Growth in place. A segment's memory is reserved whole when the table is sized (`reserve`: at most its
// memory cap, at most what the budget's positions need); only the prefix in use is touched, so resident
// memory follows the positions stored. When a segment passes 3/4 load it grows to twice its home slots
// (or to all its reserved slots) without a second copy: because the home is monotone in the hash and
// in n, every entry's new home is at least its old one, and entries are moved from the last slot down
// (`grow`). Growth never happens at a cap: there a segment is full at 9/10 load and the search stops.

/** Home slots of a segment at least (a smaller table is not worth its bookkeeping). */
export const MIN_SLOTS = 1 << 12;
/** Words of one segment at most: indices into it stay small integers. */
const MAX_SEGMENT_WORDS = 2 ** 30;
/** Load at which a segment below its reserved size grows. */
const LOAD_GROW = 0.75;
/** Load at which a segment at its reserved size is full (its searches stop). */
export const LOAD_FULL = 0.9;
/** Tail slots of a segment of n home slots (probes that run past the last home land there). */
export const tailOf = (n: number): number => Math.min(n, 1 << 15);
/** Slots (home slots of all segments) a cleared table keeps at most by default: what the default budget of
 *  2,000,000 positions needs below 3/4 load. */
const DEFAULT_KEEP_SLOTS = 3 << 20;

/** Default cap on one table's memory: past it the table stops growing and reports itself full. */
export const DEFAULT_MAX_TABLE_BYTES = 4 * 1024 ** 3;

/** A slot's state in its word 0, bits 22–31 (`word >>> 22`): bit 9 DONE (a whole key is stored), bit 8 BUSY
 *  (a thread is writing it: shared tables only), bits 0–7 the generation that wrote it. A slot is in use when
 *  its state is DONE | the table's generation; any other state is an empty slot. */
export const DONE = 0x200;
export const FIELD = 0x3fffff;
/** Bit 21 of word 0 marks a canonical key (canonical.ts: word 1 has bit 31 set), whose words are laid out
 *  otherwise. */
const CANONICAL = 1 << 21;
/** Generations before the stamps run out and the slots in use are zeroed. */
export const GENERATIONS = 0xff;

/** Words of a slot for keys of `keyWords` words (state.ts: PILE_KEY_WORDS or KEY_WORDS). */
export function slotWords(keyWords: number): number {
  if (keyWords === 6) return 6;
  if (keyWords === 10) return 9;
  throw new Error(`no slot layout for ${keyWords}-word keys`);
}

/** A reservation let go with more than this in use is reported to the host (`released`): below it, the memory
 *  is not worth a collection. */
const RELEASE_NOTICE_BYTES = 16 * 2 ** 20;

/** Bytes a cleared table holds at most once its written memory was given back (`clear`'s default): about
 *  twice its kept slots. */
export function keptBytes(keyWords: number): number {
  return 2 * (DEFAULT_KEEP_SLOTS + tailOf(DEFAULT_KEEP_SLOTS)) * slotWords(keyWords) * 4;
}

/** Bytes of memory a table of keys of `keyWords` words reserves for `positions` stored positions (at 9/10
 *  load, tails included), before a cap. */
export function tableBytesFor(positions: number, keyWords: number): number {
  // One slot to spare: a search of exactly `positions` positions ends at its budget, not at a full table.
  const slots = Math.ceil((Math.max(positions, MIN_SLOTS) + 1) / LOAD_FULL) + 1;
  return (slots + tailOf(slots)) * slotWords(keyWords) * 4 + 1;
}

/** Positions a table of `bytes` reserved bytes holds before it is full (the inverse of `tableBytesFor`). */
export function positionsIn(bytes: number, keyWords: number): number {
  const segments = segmentsFor(bytes);
  return segments * Math.floor(LOAD_FULL * homeSlotsIn(Math.floor(bytes / segments / 4 / slotWords(keyWords))));
}

/** Segments of a table of `bytes` (a power of two: the top bits of the hash choose one). */
export function segmentsFor(bytes: number): number {
  let segments = 1;
  while (segments < 8 && bytes / 4 / segments > MAX_SEGMENT_WORDS) segments *= 2;
  return segments;
}

/** Home slots of a segment of `slots` reserved slots: the largest n whose tail still fits. */
export function homeSlotsIn(slots: number): number {
  let n = slots - tailOf(slots);
  while (n + tailOf(n) < slots) n++;
  while (n > 1 && n + tailOf(n) > slots) n--;
  return n;
}

/** The hash of a key, from which its segment and home are read: word 1 of its packed slot times an odd
 *  constant (a bijection whose top bits, which choose the segment and home, depend on every bit), so that
 *  growth reads it back from the slot alone. */
export const slotHash = (s1: number): number => Math.imul(s1, 0x9e3779b1) >>> 0;

/** The home of hash bits `h` (unsigned, the segment's bits shifted out) among `n` home slots. Monotone in h
 *  and in n (a product rounded to the nearest double is monotone in each factor), and below n (h < 2^32). */
export const homeOf = (h: number, n: number): number => (h * n * 2 ** -32) | 0;

/**
 * Packs the key at `key[at … at+words-1]` into `packed` (slotWords(words) long) (word 0: the 22 bits it keeps there) and
 * returns its slot hash. Exact: the slot holds every bit of the key. Word 1 is word 0 of the key xored with
 * a hash of the others (a bijection, given them), so that the first word a probe compares is as good as
 * random and growth reads the hash from the slot. The other words hold the key's words that use all 32 bits
 * as they are, and the 20- and 28-bit words (state.ts writeKey: the high halves of 52-bit masks, word 1's
 * deal count and kept marks) packed together; a canonical key (canonical.ts) fills other bits and has its
 * own layout, told apart by bit 21 of word 0. A key with bits outside its layout is refused (it would
 * share a slot with another).
 */
export function packKey(key: Int32Array, at: number, words: number, packed: Int32Array): number {
  let h = 0x9e3779b9;
  for (let w = 1; w < words; w++) {
    h = Math.imul(h ^ key[at + w]!, 0x85ebca6b);
    h ^= h >>> 15;
  }
  h = Math.imul(h, 0xc2b2ae35);
  const s1 = key[at]! ^ h ^ (h >>> 16);
  packed[1] = s1;
  const k1 = key[at + 1]!,
    k2 = key[at + 2]!,
    k3 = key[at + 3]!,
    k4 = key[at + 4]!,
    k5 = key[at + 5]!;
  packed[2] = k2;
  packed[3] = k4;
  if (k1 < 0) {
    // Canonical: word 1 uses bits 0–20 and 31, words 2–4 all 32, word 5 bits 0–27; words 6–9 are 0.
    if ((k1 & 0x7fe00000) !== 0 || k5 >>> 28 !== 0 || (words === 10 && (key[at + 6]! | key[at + 7]! | key[at + 8]! | key[at + 9]!) !== 0)) {
      throw new Error('internal error: a canonical key with bits outside its layout');
    }
    packed[0] = CANONICAL | (k1 & 0x1fffff);
    packed[4] = k3;
    packed[5] = k5;
    for (let w = 6; w < packed.length; w++) packed[w] = 0;
    return slotHash(s1);
  }
  if (words === 6) {
    if (k1 >>> 28 !== 0 || (k3 | k5) >>> 20 !== 0) throw new Error('internal error: a key with bits outside its layout');
    packed[0] = k5;
    packed[4] = k1 | (k3 << 28);
    packed[5] = k3 >>> 4;
    return slotHash(s1);
  }
  const k6 = key[at + 6]!,
    k7 = key[at + 7]!,
    k8 = key[at + 8]!,
    k9 = key[at + 9]!;
  if (k1 >>> 28 !== 0 || (k3 | k5 | k7 | k9) >>> 20 !== 0) throw new Error('internal error: a key with bits outside its layout');
  packed[0] = k9;
  packed[4] = k6;
  packed[5] = k8;
  packed[6] = k1 | (k3 << 28);
  packed[7] = (k3 >>> 4) | (k5 << 16);
  packed[8] = (k5 >>> 16) | (k7 << 4);
  return slotHash(s1);
}

export class VisitedSet {
  /** Words of each slot. */
  readonly row: number;
  /** log2 of the segments. */
  private segBits = 0;
  private segments: Int32Array[] = [];
  /** Per segment: home slots, home plus tail slots, positions stored, the count at which it grows (or is
   *  full), the most home slots its reserved slots allow, and the slots ever written since the
   *  memory was reserved (what is resident). */
  private homes = new Int32Array(0);
  private ends = new Int32Array(0);
  private counts = new Int32Array(0);
  private limits = new Int32Array(0);
  private maxHomes = new Int32Array(0);
  private touched = new Int32Array(0);
  /** Bytes reserved, and the bytes asked for when they were (a little more: slots are whole). */
  private reservedBytes = 0;
  private askedBytes = 0;
  /** The generation of the slots in use, 1…GENERATIONS; `live` is DONE | generation. */
  private generation = 1;
  private live = DONE | 1;
  /** The key being added, packed (word 0: its 22-bit field only). */
  private readonly packed: Int32Array;
  /** Scratch for growth: a slot's words, and the entries put aside while a segment grows. */
  private readonly moving: Int32Array;
  private aside = new Int32Array(0);
  /** Positions stored since the last clear. */
  size = 0;
  /** The table is at its cap and 9/10 full: its searches must stop (as at an exhausted budget) before it fills. */
  full = false;
  /** Positions the next growth will move, when a segment is about to grow (else 0): a clock may want to see
   *  the pause coming. */
  growing = 0;
  /** Whether the next new position may make the table grow. */
  get growsNext(): boolean {
    return this.growing > 0;
  }

  constructor(
    /** Int32 words of every key (state.ts: PILE_KEY_WORDS or KEY_WORDS). */
    readonly keyWords: number,
    /** log2 of the home slots at the start. */
    initialBits = 16,
    /** The most memory the table may take; it never grows past it. */
    readonly maxBytes = DEFAULT_MAX_TABLE_BYTES,
    /** Called after the table lets go of a reservation it had used more than 16 MiB of (a fresh one replaced
     *  it): a host with a collector can return that memory at once, before the next search writes more. */
    private readonly released?: () => void,
  ) {
    this.row = slotWords(keyWords);
    this.packed = new Int32Array(this.row);
    this.moving = new Int32Array(this.row);
    const slots = 2 ** Math.max(12, initialBits);
    this.reserve(Math.min(maxBytes, Math.max(tableBytesFor(slots * LOAD_GROW, keyWords), 2 * slots * this.row * 4)));
    this.resize(slots);
  }

  /** Bytes of the slots in use (home and tail slots of every segment): about what is resident. */
  get bytes(): number {
    let slots = 0;
    for (let s = 0; s < this.ends.length; s++) slots += this.ends[s]!;
    return slots * this.row * 4;
  }

  /** Bytes reserved (the most the table can grow to before a clear reserves more). */
  get capacity(): number {
    return this.reservedBytes;
  }

  /** Positions the table holds before it is full, at its reserved size. */
  get maxPositions(): number {
    let positions = 0;
    for (let s = 0; s < this.maxHomes.length; s++) positions += Math.floor(LOAD_FULL * this.maxHomes[s]!);
    return positions;
  }

  /**
   * Forgets every position, in O(1). The home slots are cut back to `keepSlots` (by default 3 × 2^20: what
   * the default budget needs); a table whose written memory reached past twice that is given up for a fresh
   * one of the same reservation, so that an idle solver does not hold the memory of a larger budget's
   * hardest deal.
   */
  clear(keepSlots = DEFAULT_KEEP_SLOTS): void {
    this.size = 0;
    this.full = false;
    this.growing = 0;
    let written = 0;
    for (let s = 0; s < this.touched.length; s++) written += this.touched[s]!;
    if (written > 2 * (keepSlots + tailOf(keepSlots))) {
      this.reserve(this.askedBytes);
    } else {
      this.counts.fill(0);
      this.generation += 1;
      if (this.generation > GENERATIONS) {
        for (let s = 0; s < this.segments.length; s++) this.segments[s]!.fill(0, 0, this.touched[s]! * this.row);
        this.generation = 1;
      }
      this.live = DONE | this.generation;
    }
    this.resize(Math.min(keepSlots, this.homeSlots()));
  }

  /**
   * Forgets every position, in O(1), for a search of at most `maxStates` positions: reserves what they can
   * fill (up to the cap), keeps the home slots while that many could fill them (so that the searches of a
   * deal, and the deals of one solver, grow the table once rather than each), and cuts back a larger table.
   */
  clearFor(maxStates: number): void {
    const need = Math.min(this.maxBytes, tableBytesFor(maxStates, this.keyWords));
    if (need > this.askedBytes) {
      this.reserve(need);
      this.size = 0;
      this.full = false;
      this.growing = 0;
      this.resize(1 << 16);
      return;
    }
    this.clear(Math.max(DEFAULT_KEEP_SLOTS, Math.ceil(maxStates / LOAD_GROW)));
  }

  /** Home slots of all segments. */
  private homeSlots(): number {
    let slots = 0;
    for (let s = 0; s < this.homes.length; s++) slots += this.homes[s]!;
    return slots;
  }

  /** Reserves `bytes` (fresh, zeroed memory, touched only as it is used), forgetting every position. */
  private reserve(bytes: number): void {
    const row = this.row;
    // Memory worth returning at once: the slots the old reservation had in use, past a small table's.
    let used = 0;
    for (let s = 0; s < this.touched.length; s++) used += this.touched[s]!;
    const wrote = used * row * 4 > RELEASE_NOTICE_BYTES;
    const segments = segmentsFor(bytes);
    this.segBits = Math.log2(segments);
    const slots = Math.max(MIN_SLOTS + tailOf(MIN_SLOTS), Math.floor(bytes / 4 / row / segments));
    this.segments = Array.from({ length: segments }, () => new Int32Array(slots * row));
    this.homes = new Int32Array(segments);
    this.ends = new Int32Array(segments);
    this.counts = new Int32Array(segments);
    this.limits = new Int32Array(segments);
    this.maxHomes = new Int32Array(segments).fill(homeSlotsIn(slots));
    this.touched = new Int32Array(segments);
    this.reservedBytes = segments * slots * row * 4;
    this.askedBytes = bytes;
    this.generation = 1;
    this.live = DONE | 1;
    this.size = 0;
    if (wrote) this.released?.();
  }

  /** Sets every segment's home slots for `slots` in all (the table holds nothing: no entry moves). */
  private resize(slots: number): void {
    const segments = this.segments.length;
    for (let s = 0; s < segments; s++) this.setHomes(s, Math.min(this.maxHomes[s]!, Math.max(MIN_SLOTS, Math.ceil(slots / segments))));
  }

  private setHomes(s: number, n: number): void {
    this.homes[s] = n;
    this.ends[s] = n + tailOf(n);
    if (this.ends[s]! > this.touched[s]!) this.touched[s] = this.ends[s]!;
    this.limits[s] = Math.floor((n < this.maxHomes[s]! ? LOAD_GROW : LOAD_FULL) * n);
  }

  /**
   * Adds the key at `key[at … at+keyWords-1]`. Returns true when it was not there before (a new position),
   * false when it was already visited. At the cap, a full table says so (`full`) and stores nothing more.
   */
  add(key: Int32Array, at: number): boolean {
    const h = packKey(key, at, this.keyWords, this.packed);
    const segBits = this.segBits;
    const s = segBits === 0 ? 0 : h >>> (32 - segBits);
    const view = this.segments[s]!,
      packed = this.packed,
      row = this.row,
      live = this.live;
    const field = packed[0]!,
      s1 = packed[1]!;
    const end = this.ends[s]! * row;
    let o = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, this.homes[s]!) * row;
    for (; o < end; o += row) {
      const state = view[o]!;
      if (state >>> 22 !== live) break;
      if (view[o + 1] !== s1 || (state & FIELD) !== field) continue;
      let w = 2;
      while (w < row && view[o + w] === packed[w]) w++;
      if (w === row) return false;
    }
    if (o >= end) {
      // The probe ran past the tail (never seen at 9/10 load): the table stores nothing more.
      this.full = true;
      return true;
    }
    for (let w = 1; w < row; w++) view[o + w] = packed[w]!;
    view[o] = (live << 22) | field;
    this.size += 1;
    const count = ++this.counts[s]!;
    if (count + 1 >= this.limits[s]!) {
      // At the reservation, a table below its cap moves to a larger one (only a table used past the budget it
      // was cleared for gets there); at the cap it is full.
      const atReservation = this.homes[s]! >= this.maxHomes[s]!;
      if (!atReservation || this.askedBytes < this.maxBytes) {
        this.growing = atReservation ? this.size : count;
        if (count >= this.limits[s]!) {
          if (atReservation) this.enlarge();
          else this.grow(s);
          this.growing = 0;
        }
      } else if (count >= this.limits[s]!) {
        this.full = true;
      }
    }
    return true;
  }

  /**
   * Grows segment `s` in place to twice its home slots (at most all its reserved slots). Every entry's new
   * home is at least its old one (`homeOf` is monotone in n), so entries are moved from the last slot down:
   * an entry whose new home is at or above its old slot is placed by linear probing among the slots above,
   * which hold only entries already placed; one whose new home is below its old slot (only near the start,
   * where a probe ran further than its home) is put aside and placed once every old entry has moved. Each
   * entry ends at the first free slot from its home in the new layout's probing order, so every probe finds
   * it.
   */
  grow(s: number): void {
    const view = this.segments[s]!,
      row = this.row,
      live = this.live,
      segBits = this.segBits,
      moving = this.moving;
    const oldEnd = this.ends[s]!;
    this.setHomes(s, Math.min(this.maxHomes[s]!, 2 * this.homes[s]!));
    const n = this.homes[s]!,
      end = this.ends[s]! * row;
    let aside = 0;
    for (let i = oldEnd - 1; i >= 0; i--) {
      const o = i * row;
      if (view[o]! >>> 22 !== live) continue;
      for (let w = 0; w < row; w++) moving[w] = view[o + w]!;
      view[o] = 0;
      const h = slotHash(moving[1]!);
      let p = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, n) * row;
      if (p < o) {
        aside = this.putAside(aside);
        continue;
      }
      while (p < end && view[p]! >>> 22 === live) p += row;
      if (p >= end) {
        aside = this.putAside(aside);
        continue;
      }
      for (let w = 0; w < row; w++) view[p + w] = moving[w]!;
    }
    for (let a = 0; a < aside; a += row) {
      const h = slotHash(this.aside[a + 1]!);
      let p = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, n) * row;
      while (p < end && view[p]! >>> 22 === live) p += row;
      if (p >= end) throw new Error('internal error: a growing table has no slot left for an entry');
      for (let w = 0; w < row; w++) view[p + w] = this.aside[a + w]!;
    }
  }

  /** Moves every entry into a fresh reservation of twice the bytes (at most the cap). Two tables are held
   *  for a moment: the searches reserve what their budget fills (`clearFor`), so they never come here. */
  private enlarge(): void {
    const old = this.segments,
      oldEnds = this.ends,
      oldLive = this.live,
      row = this.row,
      size = this.size;
    this.reserve(Math.min(this.maxBytes, 2 * this.askedBytes));
    this.resize(Math.ceil((2 * size) / LOAD_GROW));
    const segBits = this.segBits,
      live = this.live;
    for (let t = 0; t < old.length; t++) {
      const from = old[t]!;
      for (let o = 0, end = oldEnds[t]! * row; o < end; o += row) {
        if (from[o]! >>> 22 !== oldLive) continue;
        const h = slotHash(from[o + 1]!);
        const s = segBits === 0 ? 0 : h >>> (32 - segBits);
        const view = this.segments[s]!,
          last = this.ends[s]! * row;
        let p = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, this.homes[s]!) * row;
        while (p < last && view[p]! >>> 22 === live) p += row;
        if (p >= last) throw new Error('internal error: an enlarged table has no slot left for an entry');
        for (let w = 1; w < row; w++) view[p + w] = from[o + w]!;
        view[p] = (live << 22) | (from[o]! & FIELD);
        this.counts[s]! += 1;
      }
    }
    this.size = size;
  }

  /** Puts the entry in `moving` aside (growth), returning the words now aside. */
  private putAside(words: number): number {
    if (words + this.row > this.aside.length) {
      const larger = new Int32Array(Math.max(1024 * this.row, 2 * this.aside.length));
      larger.set(this.aside);
      this.aside = larger;
    }
    this.aside.set(this.moving, words);
    return words + this.row;
  }
}
