// Lemma K (claims). Let several threads add keys to one table of shared memory, each slot's word 0 read with
// Atomics.load and changed only by compare-and-swap from an empty state to BUSY (the claim) and then by one
// store of the whole state (DONE, after the slot's other words are written). Then every key is answered "new"
// to exactly one add, and every later add of it answers "seen".
//
// Proof sketch. A key's probe sequence is fixed: its home, then each slot above, in the same layout for every
// thread (the table grows only while no thread is inside `add` or `find`: Lemma G). A probe passes a slot only when it holds a whole key
// (DONE: its words were written before its state, and Atomics orders the reads after) that differs from the
// one added; it waits at a BUSY slot until it is DONE; at an empty slot it claims it, and a failed claim reads
// the slot again. So the slots a probe passes are exactly those before the key's first slot that end DONE
// with other keys, and every add of one key reaches the same slot: the first one that is empty or holds the
// key. One compare-and-swap wins that slot; its add writes the key and answers "new", every other add waits for
// it and, the key being the same, answers "seen". Slots are never emptied while the table is shared (a clear
// changes the generation between searches, when no thread adds), so the answer stays "seen". ∎
//
// Lemma G (growth). Let the table grow only while every thread in a search is parked outside `add` and `find`,
// and let each segment be moved by one thread to its place in the doubled layout. Then every key stored
// before the growth is stored after it, once, and Lemma K holds across growths.
//
// Proof sketch. A thread asks for growth (3/4 load), and each thread parks at its next look at the others
// (`park`: it counts itself parked, then waits); the thread whose park (or end of search) makes the parked
// count equal the active count starts the growth, and a thread that enters a search while growth is asked
// parks before it probes. So no probe runs during the move. Segments are disjoint (the hash's top bits choose
// one) and each is taken by exactly one thread (an atomic counter); its move is the visited set's in-place
// doubling (table.ts), which keeps every live entry and leaves every slot between an entry's home and its slot
// full, so each key is found again and no key is stored twice. The new size is published only when the last
// segment is done, and the threads read it as they leave `park`. Between two growths the layout is fixed, which
// is all Lemma K's probes need. Slots change, so a thread finds the positions its stack names again. ∎
//
// The table is the visited set's layout (table.ts: packed exact keys, 9/10 load at most, segments chosen by
// the hash's top bits). A search starts small and grows up to the home slots its budget can fill (`clear`),
// so memory is touched as the positions need it, never two tables at once. Fullness is counted in batches
// (`FLUSH` adds) against a limit a little below 9/10 load, so the threads together never pass it.

import {
  DONE,
  FIELD,
  GENERATIONS,
  LOAD_FULL,
  MIN_SLOTS,
  homeOf,
  homeSlotsIn,
  packKey,
  segmentsFor,
  slotHash,
  slotWords,
  tailOf,
} from './table.ts';

/** A slot being written (word 0's state `BUSY | generation`): its key is not readable yet. */
const BUSY = 0x100;
/** Adds a thread counts before it adds them to the shared count. */
const FLUSH = 64;
/** Threads a table is made for at most (the fullness limit keeps room for each one's unflushed adds). */
export const MAX_THREADS = 64;
/** Slot ids: a segment's slots stay below 2^28 (2^30 words, at least 6 per slot). */
const SEGMENT_IDS = 2 ** 28;

/** Meta words: the generation, the full flag, the positions counted, the limit, the home slots in use. */
const GEN = 0;
const FULL = 1;
const COUNT = 2;
const LIMIT = 3;
const HOMES = 4;
/** The most home slots any search has used since the memory was last zeroed. */
const USED = 5;
/** Growth: ASKED, STARTING or GROWING (0: none); threads parked; threads in a search; the count that asks for
 *  growth; the home slots this search may grow to; the next segment to move, and segments moved. */
const GROW = 6;
const PARKED = 7;
const ACTIVE = 8;
const GROW_AT = 9;
const RUN_HOMES = 10;
const NEXT_SEGMENT = 11;
const SEGMENTS_DONE = 12;
const ASKED = 1;
const STARTING = 2;
const GROWING = 3;
/** Home slots of each segment a search starts with. */
const START_HOMES = 1 << 16;
/** Load at which a search's table below its largest size grows. */
const LOAD_GROW = 0.75;

/** What `add` answers. */
export const ADDED = 0;
export const SEEN = 1;
export const NO_ROOM = 2;

/** The shared memory of a table: handed to every thread that uses it (SharedArrayBuffers cross threads). */
export interface SharedTableMemory {
  keyWords: number;
  segments: SharedArrayBuffer[];
  meta: SharedArrayBuffer;
}

