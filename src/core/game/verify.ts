// An independent replayer written from docs/rules.md alone: plays moves on a readable game and checks a solution.
// It imports only the cards and the move notation: the rules below are its own statement of docs/rules.md,
// not the table the solver, the players and the ceiling read (rules.ts), so that a solution it accepts is
// checked by code that shares no rule with the code that found it.

import { type Card, type Deal, CARDS, InputError, cardLabel, cardName, isAce, isDeal, rankOf, suitOf } from './cards.ts';
import type { GameMove } from './notation.ts';

/** Four piles (docs/rules.md, "Layout"). */
const PILES = 4;
/** A win discards every card but the four aces (docs/rules.md, "End of the game"). */
const WIN_DISCARDS = 48;

/**
 * docs/rules.md, "Variants": which card may be moved onto an empty pile. `buried`: any single card of another
 * pile, exposed or buried (the cards above it close the gap); else only the exposed card. `acesOnly`: only an ace.
 */
const VARIANT_TABLE = {
  standard: { buried: false, acesOnly: false },
  strict: { buried: false, acesOnly: true },
  easy: { buried: true, acesOnly: false },
} as const;

/** The variants of docs/rules.md, by name. */
type Variant = keyof typeof VARIANT_TABLE;
/** The discard rules of docs/rules.md: `forced` deals only when no removal is possible. */
type DiscardRule = 'optional' | 'forced';

const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'] as const;

/**
 * One game of Aces Up in plain arrays, bottom to top. Not a hot path: it exists to check solutions, to
 * print positions and to back the slow reference solver of the tests.
 */
export class Replayer {
  readonly #deal: Deal;
  readonly #variant: Variant;
  readonly #rule: DiscardRule;
  /** The four piles, each from bottom to top. */
  #piles: Card[][];
  /** Dealing position of the next stock card (4 at the start, 52 when the stock is empty). */
  #next: number;

  constructor(deal: Deal, variant: Variant, rule: DiscardRule) {
    if (!isDeal(deal)) throw new InputError('not a deal: expected each of the 52 cards once');
    if (!Object.hasOwn(VARIANT_TABLE, variant)) throw new InputError(`unknown variant "${variant}"`);
    if (rule !== 'optional' && rule !== 'forced') throw new InputError(`unknown discard rule "${rule}"`);
    this.#deal = Uint8Array.from(deal);
    this.#variant = variant;
    this.#rule = rule;
    this.#piles = [[deal[0]!], [deal[1]!], [deal[2]!], [deal[3]!]];
    this.#next = PILES;
  }

  /** An independent copy of this game in its current position. */
  clone(): Replayer {
    const copy = new Replayer(this.#deal, this.#variant, this.#rule);
    copy.#piles = this.#piles.map((pile) => pile.slice());
    copy.#next = this.#next;
    return copy;
  }

  /** A copy of the four piles, each from bottom to top. */
  piles(): Card[][] {
    return this.#piles.map((pile) => pile.slice());
  }

  /** Cards still in the stock. */
  stockLeft(): number {
    return CARDS - this.#next;
  }

  /** Cards discarded so far (0–48). */
  discarded(): number {
    return this.#next - this.#piles.reduce((sum, pile) => sum + pile.length, 0);
  }

  /** The exposed (top) card of a pile, or undefined when the pile is empty. */
  #exposed(pile: number): Card | undefined {
    const cards = this.#piles[pile]!;
    return cards[cards.length - 1];
  }

