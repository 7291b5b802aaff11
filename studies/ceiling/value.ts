// The ceiling's value estimates v (docs/ceiling.md): zero, the exact end, and the logistic estimate fitted to
// greedy play (weights.ts); any v keeps the bound (search.ts), a closer one makes it tighter.

import { RANKS, isAce } from '../../src/core/game/cards.ts';
import type { Variant } from '../../src/core/game/rules.ts';
import { Board, Endgame, HEIGHT, settleBoard } from './board.ts';

/**
 * A value estimate v of the non-clairvoyant game: any function of what a player sees. `dealt` cards have been
 * dealt (a position right after a deal, 8–52). The bound is valid whatever v returns; the closer v is to the true
 * optimal chance of winning, the tighter it is.
 */
export interface ValueEstimate {
  readonly name: string;
  value(board: Board, dealt: number): number;
}

/** v = 0: no penalty, the bound is the clairvoyant rate. */
export const ZERO_VALUE: ValueEstimate = { name: 'zero', value: () => 0 };

/** Cards dealt from which an estimate's figures are exact (the stock empty: nothing is unseen). */
export const LAST_DEALT = 52;

/**
 * v with the stock empty is the exact chance of winning, 0 or 1 (nothing is left unseen, so the player's chance
 * is the clairvoyant verdict); before that, `inner` decides.
 */
export class ExactAtEnd implements ValueEstimate {
  readonly name: string;
  private readonly endgame: Endgame;

  constructor(
    variant: Variant,
    private readonly inner: ValueEstimate,
  ) {
    this.endgame = new Endgame(variant);
    this.name = `${inner.name}+exact-end`;
  }

  value(board: Board, dealt: number): number {
    if (dealt === LAST_DEALT) return this.endgame.won(board) ? 1 : 0;
    return this.inner.value(board, dealt);
  }

  get endgameStates(): number {
    return this.endgame.states;
  }
}

/** Features of a position read by the fitted estimate (`featuresOf`), after its removals are made. */
export const FEATURES = [
  'bias',
  'on-piles',
  'empty-piles',
  'aces-at-bottom',
  'aces-buried',
  'same-suit-pairs',
  'buried-rank',
  'stacked',
] as const;
export const FEATURE_COUNT = FEATURES.length;

/**
 * The features of `board` (modified: its removable cards go, leftmost first, as greedy plays them), into `out`:
 * 1; cards on the piles / 10; empty piles; piles with an ace at the bottom; aces buried above the bottom; pairs of
 * cards of one suit on one pile; the summed rank of buried non-aces / 50; cards above the first of each pile / 10.
 */
export function featuresOf(board: Board, out: Float64Array): void {
  settleBoard(board);
  let empty = 0,
    acesBottom = 0,
    acesBuried = 0,
    pairs = 0,
    buriedRank = 0,
    stacked = 0;
  for (let p = 0; p < 4; p++) {
    const h = board.height[p]!;
    if (h === 0) {
      empty += 1;
      continue;
    }
    const base = p * HEIGHT;
    const count = [0, 0, 0, 0];
    for (let i = 0; i < h; i++) {
      const card = board.cards[base + i]!;
      const suit = (card / RANKS) | 0;
      count[suit]! += 1;
      if (isAce(card)) {
        if (i === 0) acesBottom += 1;
        else acesBuried += 1;
      } else if (i < h - 1) buriedRank += card % RANKS;
    }
    for (let s = 0; s < 4; s++) pairs += (count[s]! * (count[s]! - 1)) / 2;
    stacked += h - 1;
  }
  out[0] = 1;
  out[1] = board.onPiles() / 10;
  out[2] = empty;
  out[3] = acesBottom;
  out[4] = acesBuried;
  out[5] = pairs;
  out[6] = buriedRank / 50;
  out[7] = stacked / 10;
}

/**
 * A logistic estimate fitted to greedy play: v = σ(w_k · features), one weight vector per deal number k
 * (dealt / 4 − 1, 1–11, for 8–48 cards dealt); weights fitted by studies/ceiling-fit.ts.
 */
export class FittedValue implements ValueEstimate {
  private readonly features = new Float64Array(FEATURE_COUNT);
  private readonly scratch = new Board();

  constructor(
    readonly name: string,
    /** weights[k] for k = dealt / 4 − 1; missing rows give 0. */
    private readonly weights: readonly (readonly number[] | undefined)[],
  ) {}

  value(board: Board, dealt: number): number {
    const w = this.weights[dealt / 4 - 1];
    if (w === undefined) return 0;
    this.scratch.cards.set(board.cards);
    this.scratch.height.set(board.height);
    featuresOf(this.scratch, this.features);
    let s = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) s += w[i]! * this.features[i]!;
    return 1 / (1 + Math.exp(-s));
  }
}

/** v is read in [0, 1] (any estimate keeps the lemma; the clamp keeps every |z| ≤ 1 for the fallback). */
export const clamp = (x: number): number => (x > 1 ? 1 : x > 0 ? x : 0);

/** Ordered 4-tuples of n cards. */
export const tuples = (n: number): number => n * (n - 1) * (n - 2) * (n - 3);
