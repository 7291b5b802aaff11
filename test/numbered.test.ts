// Numbered games of other programs (`kpat:N`): KPatience's shuffle against its own test's known answers, the
// first cards of several games against a separate program written from KPatience's source, and the names read
// wherever a deal is read, with every bad one refused in one line.

import { describe, expect, it } from 'vitest';
import { InputError, formatDeal, parseDeal } from '../src/core/game/cards.ts';
import { KPATIENCE, kpatShuffled } from '../src/core/game/numbered.ts';
import { parseReversedDeal } from '../src/core/game/reverse.ts';
import { seededDeal, solve, verify } from '../src/index.ts';
import { acesup } from './cli-run.ts';

/** KPatience's autotests/shuffle_test.cpp: its input list and the lists it wants for seeds 1 and 24. */
const INPUT =
  'AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H 8S 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS';
const SEED_1 =
  '6H 2H 9C 6S TC 8C 3D 6C QS 8D 8S 6D 7D JH 2C 8H TH 4S TD 3S 7S 4D AC 4H QH TS 5C 4C 3C AH AS JS QD 9D KS 2S 3H KH QC AD 5S 9S KC KD 5H 7C 7H 5D JC 9H 2D JD';
const SEED_24 =
  'AS 3D QD 2H 9D JD 7C 8D 6D KS 4H 4S 8S 8H KC TD JH 3S 3H QS 4D AD TS TC 5C 9H AC 8C 7D 6S KH TH JC 6H 3C 9C 6C 5S JS KD 2S 9S QH 2C 7S AH 7H 2D 5D QC 5H 4C';

/**
 * The first three rounds (the four starting cards and two deals) of KPatience's Aces Up games, worked out by a
 * separate C++ program that follows KPatience's source line by line: DealerScene::setDeckContents (the deck rank
 * by rank, suit by suit), KpatShuffle::shuffled, Idiot::restart (the shuffled list added to the stock in order) and
 * Idiot::dealRow (the stock's top card, the list's last, onto piles 1 to 4). Game 1's first eight cards are also
 * Microsoft FreeCell's well-known deal #1 (JD 2D 9H JC 5D 7H 7C 5H), whose generator KPatience shares.
 */
const FIRST_ROUNDS: [number, string][] = [
  [1, 'JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S'],
  [17, 'JH 8S 5D 6C 3S JS 9S QD 2S 5H 6D 7H'],
  [617, '7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC'],
  [11982, 'AH AS 4H AC 2D 6S TS JS 3D 3H QS QC'],
  [1_000_000, '2D 6H 6S TH JC 3C 4D TD 9C 3D 7D 7C'],
  [2_147_483_647, '9S 2H 7C 5H 4C 6D 3D 4S JH TC TD QS'],
];

const message = (text: string): string => {
  try {
    parseDeal(text);
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  return '';
};

describe('KPatience’s numbered games (kpat:N)', () => {
  it('shuffles as KPatience’s own test wants, for seeds 1 and 24', () => {
    const input = INPUT.split(' ');
    expect(kpatShuffled(input, 1).join(' ')).toBe(SEED_1);
    expect(kpatShuffled(input, 24).join(' ')).toBe(SEED_24);
    expect(input.join(' ')).toBe(INPUT); // the list given is left as it was
  });

  it('deals games 1, 17, 617, 11982, 1,000,000 and 2,147,483,647 as KPatience does', () => {
    for (const [number, first] of FIRST_ROUNDS) {
      const deal = formatDeal(parseDeal(`kpat:${number}`));
      expect({ number, first: deal.split(' ').slice(0, 12).join(' ') }).toEqual({ number, first });
    }
  });

  it('deals game N as the shuffled list read from its end (the stock’s top card first)', () => {
    const deal = formatDeal(parseDeal('kpat:1')).split(' ');
    expect(deal).toEqual(SEED_1.split(' ').reverse());
    expect(new Set(deal).size).toBe(52);
  });

  it('reads the name in any case and spacing; refuses numbers KPatience does not take and unknown programs', () => {
    expect(formatDeal(parseDeal(' KPAT : 617 '))).toBe(formatDeal(parseDeal('kpat:617')));
    expect(message('kpat:0')).toBe('kpat:0: KPatience numbers its games from 1 to 2,147,483,647');
    expect(message('kpat:2147483648')).toBe('kpat:2147483648: KPatience numbers its games from 1 to 2,147,483,647');
    expect(message('kpat:1x')).toBe('kpat:1x: KPatience numbers its games from 1 to 2,147,483,647');
    expect(message('kpat:')).toBe('kpat:: KPatience numbers its games from 1 to 2,147,483,647');
    expect(message('solitaire:3')).toBe('"solitaire:" names no program whose games acesup reads: kpat:N (KPatience)');
    expect(() => parseReversedDeal('kpat:3')).toThrow(/kpat:3 is a game of KPatience's Aces Up \(aces high\)/u);
    expect(formatDeal(parseDeal(seededDeal(1, 0)))).toBe(seededDeal(1, 0)); // a deal string reads as before
  });

  it('is a deal the library solves under KPatience’s rules, standard with optional discards (the defaults)', () => {
    expect([KPATIENCE.variant, KPATIENCE.discards]).toEqual(['standard', 'optional']);
    const verdict = solve('kpat:17');
    expect(verdict.result).toBe('won');
    if (verdict.result === 'won') expect(verify('kpat:17', verdict.solution)).toEqual({ ok: true });
    expect(verdict).toEqual(solve(formatDeal(parseDeal('kpat:17')), { variant: 'standard', discards: 'optional' }));
    // KPatience's own solver discards whenever it can (the forced rule's question); its game plays the optional
    // rule, under which game 11982 is won though the forced rule loses it (docs/rules.md says so).
    expect(solve('kpat:11982', { discards: 'forced' }).result).toBe('lost');
    const optional = solve('kpat:11982');
    if (optional.result !== 'won') throw new Error('KPatience game 11982 is won under optional discards');
    expect(verify('kpat:11982', optional.solution)).toEqual({ ok: true });
    expect(verify('kpat:11982', optional.solution, { discards: 'forced' }).ok).toBe(false);
  });

  it('is read by the commands: acesup verify and play take kpat:N; a bad number is one line, exit 2', async () => {
    const verdict = solve('kpat:17', { discards: 'forced' });
    const [played, bad] = await Promise.all([
      acesup(['play', 'kpat:617', '--policy', 'greedy', '--json']),
      acesup(['verify', 'kpat:0', 'deal']),
    ]);
    expect(played.code, played.stderr).toBe(0);
    expect((JSON.parse(played.stdout) as { deal: string }).deal).toBe(formatDeal(parseDeal('kpat:617')));
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('acesup: kpat:0: KPatience numbers its games from 1 to 2,147,483,647');
    if (verdict.result !== 'won') throw new Error('game 17 of KPatience is won under forced discards');
    const checked = await acesup(['verify', 'kpat:17', verdict.solution.join(', '), '--discards', 'forced']);
    expect(checked.stdout.trim()).toBe('ok');
  });
});