/** Reserves a shared table of `bytes` (memory is committed as slots are written) for keys of `keyWords`, in
 *  `count` segments (a power of two; by default as many as the size needs). */
export function sharedTableMemory(keyWords: number, bytes: number, count = segmentsFor(bytes)): SharedTableMemory {
  const row = slotWords(keyWords);
  const slots = Math.max(2 * (1 << 12), Math.floor(bytes / 4 / row / count));
  const segments = Array.from({ length: count }, () => new SharedArrayBuffer(slots * row * 4));
  const meta = new SharedArrayBuffer(64);
  new Int32Array(meta)[GEN] = 1;
  return { keyWords, segments, meta };
}

export class SharedTable {
  readonly keyWords: number;
  readonly row: number;
  private readonly segBits: number;
  private readonly views: Int32Array[];
  private readonly meta: Int32Array;
  /** Home slots of each segment its reserved slots allow; those in use in this search, and their words. */
  private readonly maxHomes: number;
  private homes = 0;
  private end = 0;
  private readonly packed: Int32Array;
  /** DONE | generation, and BUSY | generation, as read when this thread began its search. */
  private live = DONE | 1;
  private busy = BUSY | 1;
  /** Adds since the last flush into the shared count. */
  private pending = 0;
  /** The table is full: the searches stop (as at an exhausted budget). */
  full = false;
  /** The slot of the last key added or seen: `segment · 2^28 + slot`. */
  slot = 0;

  constructor(readonly memory: SharedTableMemory) {
    this.keyWords = memory.keyWords;
    this.row = slotWords(memory.keyWords);
    this.views = memory.segments.map((buffer) => new Int32Array(buffer));
    this.segBits = Math.log2(this.views.length);
    this.meta = new Int32Array(memory.meta);
    this.maxHomes = homeSlotsIn(this.views[0]!.length / this.row);
    this.packed = new Int32Array(this.row);
  }

  /** Bytes reserved. */
  get capacity(): number {
    return this.views.length * this.views[0]!.length * 4;
  }

  /** Home slots in use in this search, over all segments (as read when the thread began or last parked). */
  get homeSlots(): number {
    return this.homes * this.views.length;
  }

  /** Positions stored by every thread (flushed counts: up to FLUSH per thread behind). */
  get size(): number {
    return Atomics.load(this.meta, COUNT);
  }

  /** Positions a search may store at most before the table is full: at its reservation, 9/10 load. */
  get maxPositions(): number {
    return this.limitFor(this.maxHomes);
  }

  private limitFor(homes: number): number {
    const all = homes * this.views.length;
    return Math.max(Math.floor(LOAD_FULL * all) - FLUSH * MAX_THREADS, Math.floor(all / 2));
  }

  /** Forgets every position, for a search of at most `maxStates` positions (the home slots it can fill, up
   *  to all); only while no thread uses the table. */
  clear(maxStates: number): void {
    const wanted = Math.ceil((maxStates + 1 + FLUSH * MAX_THREADS) / LOAD_FULL / this.views.length) + 1;
    const most = Math.min(this.maxHomes, Math.max(MIN_SLOTS, wanted));
    const homes = Math.min(most, START_HOMES);
    Atomics.store(this.meta, RUN_HOMES, most);
    this.setHomes(homes);
    let generation = this.meta[GEN]! + 1;
    if (generation > GENERATIONS) {
      const used = this.meta[USED]!;
      for (const view of this.views) view.fill(0, 0, (used + tailOf(used)) * this.row);
      this.meta[USED] = 0;
      generation = 1;
    }
    if (homes > this.meta[USED]!) this.meta[USED] = homes;
    Atomics.store(this.meta, GEN, generation);
    Atomics.store(this.meta, COUNT, 0);
    Atomics.store(this.meta, FULL, 0);
    for (const word of [GROW, PARKED, ACTIVE]) Atomics.store(this.meta, word, 0);
  }

  /** Sets the home slots in use, and the counts that ask for growth (below the search's largest size) or
   *  make the table full (at it). */
  private setHomes(homes: number): void {
    const most = this.meta[RUN_HOMES]!;
    Atomics.store(this.meta, HOMES, homes);
    Atomics.store(this.meta, LIMIT, homes < most ? 0x7fffffff : this.limitFor(homes));
    Atomics.store(this.meta, GROW_AT, homes < most ? Math.floor(LOAD_GROW * homes * this.views.length) : 0x7fffffff);
    if (homes > this.meta[USED]!) this.meta[USED] = homes;
  }

