// A card as the page draws it: a button with its rank and suit in the corner and a large suit in the middle, the
// suits in four colours (the game turns on suits: a card is discarded by a higher card of its own suit).

import { type Card, rankOf, suitOf } from '../core/game/cards.ts';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const RANK_WORDS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king', 'ace'];
const SUITS = ['c', 'd', 'h', 's'];
const SUIT_WORDS = ['clubs', 'diamonds', 'hearts', 'spades'];

const SVG = 'http://www.w3.org/2000/svg';

/** The suit's symbol (index.html's `#suit-…`) as an SVG element of class `name`. */
function suit(of: Card, name: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', name);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#suit-${SUITS[suitOf(of)]}`);
  svg.append(use);
  return svg;
}

/** The card `face` (as the reading shows it), named `name` in the rules' notation for `data-card`. */
export function drawCard(face: Card, name: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `card suit-${SUITS[suitOf(face)]}`;
  button.dataset['card'] = name;
  button.setAttribute('aria-label', `${RANK_WORDS[rankOf(face)]} of ${SUIT_WORDS[suitOf(face)]}`);
  const corner = document.createElement('span');
  corner.className = 'corner';
  const rank = document.createElement('span');
  rank.className = 'rank';
  rank.textContent = RANKS[rankOf(face)]!;
  corner.append(rank, suit(face, 'pip'));
  button.append(corner, suit(face, 'big'));
  return button;
}
