// The library's game to play: a deal under a rule set, its legal moves, a move played or undone, the position in
// the hint's notation, and whether it is won or over. Every move is checked by the independent replayer
// (game/verify.ts), so an illegal one is refused in `acesup verify`'s words. Plain strings in and out.

import { type Deal, InputError } from './game/cards.ts';
import { dealIn, rulesOf } from './api-input.ts';
import type { GameMove } from './game/notation.ts';
import { formatPosition } from './game/position.ts';
import { type CardReading, readingOf } from './game/reverse.ts';
import type { DiscardRule, Variant } from './game/rules.ts';
import { Replayer } from './game/verify.ts';

/** The rules of a game, and how its cards are read and written. */
export interface GameRules {
  /** 'standard' (default), 'strict' or 'easy'. */
  variant?: Variant;
  /** 'optional' (default) or 'forced'. */
  discards?: DiscardRule;
  /**
   * Reverse Idiot's Delight's reading (aces low, the kings kept): deals, moves, positions and the cards of every
   * answer read and written in it, the game played as its standard twin (docs/rules.md). Default false.
   */
  reverse?: boolean;
}

/** Where a game stands: still going, won (the four aces left, one per pile), or lost (no legal move left). */
export type GameStatus = 'playing' | 'won' | 'lost';

/**
 * A game in progress. Moves are strings in the rules' notation (`deal`, `remove 7S`, `move 5H 1`), cards written
 * in the game's reading. Made by `newGame`.
 */
export class Game {
  /** The deal, canonical, in the game's reading. */
  readonly deal: string;
  readonly variant: Variant;
  readonly discards: DiscardRule;
  readonly reverse: boolean;
  readonly #cards: Deal;
  readonly #reading: CardReading;
  #replayer: Replayer;
  #moves: GameMove[] = [];

  /** @internal newGame makes games. */
  constructor(cards: Deal, variant: Variant, rule: DiscardRule, reverse: boolean) {
    this.#cards = Uint8Array.from(cards);
    this.#reading = readingOf(reverse);
    this.deal = this.#reading.formatDeal(this.#cards);
    this.variant = variant;
    this.discards = rule;
    this.reverse = reverse;
    this.#replayer = new Replayer(this.#cards, variant, rule);
  }

  /** The deal as the standard game's 52 card numbers (the library's Deal, whatever the reading). */
  cards(): Deal {
    return this.#cards.slice();
  }

  /** The moves played, in order. */
  moves(): string[] {
    return this.#moves.map((move) => this.#reading.formatMove(move));
  }

  /** Every legal move now: removals, moves into empty piles, then the deal (an empty list when the game is over). */
  legalMoves(): string[] {
    return this.#replayer.legalMoves().map((move) => this.#reading.formatMove(move));
  }

  /**
   * Why `move` would not be legal now, in `acesup verify`'s words for the moves played followed by it
   * (`move 12: no exposed card of hearts higher than 5H on another pile`), or undefined when it is legal.
   */
  check(move: string): string | undefined {
    const reason = this.#replayer.illegal(this.#read(move));
    return reason === undefined ? undefined : this.#reading.write(`move ${this.#moves.length + 1}: ${reason}`);
  }

  /** Plays `move`; an illegal one changes nothing and throws an InputError in check's words. */
  play(move: string): void {
    const parsed = this.#read(move);
    const reason = this.check(move);
    if (reason !== undefined) throw new InputError(reason);
    this.#replayer.play(parsed);
    this.#moves.push(parsed);
  }

  /** Takes back the last move played and returns it, or undefined when none is left to take back. */
  undo(): string | undefined {
    const move = this.#moves.pop();
    if (move === undefined) return undefined;
    this.#replayer = new Replayer(this.#cards, this.variant, this.discards);
    for (const played of this.#moves) this.#replayer.play(played);
    return this.#reading.formatMove(move);
  }

  /** The four piles, each from bottom to top (the exposed card last), as card names. */
  piles(): string[][] {
    return this.#replayer.piles().map((pile) => pile.map((card) => this.#reading.cardName(card)));
  }

  /** Cards still in the stock. */
  stockLeft(): number {
    return this.#replayer.stockLeft();
  }

  /** Cards discarded so far (0–48). */
  discarded(): number {
    return this.#replayer.discarded();
  }

  /** 'won', 'lost' (no legal move is left) or 'playing'. */
  status(): GameStatus {
    if (this.#replayer.isWon()) return 'won';
    return this.#replayer.legalMoves().length === 0 ? 'lost' : 'playing';
  }

  /**
   * The position as a player sees it, in the position notation `hint` reads (docs/rules.md): the piles, the
   * stock's size and the discards, nothing of the stock's order.
   */
  position(): string {
    const piles = this.#replayer.piles();
    const stock = this.#replayer.stockLeft();
    const seen = new Set([...piles.flat(), ...this.#cards.subarray(52 - stock)]);
    const discards = Array.from(this.#cards).filter((card) => !seen.has(card));
    return this.#reading.write(formatPosition({ piles, stock, discards: discards.sort((a, b) => a - b) }));
  }

  /** A move as the game's reading writes it, read as the standard game's; an unreadable one throws an InputError
   *  naming it as the move it would have been (`move 12: "jump 7S" is not a move …`). */
  #read(move: string): GameMove {
    try {
      return this.#reading.move(move);
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`move ${this.#moves.length + 1}: ${error.message}`);
      throw error;
    }
  }
}

export interface NewGameOptions extends GameRules {
  /** Moves already played from the start (an array, or one string in any form `verify` reads); default none. */
  after?: string | readonly string[];
}

/**
 * A new game of `deal` (a deal string, a numbered game such as `kpat:17`, or the 52 card numbers) under the rules,
 * with the moves of `after` played; an illegal one throws an InputError in `verify`'s words (`move 3: …`).
 */
export function newGame(deal: string | Deal, options: NewGameOptions = {}): Game {
  const { variant, rule, reading } = rulesOf(options);
  const game = new Game(dealIn(deal, reading), variant, rule, options.reverse === true);
  const after =
    options.after === undefined ? [] : reading.moves(typeof options.after === 'string' ? options.after : options.after.join(','));
  for (const move of after) game.play(reading.formatMove(move));
  return game;
}