  /** The pile holding `card` and its height in it (0 = bottom), or undefined when it is not on the piles. */
  #find(card: Card): { pile: number; index: number } | undefined {
    for (let pile = 0; pile < PILES; pile++) {
      const index = this.#piles[pile]!.indexOf(card);
      if (index >= 0) return { pile, index };
    }
    return undefined;
  }

  /** Why `card` is not on the piles: still in the stock, or discarded. */
  #whereElse(card: Card): string {
    for (let pos = this.#next; pos < CARDS; pos++) {
      if (this.#deal[pos] === card) return `${cardName(card)} is still in the stock`;
    }
    return `${cardName(card)} was already discarded`;
  }

  /** The first removal possible now (pile order), if any. */
  #firstRemoval(): Card | undefined {
    for (let pile = 0; pile < PILES; pile++) {
      const card = this.#exposed(pile);
      if (card !== undefined && this.#removalProblem(card, pile) === undefined) return card;
    }
    return undefined;
  }

  /** Why the exposed card `card` on `pile` cannot be removed, or undefined when it can. */
  #removalProblem(card: Card, pile: number): string | undefined {
    if (isAce(card)) return 'an ace cannot be removed';
    for (let other = 0; other < PILES; other++) {
      if (other === pile) continue;
      const top = this.#exposed(other);
      if (top !== undefined && suitOf(top) === suitOf(card) && rankOf(top) > rankOf(card)) return undefined;
    }
    return `no exposed card of ${SUIT_NAMES[suitOf(card)]} higher than ${cardName(card)} on another pile`;
  }

  /** Undefined when `move` is legal now; otherwise a short reason in plain words. */
  illegal(move: GameMove): string | undefined {
    switch (move.kind) {
      case 'deal': {
        if (this.stockLeft() === 0) return 'the stock is empty';
        if (this.#rule === 'forced') {
          const card = this.#firstRemoval();
          if (card !== undefined) return `forced: a removal is still possible (remove ${cardName(card)})`;
        }
        return undefined;
      }
      case 'remove': {
        if (!Number.isInteger(move.card) || move.card < 0 || move.card >= CARDS) return `no such card ${move.card}`;
        const at = this.#find(move.card);
        if (at === undefined) return this.#whereElse(move.card);
        if (at.index !== this.#piles[at.pile]!.length - 1) return `${cardName(move.card)} is not exposed`;
        return this.#removalProblem(move.card, at.pile);
      }
      case 'move': {
        if (!Number.isInteger(move.card) || move.card < 0 || move.card >= CARDS) return `no such card ${move.card}`;
        if (!Number.isInteger(move.pile) || move.pile < 0 || move.pile >= PILES) {
          return `there is no pile ${move.pile + 1}`;
        }
        const at = this.#find(move.card);
        if (at === undefined) return this.#whereElse(move.card);
        if (this.#piles[move.pile]!.length > 0) return `pile ${move.pile + 1} is not empty`;
        // The target is empty, so the card is on another pile.
        const rules = VARIANT_TABLE[this.#variant];
        const exposed = at.index === this.#piles[at.pile]!.length - 1;
        if (!exposed && !rules.buried) return `${cardName(move.card)} is not exposed`;
        if (rules.acesOnly && !isAce(move.card)) return `${this.#variant}: only an ace may move into an empty pile`;
        return undefined;
      }
    }
  }

  /** Applies a legal move; throws an Error naming the problem when it is illegal. */
  play(move: GameMove): void {
    const reason = this.illegal(move);
    if (reason !== undefined) throw new Error(`illegal move: ${reason}`);
    switch (move.kind) {
      case 'deal':
        for (let pile = 0; pile < PILES; pile++) this.#piles[pile]!.push(this.#deal[this.#next + pile]!);
        this.#next += PILES;
        return;
      case 'remove': {
        const at = this.#find(move.card)!;
        this.#piles[at.pile]!.pop();
        return;
      }
      case 'move': {
        const at = this.#find(move.card)!;
        // Taking the card out closes the gap: the cards above it keep their order.
        this.#piles[at.pile]!.splice(at.index, 1);
        this.#piles[move.pile]!.push(move.card);
        return;
      }
    }
  }

  /** Every legal move now: removals, moves into empty piles, then the deal. */
  legalMoves(): GameMove[] {
    const moves: GameMove[] = [];
    for (let pile = 0; pile < PILES; pile++) {
      const card = this.#exposed(pile);
      if (card !== undefined && this.#removalProblem(card, pile) === undefined) moves.push({ kind: 'remove', card });
    }
    for (let target = 0; target < PILES; target++) {
      if (this.#piles[target]!.length > 0) continue;
      for (let source = 0; source < PILES; source++) {
        for (const card of this.#piles[source]!) {
          const move: GameMove = { kind: 'move', card, pile: target };
          if (this.illegal(move) === undefined) moves.push(move);
        }
      }
    }
    const deal: GameMove = { kind: 'deal' };
    if (this.illegal(deal) === undefined) moves.push(deal);
    return moves;
  }

  /** Won: the stock is empty and the piles hold exactly the four aces, one per pile. */
  isWon(): boolean {
    return this.stockLeft() === 0 && this.#piles.every((pile) => pile.length === 1 && isAce(pile[0]!));
  }

  /** The position as a string (the piles in order, then the stock count), for a visited set. */
  key(): string {
    return `${this.#piles.map((pile) => pile.map(cardName).join(' ')).join('|')}#${this.stockLeft()}`;
  }
}

/** Why a finished replay is not a win (undefined when it is a win). */
function notWon(game: Replayer): string | undefined {
  if (game.isWon()) return undefined;
  const stock = game.stockLeft();
  if (stock > 0) return `not won: ${stock} ${stock === 1 ? 'card' : 'cards'} left in the stock`;
  const onPiles = game.piles().reduce((sum, pile) => sum + pile.length, 0);
  if (game.discarded() < WIN_DISCARDS) return `not won: ${onPiles} cards on the piles`;
  return 'not won: the four aces are not one per pile';
}

export type VerifyResult = { ok: true } | { ok: false; move: number; reason: string };

/**
 * Replays `moves` from the start of `deal`. `move` in a failure is the 1-based number of the first illegal
 * move, or moves.length + 1 when every move is legal but the game is not won at the end.
 */
export function replay(deal: Deal, moves: readonly GameMove[], variant: Variant, rule: DiscardRule): VerifyResult {
  const game = new Replayer(deal, variant, rule);
  for (let i = 0; i < moves.length; i++) {
    const move = moves[i]!;
    const reason = game.illegal(move);
    if (reason !== undefined) return { ok: false, move: i + 1, reason };
    game.play(move);
  }
  const reason = notWon(game);
  return reason === undefined ? { ok: true } : { ok: false, move: moves.length + 1, reason };
}

/** The four piles for people, one line each, bottom to top: `1: 7♠ J♠ 5♥`, `2: (empty)`. */
export function formatPiles(piles: Card[][]): string {
  return piles.map((pile, index) => `${index + 1}: ${pile.length === 0 ? '(empty)' : pile.map(cardLabel).join(' ')}`).join('\n');
}
