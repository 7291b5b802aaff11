// The rules of the game as the solver, the players, the ceiling and the report read them: the three variants
// as a table (what may fill an empty pile in each), the two discard rules, and the small functions over them
// that answer every question of the rules (docs/rules.md). Code elsewhere asks these functions or reads a
// variant's row; it never names a variant.
// The verifier (verify.ts) alone states the rules again, from docs/rules.md, as an independent check.

import { type Card, RANKS } from './cards.ts';

export const VARIANTS = ['standard', 'strict', 'easy'] as const;
export type Variant = (typeof VARIANTS)[number];

export const DISCARD_RULES = ['optional', 'forced'] as const;
export type DiscardRule = (typeof DISCARD_RULES)[number];

/**
 * What each variant allows (docs/rules.md, "Variants"): the one place that says it; the functions below answer
 * the rules' questions from it. How the search and the players play each variant is theirs to say, in a row
 * per variant beside them. A new variant is its row here, its row of the search's policies
 * (search/search-policies.ts) and of the players' settings (play/settings.ts), its docs, and a pinned
 * signature row (test/signature.test.ts).
 */
export interface VariantRules {
  /** Only an ace may be moved into an empty pile. */
  readonly acesOnly: boolean;
  /** Any single card of another pile may be moved, buried ones included; the cards above it close the gap. */
  readonly buriedCards: boolean;
  /** What the proofs use of the two above: non-aces never change piles (R7's lower cards, R8 everywhere). */
  readonly fixedPiles: boolean;
}

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  standard: { acesOnly: false, buriedCards: false, fixedPiles: false },
  strict: { acesOnly: true, buriedCards: false, fixedPiles: true },
  easy: { acesOnly: false, buriedCards: true, fixedPiles: false },
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
