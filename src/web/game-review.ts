// "Where did I go wrong?" on the page: the review of a lost game's moves, asked of a worker and kept for the game
// and moves it was of; once the player steps back before the first losing move, where they stand on its winning line.

import type { ReviewAnswer } from '../index.ts';
import type { ReviewState } from './review-view.ts';
import type { Round } from './round.ts';
import { type Rules, writeSetup } from './setup.ts';
import { PageSolver, Superseded } from './solver.ts';

/** A review of the moves played, kept for the game and moves it was of. */
interface Reviewed {
  /** The game (its address) and the moves reviewed. */
  game: string;
  moves: string[];
  answer: ReviewAnswer;
  /** Stepped back to before the first losing move, to try the winning line from there. */
  steppedBack: boolean;
}

export class GameReview {
  #reviewed: Reviewed | undefined;
  /** The game and moves being reviewed ("address|moves"), while the worker works. */
  #reviewing: string | undefined;
  #problem: string | undefined;
  readonly #solver = new PageSolver();

  constructor(private readonly redraw: () => void) {}

  /** Another game opened: the review of the last one no longer holds. */
  forget(): void {
    this.#reviewed = undefined;
    this.#problem = undefined;
    this.#solver.stop();
    this.#reviewing = undefined;
  }

  /** Asks the worker for the review of the moves played in `round`; kept while `current()` says it is still the game. */
  ask(round: Round, rules: Rules, current: () => boolean): void {
    const game = writeSetup(round.setup);
    const moves = round.moves;
    this.#reviewing = `${game}|${moves.join(',')}`;
    this.#problem = undefined;
    this.redraw();
    this.#solver
      .run({ kind: 'review', deal: round.deal, moves, ...rules })
      .then(({ value }) => {
        this.#reviewing = undefined;
        if (!current()) return;
        this.#reviewed = { game, moves, answer: value, steppedBack: false };
        this.redraw();
      })
      .catch((error: Error) => {
        if (error instanceof Superseded) return;
        this.#reviewing = undefined;
        this.#problem = error.message;
        this.redraw();
      });
  }

  /** The first losing move (numbered from 1) and the winning line from before it, marked as stepped back to;
   *  undefined when the review found no losing move. */
  stepBack(): { move: number; winningLine: string[] } | undefined {
    const reviewed = this.#reviewed;
    const k = reviewed?.answer.firstLosingMove;
    if (reviewed === undefined || k === null || k === undefined) return undefined;
    reviewed.steppedBack = true;
    return { move: k, winningLine: reviewed.answer.winningLine! };
  }

  /** Where the review stands: offered once the game is lost, asked, answered, or stepped back along its line. */
  state(round: Round): ReviewState {
    const game = writeSetup(round.setup);
    const moves = round.moves;
    const reviewed = this.#reviewed?.game === game ? this.#reviewed : undefined;
    if (reviewed?.steppedBack) {
      const k = reviewed.answer.firstLosingMove!;
      const line = reviewed.answer.winningLine!;
      const on =
        moves.length >= k - 1 &&
        moves.slice(0, k - 1).every((move, i) => move === reviewed.moves[i]) &&
        moves.slice(k - 1).every((move, i) => move === line[i]);
      return {
        kind: 'done',
        moves: reviewed.moves,
        answer: reviewed.answer,
        steppedBack: true,
        next: on ? moves.length - (k - 1) : undefined,
      };
    }
    if (round.status() !== 'lost') return { kind: 'off' };
    if (reviewed !== undefined && reviewed.moves.join(',') === moves.join(','))
      return { kind: 'done', moves: reviewed.moves, answer: reviewed.answer, steppedBack: false, next: undefined };
    if (this.#reviewing === `${game}|${moves.join(',')}`) return { kind: 'busy' };
    if (this.#problem !== undefined) return { kind: 'error', message: this.#problem };
    return { kind: 'offer' };
  }
}
