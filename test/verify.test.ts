// Known answers for the replayer (Game, verify, formatPiles) and the slow reference solver, one rule at a time.

import { describe, expect, it } from 'vitest';
import { type Deal, CARDS, cardName, formatDeal, parseCard, parseCards, parseDeal } from '../src/core/game/cards.ts';
import { type GameMove, describeGameMove, formatMove, parseMove, parseMoves } from '../src/core/game/notation.ts';
import { readFileSync } from 'node:fs';
import { type DiscardRule, type Variant, DISCARD_RULES, VARIANTS } from '../src/core/game/rules.ts';
import { Replayer, formatPiles, replay } from '../src/core/game/verify.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { Rng } from '../src/core/game/random.ts';
import { type View, legalMoves } from '../src/core/play/view.ts';
import { OPTIONAL_BEATS_FORCED } from './fixtures.ts';
import { referenceSolve } from './reference-solver.ts';

/** A full deal: the given cards first (in dealing order), then every other card in card order (2C 3C … AS). */
function dealStartingWith(first: string): Deal {
  const head = parseCards(first);
  const rest: number[] = [];
  for (let card = 0; card < CARDS; card++) if (!head.includes(card)) rest.push(card);
  return parseDeal([...head, ...rest].map(cardName).join(' '));
}

/** A game after playing `moves` (docs/rules.md notation, comma-separated). */
function gameAfter(deal: Deal, moves: string, variant: Variant, discards: DiscardRule): Replayer {
  const game = new Replayer(deal, variant, discards);
  for (const move of parseMoves(moves)) game.play(move);
  return game;
}

const mv = parseMove;
const names = (moves: GameMove[]): string[] => moves.map(formatMove);

/** The seed example: exposed 7S JS 5H AC, each alone on its pile. */
const SEED = dealStartingWith('7S JS 5H AC');
/** Round 2 is 2S KS 6H AD: after `remove 7S, deal, remove 2S` pile 1 is empty, 5H lies under 6H, AC under AD. */
const ROUND2 = dealStartingWith('7S JS 5H AC 2S KS 6H AD');
/** Round 2 is 2C 4D 9H 3S: dealt at once (optional), AC, JS, 7S and 5H are all buried. */
const BURIED = dealStartingWith('7S JS 5H AC 2C 4D 9H 3S');

/** A deal won under standard/forced, and the winning line found by the reference solver (73 moves). */
const WON_DEAL = parseDeal(
  '6S 8D 6H 3C 8S 2S KH JD KD 4D 9S 2H 9C JS AD 4S TH 7H KS 8C 5D 6C JH QS 9H 7C ' +
    '5C 7S QD 9D 5S AC 8H AS TS 3S KC 5H 2C TC 6D QH QC 7D 2D 4H TD JC 4C 3D AH 3H',
);
const WON_LINE = parseMoves(
  'deal, remove 2S, remove 8D, deal, remove 4D, move 2H 2, remove JD, deal, remove 4S, remove 3C, deal, ' +
    'remove 7H, remove JS, remove 2H, move 8C 2, move TH 4, remove 8C, deal, deal, remove 5C, remove 9H, deal, ' +
    'remove 9D, remove 7C, remove 6C, move QD 2, remove 5D, remove 9C, remove QD, move AC 2, remove 5S, deal, ' +
    'remove 3S, remove 7S, remove QS, remove TS, remove TH, move JH 4, remove KS, remove 8H, remove KD, ' +
    'remove 8S, remove 6S, move JH 1, move AD 4, remove 9S, remove JH, move AD 1, deal, remove TC, move 2C 4, ' +
    'remove 5H, remove 2C, move KH 4, remove 6H, move AS 3, remove KC, deal, remove 6D, remove 7D, remove QH, ' +
    'remove QC, deal, remove 2D, remove TD, deal, remove 3H, remove 4C, remove 3D, remove 4H, remove JC, ' +
    'remove KH, move AH 4',
);

