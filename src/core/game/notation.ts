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
export function describeGameMove(move: GameMove): string {
  switch (move.kind) {
    case 'deal':
      return 'deal';
    case 'remove':
      return `remove ${cardLabel(move.card)}`;
    case 'move':
      return `move ${cardLabel(move.card)} to pile ${move.pile + 1}`;
  }
}

/** Parses one move string (case-insensitive, any spacing; "move 5H to pile 1" too). Throws InputError naming the problem. */
export function parseMove(text: string): GameMove {
  const words = text
    .trim()
    .replace(/^(move\s+\S+)\s+to\s+pile\s+(\S+)$/iu, '$1 $2')
    .split(/\s+/u);
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

/**
 * The moves of a list in any form the command line prints or reads, one item per move: comma-separated
 * ("deal, remove 2D, move 6S 3"), one per line, or numbered lines as `acesup solve --show` prints them
 * ("  2. move A♣ to pile 3"; "2)" too); suit letters or symbols, any case. Empty items are skipped.
 */
function moveItems(text: string): string[] {
  return text
    .split(/[,\n\r]/u)
    .map((item) => item.trim().replace(/^\d+\s*[.)]\s*/u, '')) // "12. deal"
    .filter((item) => item !== '');
}

/** Parses a move list (any form `moveItems` reads). Throws InputError naming the move number. */
export function parseMoves(text: string): GameMove[] {
  return moveItems(text).map((item, index) => {
    try {
      return parseMove(item);
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`move ${index + 1}: ${error.message}`);
      throw error;
    }
  });
}
