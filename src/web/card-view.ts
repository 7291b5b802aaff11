// A card as the page draws it: a button with its rank and suit in the corner and a large suit in the middle, the
// suits in four colours (the game turns on suits: a card is discarded by a higher card of its own suit).

const RANKS = '23456789TJQKA';
const RANK_SHOWN = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const RANK_WORDS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king', 'ace'];
const SUITS = 'CDHS';
const SUIT_WORDS = ['clubs', 'diamonds', 'hearts', 'spades'];

const SVG = 'http://www.w3.org/2000/svg';

/** The suit's symbol (index.html's `#suit-…`) as an SVG element of class `name`. */
function suit(letter: string, name: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', name);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `#suit-${letter}`);
  svg.append(use);
  return svg;
}

/** The card `name` (`7S`, `TD`, as the reading writes it: its face), `data-card` its name in the rules' notation. */
export function drawCard(name: string): HTMLButtonElement {
  const rank = RANKS.indexOf(name[0]!);
  const of = SUITS.indexOf(name[1]!);
  const letter = SUITS[of]!.toLowerCase();
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `card suit-${letter}`;
  button.dataset['card'] = name;
  button.setAttribute('aria-label', `${RANK_WORDS[rank]} of ${SUIT_WORDS[of]}`);
  const corner = document.createElement('span');
  corner.className = 'corner';
  const shown = document.createElement('span');
  shown.className = 'rank';
  shown.textContent = RANK_SHOWN[rank]!;
  corner.append(shown, suit(letter, 'pip'));
  button.append(corner, suit(letter, 'big'));
  return button;
}
