// The game in progress: the library's game (newGame) of a setup, and the moves undone (for redo). Every move is
// checked by the library's game, whose replayer is verify's, so an illegal one is refused in `acesup verify`'s words.
// Cards and moves are strings in the rules' notation, written in the setup's reading.

import { type Game, type GameStatus, newGame } from '../index.ts';
import { type Rules, type Setup, dealOf } from './setup.ts';

export class Round {
  /** The deal, canonical, in the setup's reading. */
  readonly deal: string;
  readonly #game: Game;
  /** Moves undone, the next one to redo last. */
  #undone: string[] = [];

  constructor(readonly setup: Setup) {
    this.#game = newGame(dealOf(setup), { variant: setup.variant, discards: setup.discards, reverse: setup.reverse });
    this.deal = this.#game.deal;
  }

  get moves(): string[] {
    return this.#game.moves();
  }

  get canUndo(): boolean {
    return this.#game.moves().length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** The four piles, bottom to top, as card names. */
  piles(): string[][] {
    return this.#game.piles();
  }

  stockLeft(): number {
    return this.#game.stockLeft();
  }

  discarded(): number {
    return this.#game.discarded();
  }

  status(): GameStatus {
    return this.#game.status();
  }

  /** Why `move` would not be legal now, in verify's words, or undefined. */
  check(move: string): string | undefined {
    return this.#game.check(move);
  }

  /**
   * Plays `move` when it is legal and returns undefined; otherwise changes nothing and returns why, as
   * `acesup verify` says it of the line played so far followed by this move ("move 12: 7S is not exposed").
   */
  play(move: string): string | undefined {
    const reason = this.#game.check(move);
    if (reason !== undefined) return reason;
    this.#game.play(move);
    // Playing the move that redo would play keeps the rest of the redo list; any other move drops it.
    if (this.#undone[this.#undone.length - 1] === move) this.#undone.pop();
    else this.#undone = [];
    return undefined;
  }

  undo(): boolean {
    const move = this.#game.undo();
    if (move === undefined) return false;
    this.#undone.push(move);
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

  /** Takes moves back until `count` are left played; the ones taken back can be redone. */
  backTo(count: number): void {
    while (this.#game.moves().length > count && this.undo()) {}
  }

  /**
   * Restores moves (saved in the rules' notation, in the setup's reading) as far as they replay; returns how many
   * did. A saved game of an older page, or one edited by hand, stops at its first move that is not legal.
   */
  restore(moves: readonly string[], undone: readonly string[]): number {
    let played = 0;
    for (const move of moves) {
      try {
        if (this.play(move) !== undefined) break;
      } catch {
        break;
      }
      played += 1;
    }
    if (played === moves.length) this.#undone = [...undone];
    return played;
  }

  /** The moves and the undone moves, for saving. */
  saved(): { moves: string[]; undone: string[] } {
    return { moves: this.#game.moves(), undone: [...this.#undone] };
  }

  /** The position as a player sees it, in the position notation `acesup hint` reads (the setup's reading). */
  position(): string {
    return this.#game.position();
  }

  /** Whether `card` may be the card of a move into an empty pile now (exposed, or any card in easy; only aces in strict). */
  mayMove(card: string): boolean {
    const empty = this.#game.piles().findIndex((pile) => pile.length === 0);
    return empty >= 0 && this.#game.check(`move ${card} ${empty + 1}`) === undefined;
  }

  /** Text in the setup's reading: the card never discarded is the king in Reverse Idiot's Delight. */
  kept(): string {
    return this.setup.reverse ? 'kings' : 'aces';
  }
}

/**
 * The moves of a line written in one reading, written in another: played side by side on two games of the same deal
 * and rules, one per reading, where the same move has the same place in the list of legal moves.
 */
export function translateMoves(moves: readonly string[], cards: Uint8Array, rules: Rules, to: boolean): string[] {
  const from = newGame(cards, rules);
  const into = newGame(cards, { ...rules, reverse: to });
  const out: string[] = [];
  for (const move of moves) {
    const at = from.legalMoves().indexOf(move);
    if (at < 0) break;
    const written = into.legalMoves()[at]!;
    from.play(move);
    into.play(written);
    out.push(written);
  }
  return out;
}
