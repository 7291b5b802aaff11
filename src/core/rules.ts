// The rule choices as data: the three variants (what may fill an empty pile) and the two discard rules.

export const VARIANTS = ['standard', 'strict', 'easy'] as const;
export type Variant = (typeof VARIANTS)[number];

export const DISCARD_RULES = ['optional', 'forced'] as const;
export type DiscardRule = (typeof DISCARD_RULES)[number];

/** Which card may be moved onto an empty pile, per variant (docs/rules.md, "Variants"). */
export interface VariantRules {
  /** Only an ace may be moved into an empty pile. */
  readonly acesOnly: boolean;
  /** Any single card of another pile may be moved, buried ones included; the cards above it close the gap. */
  readonly buriedCards: boolean;
}

export const VARIANT_RULES: Readonly<Record<Variant, VariantRules>> = {
  standard: { acesOnly: false, buriedCards: false },
  strict: { acesOnly: true, buriedCards: false },
  easy: { acesOnly: false, buriedCards: true },
};

export const isVariant = (name: string): name is Variant => (VARIANTS as readonly string[]).includes(name);
export const isDiscardRule = (name: string): name is DiscardRule =>
  (DISCARD_RULES as readonly string[]).includes(name);

/** Cards discarded in a won game: everything but the four aces. */
export const WIN_DISCARDS = 48;
/** Piles on the table. */
export const PILES = 4;