describe('Game: the start', () => {
  it('puts cards 1–4 of the deal on piles 1–4 and the other 48 in the stock', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    expect(game.piles()).toEqual([[parseCard('7S')], [parseCard('JS')], [parseCard('5H')], [parseCard('AC')]]);
    expect(game.stockLeft()).toBe(48);
    expect(game.discarded()).toBe(0);
    expect(game.isWon()).toBe(false);
  });

  it('rejects an array that is not a deal', () => {
    expect(() => new Replayer(new Uint8Array(52), 'standard', 'optional')).toThrow(/not a deal/);
  });

  it('knows every variant and discard rule of the rules module, and rejects other names', () => {
    for (const variant of VARIANTS) for (const rule of DISCARD_RULES) expect(() => new Replayer(SEED, variant, rule)).not.toThrow();
    expect(() => new Replayer(SEED, 'hard' as Variant, 'optional')).toThrow(/unknown variant "hard"/);
    expect(() => new Replayer(SEED, 'standard', 'never' as DiscardRule)).toThrow(/unknown discard rule "never"/);
  });
});

describe('Game: independent of the solver', () => {
  it('agrees with the rules module: the same legal moves along random games, every variant and rule', () => {
    const sorted = (moves: GameMove[]): string[] => moves.map(formatMove).sort();
    for (const variant of VARIANTS) {
      for (const rule of DISCARD_RULES) {
        for (let index = 0; index < 20; index++) {
          const game = new Replayer(dealFor(7, index), variant, rule);
          const rng = new Rng(7, index);
          // Moves into empty piles can go on for ever: a walk stops after 200 moves.
          for (let step = 0; step < 200; step++) {
            const view = { variant, rule, piles: game.piles(), stockLeft: game.stockLeft() } as unknown as View;
            const moves = game.legalMoves();
            expect(sorted(legalMoves(view, true))).toEqual(sorted(moves));
            if (moves.length === 0) break;
            game.play(moves[rng.below(moves.length)]!);
          }
        }
      }
    }
  });

  it('imports only the cards and the move notation: its rules are its own statement of docs/rules.md', () => {
    const source = readFileSync(new URL('../src/core/game/verify.ts', import.meta.url), 'utf8');
    const from = [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gmu)].map((m) => m[1]);
    expect(from.sort()).toEqual(['./cards.ts', './notation.ts']);
    expect(source).not.toMatch(/\bimport\s*\(/u);
  });

  it('deals the next four stock cards one onto each pile, in order', () => {
    const game = gameAfter(BURIED, 'deal', 'standard', 'optional');
    expect(formatPiles(game.piles())).toBe('1: 7♠ 2♣\n2: J♠ 4♦\n3: 5♥ 9♥\n4: A♣ 3♠');
    expect(game.stockLeft()).toBe(44);
  });
});

describe('Game: the example of docs/rules.md', () => {
  it('removes 7S, moves 5H into the empty pile, and JS cannot remove 5H', () => {
    expect(formatDeal(SEED).startsWith('7S JS 5H AC ')).toBe(true);
    const game = new Replayer(SEED, 'standard', 'optional');
    expect(game.illegal(mv('remove 7S'))).toBeUndefined();
    game.play(mv('remove 7S'));
    expect(game.piles()[0]).toEqual([]);
    expect(game.discarded()).toBe(1);
    expect(game.illegal(mv('move 5H 1'))).toBeUndefined();
    game.play(mv('move 5H 1'));
    expect(formatPiles(game.piles())).toBe('1: 5♥\n2: J♠\n3: (empty)\n4: A♣');
    expect(game.illegal(mv('remove 5H'))).toBe('no exposed card of hearts higher than 5H on another pile');
  });

  it('lists the legal moves of the start and after the removal', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    expect(names(game.legalMoves())).toEqual(['remove 7S', 'deal']);
    game.play(mv('remove 7S'));
    expect(names(game.legalMoves())).toEqual(['move JS 1', 'move 5H 1', 'move AC 1', 'deal']);
  });
});

