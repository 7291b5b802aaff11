// The node-count signature of a fixed set of deals: the positions searched in all, and a hash of each deal's
// positions and verdict in order. Equal signatures mean the search explored the same positions deal by deal
// (up to a hash collision); the bench prints one per variant × rule, and test/signature.test.ts pins one.

/** A deal's outcome as the signature codes it: 'W' won, 'L' lost, '?' unknown. */
export type OutcomeCode = 'W' | 'L' | '?';

export interface Signature {
  /** Positions searched over the set. */
  positions: number;
  /** FNV-1a (32 bits, hex) over each deal's positions and outcome, in deal order. */
  hash: string;
}

export function signatureOf(deals: readonly { states: number; outcome: OutcomeCode }[]): Signature {
  let h = 0x811c9dc5;
  const mix = (byte: number): void => {
    h = Math.imul(h ^ (byte & 0xff), 0x01000193);
  };
  let positions = 0;
  for (const { states, outcome } of deals) {
    positions += states;
    // The positions as 7 bytes (exact below 2^53), then the outcome.
    for (let v = states, i = 0; i < 7; i++, v = Math.floor(v / 256)) mix(v % 256);
    mix(outcome.charCodeAt(0));
  }
  return { positions, hash: (h >>> 0).toString(16).padStart(8, '0') };
}

/** "74,720,281 / 3f0a12bc". */
export const formatSignature = (s: Signature): string => `${s.positions.toLocaleString('en-US')} / ${s.hash}`;
