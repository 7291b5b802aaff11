// The table: the four piles, the stock and the discards, drawn from the game; clicks, drags (mouse and touch) and
// the keyboard's focus on them are handed to the page as actions.

import { drawCard } from './card-view.ts';
import type { Round } from './round.ts';

export interface TableActions {
  /** A card was clicked (or activated from the keyboard). */
  card(card: string): void;
  /** An empty pile was clicked (0-based). */
  pile(pile: number): void;
  /** A card was dragged onto a pile. */
  drop(card: string, pile: number): void;
}

/** What the table marks besides the game: the card chosen to move, the pile chosen first, the hint's card. */
export interface Marks {
  selected: string | undefined;
  target: number | undefined;
  /** The card of the hint's move (none for a deal). */
  hinted: string | undefined;
}

/** Pixels a pointer moves before a press becomes a drag. */
const DRAG_FROM = 6;

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export class TableView {
  readonly #piles = byId<HTMLDivElement>('piles');
  readonly #stockCount = byId<HTMLSpanElement>('stock-count');
  readonly #discarded = byId<HTMLParagraphElement>('discarded');
  /** Cards by their element, for the event handlers. */
  #cards = new Map<HTMLElement, string>();
  #drag: { card: string; element: HTMLElement; x: number; y: number; moved: boolean; pointer: number } | undefined;
  #justDragged = false;

  constructor(private readonly actions: TableActions) {
    const piles = this.#piles;
    piles.addEventListener('click', (event) => this.#click(event), true);
    piles.addEventListener('pointerdown', (event) => this.#down(event));
    piles.addEventListener('pointermove', (event) => this.#move(event));
    piles.addEventListener('pointerup', (event) => this.#up(event));
    piles.addEventListener('pointercancel', () => this.#cancel());
  }

  render(round: Round, marks: Marks): void {
    // Drawing anew loses the focus: it goes back to the same card, or to what now lies where it was.
    const focused = document.activeElement as HTMLElement | null;
    const focusCard = focused?.dataset['card'];
    const focusPile = focused?.closest<HTMLElement>('.pile')?.dataset['pile'];
    const piles = round.piles();
    const easy = round.setup.variant === 'easy';
    this.#cards = new Map();
    const columns = piles.map((cards, index) => {
      const column = document.createElement('div');
      column.className = 'pile';
      column.dataset['pile'] = String(index + 1);
      column.setAttribute('role', 'group');
      column.setAttribute(
        'aria-label',
        `pile ${index + 1}, ${cards.length === 0 ? 'empty' : `${cards.length} ${cards.length === 1 ? 'card' : 'cards'}`}`,
      );
      if (cards.length === 0) {
        const slot = document.createElement('button');
        slot.type = 'button';
        slot.className = 'slot';
        slot.dataset['slot'] = String(index + 1);
        slot.textContent = `pile ${index + 1}`;
        slot.setAttribute('aria-label', `empty pile ${index + 1}`);
        if (marks.target === index) slot.classList.add('chosen');
        column.append(slot);
      }
      cards.forEach((card, height) => {
        const element = drawCard(card);
        const exposed = height === cards.length - 1;
        element.classList.toggle('buried', !exposed);
        element.classList.toggle('movable', exposed || easy);
        // Buried cards are reached with the mouse or by touch in easy only: the keyboard goes from top card to top card.
        if (!exposed) element.tabIndex = -1;
        if (marks.selected === card) element.classList.add('chosen');
        if (marks.hinted === card) element.classList.add('hinted');
        this.#cards.set(element, card);
        column.append(element);
      });
      return column;
    });
    this.#piles.replaceChildren(...columns);
    const stock = round.stockLeft();
    this.#stockCount.textContent = `${stock} in the stock`;
    byId('stock').classList.toggle('empty', stock === 0);
    this.#discarded.textContent = `${round.discarded()} discarded`;
    this.#restoreFocus(focused, focusCard, focusPile);
  }

  #restoreFocus(focused: HTMLElement | null, card: string | undefined, pile: string | undefined): void {
    if (focused === null || (card === undefined && pile === undefined) || focused.isConnected) return;
    const same = card === undefined ? null : this.#piles.querySelector<HTMLElement>(`[data-card="${card}"]:not(.buried)`);
    const column = pile === undefined ? null : this.#piles.querySelector<HTMLElement>(`.pile[data-pile="${pile}"]`);
    (same ?? column?.querySelector<HTMLElement>('.card:last-child, .slot'))?.focus();
  }

  /** The card or empty pile an event is on. */
  #target(event: Event): { card: string } | { pile: number } | undefined {
    const element = (event.target as HTMLElement).closest<HTMLElement>('.card, .slot');
    if (element === null) return undefined;
    const card = this.#cards.get(element);
    if (card !== undefined) return { card };
    return { pile: Number(element.dataset['slot']) - 1 };
  }

  #click(event: MouseEvent): void {
    if (this.#justDragged) {
      event.stopPropagation();
      return;
    }
    const on = this.#target(event);
    if (on === undefined) return;
    if ('card' in on) this.actions.card(on.card);
    else this.actions.pile(on.pile);
  }

  #down(event: PointerEvent): void {
    if (event.button !== 0) return;
    const element = (event.target as HTMLElement).closest<HTMLElement>('.card');
    const card = element === null ? undefined : this.#cards.get(element);
    if (element === null || card === undefined) return;
    this.#drag = { card, element, x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
  }

  #move(event: PointerEvent): void {
    const drag = this.#drag;
    if (drag === undefined || event.pointerId !== drag.pointer) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_FROM) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.element.classList.add('dragging');
      drag.element.setPointerCapture(event.pointerId);
    }
    drag.element.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  #up(event: PointerEvent): void {
    const drag = this.#drag;
    this.#drag = undefined;
    if (drag === undefined || !drag.moved) return;
    drag.element.classList.remove('dragging');
    drag.element.style.transform = '';
    // The click that follows the drag's release is the drag's, not a click on a card.
    this.#justDragged = true;
    setTimeout(() => (this.#justDragged = false), 0);
    // The dragged card lies under the pointer: hidden for a moment, the pile below it is found.
    drag.element.style.visibility = 'hidden';
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('.pile');
    drag.element.style.visibility = '';
    if (under?.dataset['pile'] !== undefined) this.actions.drop(drag.card, Number(under.dataset['pile']) - 1);
  }

  #cancel(): void {
    const drag = this.#drag;
    this.#drag = undefined;
    if (drag === undefined) return;
    drag.element.classList.remove('dragging');
    drag.element.style.transform = '';
  }
}
