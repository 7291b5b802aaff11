// What a player sees of a game: the table (every pile, buried cards included), the cards dealt so far and
// the set of unseen cards, never the order of the stock; and the rules' moves read off that view alone.

import { type Card, CARDS, isAce } from '../game/cards.ts';
import type { GameMove } from '../game/notation.ts';
import { type DiscardRule, type Variant, PILES, VARIANT_RULES, WIN_DISCARDS, mayDeal, mayFill, removes } from '../game/rules.ts';

/**
 * The view a policy decides on. It holds no stock order, by construction: the table (`Table`, below) that
 * implements it is filled by the game (game.ts) only with cards that have been dealt, and learns of a
 * deal only the four cards that land. A player who remembers knows all of this: every card was dealt face up.
 */
export interface View {
  readonly variant: Variant;
  readonly rule: DiscardRule;
  /** The four piles, each from bottom to top (buried cards included). */
  readonly piles: readonly (readonly Card[])[];
  /** The cards dealt so far, in dealing order (the four starting cards first). */
  readonly dealt: readonly Card[];
  /** Cards still in the stock (0–48). */
  readonly stockLeft: number;
  /** Cards discarded so far. */
  readonly discarded: number;
  /** Whether `card` is still in the stock: the unseen cards as a set. */
  isUnseen(card: Card): boolean;
  /** The unseen cards in card order (2C … AS), which says nothing of the order they will come in. */
  unseenCards(): Card[];
}

/** The table of a game in play: the state behind a View, changed only by the game that owns it. */
export class Table implements View {
  readonly piles: Card[][];
  readonly dealt: Card[] = [];
  stockLeft = CARDS;
  discarded = 0;
  private readonly unseen = new Uint8Array(CARDS).fill(1);

  constructor(
    readonly variant: Variant,
    readonly rule: DiscardRule,
  ) {
    this.piles = Array.from({ length: PILES }, () => []);
  }

  isUnseen(card: Card): boolean {
    return this.unseen[card] === 1;
  }

  unseenCards(): Card[] {
    const cards: Card[] = [];
    for (let card = 0; card < CARDS; card++) if (this.unseen[card] === 1) cards.push(card);
    return cards;
  }

  /** Four cards come out of the stock, one onto each pile 1–4 (the start of a game, and every deal). */
  land(cards: readonly Card[]): void {
    for (let pile = 0; pile < PILES; pile++) {
      const card = cards[pile]!;
      this.piles[pile]!.push(card);
      this.dealt.push(card);
      this.unseen[card] = 0;
    }
    this.stockLeft -= PILES;
  }

  /** Plays a removal or a move into an empty pile (legal: the caller checked it with `illegalMove`). */
  apply(move: GameMove): void {
    if (move.kind === 'deal') throw new Error('a deal comes from the game, not the table');
    const [pile, index] = locate(this.piles, move.card);
    if (move.kind === 'remove') {
      this.piles[pile]!.pop();
      this.discarded += 1;
    } else {
      // The cards above a buried card (easy) close the gap, in order.
      this.piles[pile]!.splice(index, 1);
      this.piles[move.pile]!.push(move.card);
    }
  }
}

/** The pile holding `card` and its height in it, or [-1, -1]. */
function locate(piles: readonly (readonly Card[])[], card: Card): [number, number] {
  for (let pile = 0; pile < PILES; pile++) {
    const index = piles[pile]!.indexOf(card);
    if (index >= 0) return [pile, index];
  }
  return [-1, -1];
}

/** Whether the exposed card of `pile` can be removed: another pile exposes a higher card of its suit. */
export function isRemovable(piles: readonly (readonly Card[])[], pile: number): boolean {
  const cards = piles[pile]!;
  if (cards.length === 0) return false;
  const card = cards[cards.length - 1]!;
  for (let other = 0; other < PILES; other++) {
    if (other === pile) continue;
    const o = piles[other]!;
    if (o.length === 0) continue;
    if (removes(o[o.length - 1]!, card)) return true;
  }
  return false;
}

