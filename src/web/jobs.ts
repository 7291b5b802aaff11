// What the page asks the solver's worker and what it answers: plain data, as postMessage carries it.

import type { DiscardRule, HintAnswer, Variant, Verdict, WinnableDeal } from '../index.ts';

interface Game {
  variant: Variant;
  discards: DiscardRule;
}

/** The library's solve of the position `after` reaches (the stock known), within `maxStates` positions. */
export interface SolveJob extends Game {
  kind: 'solve';
  deal: string;
  after: string[];
  maxStates: number;
}

/** The library's hint for a position as a player sees it (the position notation). */
export interface HintJob extends Game {
  kind: 'hint';
  position: string;
}

/** The first deal of `seed` from `index` on that the library proves winnable. */
export interface WinnableJob extends Game {
  kind: 'winnable';
  seed: number;
  index: number;
}

export type Job = SolveJob | HintJob | WinnableJob;

/** The answer to each kind of job; null: no winnable deal among those looked at. */
export interface Answers {
  solve: Verdict;
  hint: HintAnswer;
  winnable: WinnableDeal | null;
}

export type Reply = { id: number; ok: true; value: Answers[Job['kind']]; ms: number } | { id: number; ok: false; error: string };
