// Black-box tests of `acesup hint`: the binary run as a user would, on built positions with known answers;
// the same seed gives the same answer; every impossible position or bad option is one line and exit 2.

import { describe, expect, it } from 'vitest';
import { cardName, parseCards } from '../src/core/game/cards.ts';
import { acesup } from './cli-run.ts';

const outExcept = (kept: string): string => {
  const keep = new Set(parseCards(kept));
  const out: string[] = [];
  for (let card = 0; card < 52; card++) if (!keep.has(card)) out.push(cardName(card));
  return out.join(' ');
};

/** One removal wins: the king of clubs goes, the ace of clubs exposed beside it. */
const ONE_REMOVAL = `AC | AD | AH | AS KC ; stock 0 ; out ${outExcept('AC AD AH AS KC')}`;
/** The deal wins every order of the four clubs left (test/hint.test.ts says why). */
const DEAL_WINS = `AC | AD | AH AS | - ; stock 4 ; out ${outExcept('AC AD AH AS KC QC JC TC')}`;

describe('acesup hint', () => {
  it('prints the winning removal, a sure chance and a sure share', async () => {
    const ran = await acesup(['hint', ONE_REMOVAL]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('move: remove K♣');
    expect(ran.stdout).toMatch(/^chance of winning for a player who plays it, then plays on as greedy\(ace-bonus=\d\): 100\.00% /mu);
    expect(ran.stdout).toContain('perfect play wins: 100.00%');
    expect(ran.stdout.trim().split('\n').at(-1)).toBe('hint: remove KC');
  });

  it('answers --json with the move, the two shares and their intervals, the same for the same seed', async () => {
    const args = ['hint', ...DEAL_WINS.split(' '), '--json', '--orders', '30', '--rollouts', '300', '--seed', '5'];
    const [one, two] = await Promise.all([acesup(args), acesup(args)]);
    expect(one.code, one.stderr).toBe(0);
    const parsed = JSON.parse(one.stdout) as Record<string, unknown> & { perfect: Record<string, number> };
    expect(parsed).toMatchObject({ move: 'deal', over: null, variant: 'standard', discards: 'optional', seed: 5 });
    expect(parsed.perfect).toMatchObject({ won: 30, of: 30, unknown: 0, low: 1, high: 1 });
    const { ms: _one, ...first } = parsed;
    const { ms: _two, ...second } = JSON.parse(two.stdout) as Record<string, unknown>;
    expect(second).toEqual(first);
  });

  it('says when the game is over', async () => {
    const ran = await acesup(['hint', `AC | AD | AH | AS ; stock 0 ; out ${outExcept('AC AD AH AS')}`]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('move: none, the game is won');
  });

  it.each([
    [['7S | 7S | 5H | AC ; stock 48'], '7S is written twice'],
    [['7S | 2C | 5H | AC ; stock 44'], '4 cards are neither on the piles nor in the stock of 44'],
    [['7S | 2C | 5H | AC ; stock 44 ; out 3C 4C'], 'a stock of 44 cannot hold the 46 cards'],
    [['7S | ZZ | 5H | AC ; stock 48'], 'pile 2: unknown card "ZZ"'],
    [['7S || 5H | AC ; stock 48'], 'pile 2 is blank: write an empty pile as "-"'],
    [[], 'no position given'],
    [[ONE_REMOVAL, '--orders', '0'], 'expected a whole number from 1'],
  ])('refuses %j in one line, exit 2', async (args, message) => {
    const ran = await acesup(['hint', ...args]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr.trim().split('\n')).toHaveLength(1);
    expect(ran.stderr).toMatch(/^acesup: /u);
    expect(ran.stderr).toContain(message);
  });
});