describe('Game: removals', () => {
  it('removes the lower exposed cards of a suit one by one; the highest stays', () => {
    const game = new Replayer(dealStartingWith('2S 7S JS AC'), 'standard', 'optional');
    expect(names(game.legalMoves())).toEqual(['remove 2S', 'remove 7S', 'deal']);
    game.play(mv('remove 7S'));
    game.play(mv('remove 2S'));
    expect(game.illegal(mv('remove JS'))).toBe('no exposed card of spades higher than JS on another pile');
    expect(game.discarded()).toBe(2);
  });

  it('never removes an ace', () => {
    const game = new Replayer(dealStartingWith('7S JS AC KC'), 'standard', 'optional');
    expect(game.illegal(mv('remove AC'))).toBe('an ace cannot be removed');
    expect(game.illegal(mv('remove KC'))).toBeUndefined();
  });

  it('needs the higher card to be exposed: a buried card neither is removed nor removes', () => {
    const game = gameAfter(BURIED, 'deal', 'standard', 'optional');
    expect(game.illegal(mv('remove 5H'))).toBe('5H is not exposed');
    expect(game.illegal(mv('remove 2C'))).toBe('no exposed card of clubs higher than 2C on another pile');
    expect(game.illegal(mv('remove 3S'))).toBe('no exposed card of spades higher than 3S on another pile');
    expect(names(game.legalMoves())).toEqual(['deal']);
  });

  it('says where a card is when it is not on the piles', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    expect(game.illegal(mv('remove 2D'))).toBe('2D is still in the stock');
    game.play(mv('remove 7S'));
    expect(game.illegal(mv('remove 7S'))).toBe('7S was already discarded');
    expect(() => game.play(mv('remove 7S'))).toThrow('7S was already discarded');
  });
});

describe('Game: moves into an empty pile, per variant', () => {
  // After `remove 7S, deal, remove 2S`: 1 (empty), 2 JS KS, 3 5H 6H, 4 AC AD.
  const opening = 'remove 7S, deal, remove 2S';

  it('needs an empty target pile', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    expect(game.illegal(mv('move 5H 2'))).toBe('pile 2 is not empty');
  });

  it('standard: moves the exposed card of another pile, not a buried one', () => {
    const game = gameAfter(ROUND2, opening, 'standard', 'optional');
    expect(formatPiles(game.piles())).toBe('1: (empty)\n2: J♠ K♠\n3: 5♥ 6♥\n4: A♣ A♦');
    expect(game.illegal(mv('move KS 1'))).toBeUndefined();
    expect(game.illegal(mv('move 5H 1'))).toBe('5H is not exposed');
    expect(names(game.legalMoves())).toEqual(['move KS 1', 'move 6H 1', 'move AD 1', 'deal']);
    game.play(mv('move KS 1'));
    expect(formatPiles(game.piles())).toBe('1: K♠\n2: J♠\n3: 5♥ 6♥\n4: A♣ A♦');
    expect(game.discarded()).toBe(2);
  });

  it('strict: refuses a card other than an ace, accepts an exposed ace', () => {
    const game = gameAfter(ROUND2, opening, 'strict', 'optional');
    expect(game.illegal(mv('move KS 1'))).toBe('strict: only an ace may move into an empty pile');
    expect(game.illegal(mv('move AC 1'))).toBe('AC is not exposed');
    expect(names(game.legalMoves())).toEqual(['move AD 1', 'deal']);
    game.play(mv('move AD 1'));
    expect(formatPiles(game.piles())).toBe('1: A♦\n2: J♠ K♠\n3: 5♥ 6♥\n4: A♣');
    expect(game.illegal(mv('move AC 1'))).toBe('pile 1 is not empty');
  });

  it('easy: moves a buried card, and the cards above it close the gap', () => {
    const game = gameAfter(ROUND2, opening, 'easy', 'optional');
    expect(names(game.legalMoves())).toEqual(['move JS 1', 'move KS 1', 'move 5H 1', 'move 6H 1', 'move AC 1', 'move AD 1', 'deal']);
    const ace = game.clone();
    ace.play(mv('move AC 1'));
    expect(formatPiles(ace.piles())).toBe('1: A♣\n2: J♠ K♠\n3: 5♥ 6♥\n4: A♦');
    game.play(mv('move 5H 1'));
    expect(formatPiles(game.piles())).toBe('1: 5♥\n2: J♠ K♠\n3: 6♥\n4: A♣ A♦');
    expect(game.illegal(mv('remove 5H'))).toBeUndefined();
  });

  it('moves a lone card from one pile into another empty pile', () => {
    const game = gameAfter(SEED, 'remove 7S, move 5H 1', 'standard', 'optional');
    expect(game.illegal(mv('move 5H 3'))).toBeUndefined();
    game.play(mv('move 5H 3'));
    expect(formatPiles(game.piles())).toBe('1: (empty)\n2: J♠\n3: 5♥\n4: A♣');
  });
});

