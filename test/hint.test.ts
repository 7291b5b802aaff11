// The position notation and the hint: known answers on built positions, every impossible position a one-line
// error, the made-up dealing order solving as the real one, and the hint's move legal with consistent shares.

import { describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { type Card, InputError, cardName, parseCards } from '../src/core/game/cards.ts';
import { parseMove } from '../src/core/game/notation.ts';
import { type Position, dealtOrder, formatPosition, parsePosition, unseenOf } from '../src/core/game/position.ts';
import { Rng } from '../src/core/game/random.ts';
import { type DiscardRule, type Variant, VARIANTS } from '../src/core/game/rules.ts';
import { hint } from '../src/core/api.ts';
import { playGame } from '../src/core/play/game.ts';
import { makePolicy } from '../src/core/play/policies.ts';
import { Table, illegalMove } from '../src/core/play/view.ts';
import { PositionSolver, positionFrame } from '../src/core/search/position-solve.ts';

/** The discards that make the rest of the deck: every card not named in `kept`. */
const outExcept = (kept: string): string => {
  const keep = new Set(parseCards(kept));
  const out: string[] = [];
  for (let card = 0; card < 52; card++) if (!keep.has(card)) out.push(cardName(card));
  return out.join(' ');
};

/** Positions of seeded games of greedy, one after each deal: piles, stock and the true stock order behind them. */
function gamePositions(variant: Variant, rule: DiscardRule, deals: number): { position: Position; deal: Uint8Array; table: Table }[] {
  const found: { position: Position; deal: Uint8Array; table: Table }[] = [];
  for (let index = 0; index < deals; index++) {
    const deal = dealFor(7, index);
    const game = playGame(deal, makePolicy('greedy', variant, rule, { aceBonus: 2 }), variant, rule, new Rng(7, index));
    const table = new Table(variant, rule);
    let next = 0;
    const land = (): void => {
      table.land([deal[next]!, deal[next + 1]!, deal[next + 2]!, deal[next + 3]!]);
      next += 4;
    };
    land();
    for (const move of game.moves) {
      if (move.kind === 'deal') land();
      else table.apply(move);
      if (move.kind === 'deal' && table.stockLeft % 12 === 0) {
        const discards: Card[] = [];
        for (let card = 0; card < 52; card++) if (!table.isUnseen(card) && !table.piles.some((p) => p.includes(card))) discards.push(card);
        const snapshot = new Table(variant, rule);
        Object.assign(snapshot, { piles: table.piles.map((p) => [...p]), stockLeft: table.stockLeft, discarded: table.discarded });
        found.push({ position: { piles: table.piles.map((p) => [...p]), stock: table.stockLeft, discards }, deal, table: snapshot });
      }
    }
  }
  return found;
}

describe('the position notation', () => {
  it('reads piles, stock and discards and writes them back in the canonical form', () => {
    const text = `7s js | 5H | - | AC 10d ; stock 20 ; out ${outExcept('7S JS 5H AC TD KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AD AH AS KD QD JD 9D 8D')}`;
    const position = parsePosition(text);
    expect(position.piles.map((p) => p.map(cardName))).toEqual([['7S', 'JS'], ['5H'], [], ['AC', 'TD']]);
    expect(position.stock).toBe(20);
    expect(unseenOf(position)).toHaveLength(20);
    expect(parsePosition(formatPosition(position))).toEqual(position);
    // The stock may be left out when the discards give it, and the discards when there are none.
    expect(parsePosition(text.replace('; stock 20 ', '')).stock).toBe(20);
    expect(parsePosition('2C | 3C | 4C | 5C ; stock 48').discards).toEqual([]);
  });

  it.each([
    ['7S | 7S | 5H | AC ; stock 48', '7S is written twice (pile 1 and pile 2)'],
    ['7S | 5H | AC ; stock 48', 'expected 4 piles separated by "|", found 3'],
    ['7S |  | 5H | AC ; stock 48', 'pile 2 is blank: write an empty pile as "-"'],
    ['7S | - 2C | 5H | AC ; stock 48', 'pile 2: "-" marks an empty pile and stands alone'],
    ['7S | XX | 5H | AC ; stock 48', 'pile 2: unknown card "XX" at position 1 (column 1)'],
    ['7S | 2C | 5H | AC ; stock 46', 'stock "46": the stock holds a multiple of 4 cards, 0 to 48'],
    ['7S | 2C | 5H | AC ; stock 44', '4 cards are neither on the piles nor in the stock of 44: list them after "; out"'],
    ['7S | 2C | 5H | AC', 'no stock given: end the position with "; stock N"'],
    ['7S | 2C | 5H | AC ; stock 44 ; out 3C 4C', 'a stock of 44 cannot hold the 46 cards that are neither on the piles nor out'],
    ['7S | 2C | 5H | AC ; stock 44 ; out 3C 4C AD 6D', 'AD is listed as discarded: an ace is never discarded'],
    ['7S 8S 9S | 2C | 5H | AC ; stock 44 ; out 3C 4C', 'pile 1 holds 3 cards, more than the 2 dealt to each pile so far'],
    ['7S | 2C | 5H | AC ; stock 48 ; hello', '"hello" is not "stock N" or "out CARDS" (each at most once)'],
  ])('%s is refused: %s', (text, message) => {
    expect(() => parsePosition(text)).toThrow(InputError);
    expect(() => parsePosition(text)).toThrow(message);
  });

  it.each(VARIANTS)('its made-up dealing order solves as the real one from positions of real games (%s)', (variant) => {
    // The solver's piles are sets of dealing positions; the made-up order must give the same verdicts (strict
    // reads a card's pile from its position).
    let compared = 0;
    for (const rule of ['forced', 'optional'] as const) {
      const solver = new PositionSolver(variant, rule);
      for (const { position, deal } of gamePositions(variant, rule, 6)) {
        const dealt = 52 - position.stock;
        const real = solver.solve(deal, positionFrame(deal, position.piles, dealt, position.discards.length), 50_000);
        const made = Uint8Array.from([...dealtOrder(position), ...deal.subarray(dealt)]);
        const again = solver.solve(made, positionFrame(made, position.piles, dealt, position.discards.length), 50_000);
        if (real.verdict === 'unknown' || again.verdict === 'unknown') continue;
        expect(again.verdict).toBe(real.verdict);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});

describe('hint', () => {
  it('plays the one winning removal, exactly: nothing is unseen', () => {
    const text = `AC | AD | AH | AS KC ; stock 0 ; out ${outExcept('AC AD AH AS KC')}`;
    const answer = hint(text, { rollouts: 50, orders: 10 });
    expect(answer.move).toBe('remove KC');
    expect(answer.over).toBeNull();
    expect(answer.chance).toMatchObject({ won: 1, of: 1, low: 1, high: 1, exact: true, ci95: { low: 1, high: 1 } });
    expect(answer.perfect).toMatchObject({ won: 1, of: 1, lost: 0, unknown: 0, low: 1, high: 1, exact: true, decided: true });
    expect(hint(text, { perfect: false }).perfect).toBeNull();
  });

  it('says a won game is over, and a lost one', () => {
    const won = hint(`AC | AD | AH | AS ; stock 0 ; out ${outExcept('AC AD AH AS')}`);
    expect(won).toMatchObject({ move: null, over: 'won', perfect: { low: 1 } });
    const lost = hint(`AC KC | AD | AH | AS ; stock 0 ; out ${outExcept('AC KC AD AH AS')}`, { variant: 'strict' });
    expect(lost).toMatchObject({ move: null, over: 'lost', chance: { low: 0, exact: true }, perfect: { low: 0, high: 0, exact: true } });
  });

  it('deals rather than fills when every order of the last four cards is then won, counting all 24 orders exactly', () => {
    // Dealing four clubs onto AC | AD | AH AS | -: three go at once, the highest goes to the ace of clubs,
    // moved off it into the empty pile if need be, and the ace of spades spreads to the last empty pile.
    // Moving the ace of spades first leaves no empty pile: a king of clubs dealt onto the ace of clubs stays.
    const text = `AC | AD | AH AS | - ; stock 4 ; out ${outExcept('AC AD AH AS KC QC JC TC')}`;
    for (const discards of ['optional', 'forced'] as const) {
      const answer = hint(text, { discards, orders: 40, rollouts: 200 });
      expect(answer.move).toBe('deal');
      expect(answer.perfect).toMatchObject({ won: 24, of: 24, unknown: 0, low: 1, high: 1, exact: true, decided: true });
      expect(answer.chance).toMatchObject({ won: 24, of: 24, low: 1, exact: true });
    }
    // In strict only an ace may move. A player who knows the king of clubs comes onto pile 1 moves the lone ace
    // of clubs into pile 4 first, and wins every order; one who does not loses the orders that bury an ace
    // under the king (whatever it does first, one of the piles the king may come onto loses), so no player that
    // cannot see the stock wins them all. Its exact chance is a whole number of the 24 orders.
    const strict = hint(text, { variant: 'strict' });
    expect(strict.perfect).toMatchObject({ won: 24, of: 24, low: 1, high: 1, exact: true });
    expect(strict.chance.exact).toBe(true);
    expect(strict.chance.low).toBeLessThan(1);
    expect(strict.chance.low * 24).toBeCloseTo(Math.round(strict.chance.low * 24), 9);
  });

  it('gives a legal move and shares that hold together on positions of real games, the same for the same seed', () => {
    for (const { position, table } of gamePositions('standard', 'optional', 3)) {
      const text = formatPosition(position);
      const options = { rollouts: 100, orders: 8, maxStates: 5_000, samples: 8 };
      const answer = hint(text, options);
      expect(answer.position).toBe(text);
      if (answer.move !== null) expect(illegalMove(table, parseMove(answer.move))).toBeUndefined();
      const { chance } = answer;
      const perfect = answer.perfect!;
      expect(perfect.won + perfect.lost + perfect.unknown).toBe(perfect.of);
      expect(perfect.ci95.low).toBeLessThanOrEqual(perfect.low);
      expect(perfect.ci95.high).toBeGreaterThanOrEqual(perfect.high);
      expect(chance.ci95.low).toBeLessThanOrEqual(chance.low);
      expect(chance.ci95.high).toBeGreaterThanOrEqual(chance.high);
      expect(hint(text, options)).toEqual(answer);
    }
  });

  it('never offers a share wider than 10 points as decided: it solves more orders, or says it is undecided', () => {
    let decided = 0;
    let wider = 0;
    for (const { position } of gamePositions('standard', 'forced', 4)) {
      const answer = hint(formatPosition(position), { discards: 'forced', samples: 8, rollouts: 2000 });
      const perfect = answer.perfect!;
      const width = perfect.ci95.high - perfect.ci95.low;
      if (perfect.decided) {
        decided += 1;
        expect(width).toBeLessThanOrEqual(0.1 + 1e-12);
      } else expect(width).toBeGreaterThan(0.1);
      if (perfect.of > 200) wider += 1;
      if (!answer.chance.exact) expect(answer.chance.ci95.high - answer.chance.ci95.low).toBeLessThanOrEqual(0.1);
    }
    expect(decided).toBeGreaterThan(0);
    // Asked for few rollouts, it plays more until the chance's interval is within 10 points (rollouts are cheap).
    const [{ position }] = gamePositions('standard', 'optional', 1);
    const few = hint(formatPosition(position!), { rollouts: 10, perfect: false, samples: 8 });
    expect(few.chance.of).toBeGreaterThan(10);
    expect(few.chance.ci95.high - few.chance.ci95.low).toBeLessThanOrEqual(0.1);
    // Some shares needed more than the first 200 orders to come within 10 points.
    expect(wider).toBeGreaterThan(0);
  });

  it('refuses bad options and impossible positions with an InputError', () => {
    expect(() => hint('7S | 7S | 5H | AC ; stock 48')).toThrow(InputError);
    expect(() => hint('7S | 2C | 5H | AC ; stock 48', { orders: 0 })).toThrow('orders must be a whole number');
    expect(() => hint('7S | 2C | 5H | AC ; stock 48', { variant: 'nope' as Variant })).toThrow('unknown variant');
  });
});
