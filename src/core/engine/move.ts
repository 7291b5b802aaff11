// A move as one small integer behind accessors: what the search generates and stores on its path.
//
// Layout: bits 0–1 kind, bits 2–7 dealing position of the card, bits 8–9 source pile, bits 10–11 target pile.

export type Move = number;

export const DEAL = 0;
export const REMOVE = 1;
export const MOVE = 2;
/** Search-only decision (optional rule): the exposed card of a pile stays until the next deal. Not a game move. */
export const KEEP = 3;

export const moveKind = (m: Move): number => m & 3;
export const movePosition = (m: Move): number => (m >>> 2) & 63;
export const moveFrom = (m: Move): number => (m >>> 8) & 3;
export const moveTo = (m: Move): number => (m >>> 10) & 3;

export const dealMove = (): Move => DEAL;
export const removeMove = (pos: number, pile: number): Move => REMOVE | (pos << 2) | (pile << 8);
export const keepMove = (pos: number, pile: number): Move => KEEP | (pos << 2) | (pile << 8);
export const moveMove = (pos: number, from: number, to: number): Move => MOVE | (pos << 2) | (from << 8) | (to << 10);