describe('Game: dealing', () => {
  it('forced: refuses to deal while a removal is possible, then accepts', () => {
    const game = new Replayer(SEED, 'standard', 'forced');
    expect(game.illegal(mv('deal'))).toBe('forced: a removal is still possible (remove 7S)');
    expect(names(game.legalMoves())).toEqual(['remove 7S']);
    game.play(mv('remove 7S'));
    expect(game.illegal(mv('deal'))).toBeUndefined();
  });

  it('forced: moves into an empty pile stay optional', () => {
    const game = gameAfter(SEED, 'remove 7S', 'standard', 'forced');
    expect(names(game.legalMoves())).toEqual(['move JS 1', 'move 5H 1', 'move AC 1', 'deal']);
  });

  it('optional: deals over a removable card', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    expect(game.illegal(mv('deal'))).toBeUndefined();
    game.play(mv('deal'));
    expect(game.piles()[0]).toEqual(parseCards('7S 2C'));
  });

  it('cannot deal from an empty stock, and deals onto empty piles too', () => {
    const game = gameAfter(SEED, 'remove 7S', 'standard', 'optional');
    game.play(mv('deal'));
    expect(game.piles()[0]).toEqual(parseCards('2C'));
    for (let round = 2; round <= 12; round++) game.play(mv('deal'));
    expect(game.stockLeft()).toBe(0);
    expect(game.illegal(mv('deal'))).toBe('the stock is empty');
    expect(names(game.legalMoves())).not.toContain('deal');
  });
});

describe('Game: clone and key', () => {
  it('a clone is independent of its original', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    const copy = game.clone();
    copy.play(mv('remove 7S'));
    expect(game.discarded()).toBe(0);
    expect(copy.discarded()).toBe(1);
    expect(game.key()).not.toBe(copy.key());
  });

  it('the same position reached in another order has the same key', () => {
    const deal = dealStartingWith('2S 7S JS AC');
    const one = gameAfter(deal, 'remove 2S, remove 7S', 'standard', 'optional');
    const two = gameAfter(deal, 'remove 7S, remove 2S', 'standard', 'optional');
    expect(one.key()).toBe(two.key());
    const moved = gameAfter(deal, 'remove 2S, remove 7S, move JS 1', 'standard', 'optional');
    expect(moved.key()).not.toBe(one.key());
  });

  it('piles() is a copy: changing it leaves the game alone', () => {
    const game = new Replayer(SEED, 'standard', 'optional');
    game.piles()[0]!.pop();
    expect(game.piles()[0]).toEqual([parseCard('7S')]);
  });
});

