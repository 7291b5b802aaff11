// A game's setup — which deal (deal I of seed S, or a deal string) under which rules and reading — read from and
// written to the page's address (#seed=1&index=4&variant=strict…), so that a game can be shared and replayed.

import { type DiscardRule, InputError, MAX_SEED, type Variant, formatDeal, parseDeal, seededDeal } from '../index.ts';
import { parseReversedDeal, toReversed } from '../core/game/reverse.ts';

const VARIANTS: readonly Variant[] = ['standard', 'strict', 'easy'];
const RULES: readonly DiscardRule[] = ['optional', 'forced'];

export interface Setup {
  /** Deal `index` of `seed`, or the deal string `deal` (as written in the reading of `reverse`). */
  source: { seed: number; index: number } | { deal: string };
  variant: Variant;
  discards: DiscardRule;
  /** Reverse Idiot's Delight: cards read and shown with aces low and the kings kept. */
  reverse: boolean;
}

/** The deal of a setup, as the standard game's 52 cards (a reversed reading is solved as its twin). */
export function dealOf(setup: Setup): Uint8Array {
  const { source } = setup;
  if ('deal' in source) return setup.reverse ? parseReversedDeal(source.deal) : parseDeal(source.deal);
  // Deal I of seed S read in reverse is the twin of the standard deal I of seed S (acesup deal --reverse).
  return parseDeal(seededDeal(source.seed, source.index));
}

/** The deal string as the setup's reading writes it, canonical. */
export function dealText(deal: Uint8Array, reverse: boolean): string {
  return formatDeal(reverse ? deal.map(toReversed) : deal);
}

/** A whole number from a field of the address or the form, or an InputError naming the field. */
export function wholeNumber(text: string, name: string, most: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 0 || value > most)
    throw new InputError(`${name} must be a whole number from 0 to ${most}`);
  return value;
}

/** The setup the address names, or undefined when it names none; an InputError names a bad field. */
export function readSetup(hash: string): Setup | undefined {
  const fields = new URLSearchParams(hash.replace(/^#/u, ''));
  const variant = fields.get('variant') ?? 'standard';
  const discards = fields.get('discards') ?? 'optional';
  if (!VARIANTS.includes(variant as Variant)) throw new InputError(`unknown variant "${variant}" (standard, strict or easy)`);
  if (!RULES.includes(discards as DiscardRule)) throw new InputError(`unknown discard rule "${discards}" (optional or forced)`);
  const reverse = fields.get('reverse') === '1';
  const deal = fields.get('deal');
  const seed = fields.get('seed');
  let source: Setup['source'];
  if (deal !== null) source = { deal };
  else if (seed !== null)
    source = {
      seed: wholeNumber(seed, 'seed', MAX_SEED),
      index: wholeNumber(fields.get('index') ?? '0', 'index', Number.MAX_SAFE_INTEGER),
    };
  else return undefined;
  const setup: Setup = { source, variant: variant as Variant, discards: discards as DiscardRule, reverse };
  // A deal string is checked now, so that a bad one is named before anything is drawn.
  if ('deal' in source) source.deal = dealText(dealOf(setup), reverse);
  return setup;
}

/** The address of a setup (without the #): the deal compact, the rules, and the reading when reversed. */
export function writeSetup(setup: Setup): string {
  const fields = new URLSearchParams();
  if ('deal' in setup.source) fields.set('deal', setup.source.deal.replaceAll(' ', ''));
  else {
    fields.set('seed', String(setup.source.seed));
    fields.set('index', String(setup.source.index));
  }
  fields.set('variant', setup.variant);
  fields.set('discards', setup.discards);
  if (setup.reverse) fields.set('reverse', '1');
  return fields.toString();
}

/** The setup in words, for the page's heading: "deal 4 of seed 17 · strict · forced discards". */
export function describeSetup(setup: Setup): string {
  const deal = 'deal' in setup.source ? 'a deal of your own' : `deal ${setup.source.index} of seed ${setup.source.seed}`;
  return `${deal} · ${setup.variant} · ${setup.discards} discards${setup.reverse ? ' · reverse (aces low)' : ''}`;
}
