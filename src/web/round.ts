// The game in progress: its deal and rules, the moves played and the moves undone (for redo). Every move is
// checked by the independent replayer of core/game/verify.ts, so an illegal one is refused in `acesup verify`'s words.

import { type Card, cardName } from '../core/game/cards.ts';
import { type GameMove, formatMove, parseMove } from '../core/game/notation.ts';
import { formatPosition } from '../core/game/position.ts';
import { toReversed, writeReversed } from '../core/game/reverse.ts';
import { Game } from '../core/game/verify.ts';
import { type Setup, dealOf } from './setup.ts';

/** How a game stands: still going, won, or over with no legal move left. */
export type Standing = { over: false } | { over: 'won' } | { over: 'lost'; discarded: number };

export class Round {
  readonly deal: Uint8Array;
  #moves: GameMove[] = [];
  /** Moves undone, the next one to redo last. */
  #undone: GameMove[] = [];
  #game: Game;

  constructor(readonly setup: Setup) {
    this.deal = dealOf(setup);
    this.#game = this.#fresh();
  }

  #fresh(): Game {
    return new Game(this.deal, this.setup.variant, this.setup.discards);
  }

  /** The game at the current position (a copy: the caller may play on it). */
  game(): Game {
    return this.#game.clone();
  }

  get moves(): readonly GameMove[] {
    return this.#moves;
  }

  get canUndo(): boolean {
    return this.#moves.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** Cards as the setup's reading writes them (Reverse Idiot's Delight: each rank one place down). */
  write(text: string): string {
    return this.setup.reverse ? writeReversed(text) : text;
  }

  /** The card as the reading shows it (its rank and suit on the face). */
  shown(card: Card): Card {
    return this.setup.reverse ? toReversed(card) : card;
  }

  /**
   * Plays `move` when it is legal and returns undefined; otherwise changes nothing and returns why, as
   * `acesup verify` says it of the line played so far followed by this move ("move 12: 7S is not exposed").
   */
  play(move: GameMove): string | undefined {
    const reason = this.#game.illegal(move);
    if (reason !== undefined) return this.write(`move ${this.#moves.length + 1}: ${reason}`);
    this.#game.play(move);
    this.#moves.push(move);
    // Playing the move that redo would play keeps the rest of the redo list; any other move drops it.
    const next = this.#undone[this.#undone.length - 1];
    if (next !== undefined && formatMove(next) === formatMove(move)) this.#undone.pop();
    else this.#undone = [];
    return undefined;
  }

  undo(): boolean {
    const move = this.#moves.pop();
    if (move === undefined) return false;
    this.#undone.push(move);
    this.#game = this.#fresh();
    for (const played of this.#moves) this.#game.play(played);
    return true;
  }

  redo(): boolean {
    const move = this.#undone[this.#undone.length - 1];
    if (move === undefined) return false;
    const undone = this.#undone.slice(0, -1);
    if (this.play(move) !== undefined) return false;
    this.#undone = undone;
    return true;
  }

  /**
   * Restores moves (saved in the rules' notation, standard reading) as far as they replay; returns how many did.
   * A saved game of an older page, or one edited by hand, stops at its first move that is not legal.
   */
  restore(moves: readonly string[], undone: readonly string[]): number {
    let played = 0;
    for (const text of moves) {
      try {
        if (this.play(parseMove(text)) !== undefined) break;
      } catch {
        break;
      }
      played += 1;
    }
    if (played === moves.length) {
      try {
        this.#undone = undone.map((text) => parseMove(text));
      } catch {
        this.#undone = [];
      }
    }
    return played;
  }

  /** The moves and the undone moves in the rules' notation (standard reading), for saving. */
  saved(): { moves: string[]; undone: string[] } {
    return { moves: this.#moves.map(formatMove), undone: this.#undone.map(formatMove) };
  }

  /** Won, over with no legal move left, or still going. */
  standing(): Standing {
    if (this.#game.isWon()) return { over: 'won' };
    if (this.#game.legalMoves().length === 0) return { over: 'lost', discarded: this.#game.discarded() };
    return { over: false };
  }

  /** The position as a player sees it, in the position notation `acesup hint` reads (standard reading). */
  position(): string {
    const piles = this.#game.piles();
    const stock = this.#game.stockLeft();
    const seen = new Set<Card>([...piles.flat(), ...this.deal.subarray(52 - stock)]);
    const discards = Array.from(this.deal).filter((card) => !seen.has(card));
    return formatPosition({ piles, stock, discards: discards.sort((a, b) => a - b) });
  }

  /** Whether `card` may be the card of a move into an empty pile now (exposed, or any card in easy; only aces in strict). */
  mayMove(card: Card): boolean {
    const piles = this.#game.piles();
    const empty = piles.findIndex((pile) => pile.length === 0);
    if (empty < 0) return false;
    return this.#game.illegal({ kind: 'move', card, pile: empty }) === undefined;
  }

  /** The card's name as the reading writes it ("7S"). */
  name(card: Card): string {
    return cardName(this.shown(card));
  }
}