describe('verify: a won line and its near misses', () => {
  it('accepts the winning line under standard, under both discard rules', () => {
    expect(WON_LINE).toHaveLength(73);
    expect(replay(WON_DEAL, WON_LINE, 'standard', 'forced')).toEqual({ ok: true });
    expect(replay(WON_DEAL, WON_LINE, 'standard', 'optional')).toEqual({ ok: true });
    expect(replay(WON_DEAL, WON_LINE, 'easy', 'forced')).toEqual({ ok: true });
  });

  it('is not won while two aces share a pile, even with 48 cards discarded', () => {
    const game = new Replayer(WON_DEAL, 'standard', 'forced');
    for (const move of WON_LINE.slice(0, 72)) game.play(move);
    expect(game.discarded()).toBe(48);
    expect(game.stockLeft()).toBe(0);
    expect(formatPiles(game.piles())).toBe('1: A♦\n2: A♣\n3: A♠ A♥\n4: (empty)');
    expect(game.isWon()).toBe(false);
    expect(replay(WON_DEAL, WON_LINE.slice(0, 72), 'standard', 'forced')).toEqual({
      ok: false,
      move: 73,
      reason: 'not won: the four aces are not one per pile',
    });
    game.play(WON_LINE[72]!);
    expect(formatMove(WON_LINE[72]!)).toBe('move AH 4');
    expect(game.isWon()).toBe(true);
    expect(formatPiles(game.piles())).toBe('1: A♦\n2: A♣\n3: A♠\n4: A♥');
  });

  it('says why a legal line that stops early is not won', () => {
    expect(replay(WON_DEAL, WON_LINE.slice(0, 71), 'standard', 'forced')).toEqual({
      ok: false,
      move: 72,
      reason: 'not won: 5 cards on the piles',
    });
    expect(replay(WON_DEAL, WON_LINE.slice(0, 1), 'standard', 'forced')).toEqual({
      ok: false,
      move: 2,
      reason: 'not won: 44 cards left in the stock',
    });
    expect(replay(WON_DEAL, [], 'standard', 'forced')).toEqual({
      ok: false,
      move: 1,
      reason: 'not won: 48 cards left in the stock',
    });
  });

  it('names the first illegal move when a move is dropped', () => {
    // Without the first deal, 2S is still in the stock.
    expect(replay(WON_DEAL, WON_LINE.slice(1), 'standard', 'forced')).toEqual({
      ok: false,
      move: 1,
      reason: '2S is still in the stock',
    });
    // Without `remove 2S` (move 2), 8D is still under it.
    expect(replay(WON_DEAL, [WON_LINE[0]!, ...WON_LINE.slice(2)], 'standard', 'forced')).toEqual({
      ok: false,
      move: 2,
      reason: '8D is not exposed',
    });
    // Without `remove 8D` (move 3), the second deal (now move 3) is refused under forced; under optional the
    // deal goes on, and move 5 (`move 2H 2`) fails because 8D still fills pile 2.
    const withoutRemove = [...WON_LINE.slice(0, 2), ...WON_LINE.slice(3)];
    expect(replay(WON_DEAL, withoutRemove, 'standard', 'forced')).toEqual({
      ok: false,
      move: 3,
      reason: 'forced: a removal is still possible (remove 8D)',
    });
    expect(replay(WON_DEAL, withoutRemove, 'standard', 'optional')).toEqual({
      ok: false,
      move: 5,
      reason: 'pile 2 is not empty',
    });
  });

  it('names the first illegal move when a move is altered', () => {
    const altered = [...WON_LINE.slice(0, 72), mv('move AS 4')];
    expect(replay(WON_DEAL, altered, 'standard', 'forced')).toEqual({
      ok: false,
      move: 73,
      reason: 'AS is not exposed',
    });
    // Move 6 is `move 2H 2`: a two may not fill an empty pile under strict.
    expect(formatMove(WON_LINE[5]!)).toBe('move 2H 2');
    expect(replay(WON_DEAL, WON_LINE, 'strict', 'forced')).toEqual({
      ok: false,
      move: 6,
      reason: 'strict: only an ace may move into an empty pile',
    });
  });
});

