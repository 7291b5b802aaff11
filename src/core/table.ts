// The visited set: open addressing with linear probing over one Int32Array of full keys (no hash-only
// entries, so a collision can never pass for a visit), cleared in O(1) between deals by a generation stamp.

import { KEY_WORDS } from './state.ts';

const MIN_BITS = 12;

export class VisitedSet {
  private bits: number;
  private mask: number;
  private keys: Int32Array;
  /** Slot i is in use when stamps[i] === generation. */
  private stamps: Uint32Array;
  private generation = 1;
  /** Positions stored since the last clear. */
  size = 0;

  constructor(initialBits = 16) {
    this.bits = Math.max(MIN_BITS, initialBits);
    this.mask = (1 << this.bits) - 1;
    this.keys = new Int32Array((1 << this.bits) * KEY_WORDS);
    this.stamps = new Uint32Array(1 << this.bits);
  }

  /** Bytes held by the table's arrays. */
  get bytes(): number {
    return this.keys.byteLength + this.stamps.byteLength;
  }

  /** Forgets every position. Shrinks a table that a hard deal grew past `keepBits`. */
  clear(keepBits = 20): void {
    this.size = 0;
    if (this.bits > keepBits) {
      this.bits = keepBits;
      this.mask = (1 << keepBits) - 1;
      this.keys = new Int32Array((1 << keepBits) * KEY_WORDS);
      this.stamps = new Uint32Array(1 << keepBits);
      this.generation = 1;
      return;
    }
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /**
   * Adds the key at `key[at … at+5]`. Returns true when it was not there before (a new position), false
   * when it was already visited.
   */
  add(key: Int32Array, at: number): boolean {
    let h = 0x9e3779b9;
    for (let w = 0; w < KEY_WORDS; w++) {
      h = Math.imul(h ^ key[at + w]!, 0x85ebca6b);
      h ^= h >>> 15;
    }
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    const keys = this.keys, stamps = this.stamps, generation = this.generation, mask = this.mask;
    let slot = h & mask;
    for (;;) {
      if (stamps[slot] !== generation) break;
      const o = slot * KEY_WORDS;
      let w = 0;
      while (w < KEY_WORDS && keys[o + w] === key[at + w]) w++;
      if (w === KEY_WORDS) return false;
      slot = (slot + 1) & mask;
    }
    const o = slot * KEY_WORDS;
    for (let w = 0; w < KEY_WORDS; w++) keys[o + w] = key[at + w]!;
    stamps[slot] = generation;
    this.size += 1;
    // Keep the load factor at most 1/2.
    if (this.size * 2 > mask + 1) this.grow();
    return true;
  }

  private grow(): void {
    const oldKeys = this.keys, oldStamps = this.stamps, oldGeneration = this.generation;
    const oldSlots = this.mask + 1;
    this.bits += 1;
    this.mask = (1 << this.bits) - 1;
    this.keys = new Int32Array((1 << this.bits) * KEY_WORDS);
    this.stamps = new Uint32Array(1 << this.bits);
    this.generation = 1;
    this.size = 0;
    for (let slot = 0; slot < oldSlots; slot++) {
      if (oldStamps[slot] === oldGeneration) this.add(oldKeys, slot * KEY_WORDS);
    }
  }
}
