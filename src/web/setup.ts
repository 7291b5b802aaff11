// A game's setup — which deal (deal I of seed S, a deal string, or another program's numbered game such as kpat:17)
// under which rules and reading — read from and written to the page's address (#seed=1&index=4&variant=strict…), so
// that a game can be shared and replayed.

import { type DiscardRule, InputError, MAX_SEED, type Variant, newGame, parseDeal, seededDeal } from '../index.ts';

const VARIANTS: readonly Variant[] = ['standard', 'strict', 'easy'];
const RULES: readonly DiscardRule[] = ['optional', 'forced'];

/** The rules a game is played under: the rule texts' game (standard, optional discards) unless others are chosen. */
export type Rules = Pick<Setup, 'variant' | 'discards' | 'reverse'>;
export const DEFAULT_RULES: Rules = { variant: 'standard', discards: 'optional', reverse: false };

export interface Setup {
  /** Deal `index` of `seed`, or the deal string `deal` (as written in the reading of `reverse`, or a numbered game). */
  source: { seed: number; index: number } | { deal: string };
  variant: Variant;
  discards: DiscardRule;
  /** Reverse Idiot's Delight: cards read and shown with aces low and the kings kept. */
  reverse: boolean;
}

/** A numbered game of another program (`kpat:17`), as the library reads one wherever it reads a deal. */
const NUMBERED = /^\s*[a-z]+\s*:\s*\d+\s*$/iu;

/** Whether a setup's deal is another program's numbered game, kept by its name. */
export const isNumbered = (setup: Setup): boolean => 'deal' in setup.source && NUMBERED.test(setup.source.deal);

/**
 * The deal of a setup as the library's game takes it: a string in the setup's reading, or the standard game's card
 * numbers (deal I of seed S read in reverse is the twin of the standard deal I of seed S, as `acesup deal --reverse`
 * prints it).
 */
export function dealOf(setup: Setup): string | Uint8Array {
  const { source } = setup;
  if ('deal' in source) return source.deal;
  const standard = seededDeal(source.seed, source.index);
  return setup.reverse ? parseDeal(standard) : standard;
}

/** A whole number from a field of the address or the form, or an InputError naming the field. */
export function numberField(text: string, name: string, most: number): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isSafeInteger(value) || value < 0 || value > most)
    throw new InputError(`${name} must be a whole number from 0 to ${most}`);
  return value;
}

/** The setup the address names, or undefined when it names none; an InputError names a bad field. */
export function readSetup(hash: string): Setup | undefined {
  const fields = new URLSearchParams(hash.replace(/^#/u, ''));
  const variant = fields.get('variant') ?? DEFAULT_RULES.variant;
  const discards = fields.get('discards') ?? DEFAULT_RULES.discards;
  if (!VARIANTS.includes(variant as Variant)) throw new InputError(`unknown variant "${variant}" (standard, strict or easy)`);
  if (!RULES.includes(discards as DiscardRule)) throw new InputError(`unknown discard rule "${discards}" (optional or forced)`);
  const reverse = fields.get('reverse') === '1';
  const deal = fields.get('deal');
  const seed = fields.get('seed');
  let source: Setup['source'];
  if (deal !== null) source = { deal };
  else if (seed !== null)
    source = {
      seed: numberField(seed, 'seed', MAX_SEED),
      index: numberField(fields.get('index') ?? '0', 'index', Number.MAX_SAFE_INTEGER),
    };
  else return undefined;
  return checked({ source, variant: variant as Variant, discards: discards as DiscardRule, reverse });
}

/**
 * The setup with its deal checked and written canonically (a numbered game keeps its name, lower-cased), so that
 * a bad deal is named before anything is drawn; an InputError names the problem.
 */
export function checked(setup: Setup): Setup {
  if (!('deal' in setup.source)) return setup;
  const text = setup.source.deal;
  const deal = NUMBERED.test(text) ? text.replace(/\s+/gu, '').toLowerCase() : newGame(text, { reverse: setup.reverse }).deal;
  if (NUMBERED.test(text)) newGame(deal, { reverse: setup.reverse }); // a number the program does not take is named
  return { ...setup, source: { deal } };
}

/** The address of a setup (without the #): the deal compact, the rules, and the reading when reversed. */
export function writeSetup(setup: Setup): string {
  const fields = new URLSearchParams();
  if ('deal' in setup.source) fields.set('deal', isNumbered(setup) ? setup.source.deal : setup.source.deal.replaceAll(' ', ''));
  else {
    fields.set('seed', String(setup.source.seed));
    fields.set('index', String(setup.source.index));
  }
  fields.set('variant', setup.variant);
  fields.set('discards', setup.discards);
  if (setup.reverse) fields.set('reverse', '1');
  return fields.toString();
}

/** The rule set a game's statistics are kept under: "standard · optional discards". */
export const ruleSetName = (rules: Pick<Setup, 'variant' | 'discards'>): string => `${rules.variant} · ${rules.discards} discards`;

/** The setup in words, for the page's heading: "deal 4 of seed 17 · strict · forced discards". */
export function describeSetup(setup: Setup): string {
  const deal = isNumbered(setup)
    ? `game ${(setup.source as { deal: string }).deal}`
    : 'deal' in setup.source
      ? 'a deal of your own'
      : `deal ${setup.source.index} of seed ${setup.source.seed}`;
  return `${deal} · ${ruleSetName(setup)}${setup.reverse ? ' · reverse (aces low)' : ''}`;
}