  /** A thread starts its search on the table: counted among those that must park for a growth (parking at
   *  once if one is under way), then `begin`. */
  enter(): void {
    Atomics.add(this.meta, ACTIVE, 1);
    // Begun first: a thread that parks here may move segments, which needs the search's generation.
    this.begin();
    if (Atomics.load(this.meta, GROW) !== 0) this.park();
  }

  /** A thread ends its search on the table (growth no longer waits for it). */
  leave(): void {
    this.flush();
    Atomics.sub(this.meta, ACTIVE, 1);
    this.tryGrow();
  }

  /** Whether a growth is asked for: the thread is to `park` at its next look at the others. */
  get growthAsked(): boolean {
    return Atomics.load(this.meta, GROW) !== 0;
  }

  /** Waits outside `add` while the table grows (the last thread to park starts the growth, and every parked
   *  thread moves segments of it), then reads its new size. */
  park(): void {
    Atomics.add(this.meta, PARKED, 1);
    this.tryGrow();
    let helped = false;
    for (let grow = Atomics.load(this.meta, GROW); grow !== 0; grow = Atomics.load(this.meta, GROW)) {
      if (grow === GROWING && !helped) {
        this.growSegments();
        helped = true;
      } else Atomics.wait(this.meta, GROW, grow, 10);
    }
    Atomics.sub(this.meta, PARKED, 1);
    this.refresh();
  }

  /** Starts the growth when it is asked for and every thread in a search is parked (one thread wins), and
   *  takes part in it. */
  private tryGrow(): void {
    const meta = this.meta;
    if (Atomics.load(meta, GROW) !== ASKED || Atomics.load(meta, PARKED) !== Atomics.load(meta, ACTIVE)) return;
    if (Atomics.compareExchange(meta, GROW, ASKED, STARTING) !== ASKED) return;
    // The counters are reset here, not at the end: a thread still reading GROWING after the end then finds
    // no segment left to take.
    Atomics.store(meta, NEXT_SEGMENT, 0);
    Atomics.store(meta, SEGMENTS_DONE, 0);
    Atomics.store(meta, GROW, GROWING);
    Atomics.notify(meta, GROW);
    this.growSegments();
  }

  /** Takes the segments of the growth under way one by one until none is left; the thread that finishes the
   *  last one sets the new size and ends the growth. */
  private growSegments(): void {
    const meta = this.meta,
      count = this.views.length;
    const oldHomes = Atomics.load(meta, HOMES),
      homes = Math.min(Atomics.load(meta, RUN_HOMES), 2 * oldHomes);
    for (let s = Atomics.add(meta, NEXT_SEGMENT, 1); s < count; s = Atomics.add(meta, NEXT_SEGMENT, 1)) {
      this.growSegment(this.views[s]!, oldHomes, homes);
      if (Atomics.add(meta, SEGMENTS_DONE, 1) + 1 === count) {
        this.setHomes(homes);
        Atomics.store(meta, GROW, 0);
        Atomics.notify(meta, GROW);
      }
    }
  }

