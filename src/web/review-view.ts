// "Where did I go wrong?": once a game is lost, the review of the moves played (the library's review, as `acesup
// review` gives it): the deal's verdict at the start and the move that lost it, marked on the list of the moves
// played; then a step back to just before that move, and the line that wins from there, to play move by move.

import { type ReviewAnswer, reviewWords } from '../index.ts';
import { button, moveList, paragraph } from './panel-view.ts';

export type ReviewState =
  | { kind: 'off' }
  | { kind: 'offer' }
  | { kind: 'busy' }
  | { kind: 'error'; message: string }
  /** The review of `moves`; `next`: where the player stands on the winning line after stepping back (undefined: not on it). */
  | { kind: 'done'; moves: string[]; answer: ReviewAnswer; steppedBack: boolean; next: number | undefined };

export interface ReviewActions {
  /** Review the moves played. */
  ask(): void;
  /** Go back to the position before the first losing move. */
  stepBack(): void;
  /** Play the next move (or all the rest: Infinity) of the winning line. */
  play(count: number): void;
}

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export function renderReview(state: ReviewState, actions: ReviewActions): void {
  const box = byId<HTMLElement>('review');
  box.hidden = state.kind === 'off';
  for (const key of Object.keys(box.dataset)) delete box.dataset[key];
  box.dataset['state'] = state.kind;
  const heading = document.createElement('h2');
  heading.textContent = 'Where did I go wrong?';
  switch (state.kind) {
    case 'off':
      box.replaceChildren();
      return;
    case 'offer':
      box.replaceChildren(
        heading,
        paragraph(
          'The exact solver replays your moves, with the stock known, and finds the first one after which the game could no longer be won.',
          'note',
        ),
        button('Where did I go wrong?', actions.ask, 'review-ask'),
      );
      return;
    case 'busy':
      box.replaceChildren(heading, paragraph('Replaying your moves with the exact solver…', 'busy'));
      return;
    case 'error':
      box.replaceChildren(heading, paragraph(state.message, 'problem'));
      return;
    case 'done':
      break;
  }
  const { answer, moves } = state;
  box.dataset['outcome'] = answer.outcome;
  if (answer.firstLosingMove !== null) {
    box.dataset['firstLosingMove'] = String(answer.firstLosingMove);
    box.dataset['losingMove'] = answer.losingMove!;
  }
  const said = reviewWords(answer);
  const parts: HTMLElement[] = [heading, ...said.sentences.map((line) => paragraph(line, 'said'))];
  const k = answer.firstLosingMove;
  if (!state.steppedBack) {
    // The moves played, the losing one marked: the replay of the game.
    const played = moveList(moves, 1, k === null ? undefined : k - 1, 'losing');
    played.classList.add('played');
    parts.push(paragraph('Your moves:', 'note'), played);
    if (k !== null) parts.push(button(`Step back to before move ${k}`, actions.stepBack, 'review-back'));
  } else if (said.line !== null) {
    const { from, moves: line } = said.line;
    if (state.next === undefined) parts.push(paragraph('You have left the winning line: undo to go back to it.', 'note'));
    else if (state.next < line.length) {
      parts.push(paragraph(`From before move ${from}, this line wins:`, 'note'));
      const buttons = document.createElement('div');
      buttons.className = 'actions';
      buttons.append(
        button('Play its next move', () => actions.play(1), 'review-next'),
        button('Play the whole line', () => actions.play(Number.POSITIVE_INFINITY), 'review-all'),
      );
      parts.push(buttons);
    }
    parts.push(moveList(line, from, state.next));
  }
  box.replaceChildren(...parts);
  // The list scrolls to the marked move (the page itself stays where it is).
  for (const list of box.querySelectorAll<HTMLElement>('ol.line')) {
    const marked = list.querySelector<HTMLElement>('.losing, .next');
    if (marked !== null) list.scrollTop = Math.max(0, marked.offsetTop - list.offsetTop - list.clientHeight / 2);
  }
}
