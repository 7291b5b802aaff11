// The library's game to play (newGame): its legal moves and refusals against the independent replayer's verify on
// random lines, undo, the position against the one the line reaches, the status at a win and at a dead end, and the
// reversed reading against the standard twin game.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardName, parseCard, parseDeal } from '../src/core/game/cards.ts';
import { formatMove, parseMove } from '../src/core/game/notation.ts';
import { formatPosition } from '../src/core/game/position.ts';
import { Rng } from '../src/core/game/random.ts';
import { mapMove, toReversed } from '../src/core/game/reverse.ts';
import { DISCARD_RULES, VARIANTS } from '../src/core/game/rules.ts';
import { Replayer } from '../src/core/game/verify.ts';
import { InputError, formatDeal, newGame, seededDeal, solve, verify } from '../src/index.ts';

/** Every move in the rules' notation that names a card of the deck: removals of each card, moves of each into each pile, the deal. */
const EVERY_MOVE: string[] = [
  'deal',
  ...Array.from({ length: 52 }, (_, card) => `remove ${cardName(card)}`),
  ...Array.from({ length: 52 * 4 }, (_, i) => `move ${cardName(i >> 2)} ${(i % 4) + 1}`),
];

describe('newGame', () => {
  it('offers exactly the moves verify accepts, refuses the others in its words, and undoes, on random lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom(...VARIANTS),
        fc.constantFrom(...DISCARD_RULES),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (index, variant, discards, seed) => {
          const deal = seededDeal(7, index);
          const game = newGame(deal, { variant, discards });
          const rng = new Rng(seed);
          for (let step = 0; step < 40 && game.status() === 'playing'; step++) {
            const legal = game.legalMoves();
            const played = game.moves();
            for (const move of [...legal, ...Array.from({ length: 12 }, () => EVERY_MOVE[rng.below(EVERY_MOVE.length)]!)]) {
              const check = verify(deal, [...played, move], { variant, discards });
              const legalByVerify = check.ok || check.move > played.length + 1;
              expect({ move, listed: legal.includes(move) }).toEqual({ move, listed: legalByVerify });
              expect(game.check(move)).toBe(check.ok || legalByVerify ? undefined : `move ${check.move}: ${check.reason}`);
            }
            game.play(legal[rng.below(legal.length)]!);
            if (rng.below(5) === 0) {
              const last = game.moves().at(-1);
              expect(game.undo()).toBe(last);
              expect(game.moves()).toEqual(played);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('gives the position the moves reach, the piles, the counts, and won at the end of a winning line', () => {
    const deal = seededDeal(1, 1);
    const verdict = solve(deal, { discards: 'forced' });
    if (verdict.result !== 'won') throw new Error('deal 1 of seed 1 is won under forced discards');
    const game = newGame(deal, { discards: 'forced' });
    const replayer = new Replayer(parseDeal(deal), 'standard', 'forced');
    for (const move of verdict.solution) {
      expect(game.status()).toBe('playing');
      game.play(move);
      replayer.play(parseMove(move));
      const piles = replayer.piles();
      const seen = new Set([...piles.flat(), ...parseDeal(deal).subarray(52 - replayer.stockLeft())]);
      const discards = [...parseDeal(deal)].filter((card) => !seen.has(card)).sort((a, b) => a - b);
      expect(game.position()).toBe(formatPosition({ piles, stock: replayer.stockLeft(), discards }));
      expect(game.piles()).toEqual(piles.map((pile) => pile.map(cardName)));
      expect([game.stockLeft(), game.discarded()]).toEqual([replayer.stockLeft(), replayer.discarded()]);
    }
    expect(game.status()).toBe('won');
    expect(game.legalMoves()).toEqual([]);
    expect(game.moves()).toEqual(verdict.solution);
  });

  it('is lost when no legal move is left short of a win', () => {
    // Removals first, else the deal: such a line never moves a card, and most of them end short of a win.
    let lost = 0;
    for (let index = 0; index < 20; index++) {
      const game = newGame(seededDeal(3, index), { variant: 'strict', discards: 'forced' });
      for (let legal = game.legalMoves(); legal.length > 0; legal = game.legalMoves()) {
        const move = legal.find((m) => m.startsWith('remove')) ?? legal.find((m) => m === 'deal');
        if (move === undefined) break;
        game.play(move);
      }
      if (game.legalMoves().length > 0) continue;
      expect(game.status()).toBe(game.discarded() === 48 ? 'won' : 'lost');
      if (game.status() === 'lost') lost += 1;
    }
    expect(lost).toBeGreaterThan(0);
  });

  it('plays the reversed reading as the standard twin game, every card written aces low', () => {
    const standard = parseDeal(seededDeal(9, 4));
    const reversed = formatDeal(standard.map(toReversed));
    const twin = newGame(reversed, { reverse: true, variant: 'easy' });
    const game = newGame(standard, { variant: 'easy' });
    expect(twin.deal).toBe(reversed);
    const rng = new Rng(4);
    while (game.status() === 'playing' && game.moves().length < 60) {
      const legal = game.legalMoves();
      expect(twin.legalMoves()).toEqual(legal.map(writeTwin));
      const move = legal[rng.below(legal.length)]!;
      game.play(move);
      twin.play(writeTwin(move));
      expect(twin.piles()).toEqual(game.piles().map((pile) => pile.map((name) => cardName(toReversed(parseCard(name))))));
    }
    expect(twin.status()).toBe(game.status());
    // A refusal names the cards as written.
    const exposed = twin.piles()[0]!.at(-1)!;
    const reason = twin.check(`remove ${exposed}`);
    if (reason !== undefined) expect(reason).toContain(exposed);
  });

  it('refuses what is not a move or not a game in one line', () => {
    const game = newGame(seededDeal(1, 0));
    expect(() => game.play('jump 7S')).toThrow(InputError);
    expect(() => game.play('jump 7S')).toThrow(/^move 1: "jump 7S" is not a move/u);
    expect(() => game.play('remove XX')).toThrow(/^move 1: "remove XX": unknown card "XX"/u);
    expect(() => newGame('AS KS')).toThrow(InputError);
    expect(() => newGame(seededDeal(1, 0), { variant: 'hard' as 'easy' })).toThrow(/unknown variant "hard"/u);
    expect(game.undo()).toBeUndefined();
    expect(newGame('kpat:17').deal).toBe(formatDeal(parseDeal('kpat:17')));
    // Moves already played: the same game as played one by one; an illegal one named as verify names it.
    const played = newGame('kpat:17');
    for (const move of ['deal', 'remove 3S', 'remove 9S']) played.play(move);
    const after = newGame('kpat:17', { after: 'deal, remove 3S, remove 9S' });
    expect([after.moves(), after.position()]).toEqual([played.moves(), played.position()]);
    expect(newGame('kpat:17', { after: ['deal', 'remove 3S'] }).moves()).toEqual(['deal', 'remove 3S']);
    expect(() => newGame('kpat:17', { after: 'deal, remove AS' })).toThrow(/^move 2: AS is still in the stock$/u);
  });
});

/** A standard move written in the reversed reading. */
const writeTwin = (move: string): string => formatMove(mapMove(parseMove(move), toReversed));
