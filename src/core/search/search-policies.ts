// The reduced search's policies per variant: which sound choices it makes for each (where it checks a bound,
// which proofs it applies), each measured to pay in that variant (docs/search.md). They change the work,
// never a result; the rules themselves are game/rules.ts's. A new variant is a row here too.

import type { DiscardRule, Variant } from '../game/rules.ts';

/** Choices of the reduced search that are sound for the variant and change only the work, never a result. */
export interface SearchPolicies {
  /** R8′: in the bound, aces block the cards below them. Sound only without fixed piles (the bound is then
   *  used on locked positions alone, where no ace moves: docs/search.md#r8). */
  readonly acesBlock: boolean;
  /** Per discard rule: check the bound where each round starts (docs/search.md#bounds). */
  readonly boundAfterDeal: Readonly<Record<DiscardRule, boolean>>;
  /** Per discard rule: check it where each of the last two rounds starts (48 cards dealt or more), where it
   *  is not checked at every round already (docs/search.md#bounds). */
  readonly boundAfterLastDeals: Readonly<Record<DiscardRule, boolean>>;
  /** Optional rule: cut with the ghost game where each round starts (docs/search.md#the-ghost-game). */
  readonly ghostBound: boolean;
  /** Optional rule: try the ghost game from the deal's start before the optional search for a win
   *  (docs/search.md#solving-a-deal). */
  readonly ghostAtStart: boolean;
  /** Per discard rule: the subset games checked where each round starts, as the top ranks of every suit
   *  they keep, growing, in the order tried (docs/search.md#subset-games); none: no check. */
  readonly subsets: Readonly<Record<DiscardRule, readonly number[]>>;
  /** R10, forced rule: a position with an ace on every pile is played out as the one line it is
   *  (docs/search.md#r10). */
  readonly frozenLine: boolean;
  /** Deals left, per discard rule: a buried idle card that an exposed card outranks goes at once (R11 forced,
   *  R13 optional; docs/search.md#r11, #r13). Sound only where buried cards may move. */
  readonly idleCardOut: Readonly<Record<DiscardRule, boolean>>;
  /** No deal left, per discard rule: positions equal up to piles, suits and ranks share a key (R12,
   *  docs/search.md#r12). Not sound where only aces move (an ace may still be in R6's inert last deal);
   *  in standard it costs more time than it saves. */
  readonly canonicalEndgame: Readonly<Record<DiscardRule, boolean>>;
}

const SUBSETS: readonly number[] = [2, 4, 5, 6];

/** The search's policies, a row per variant: the one place that says them. */
export const SEARCH_POLICIES: Readonly<Record<Variant, SearchPolicies>> = {
  standard: {
    acesBlock: true,
    boundAfterDeal: { optional: true, forced: false },
    ghostBound: false,
    ghostAtStart: false,
    boundAfterLastDeals: { optional: false, forced: true },
    frozenLine: true,
    subsets: { optional: SUBSETS, forced: [] },
    idleCardOut: { optional: false, forced: false },
    canonicalEndgame: { optional: false, forced: false },
  },
  strict: {
    acesBlock: false,
    boundAfterDeal: { optional: true, forced: true },
    ghostBound: true,
    ghostAtStart: true,
    boundAfterLastDeals: { optional: false, forced: false },
    frozenLine: false,
    subsets: { optional: SUBSETS, forced: [] },
    idleCardOut: { optional: false, forced: false },
    canonicalEndgame: { optional: false, forced: false },
  },
  easy: {
    acesBlock: true,
    boundAfterDeal: { optional: true, forced: false },
    ghostBound: false,
    ghostAtStart: false,
    boundAfterLastDeals: { optional: false, forced: true },
    frozenLine: true,
    subsets: { optional: SUBSETS, forced: [] },
    idleCardOut: { optional: true, forced: true },
    canonicalEndgame: { optional: true, forced: true },
  },
};