describe('the move notation: every form the command line prints or reads', () => {
  const line = WON_LINE;
  const words = (moves: GameMove[]): string[] => moves.map(describeGameMove);

  it('reads the comma-separated notation, one move per line, and numbered lines with suit symbols and "to pile N"', () => {
    const numbered = words(line)
      .map((move, i) => `  ${String(i + 1).padStart(2)}. ${move}`)
      .join('\n');
    const forms = [
      names(line).join(', '),
      names(line).join(','),
      names(line).join('\n'),
      `${names(line).join('\r\n')}\r\n`,
      numbered,
      `${numbered}\n`,
      words(line).join(', '),
      names(line).join(', ').toLowerCase(),
      words(line)
        .map((move, i) => `${i + 1}) ${move}`)
        .join('\n'),
    ];
    for (const form of forms) expect(names(parseMoves(form))).toEqual(names(line));
    expect(names(parseMoves('remove 2D, move 6S to pile 3, Move 10♠ To Pile 1, DEAL'))).toEqual([
      'remove 2D',
      'move 6S 3',
      'move TS 1',
      'deal',
    ]);
    expect(mv('move A♣ to pile 3')).toEqual(mv('move AC 3'));
  });

  it('names the move at fault, counting moves as printed (not lines or commas)', () => {
    expect(() => parseMoves('1. deal\n\n2. jump 7S')).toThrow(/^move 2: "jump 7S" is not a move/u);
    expect(() => parseMoves('deal, , remove 7X')).toThrow(/^move 2: "remove 7X": unknown card "7X"/u);
    expect(() => parseMoves('move 7S to pile 5')).toThrow(/pile must be 1, 2, 3 or 4/u);
    expect(() => parseMoves('Deal 7S JS 5H AC')).toThrow(/is not a move/u);
  });
});

describe('formatPiles', () => {
  it('writes one line per pile, bottom to top, with suit symbols and 10 for ten', () => {
    expect(formatPiles([parseCards('7S JS 5H'), [], parseCards('TD'), parseCards('AC 2C')])).toBe(
      '1: 7♠ J♠ 5♥\n2: (empty)\n3: 10♦\n4: A♣ 2♣',
    );
  });
});

describe('referenceSolve', () => {
  // Won under standard by both rules; the forced search decides in a few hundred positions.
  const BOTH = parseDeal(
    '2C QD JS 8C 9H 5D 5C JD KD 9D 3D 6D 4D TD KC TH 2S AC 5H 3H 9S 6H QC QH 3S 4H 8H JH 5S KS TC 6C ' +
      '8S 8D 9C AD KH QS TS 4C 7D 2H 2D 7S 3C 7C 4S AH 6S 7H JC AS',
  );

  it('finds the win of the pinned winning line', () => {
    expect(referenceSolve(WON_DEAL, 'standard', 'forced', 20_000)).toEqual({ won: true, maxDiscards: 48 });
  });

  it('a deal won under forced is won under optional', () => {
    expect(referenceSolve(BOTH, 'standard', 'forced', 20_000)).toEqual({ won: true, maxDiscards: 48 });
    expect(referenceSolve(BOTH, 'standard', 'optional', 20_000)).toEqual({ won: true, maxDiscards: 48 });
  });

  it('strict: a king dealt straight onto the ace of its suit loses (nothing can free the ace)', () => {
    // AC starts pile 1 and KC is the first card dealt onto it: under strict KC can neither move nor be removed.
    const result = referenceSolve(dealStartingWith('AC 2D 3H 4S KC'), 'strict', 'forced', 20_000);
    expect(result?.won).toBe(false);
    expect(result?.maxDiscards).toBeLessThan(48);
  });

  it('the optional-beats-forced deal (strict) is lost under forced with at most 46 discards', () => {
    expect(referenceSolve(OPTIONAL_BEATS_FORCED, 'strict', 'forced', 50_000)).toEqual({ won: false, maxDiscards: 46 });
  });

  it('says nothing (undefined) when the budget runs out first', () => {
    expect(referenceSolve(WON_DEAL, 'standard', 'optional', 50)).toBeUndefined();
  });
});
