// Replays readable moves on a packed position with the rules' legality checks: used to finish and
// shorten the search's solutions. (The independent referee is verify.ts; this one shares state.ts.)

import { ACE_RANK, type Deal, RANKS } from './cards.ts';
import type { GameMove } from './notation.ts';
import { type DiscardRule, type Variant, VARIANT_RULES, WIN_DISCARDS } from './rules.ts';
import { F_DEALT, F_DISCARDS, FRAME, addToPile, dealFrame, exposedPosition, pileOf, pileSize, startFrame, takeFromPile } from './state.ts';

export class PackedGame {
  readonly frame = new Int32Array(FRAME);
  private readonly positionOf = new Int8Array(52);

  constructor(
    private readonly deal: Deal,
    private readonly variant: Variant,
    private readonly discards: DiscardRule,
  ) {
    for (let pos = 0; pos < 52; pos++) this.positionOf[deal[pos]!] = pos;
    startFrame(this.frame, 0);
  }

  private removableAt(pile: number): boolean {
    const e = exposedPosition(this.frame, 0, pile);
    if (e < 0) return false;
    const card = this.deal[e]!;
    for (let q = 0; q < 4; q++) {
      const o = exposedPosition(this.frame, 0, q);
      if (q !== pile && o >= 0 && ((this.deal[o]! / RANKS) | 0) === ((card / RANKS) | 0) && this.deal[o]! > card) return true;
    }
    return false;
  }

  /** Plays `move` if it is legal now; returns whether it was. */
  play(move: GameMove): boolean {
    const f = this.frame;
    const dealt = f[F_DEALT]!;
    if (move.kind === 'deal') {
      if (dealt >= 52) return false;
      if (this.discards === 'forced') for (let p = 0; p < 4; p++) if (this.removableAt(p)) return false;
      dealFrame(f, 0);
      return true;
    }
    const pos = this.positionOf[move.card]!;
    if (pos >= dealt) return false;
    const from = pileOf(f, 0, pos);
    if (from < 0) return false;
    const exposed = exposedPosition(f, 0, from) === pos;
    if (move.kind === 'remove') {
      if (!exposed || !this.removableAt(from)) return false;
      takeFromPile(f, 0, from, pos);
      f[F_DISCARDS]! += 1;
      return true;
    }
    const rules = VARIANT_RULES[this.variant];
    if (move.pile === from || pileSize(f, 0, move.pile) !== 0) return false;
    if (!exposed && !rules.buriedCards) return false;
    if (rules.acesOnly && move.card % RANKS !== ACE_RANK) return false;
    takeFromPile(f, 0, from, pos);
    addToPile(f, 0, move.pile, pos);
    return true;
  }

  /** The win: stock empty, 48 discards, one card (an ace) on each pile. */
  isWon(): boolean {
    const f = this.frame;
    if (f[F_DEALT] !== 52 || f[F_DISCARDS] !== WIN_DISCARDS) return false;
    for (let p = 0; p < 4; p++) if (pileSize(f, 0, p) !== 1) return false;
    return true;
  }
}

/** Whether `moves`, replayed from the deal, are all legal and end in a win. */
export function winsWith(deal: Deal, moves: readonly GameMove[], variant: Variant, discards: DiscardRule): boolean {
  const game = new PackedGame(deal, variant, discards);
  for (const move of moves) if (!game.play(move)) return false;
  return game.isWon();
}

/**
 * Shortens a winning move list until it is 1-minimal: dropping any single move makes it invalid. Each
 * pass tries to drop each move in turn and keeps every drop that still wins; it stops after a pass that
 * drops nothing, so the result is 1-minimal by construction.
 */
export function minimise(deal: Deal, moves: readonly GameMove[], variant: Variant, discards: DiscardRule): GameMove[] {
  let list = moves.slice();
  let dropped = true;
  while (dropped) {
    dropped = false;
    for (let i = list.length - 1; i >= 0; i--) {
      const candidate = list.slice(0, i).concat(list.slice(i + 1));
      if (winsWith(deal, candidate, variant, discards)) {
        list = candidate;
        dropped = true;
      }
    }
  }
  return list;
}