  /** Doubles the home slots of one segment (at most the search's largest size), moving its entries in place
   *  as table.ts's VisitedSet.grow does; only while every thread is parked. */
  private growSegment(view: Int32Array, oldHomes: number, homes: number): void {
    const row = this.row,
      live = this.live,
      segBits = this.segBits;
    const oldEnd = oldHomes + tailOf(oldHomes),
      end = (homes + tailOf(homes)) * row;
    const moving = new Int32Array(row);
    let aside = new Int32Array(1024 * row),
      kept = 0;
    for (let i = oldEnd - 1; i >= 0; i--) {
      const o = i * row;
      if (view[o]! >>> 22 !== live) continue;
      for (let w = 0; w < row; w++) moving[w] = view[o + w]!;
      view[o] = 0;
      const h = slotHash(moving[1]!);
      let p = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, homes) * row;
      if (p >= o) while (p < end && view[p]! >>> 22 === live) p += row;
      if (p < o || p >= end) {
        if (kept + row > aside.length) {
          const larger = new Int32Array(2 * aside.length);
          larger.set(aside);
          aside = larger;
        }
        aside.set(moving, kept);
        kept += row;
        continue;
      }
      for (let w = 0; w < row; w++) view[p + w] = moving[w]!;
    }
    for (let a = 0; a < kept; a += row) {
      const h = slotHash(aside[a + 1]!);
      let p = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, homes) * row;
      while (p < end && view[p]! >>> 22 === live) p += row;
      if (p >= end) throw new Error('internal error: a growing shared table has no slot left for an entry');
      for (let w = 0; w < row; w++) view[p + w] = aside[a + w]!;
    }
  }

  /** Reads the home slots in use (after a growth). */
  private refresh(): void {
    this.homes = Atomics.load(this.meta, HOMES);
    this.end = (this.homes + tailOf(this.homes)) * this.row;
  }

  /** Reads the generation and the full flag: each thread calls it as it begins a search (after a clear). */
  begin(): void {
    const generation = Atomics.load(this.meta, GEN);
    this.live = DONE | generation;
    this.busy = BUSY | generation;
    this.refresh();
    this.pending = 0;
    this.full = false;
  }

  /** Counts this thread's adds not yet counted (at the end of its search). */
  flush(): void {
    if (this.pending === 0) return;
    const meta = this.meta;
    const count = Atomics.add(meta, COUNT, this.pending) + this.pending;
    this.pending = 0;
    if (count >= Atomics.load(meta, LIMIT)) Atomics.store(meta, FULL, 1);
    // Growth is asked for only once the threads of the last one have all left `park`.
    if (count >= Atomics.load(meta, GROW_AT) && Atomics.load(meta, PARKED) === 0) Atomics.compareExchange(meta, GROW, 0, ASKED);
  }

  /** Whether any thread found the table full. */
  get anyFull(): boolean {
    return this.full || Atomics.load(this.meta, FULL) === 1;
  }

  /** Whether the key at `key[at …]` is stored (`slot` then names its slot); stores nothing. */
  find(key: Int32Array, at: number): boolean {
    const packed = this.packed,
      row = this.row,
      live = this.live,
      busy = this.busy,
      segBits = this.segBits;
    const h = packKey(key, at, this.keyWords, packed);
    const s = segBits === 0 ? 0 : h >>> (32 - segBits);
    const view = this.views[s]!,
      end = this.end;
    const field = packed[0]!,
      s1 = packed[1]!;
    for (let o = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, this.homes) * row; o < end; o += row) {
      let state = Atomics.load(view, o);
      while (state >>> 22 === busy) state = Atomics.load(view, o);
      if (state >>> 22 !== live) return false;
      if (view[o + 1] !== s1 || (state & FIELD) !== field) continue;
      let w = 2;
      while (w < row && view[o + w] === packed[w]) w++;
      if (w === row) {
        this.slot = s * SEGMENT_IDS + o / row;
        return true;
      }
    }
    return false;
  }

  /**
   * Adds the key at `key[at … at+keyWords-1]` (Lemma K): ADDED when this call stored it, SEEN when it was
   * there (stored by this or another thread), NO_ROOM when its probe ran past the last slot (the table stores
   * nothing more: `full`). `slot` then names the key's slot.
   */
  add(key: Int32Array, at: number): number {
    const packed = this.packed,
      row = this.row,
      live = this.live,
      busy = this.busy,
      segBits = this.segBits;
    const h = packKey(key, at, this.keyWords, packed);
    const s = segBits === 0 ? 0 : h >>> (32 - segBits);
    const view = this.views[s]!,
      end = this.end;
    const field = packed[0]!,
      s1 = packed[1]!;
    for (let o = homeOf(segBits === 0 ? h : (h << segBits) >>> 0, this.homes) * row; o < end; o += row) {
      let state = Atomics.load(view, o);
      if (state >>> 22 === busy) {
        while ((state = Atomics.load(view, o)) >>> 22 === busy);
      }
      if (state >>> 22 !== live) {
        // Empty (a slot of an older search counts as empty): claim it, or read it again if another thread did.
        if (Atomics.compareExchange(view, o, state, busy << 22) !== state) {
          o -= row;
          continue;
        }
        for (let w = 1; w < row; w++) view[o + w] = packed[w]!;
        Atomics.store(view, o, (live << 22) | field);
        this.slot = s * SEGMENT_IDS + o / row;
        if (++this.pending === FLUSH) this.flush();
        if (Atomics.load(this.meta, FULL) === 1) this.full = true;
        return ADDED;
      }
      if (view[o + 1] !== s1 || (state & FIELD) !== field) continue;
      let w = 2;
      while (w < row && view[o + w] === packed[w]) w++;
      if (w === row) {
        this.slot = s * SEGMENT_IDS + o / row;
        return SEEN;
      }
    }
    this.full = true;
    Atomics.store(this.meta, FULL, 1);
    return NO_ROOM;
  }
}
