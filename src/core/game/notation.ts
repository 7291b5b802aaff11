// The move notation of docs/rules.md ("deal", "remove XY", "move XY N") as plain values, for parsing and printing.

import { type Card, InputError, cardLabel, cardName, parseCard } from './cards.ts';

/** A move in the readable form used at the edges (solutions, verify). Piles are 0-based here. */
export type GameMove =
  | { readonly kind: 'deal' }
  | { readonly kind: 'remove'; readonly card: Card }
  | { readonly kind: 'move'; readonly card: Card; readonly pile: number };

/** docs/rules.md notation: `deal`, `remove 7S`, `move 5H 1` (piles numbered 1–4). */
export function formatMove(move: GameMove): string {
  switch (move.kind) {
    case 'deal':
      return 'deal';
    case 'remove':
      return `remove ${cardName(move.card)}`;
    case 'move':
      return `move ${cardName(move.card)} ${move.pile + 1}`;
  }
}

/** The same move for people, with suit symbols: `remove 7♠`, `move 5♥ to pile 1`. */
export function describeMove(move: GameMove): string {
  switch (move.kind) {
    case 'deal':
      return 'deal';
    case 'remove':
      return `remove ${cardLabel(move.card)}`;
    case 'move':
      return `move ${cardLabel(move.card)} to pile ${move.pile + 1}`;
  }
}

/** Parses one move string (case-insensitive, any spacing). Throws InputError naming the problem. */
export function parseMove(text: string): GameMove {
  const words = text.trim().split(/\s+/u);
  const verb = (words[0] ?? '').toLowerCase();
  const card = (index: number): Card => {
    const word = words[index];
    if (word === undefined) throw new InputError(`"${text.trim()}": missing card`);
    try {
      return parseCard(word);
    } catch {
      throw new InputError(`"${text.trim()}": unknown card "${word}"`);
    }
  };
  if (verb === 'deal' && words.length === 1) return { kind: 'deal' };
  if (verb === 'remove' && words.length === 2) return { kind: 'remove', card: card(1) };
  if (verb === 'move' && words.length === 3) {
    const pile = Number(words[2]);
    if (!Number.isInteger(pile) || pile < 1 || pile > 4) {
      throw new InputError(`"${text.trim()}": pile must be 1, 2, 3 or 4`);
    }
    return { kind: 'move', card: card(1), pile: pile - 1 };
  }
  throw new InputError(`"${text.trim()}" is not a move (expected "deal", "remove XY" or "move XY N")`);
}

/** Parses a comma-separated move list; empty items are skipped. Throws InputError naming the move number. */
export function parseMoves(text: string): GameMove[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.map((item, index) => {
    try {
      return parseMove(item);
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`move ${index + 1}: ${error.message}`);
      throw error;
    }
  });
}
