// Numbered games of other programs (`kpat:N`, `pysol:N`): KPatience's shuffle against its own test's known answers,
// PySolFC's deals against its own test's FreeCell layouts and its Mersenne Twister against CPython's, the first cards
// of several games against separate programs written from each program's source, and the names read wherever a deal
// is read, with every bad one refused in one line.

import { describe, expect, it } from 'vitest';
import { InputError, formatDeal, parseDeal } from '../src/core/game/cards.ts';
import { KPATIENCE, PYSOLFC, PythonRandom, kpatShuffled } from '../src/core/game/numbered.ts';
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
    expect(message('solitaire:3')).toBe('"solitaire:" names no program whose games acesup reads: kpat:N (KPatience), pysol:N (PySolFC)');
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

/**
 * PySolFC's tests/lib/pysol_tests/test_ms_deals.py: the FreeCell layouts it wants for its game 24 (under 32,000: the
 * Microsoft generator) and for "PySolFC deal No. 123456" (its Mersenne Twister), one column a line. pysol_cards deals
 * FreeCell from the same shuffled list read backwards, card k onto column k mod 8: so the deal read row by row across
 * the columns is the order Aces Up deals in.
 */
const PYSOL_FREECELL_24 = [
  '4C 2C 9C 8C QS 4S 2H',
  '5H QH 3C AC 3H 4H QD',
  'QC 9S 6H 9H 3S KS 3D',
  '5D 2S JC 5C JH 6D AS',
  '2D KD TH TC TD 8D',
  '7H JS KH TS KC 7C',
  'AH 5S 6S AD 8H JD',
  '7S 6C 7D 4D 8S 9D',
];
const PYSOL_FREECELL_123456 = [
  '3D 6C AS TS QC 8D 4D',
  '2D TC 4H JD TD 2H 5C',
  '2C 8S AH KD KH 5S 7C',
  '9C 8C QH 3C 5D 9S QD',
  'AC 9D 7H 6D KS JH',
  '6H TH 8H QS 7D JC',
  '4C 2S 3S 6S 5H 3H',
  'KC JS 9H 4S 7S AD',
];

/** A FreeCell layout (one column a line) read back into the order its cards were dealt. */
function dealtOrder(columns: string[]): string {
  const cards = columns.map((line) => line.split(' '));
  const order: string[] = [];
  for (let row = 0; order.length < 52; row++) for (const column of cards) if (row < column.length) order.push(column[row]!);
  return order.join(' ');
}

/**
 * The first three rounds of PySolFC's Aces Up games, worked out by a separate Python program that follows PySolFC's
 * source (Game.createCards, construct_random, pysol_cards' RandomBase.shuffle and randint, ms_rearrange, Game.shuffle
 * and the talon's dealRow) with CPython 3.11's own random.Random as MTRandom.
 */
const PYSOL_FIRST_ROUNDS: [bigint, string][] = [
  [32_000n, '7S 4D JS 8D 6D 3H 3D TH JC 3C 2C 5S'],
  [99_999_999_999n, 'QD QH 5H QC 9D 7D KH QS 8D 8S TD 2H'],
  [10n ** 20n, 'AC 2H 4H 9H QH 8H JH KH TD 9C QC 7H'],
];

describe('PySolFC’s numbered games (pysol:N)', () => {
  it('draws what CPython’s random.Random draws for the same seed', () => {
    // random.Random(s): random() twice, and a fresh one's getrandbits(32), as CPython 3.11 gives them.
    const known: [bigint, number, number, number][] = [
      [0n, 0.8444218515250481, 0.7579544029403025, 3626764237],
      [1n, 0.13436424411240122, 0.8474337369372327, 577090037],
      [123_456n, 0.8056271362589, 0.7940590105180981, 3460142176],
      [2n ** 32n + 5n, 0.15727238718789782, 0.2824866316461999, 675479763],
      [10n ** 20n, 0.018195028987988637, 0.5417454887047259, 78147056],
    ];
    for (const [seed, first, second, bits] of known) {
      const random = new PythonRandom(seed);
      expect([random.random(), random.random(), new PythonRandom(seed).next32()]).toEqual([first, second, bits]);
    }
  });

  it('deals games 24 and 123456 as PySolFC’s own test wants', () => {
    expect(formatDeal(parseDeal('pysol:24'))).toBe(dealtOrder(PYSOL_FREECELL_24));
    expect(formatDeal(parseDeal('pysol:123456'))).toBe(dealtOrder(PYSOL_FREECELL_123456));
  });

  it('deals a game under 32,000 as KPatience deals the same number (both the Windows FreeCell generator)', () => {
    for (const number of [1, 2, 17, 617, 11982, 31_999])
      expect(formatDeal(parseDeal(`pysol:${number}`))).toBe(formatDeal(parseDeal(`kpat:${number}`)));
    expect(formatDeal(parseDeal('pysol:32000'))).not.toBe(formatDeal(parseDeal('kpat:32000')));
  });

  it('deals games 32,000, 99,999,999,999 and 10^20 as worked out from PySolFC’s source', () => {
    for (const [number, first] of PYSOL_FIRST_ROUNDS) {
      const deal = formatDeal(parseDeal(`pysol:${number}`));
      expect({ number, first: deal.split(' ').slice(0, 12).join(' ') }).toEqual({ number, first });
      expect(new Set(deal.split(' ')).size).toBe(52);
    }
  });

  it('takes the numbers PySolFC takes, under its rules (standard, optional discards)', () => {
    expect([PYSOLFC.variant, PYSOLFC.discards]).toEqual(['standard', 'optional']);
    expect(message('pysol:0')).toBe('pysol:0: PySolFC numbers its games from 1 to 100,000,000,000,000,000,000');
    expect(message('pysol:100000000000000000001')).toBe(
      'pysol:100000000000000000001: PySolFC numbers its games from 1 to 100,000,000,000,000,000,000',
    );
    expect(formatDeal(parseDeal('pysol:000123456'))).toBe(formatDeal(parseDeal('pysol:123456')));
  });
});
