// What the page asks the solver's worker and what it answers: plain data, as postMessage carries it.

import type { DiscardRule, HintAnswer, ReviewAnswer, Variant, Verdict, WinnableDeal } from '../index.ts';

/** The rules, and the reading the cards of the deal, the moves and the answers are written in. */
interface Game {
  variant: Variant;
  discards: DiscardRule;
  reverse: boolean;
}

/** The library's solve of the position `after` reaches (the stock known), within `maxStates` positions. */
interface SolveJob extends Game {
  kind: 'solve';
  deal: string;
  after: string[];
  maxStates: number;
}

/** The library's hint for a position as a player sees it (the position notation). */
interface HintJob extends Game {
  kind: 'hint';
  position: string;
}

/** The library's review of the moves played: where the game was lost. */
interface ReviewJob extends Game {
  kind: 'review';
  deal: string;
  moves: string[];
}

/** The first deal of `seed` from `index` on that the library proves winnable. */
interface WinnableJob extends Omit<Game, 'reverse'> {
  kind: 'winnable';
  seed: number;
  index: number;
}

export type Job = SolveJob | HintJob | ReviewJob | WinnableJob;

/** The answer to each kind of job; null: no winnable deal among those looked at. */
export interface Answers {
  solve: Verdict;
  hint: HintAnswer;
  review: ReviewAnswer;
  winnable: WinnableDeal | null;
}

export type Reply = { id: number; ok: true; value: Answers[Job['kind']]; ms: number } | { id: number; ok: false; error: string };
