// Solving from a position in the middle of a game (not only from a deal's start): the verdict of one
// position of one deal under perfect play, within a state budget. Used by the expert policy's samples.

import { type Card, CARDS, type Deal } from '../game/cards.ts';
import type { DiscardRule, Variant } from '../game/rules.ts';
import { WIN_DISCARDS } from '../game/rules.ts';
import { Search } from './search.ts';
import type { GameMove } from '../game/notation.ts';
import { F_DEALT, F_DISCARDS, FRAME, addToPile, dealFrame, pileOf, takeFromPile } from '../engine/state.ts';

export interface PositionResult {
  verdict: 'won' | 'lost' | 'unknown';
  /** The most discards a line of the searches reached (a lower bound on the position's max discards; the
   *  searches are for a win, so they drop lines that cannot reach 48 and this is often below the max). */
  reached: number;
  /** Positions searched. */
  states: number;
}

/**
 * The frame (state.ts) of a position of `deal`: its piles, each from bottom to top, holding only cards of
 * dealing positions below `dealt`, and `discarded` cards gone. Nothing kept or owed: what `Search` starts from.
 */
export function positionFrame(deal: Deal, piles: readonly (readonly Card[])[], dealt: number, discarded: number): Int32Array {
  const positionOf = new Int8Array(CARDS);
  for (let pos = 0; pos < CARDS; pos++) positionOf[deal[pos]!] = pos;
  const frame = new Int32Array(FRAME);
  for (let pile = 0; pile < 4; pile++) {
    for (const card of piles[pile]!) {
      const pos = positionOf[card]!;
      if (pos >= dealt) throw new Error('a card on the piles is still in the stock');
      addToPile(frame, 0, pile, pos);
    }
  }
  frame[F_DEALT] = dealt;
  frame[F_DISCARDS] = discarded;
  return frame;
}

/** Plays a legal `move` of `deal` on a frame (no check: the caller knows it is legal). */
export function playOnFrame(frame: Int32Array, deal: Deal, move: GameMove): void {
  if (move.kind === 'deal') {
    dealFrame(frame, 0);
    return;
  }
  const pos = deal.indexOf(move.card);
  const pile = pileOf(frame, 0, pos);
  takeFromPile(frame, 0, pile, pos);
  if (move.kind === 'remove') frame[F_DISCARDS] += 1;
  else addToPile(frame, 0, move.pile, pos);
}

/** Fraction of the budget the forced rule's search may use first under the optional rule. */
const FORCED_SHARE = 4;

/**
 * Solves positions of one variant × discard rule. Keeps its searches (and their tables) between calls.
 * Forced: the reduced search for a win from the position. Optional: the forced search first within a
 * quarter of the budget (a forced win is an optional win, and it is far cheaper), then the optional
 * search for a win with the rest. A search that reaches the budget gives `unknown`.
 */
export class PositionSolver {
  private readonly forced: Search;
  private readonly optional: Search | undefined;

  constructor(
    readonly variant: Variant,
    readonly rule: DiscardRule,
  ) {
    this.forced = new Search({ variant, rule: 'forced' });
    this.optional = rule === 'optional' ? new Search({ variant, rule: 'optional' }) : undefined;
  }

  solve(deal: Deal, from: Int32Array, maxStates: number): PositionResult {
    if (from[F_DISCARDS] === WIN_DISCARDS) return { verdict: 'won', reached: WIN_DISCARDS, states: 0 };
    const forcedBudget = this.optional === undefined ? maxStates : Math.ceil(maxStates / FORCED_SHARE);
    const forced = this.forced.run(deal, { maxStates: forcedBudget, atLeast: WIN_DISCARDS - 1, from });
    if (forced.status === 'won') return { verdict: 'won', reached: WIN_DISCARDS, states: forced.states };
    if (this.optional === undefined) {
      return { verdict: forced.status === 'exhausted' ? 'lost' : 'unknown', reached: forced.reached, states: forced.states };
    }
    const left = Math.max(0, maxStates - forced.states);
    const optional = this.optional.run(deal, { maxStates: left, atLeast: WIN_DISCARDS - 1, from });
    const states = forced.states + optional.states;
    const reached = Math.max(forced.reached, optional.reached);
    if (optional.status === 'won') return { verdict: 'won', reached: WIN_DISCARDS, states };
    return { verdict: optional.status === 'exhausted' ? 'lost' : 'unknown', reached, states };
  }
}
