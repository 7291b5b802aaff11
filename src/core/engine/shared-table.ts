// Lemma K (claims). Let several threads add keys to one table of shared memory, each slot's word 0 read with
// Atomics.load and changed only by compare-and-swap from an empty state to BUSY (the claim) and then by one
// store of the whole state (DONE, after the slot's other words are written). Then every key is answered "new"
// to exactly one add, and every later add of it answers "seen".
//
// Proof sketch. A key's probe sequence is fixed: its home, then each slot above, in the same layout for every
// thread (the table never grows while it is shared). A probe passes a slot only when it holds a whole key
// (DONE: its words were written before its state, and Atomics orders the reads after) that differs from the
// one added; it waits at a BUSY slot until it is DONE; at an empty slot it claims it, and a failed claim reads
// the slot again. So the slots a probe passes are exactly those before the key's first slot that end DONE
// with other keys, and every add of one key reaches the same slot: the first one that is empty or holds the
// key. One compare-and-swap wins that slot; its add writes the key and answers "new", every other add waits for
// it and, the key being the same, answers "seen". Slots are never emptied while the table is shared (a clear
// changes the generation between searches, when no thread adds), so the answer stays "seen". ∎
//
// The table is the visited set's layout (table.ts: packed exact keys, 9/10 load at most, segments chosen by
// the hash's top bits). It never grows while shared (growth would move entries under a concurrent probe):
// each search uses as many home slots as its budget can fill (`clear`), so memory is touched as a budget
// needs it, up to the reservation. Fullness is counted in batches (`FLUSH` adds) against a limit a little
// below 9/10 load, so the threads together never pass it.

import { DONE, FIELD, GENERATIONS, LOAD_FULL, MIN_SLOTS, homeOf, homeSlotsIn, packKey, segmentsFor, slotWords, tailOf } from './table.ts';

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

/** Reserves a shared table of `bytes` (memory is committed as slots are written) for keys of `keyWords`. */
export function sharedTableMemory(keyWords: number, bytes: number): SharedTableMemory {
  const row = slotWords(keyWords);
  const count = segmentsFor(bytes);
  const slots = Math.max(2 * (1 << 12), Math.floor(bytes / 4 / row / count));
  const segments = Array.from({ length: count }, () => new SharedArrayBuffer(slots * row * 4));
  const meta = new SharedArrayBuffer(32);
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
    const homes = Math.min(this.maxHomes, Math.max(MIN_SLOTS, wanted));
    Atomics.store(this.meta, HOMES, homes);
    Atomics.store(this.meta, LIMIT, this.limitFor(homes));
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
  }

  /** Reads the generation and the full flag: each thread calls it as it begins a search (after a clear). */
  begin(): void {
    const generation = Atomics.load(this.meta, GEN);
    this.live = DONE | generation;
    this.busy = BUSY | generation;
    this.homes = Atomics.load(this.meta, HOMES);
    this.end = (this.homes + tailOf(this.homes)) * this.row;
    this.pending = 0;
    this.full = false;
  }

  /** Counts this thread's adds not yet counted (at the end of its search). */
  flush(): void {
    if (this.pending === 0) return;
    if (Atomics.add(this.meta, COUNT, this.pending) + this.pending >= Atomics.load(this.meta, LIMIT)) Atomics.store(this.meta, FULL, 1);
    this.pending = 0;
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
