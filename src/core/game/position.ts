// The position notation (docs/rules.md): a game in progress as a player sees it — the four piles, the stock's
// size and the discards — parsed with a one-line message for each impossible position, and printed back.

import { type Card, CARDS, InputError, cardName, isAce, parseCards } from './cards.ts';
import { PILES, WIN_DISCARDS } from './rules.ts';

/** How the cards of a position are written: the standard game's, or another reading of the same game (reverse.ts). */
export interface Reading {
  /** The standard game's card for a card as written. */
  toGame(card: Card): Card;
  /** The name, as written, of a card of the standard game. */
  name(card: Card): string;
  /** The rank that is never discarded, in words. */
  top: string;
}

const STANDARD_READING: Reading = { toGame: (card) => card, name: cardName, top: 'ace' };

/** A position as a player sees it: nothing of the stock's order. */
export interface Position {
  /** The four piles, each from bottom to top. */
  piles: Card[][];
  /** Cards still in the stock: a multiple of 4, 0–48. */
  stock: number;
  /** The discarded cards, in card order. */
  discards: Card[];
}

const EMPTY = '-';
const article = (word: string): string => `${/^[aeiou]/u.test(word) ? 'an' : 'a'} ${word}`;
const MAX_STOCK = CARDS - PILES;

function stockCount(text: string): number {
  const n = Number(text);
  if (!/^\d+$/u.test(text) || n > MAX_STOCK || n % PILES !== 0) {
    throw new InputError(`stock "${text}": the stock holds a multiple of 4 cards, 0 to ${MAX_STOCK}`);
  }
  return n;
}

/**
 * Reads `7S JS | 5H | - | AC 2D ; stock 20 ; out 3C 4C …`: four piles separated by `|`, each bottom to top,
 * `-` for an empty pile; `stock N`; `out` and the discards (either of the two may be left out when the other
 * and the piles give it). Throws an InputError naming the first problem: an unknown card, a card twice, a
 * blank pile, a stock that is not a multiple of 4 or cannot hold the cards left over, a discarded ace, a
 * pile taller than the deals made so far.
 */
export function parsePosition(text: string, reading: Reading = STANDARD_READING): Position {
  const name = reading.name;
  const [table = '', ...sections] = text.split(';').map((part) => part.trim());
  const fields = table.split('|').map((part) => part.trim());
  if (fields.length !== PILES) throw new InputError(`expected 4 piles separated by "|", found ${fields.length}`);
  const where = new Map<Card, string>();
  const place = (card: Card, at: string): void => {
    const before = where.get(card);
    if (before !== undefined) throw new InputError(`${name(card)} is written twice (${before} and ${at})`);
    where.set(card, at);
  };
  const read = (words: string, at: string): Card[] => {
    try {
      return parseCards(words).map(reading.toGame);
    } catch (error) {
      throw error instanceof InputError ? new InputError(`${at}: ${error.message}`) : error;
    }
  };
  const piles = fields.map((field, pile) => {
    const at = `pile ${pile + 1}`;
    if (field === '') throw new InputError(`${at} is blank: write an empty pile as "${EMPTY}"`);
    if (field === EMPTY) return [];
    if (field.split(/\s+/u).includes(EMPTY)) throw new InputError(`${at}: "${EMPTY}" marks an empty pile and stands alone`);
    const cards = read(field, at);
    for (const card of cards) place(card, at);
    return cards;
  });
  let stock: number | undefined;
  let discards: Card[] | undefined;
  for (const section of sections) {
    const [word = '', ...rest] = section.split(/\s+/u);
    const keyword = word.toLowerCase();
    if (keyword === 'stock' && stock === undefined && rest.length === 1) stock = stockCount(rest[0]!);
    else if (keyword === 'out' && discards === undefined) {
      discards = read(rest.join(' '), 'out');
      for (const card of discards) {
        if (isAce(card)) throw new InputError(`${name(card)} is listed as discarded: ${article(reading.top)} is never discarded`);
        place(card, 'out');
      }
    } else throw new InputError(`"${section}" is not "stock N" or "out CARDS" (each at most once)`);
  }
  const onPiles = piles.reduce((sum, cards) => sum + cards.length, 0);
  const left = CARDS - onPiles;
  if (stock === undefined && discards === undefined) throw new InputError('no stock given: end the position with "; stock N"');
  if (stock === undefined) stock = stockCount(String(left - discards!.length));
  if (discards === undefined) {
    if (left - stock !== 0) {
      if (left < stock) throw new InputError(`a stock of ${stock} cannot be: only ${left} cards are off the piles`);
      throw new InputError(`${left - stock} cards are neither on the piles nor in the stock of ${stock}: list them after "; out"`);
    }
    discards = [];
  }
  if (onPiles + discards.length + stock !== CARDS) {
    throw new InputError(
      `a stock of ${stock} cannot hold the ${left - discards.length} cards that are neither on the piles nor out ` +
        `(${onPiles} on the piles + ${discards.length} out + ${stock} in the stock is not 52)`,
    );
  }
  if (discards.length > WIN_DISCARDS) throw new InputError(`${discards.length} discards: at most ${WIN_DISCARDS} cards are ever discarded`);
  // Every pile gets one card per deal, and a card only moves into an empty pile: no pile holds more cards
  // than the rounds dealt (the start counts as one).
  const rounds = (CARDS - stock) / PILES;
  piles.forEach((cards, pile) => {
    if (cards.length > rounds) {
      throw new InputError(`pile ${pile + 1} holds ${cards.length} cards, more than the ${rounds} dealt to each pile so far`);
    }
  });
  return { piles, stock, discards: [...discards].sort((a, b) => a - b) };
}

/** The canonical form: `7S JS | 5H | - | AC 2D ; stock 20 ; out 2C 3C` (no `out` when nothing is discarded). */
export function formatPosition(position: Position): string {
  const piles = position.piles.map((cards) => (cards.length === 0 ? EMPTY : cards.map(cardName).join(' '))).join(' | ');
  const out = position.discards.length === 0 ? '' : ` ; out ${position.discards.map(cardName).join(' ')}`;
  return `${piles} ; stock ${position.stock}${out}`;
}

/** The cards neither on the piles nor discarded (the stock as a set), in card order. */
export function unseenOf(position: Position): Card[] {
  const known = new Uint8Array(CARDS);
  for (const cards of position.piles) for (const card of cards) known[card] = 1;
  for (const card of position.discards) known[card] = 1;
  const unseen: Card[] = [];
  for (let card = 0; card < CARDS; card++) if (known[card] === 0) unseen.push(card);
  return unseen;
}

/**
 * A dealing order of the cards off the stock consistent with the position, for the solver (whose piles are
 * sets of dealing positions, in order: docs/search.md, Lemma P): the cards of pile p, bottom to top, take
 * pile p's own slots of the last rounds (position mod 4 = p), so every card sits where a deal puts it; the
 * discards fill the other slots. Returns the first 52 − stock cards of a deal.
 */
export function dealtOrder(position: Position): Card[] {
  const dealt = CARDS - position.stock;
  const rounds = dealt / PILES;
  const slots: (Card | undefined)[] = new Array(dealt).fill(undefined);
  position.piles.forEach((cards, pile) => {
    cards.forEach((card, i) => {
      slots[(rounds - cards.length + i) * PILES + pile] = card;
    });
  });
  let next = 0;
  return slots.map((card) => card ?? position.discards[next++]!);
}
