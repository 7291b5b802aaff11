// Cards as small integers, and the deal string: parsing (every form docs/rules.md accepts, a numbered game of
// another program included: numbered.ts) and the canonical form.

import { numberedDeal } from './numbered.ts';

/** A card is an integer 0..51: `suit * 13 + rank`, rank 0 = two … 12 = ace (aces are high). */
export type Card = number;

export const CARDS = 52;

/** Largest seed and index of a seeded deal (deals.ts makes deal `index` of `seed`): in this module, which loads
 *  nothing heavy, so that the command line's options check them without loading the deals' generator. */
export const MAX_SEED = 0xffffffff;
export const MAX_INDEX = Number.MAX_SAFE_INTEGER;
export const RANKS = 13;
export const ACE_RANK = 12;

/** Rank letters by rank index (0 = two … 12 = ace). */
const RANK_LETTERS = '23456789TJQKA';
/** Suit letters by suit index: clubs, diamonds, hearts, spades. */
const SUIT_LETTERS = 'CDHS';
/** Suit symbols by suit index. */
const SUIT_SYMBOLS = '♣♦♥♠';

export const suitOf = (card: Card): number => (card / RANKS) | 0;
export const rankOf = (card: Card): number => card % RANKS;
export const isAce = (card: Card): boolean => card % RANKS === ACE_RANK;
export const makeCard = (suit: number, rank: number): Card => suit * RANKS + rank;

/** Canonical ASCII name of a card, e.g. `TS`, `AC`. */
export function cardName(card: Card): string {
  return RANK_LETTERS[rankOf(card)]! + SUIT_LETTERS[suitOf(card)]!;
}

/** Card name with its suit symbol, e.g. `10♠`, `A♣`, for people. */
export function cardLabel(card: Card): string {
  const rank = rankOf(card) === 8 ? '10' : RANK_LETTERS[rankOf(card)]!;
  return rank + SUIT_SYMBOLS[suitOf(card)]!;
}

/** Bad input: a deal string, a card or a move that cannot be read. The message names the first problem. */
export class InputError extends Error {
  override name = 'InputError';
}

/**
 * A deal: the 52 cards in dealing order. Card i (from 0) lands on pile (i mod 4) in round floor(i / 4);
 * cards 0–3 start the piles, the rest is the stock.
 */
export type Deal = Uint8Array;

const SEPARATOR = /[\s,]/u;

/** Reads one card at `text[at]`; returns [card, length] or undefined. Case-insensitive. */
function readCard(text: string, at: number): [Card, number] | undefined {
  let rank: number;
  let length: number;
  if (text.startsWith('10', at)) {
    rank = 8;
    length = 2;
  } else {
    rank = RANK_LETTERS.indexOf(text.charAt(at).toUpperCase());
    length = 1;
    if (rank < 0) return undefined;
  }
  const suitChar = text.charAt(at + length);
  let suit = SUIT_LETTERS.indexOf(suitChar.toUpperCase());
  if (suit < 0) suit = SUIT_SYMBOLS.indexOf(suitChar);
  if (suit < 0 || suitChar === '') return undefined;
  length += 1;
  // A symbol may carry an emoji presentation selector (U+FE0F): accept and skip it.
  if (text.charAt(at + length) === '\uFE0F') length += 1;
  return [makeCard(suit, rank), length];
}

/** Parses one card name (`7S`, `10♠`, `ts`). Throws InputError. */
export function parseCard(text: string): Card {
  const trimmed = text.trim();
  const read = readCard(trimmed, 0);
  if (read === undefined || read[1] !== trimmed.length) throw new InputError(`unknown card "${trimmed}"`);
  return read[0];
}

/**
 * Reads a list of cards separated by spaces, commas or nothing. Returns the cards in order, or throws an
 * InputError naming the first unknown token with its position (1-based card number and column).
 */
export function parseCards(text: string): Card[] {
  const cards: Card[] = [];
  let at = 0;
  while (at < text.length) {
    if (SEPARATOR.test(text.charAt(at))) {
      at += 1;
      continue;
    }
    const read = readCard(text, at);
    if (read === undefined) {
      let end = at;
      while (end < text.length && !SEPARATOR.test(text.charAt(end))) end += 1;
      throw new InputError(`unknown card "${text.slice(at, end)}" at position ${cards.length + 1} (column ${at + 1})`);
    }
    cards.push(read[0]);
    at += read[1];
  }
  return cards;
}

/**
 * Parses a deal string (RULES: 52 cards in dealing order), or the name of another program's numbered game
 * (`kpat:17`, `pysol:123456`). Throws an InputError naming the first problem: an unknown token and its position, a duplicated
 * card, a wrong count with the missing cards, or a game number the program does not take.
 */
export function parseDeal(text: string): Deal {
  const numbered = numberedDeal(text, (message) => new InputError(message));
  if (numbered !== undefined) return numbered;
  const cards = parseCards(text);
  const seenAt = new Int16Array(CARDS).fill(-1);
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    const first = seenAt[card]!;
    if (first >= 0) {
      throw new InputError(`duplicate card ${cardName(card)} at positions ${first + 1} and ${i + 1}`);
    }
    seenAt[card] = i;
  }
  if (cards.length !== CARDS) {
    const missing: string[] = [];
    for (let card = 0; card < CARDS; card++) if (seenAt[card] === -1) missing.push(cardName(card));
    const shown = missing.length > 8 ? `${missing.slice(0, 8).join(' ')} …` : missing.join(' ');
    throw new InputError(
      cards.length === 0
        ? 'empty deal: expected 52 cards'
        : `deal has ${cards.length} cards, expected 52 (missing ${missing.length === 1 ? 'card' : 'cards'} ${shown})`,
    );
  }
  return Uint8Array.from(cards);
}

/** The canonical deal string: upper-case ASCII, single spaces, T for ten. */
export function formatDeal(deal: Deal): string {
  return Array.from(deal, cardName).join(' ');
}

/** Checks that `deal` holds each of the 52 cards once (for decks built in code, not parsed). */
export function isDeal(deal: ArrayLike<number>): boolean {
  if (deal.length !== CARDS) return false;
  const seen = new Uint8Array(CARDS);
  for (let i = 0; i < CARDS; i++) {
    const card = deal[i]!;
    if (!Number.isInteger(card) || card < 0 || card >= CARDS || seen[card] === 1) return false;
    seen[card] = 1;
  }
  return true;
}
