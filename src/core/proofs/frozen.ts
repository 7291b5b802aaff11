// R10 (forced rule: a frozen position is one line; docs/search.md#r10).
//
// Statement. Under the forced rule, when every pile holds an ace, the rest of the game is one line: remove
// the first removable card while there is one, else deal; its last position's discards are the exact max
// discards of the position.
//
// Proof sketch. No pile can ever be empty again: an ace is never removed, and it leaves its pile only by a
// move into an empty pile; at the first moment a pile would be empty, it held an ace that left by such a
// move, while no pile was empty — a contradiction. So no move into an empty pile is ever legal again, in
// any variant, and only removals and deals remain. With R1 (one removal at a time, the first removable
// pile's card) and the forced rule (deal only when nothing is removable) every position has one child, so
// the reduced search would walk the line through anyway; discards only grow along it, so its last
// position holds the max. A frozen position is locked (bound.ts, R8), so where R8′'s bound cannot beat the
// best the search stops there; otherwise the line is played here on a scratch frame instead of being
// entered position by position. The search still counts every position of the line as searched (as it
// counts the removals a run walks through), so the budget keeps its meaning; a line that wins, or that the
// budget would cut, is left to the ordinary walk, which builds the winning line or stops where the budget
// ends.

import { ExposedCards } from '../engine/exposed.ts';
import type { DealTables } from '../engine/masks.ts';
import { highestPosition } from '../engine/masks.ts';
import { WIN_DISCARDS } from '../game/rules.ts';
import { F_DEALT, F_DISCARDS, FRAME, dealFrame, takeFromPile } from '../engine/state.ts';

export class FrozenLine {
  /** The line's last position, once `playOut` has run: its discards, and how many positions the line
   *  passed after the first (each a removal or a deal). */
  discards = 0;
  steps = 0;
  private readonly frame = new Int32Array(FRAME);
  private readonly exposed: ExposedCards;

  constructor(private readonly tables: DealTables) {
    this.exposed = new ExposedCards(tables);
  }

  /** Whether the deal that made `dealt` cards dealt brought an ace: only such a deal, or the move of an ace
   *  into an empty pile, can give the last pile without an ace one (a removal never does). */
  dealtAnAce(dealt: number): boolean {
    const { nonAceLo, nonAceHi } = this.tables;
    const first = dealt - 4;
    const mask = first < 32 ? ~nonAceLo >>> first : ~nonAceHi >>> (first - 32);
    return (mask & 15) !== 0;
  }

  /** Whether every pile of the frame at `base` holds an ace. */
  frozen(frames: Int32Array, base: number): boolean {
    const aceLo = ~this.tables.nonAceLo,
      aceHi = ~this.tables.nonAceHi;
    for (let p = 0; p < 4; p++) {
      if ((frames[base + 2 * p]! & aceLo) === 0 && (frames[base + 2 * p + 1]! & aceHi) === 0) return false;
    }
    return true;
  }

  /**
   * Plays the line of the frozen position at `base` (left unchanged) on a scratch frame, dealing while fewer
   * than `endgameDealt` cards are dealt (R6: the inert last deal is never played), and sets `discards` and
   * `steps`.
   */
  playOut(frames: Int32Array, base: number, endgameDealt: number): void {
    const frame = this.frame,
      exposed = this.exposed;
    frame.set(frames.subarray(base, base + FRAME));
    exposed.read(frame, 0);
    let discards = frame[F_DISCARDS]!;
    let steps = 0;
    while (discards < WIN_DISCARDS) {
      let p = 0;
      while (p < 4 && !exposed.removable(p)) p++;
      if (p < 4) {
        const e = exposed.pile[p]!;
        takeFromPile(frame, 0, p, e);
        exposed.replace(p, e, highestPosition(frame[2 * p]!, frame[2 * p + 1]!));
        discards += 1;
      } else if (frame[F_DEALT]! < endgameDealt) {
        dealFrame(frame, 0);
        exposed.readDealt(frame, 0);
      } else {
        break;
      }
      steps += 1;
    }
    this.discards = discards;
    this.steps = steps;
  }
}