/** The removals possible now, pile by pile from the left. */
export function removals(piles: readonly (readonly Card[])[]): GameMove[] {
  const moves: GameMove[] = [];
  for (let pile = 0; pile < PILES; pile++) {
    if (isRemovable(piles, pile)) moves.push({ kind: 'remove', card: piles[pile]![piles[pile]!.length - 1]! });
  }
  return moves;
}

/** Whether card `index` of `pile` may move into an empty pile under `variant` (rules.ts). */
function mayMove(variant: Variant, cards: readonly Card[], index: number): boolean {
  return mayFill(VARIANT_RULES[variant], index === cards.length - 1, isAce(cards[index]!));
}

/**
 * The moves into the leftmost empty pile from the piles of two cards or more (exposed cards, in `easy` any
 * card), source piles from the left, top card first. Which empty pile and whether a lone card moves are
 * left out: for a player who does not see the stock, piles are interchangeable (the unseen cards come in
 * any order with the same chance), so those moves change no chance of winning.
 */
export function fills(piles: readonly (readonly Card[])[], variant: Variant): GameMove[] {
  const target = piles.findIndex((cards) => cards.length === 0);
  if (target < 0) return [];
  const moves: GameMove[] = [];
  for (let source = 0; source < PILES; source++) {
    const cards = piles[source]!;
    if (cards.length < 2) continue;
    for (let index = cards.length - 1; index >= 0; index--) {
      if (mayMove(variant, cards, index)) moves.push({ kind: 'move', card: cards[index]!, pile: target });
    }
  }
  return moves;
}

/**
 * Every legal move now (docs/rules.md): removals, moves into each empty pile, the deal. With `loneMoves` false,
 * a lone card's move into another empty pile is left out: it only swaps two piles.
 */
export function legalMoves(view: View, loneMoves: boolean): GameMove[] {
  const piles = view.piles;
  const moves = removals(piles);
  const removable = moves.length > 0;
  for (let target = 0; target < PILES; target++) {
    if (piles[target]!.length !== 0) continue;
    for (let source = 0; source < PILES; source++) {
      const cards = piles[source]!;
      if (cards.length === 0 || (cards.length === 1 && !loneMoves)) continue;
      for (let index = cards.length - 1; index >= 0; index--) {
        if (mayMove(view.variant, cards, index)) moves.push({ kind: 'move', card: cards[index]!, pile: target });
      }
    }
  }
  if (view.stockLeft > 0 && mayDeal(view.rule, removable)) moves.push({ kind: 'deal' });
  return moves;
}

/** Why `move` is illegal in this view, or undefined when it is legal. */
export function illegalMove(view: View, move: GameMove): string | undefined {
  const piles = view.piles;
  if (move.kind === 'deal') {
    if (view.stockLeft === 0) return 'the stock is empty';
    if (!mayDeal(view.rule, removals(piles).length > 0)) return `${view.rule}: a removal is still possible`;
    return undefined;
  }
  const [pile, index] = locate(piles, move.card);
  if (pile < 0) return 'the card is not on the piles';
  if (move.kind === 'remove') {
    if (index !== piles[pile]!.length - 1) return 'the card is not exposed';
    return isRemovable(piles, pile) ? undefined : 'no higher exposed card of its suit';
  }
  if (!Number.isInteger(move.pile) || move.pile < 0 || move.pile >= PILES) return 'no such pile';
  if (piles[move.pile]!.length !== 0) return 'the target pile is not empty';
  return mayMove(view.variant, piles[pile]!, index) ? undefined : `${view.variant}: that card may not move`;
}

/** Won: the stock is empty and the four aces are left, one per pile. */
export function isWon(view: View): boolean {
  return view.stockLeft === 0 && view.discarded === WIN_DISCARDS && view.piles.every((cards) => cards.length === 1);
}
