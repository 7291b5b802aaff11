// Reverse Idiot's Delight: aces low and the four kings kept. The same game with every rank moved one place
// (docs/rules.md): deals, moves and positions are read in that reading, solved as the standard game, printed back.

import { type Card, type Deal, InputError, RANKS, cardName, formatDeal, makeCard, parseDeal, rankOf, suitOf } from './cards.ts';
import { type GameMove, formatMove, parseMove, parseMoves } from './notation.ts';
import { numberedName } from './numbered.ts';
import { type Position, type Reading, parsePosition } from './position.ts';

/**
 * The card of the standard game that plays as `card` read with aces low: ranks keep their order (A < 2 < … < K
 * becomes 2 < 3 < … < A), so the ace goes to the two and the king to the ace. A mirror (A↔K, 2↔Q, …) would turn
 * the order upside down and make the lower card remove the higher one: not the same game.
 */
export const fromReversed = (card: Card): Card => makeCard(suitOf(card), (rankOf(card) + 1) % RANKS);
/** The card read with aces low that plays as `card` of the standard game: fromReversed undone. */
export const toReversed = (card: Card): Card => makeCard(suitOf(card), (rankOf(card) + RANKS - 1) % RANKS);

/** A deal string read with aces low, as the standard game's deal. Another program's numbered game is a deal of
 *  its own game, aces high, so it has no reversed reading. */
export function parseReversedDeal(text: string): Deal {
  const named = numberedName(text);
  if (named !== undefined)
    throw new InputError(
      `${named.games.prefix}:${named.number} is a game of ${named.games.program}'s Aces Up (aces high): not in the reversed reading`,
    );
  return parseDeal(text).map(fromReversed);
}

/** A move, its card mapped by `map`. */
export function mapMove(move: GameMove, map: (card: Card) => Card): GameMove {
  return move.kind === 'deal' ? move : { ...move, card: map(move.card) };
}

/** A comma-separated move list read with aces low, as the standard game's moves. */
export const parseReversedMoves = (text: string): GameMove[] => parseMoves(text).map((move) => mapMove(move, fromReversed));

/** Cards read with aces low: the king is the card never discarded. */
const REVERSED_READING: Reading = { toGame: fromReversed, name: (card) => cardName(toReversed(card)), top: 'king' };

/** A position read with aces low, as the standard game's (its errors name the cards as written). */
export const parseReversedPosition = (text: string): Position => parsePosition(text, REVERSED_READING);

const NAMES = '23456789TJQKA';
const LABELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const NAME = /(?<![A-Za-z0-9])([2-9TJQKA])([CDHS])(?![A-Za-z0-9])/gu;
const LABEL = /(?<![A-Za-z0-9])(10|[2-9JQKA])([♣♦♥♠])/gu;

/**
 * `text` with every card the standard game's output names — canonical (`7S`, `AC`) or for people (`10♠`) —
 * written as read with aces low, and "an ace" (the card never removed) as "a king". For the commands' output,
 * whose only such tokens are cards.
 */
export function writeReversed(text: string): string {
  return text
    .replace(/\ban ace\b/gu, 'a king')
    .replace(/\bfour aces\b/gu, 'four kings')
    .replace(NAME, (_, rank: string, suit: string) => NAMES[(NAMES.indexOf(rank) + RANKS - 1) % RANKS]! + suit)
    .replace(LABEL, (_, rank: string, suit: string) => LABELS[(LABELS.indexOf(rank) + RANKS - 1) % RANKS]! + suit);
}

/** How the library reads and writes a game's cards: as they are, or in Reverse Idiot's Delight's reading. */
export interface CardReading {
  /** A deal string (or a numbered game's name) as the standard game's deal. */
  deal(text: string): Deal;
  /** A move list as the standard game's moves. */
  moves(text: string): GameMove[];
  /** One move as the standard game's. */
  move(text: string): GameMove;
  /** A position as the standard game's. */
  position(text: string): Position;
  /** The canonical deal string, written in the reading. */
  formatDeal(deal: Deal): string;
  /** A move in the rules' notation, written in the reading. */
  formatMove(move: GameMove): string;
  /** A card's name (`7S`), written in the reading. */
  cardName(card: Card): string;
  /** Text the standard game's code wrote (a reason, a position), its cards written in the reading. */
  write(text: string): string;
}

const AS_THEY_ARE: CardReading = {
  deal: parseDeal,
  moves: parseMoves,
  move: parseMove,
  position: (text) => parsePosition(text),
  formatDeal,
  formatMove,
  cardName,
  write: (text) => text,
};

const REVERSED: CardReading = {
  deal: parseReversedDeal,
  moves: parseReversedMoves,
  move: (text) => mapMove(parseMove(text), fromReversed),
  position: parseReversedPosition,
  formatDeal: (deal) => formatDeal(deal.map(toReversed)),
  formatMove: (move) => formatMove(mapMove(move, toReversed)),
  cardName: (card) => cardName(toReversed(card)),
  write: writeReversed,
};

/** The reading of `reverse` (Reverse Idiot's Delight's when true). */
export const readingOf = (reverse: boolean): CardReading => (reverse ? REVERSED : AS_THEY_ARE);
