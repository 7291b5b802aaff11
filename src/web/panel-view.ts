// The help beside the table: the hint in plain words (as `acesup hint` says it, who chose the move and how folded
// away in a details element), the exact solver's verdict on the position with the stock known — won with its line to
// replay step by step, lost with its max discards, or undecided with its bounds — and the games played and won. The
// verdict's figures are also on the element's data attributes.

import { type HintAnswer, type Verdict, describeMove, hintWords, verdictWords } from '../index.ts';
import type { Stats } from './storage.ts';

export type HintState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; answer: HintAnswer } | { kind: 'error'; message: string };

export type VerdictState =
  | { kind: 'off' }
  | { kind: 'busy'; maxStates: number }
  | { kind: 'done'; verdict: Verdict; maxStates: number; moves: number; discarded: number; ms?: number }
  | { kind: 'error'; message: string };

export interface PanelActions {
  /** Play the next move of the winning line. */
  next(): void;
  /** Play the rest of the winning line. */
  playAll(): void;
  /** Search again with a larger budget. */
  longer(): void;
}

/** The budget of the search the "search longer" button runs: 8× the default, as one more pass of `solve --time-limit`. */
export const LONGER_STATES = 16_000_000;

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const fmt = (n: number): string => n.toLocaleString('en-US');

export function paragraph(text: string, className?: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  if (className !== undefined) p.className = className;
  return p;
}

export function button(text: string, action: () => void, id: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id;
  b.textContent = text;
  b.addEventListener('click', action);
  return b;
}

/** A numbered list of moves (`from`: the number of the first), the move at `marked` (0-based) given `className`. */
export function moveList(moves: readonly string[], from: number, marked?: number, className = 'next'): HTMLOListElement {
  const list = document.createElement('ol');
  list.className = 'line';
  list.start = from;
  moves.forEach((move, i) => {
    const item = document.createElement('li');
    item.textContent = describeMove(move);
    if (i === marked) item.className = className;
    list.append(item);
  });
  return list;
}

/** The hint in words: the move, the chance, what perfect play wins; who and how in a fold, closed. */
export function renderHint(state: HintState): void {
  const box = byId<HTMLDivElement>('hint-text');
  box.dataset['state'] = state.kind;
  switch (state.kind) {
    case 'idle':
      box.replaceChildren();
      return;
    case 'busy':
      box.replaceChildren(paragraph('Thinking: playing and solving the orders the unseen cards may come in…', 'busy'));
      return;
    case 'error':
      box.replaceChildren(paragraph(state.message, 'problem'));
      return;
    case 'done': {
      box.dataset['move'] = state.answer.move ?? '';
      const said = hintWords(state.answer);
      const details = document.createElement('details');
      details.className = 'how';
      const summary = document.createElement('summary');
      summary.textContent = 'How these were found';
      details.append(summary, ...said.details.map((line) => paragraph(line)));
      const lines = [said.move, said.chance, said.perfect].filter((line): line is string => line !== null);
      box.replaceChildren(...lines.map((line, i) => paragraph(line, i === 0 ? 'play' : undefined)), details);
    }
  }
}

/** The verdict on the position, with the line to replay when won. */
export function renderVerdict(state: VerdictState, actions: PanelActions): void {
  const box = byId<HTMLDivElement>('verdict');
  box.hidden = state.kind === 'off';
  for (const key of Object.keys(box.dataset)) delete box.dataset[key];
  box.dataset['state'] = state.kind;
  switch (state.kind) {
    case 'off':
      box.replaceChildren();
      return;
    case 'busy':
      box.replaceChildren(paragraph(`Solving, within ${fmt(state.maxStates)} positions…`, 'busy'));
      return;
    case 'error':
      box.replaceChildren(paragraph(state.message, 'problem'));
      return;
    case 'done':
      break;
  }
  const { verdict, maxStates, moves } = state;
  box.dataset['result'] = verdict.result;
  box.dataset['moves'] = String(moves);
  box.dataset['states'] = String(verdict.states);
  // The worker's time for a verdict searched now (none for one kept from before): what bench/web.bench.ts reads.
  if (state.ms !== undefined) box.dataset['ms'] = state.ms.toFixed(1);
  const { sentence } = verdictWords(verdict, { maxStates, discarded: state.discarded });
  if (verdict.result === 'won') {
    box.dataset['solution'] = verdict.solution.join(', ');
    const lead = paragraph(sentence, 'won');
    const buttons = document.createElement('div');
    buttons.className = 'actions';
    if (verdict.solution.length > 0)
      buttons.append(
        button('Play its next move (N)', actions.next, 'line-next'),
        button('Play the whole line', actions.playAll, 'line-all'),
      );
    box.replaceChildren(lead, buttons, moveList(verdict.solution, moves + 1, 0));
    return;
  }
  box.dataset['lower'] = String(verdict.lower);
  box.dataset['upper'] = String(verdict.upper);
  if (verdict.result === 'lost') {
    if (verdict.maxDiscards !== null) box.dataset['maxDiscards'] = String(verdict.maxDiscards);
    box.replaceChildren(paragraph(sentence, 'lost'));
    return;
  }
  const parts: HTMLElement[] = [paragraph(sentence, 'unknown')];
  if (maxStates < LONGER_STATES) parts.push(button(`Search ${fmt(LONGER_STATES)} positions`, actions.longer, 'longer'));
  box.replaceChildren(...parts);
}

/** A rule set's games played and won, and the streaks, on the element's data attributes too. */
export function renderStats(ruleSet: string, stats: Stats): void {
  const box = byId<HTMLDivElement>('stats');
  box.dataset['played'] = String(stats.played);
  box.dataset['won'] = String(stats.won);
  box.dataset['streak'] = String(stats.streak);
  box.dataset['best'] = String(stats.best);
  const share = stats.played === 0 ? '' : ` (${Math.round((100 * stats.won) / stats.played)}%)`;
  box.replaceChildren(
    paragraph(`Under ${ruleSet}:`, 'note'),
    paragraph(
      stats.played === 0
        ? 'No game finished yet: a game counts once, when it is won or no move is left.'
        : `${fmt(stats.played)} played, ${fmt(stats.won)} won${share}; ${fmt(stats.streak)} won in a row now, ${fmt(stats.best)} at best.`,
    ),
  );
}
