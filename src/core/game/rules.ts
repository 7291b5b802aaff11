// The rules of the game as the solver, the players, the ceiling and the report read them: the three variants
// as a table (what may fill an empty pile, and which search policies and player settings apply to each), the
// two discard rules, and the small functions over them that answer every question of the rules
// (docs/rules.md). Code elsewhere asks these functions or reads a variant's row; it never names a variant.
// The verifier (verify.ts) alone states the rules again, from docs/rules.md, as an independent check.

import { type Card, RANKS } from './cards.ts';

export const VARIANTS = ['standard', 'strict', 'easy'] as const;
export type Variant = (typeof VARIANTS)[number];

export const DISCARD_RULES = ['optional', 'forced'] as const;
export type DiscardRule = (typeof DISCARD_RULES)[number];

/**
 * What each variant allows (docs/rules.md, "Variants"), which search policies apply to it (docs/search.md)
 * and the players' settings measured for it (docs/play.md): the one place that says any of them; the
 * functions below answer the rules' questions from it. A new variant is one row here, its docs, and a pinned
 * signature row (test/signature.test.ts).
 */
export interface VariantRules {
  /** Only an ace may be moved into an empty pile. */
  readonly acesOnly: boolean;
  /** Any single card of another pile may be moved, buried ones included; the cards above it close the gap. */
  readonly buriedCards: boolean;
  /** What the proofs use of the two above: non-aces never change piles (R7's lower cards, R8 everywhere). */
  readonly fixedPiles: boolean;
  readonly search: SearchPolicies;
  readonly play: PlayPolicies;
}

/** Settings of the players measured per variant (docs/play.md): they change how well a player plays, never a rule. */
export interface PlayPolicies {
  /** expert: the ace bonus of its greedy rollouts, greedy's best for the variant (results/policies/policies.md). */
  readonly expertAceBonus: number;
}

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

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  standard: {
    acesOnly: false,
    buriedCards: false,
    fixedPiles: false,
    search: {
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
    play: { expertAceBonus: 2 },
  },
  strict: {
    acesOnly: true,
    buriedCards: false,
    fixedPiles: true,
    search: {
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
    play: { expertAceBonus: 0 },
  },
  easy: {
    acesOnly: false,
    buriedCards: true,
    fixedPiles: false,
    search: {
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
    play: { expertAceBonus: 0 },
  },
};

/**
 * Whether a card may move into an empty pile (docs/rules.md, "Moves" 2 and "Variants"): `exposed`, it is the
 * top card of its pile; `ace`, it is an ace. The pile it leaves is another pile, since the target is empty.
 */
export const mayFill = (rules: VariantRules, exposed: boolean, ace: boolean): boolean =>
  (exposed || rules.buriedCards) && (ace || !rules.acesOnly);

/**
 * The lowest height (0 = bottom) of a pile of `height` cards whose card may move into an empty pile, by its
 * place alone: the bottom where buried cards may move, else the top. Below it no card may move; at or above
 * it `mayFill` says which may.
 */
export const lowestFill = (rules: VariantRules, height: number): number => (rules.buriedCards ? 0 : height - 1);

/**
 * Whether the exposed card `by` removes the exposed card `card` of another pile (docs/rules.md, "Moves" 1):
 * the same suit and a higher rank. The same in every variant; `by` may be -1 (an empty pile: removes nothing).
 */
export const removes = (by: Card | -1, card: Card): boolean =>
  // Cards are suit * 13 + rank: within a suit the higher number is the higher rank.
  by > card && ((by / RANKS) | 0) === ((card / RANKS) | 0);

/**
 * Whether the player may deal now, the stock not being empty (docs/rules.md, "Discard rules"): under
 * `optional` at any time, under `forced` only when no removal is possible.
 */
export const mayDeal = (rule: DiscardRule, removable: boolean): boolean => !removable || rule !== 'forced';

/**
 * The rule lattice: every line of play legal under (a, rule a) is legal under (b, rule b) when a's variant
 * allows no more than b's (strict's fills are standard's, which are easy's: an exposed ace, any exposed card,
 * any card) and a's discard rule no more than b's (a forced line, every discard made before each deal, is an
 * optional line). A win under the first is then a win under the second, and a loss under the second a loss
 * under the first; max discards are ordered the same way.
 */
const LATTICE_RANK: Readonly<Record<Variant, number>> = { strict: 0, standard: 1, easy: 2 };
const RULE_RANK: Readonly<Record<DiscardRule, number>> = { forced: 0, optional: 1 };

/** Whether every line of (variant a, rule a) is a line of (variant b, rule b), the two not the same. */
export const nestsIn = (a: { variant: Variant; rule: DiscardRule }, b: { variant: Variant; rule: DiscardRule }): boolean =>
  (a.variant !== b.variant || a.rule !== b.rule) &&
  LATTICE_RANK[a.variant] <= LATTICE_RANK[b.variant] &&
  RULE_RANK[a.rule] <= RULE_RANK[b.rule];

export const isVariant = (name: string): name is Variant => (VARIANTS as readonly string[]).includes(name);
export const isDiscardRule = (name: string): name is DiscardRule => (DISCARD_RULES as readonly string[]).includes(name);

/** Cards discarded in a won game: everything but the four aces. */
export const WIN_DISCARDS = 48;
/** Piles on the table. */
export const PILES = 4;
