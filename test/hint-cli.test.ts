// Black-box tests of `acesup hint`: the binary run as a user would, on built positions with known answers, in plain
// words (no player's name unless --verbose, exact where nothing is unseen, no range wider than 10 points); a deal and
// --after as the position written out; the same seed gives the same answer; every bad input one line and exit 2.

import { describe, expect, it } from 'vitest';
import { cardName, parseCards } from '../src/core/game/cards.ts';
import { newGame, seededDeal } from '../src/index.ts';
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

/** A position of the middle of a game (24 cards in the stock). */
const MIDDLE = 'QD AD | AS 8H TC 8C | AH 9C | JS TD ; stock 24 ; out 2C 4C 5C 7C 2D 9D JD 2H 6H 7H TH JH KH 2S 3S 5S 6S 9S';

describe('acesup hint', () => {
  it('says the winning removal in plain words, exactly and without an interval when nothing is unseen', async () => {
    const ran = await acesup(['hint', ONE_REMOVAL, '--perfect']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout.trim().split('\n').slice(2)).toEqual([
      'Play: remove K♣',
      'You can win from here for certain: every card is in sight (this is exact).',
      'With every card in sight, perfect play wins from here.',
      'hint: remove KC',
    ]);
  });

  it('names no player and no setting unless asked (--verbose), and gives its chance as odds with a 95% interval', async () => {
    const [plain, verbose] = await Promise.all([acesup(['hint', MIDDLE]), acesup(['hint', MIDDLE, '--verbose'])]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toMatch(/expert|greedy|samples|ace-bonus|states|seed/u);
    const chance =
      /^Your chance of winning from here, playing on well without seeing the stock: about 1 game in (\d+) \((\d+\.\d\d)%, 95% interval (\d+\.\d\d)%–(\d+\.\d\d)%\)\.$/mu.exec(
        plain.stdout,
      );
    expect(chance, plain.stdout).not.toBeNull();
    const [, games, share, low, high] = chance!.map(Number) as number[];
    expect(games).toBe(Math.round(100 / share!));
    expect(high! - low!).toBeLessThanOrEqual(10);
    expect(plain.stdout).not.toContain('perfect play');
    expect(verbose.stdout).toMatch(/^The move is expert\(samples=128\)'s choice\.$/mu);
    expect(verbose.stdout).toMatch(/^The chance is greedy\(ace-bonus=2\) playing on after the move, over 2,000 orders/mu);
  });

  it('says what perfect play wins within 10 points, or that it could not tell, with --perfect', async () => {
    const [middle, start] = await Promise.all([
      acesup(['hint', MIDDLE, '--perfect', '--json']),
      acesup(['hint', 'kpat:17', '--after', '', '--perfect']),
    ]);
    const perfect = (JSON.parse(middle.stdout) as { perfect: { decided: boolean; ci95: { low: number; high: number } } }).perfect;
    expect(perfect.decided).toBe(true);
    expect(perfect.ci95.high - perfect.ci95.low).toBeLessThanOrEqual(0.1);
    // At a deal's start most orders of the stock are too hard for a hint: no range is offered.
    expect(start.code, start.stderr).toBe(0);
    expect(start.stdout).toMatch(
      /^With the stock known, perfect play: could not tell from here\. Of the 200 orders of the stock tried, \d+ were too hard to settle within a hint's budget/mu,
    );
  });

  it('answers --json with the move and the two shares, exact when the last four cards are all that is unseen, the same for the same seed', async () => {
    const args = ['hint', ...DEAL_WINS.split(' '), '--json', '--perfect', '--rollouts', '300', '--player-seed', '5'];
    const [one, two] = await Promise.all([acesup(args), acesup(args)]);
    expect(one.code, one.stderr).toBe(0);
    const parsed = JSON.parse(one.stdout) as Record<string, unknown> & { perfect: Record<string, number> };
    expect(parsed).toMatchObject({ move: 'deal', over: null, variant: 'standard', discards: 'optional', playerSeed: 5 });
    expect(parsed.perfect).toMatchObject({ won: 24, of: 24, unknown: 0, low: 1, high: 1, exact: true, decided: true });
    const { ms: _one, ...first } = parsed;
    const { ms: _two, ...second } = JSON.parse(two.stdout) as Record<string, unknown>;
    expect(second).toEqual(first);
  });

  it('hints the position a deal reaches after --after MOVES, as it hints that position written out', async () => {
    const moves = 'deal, remove 3S, remove 9S, deal, remove 5H, remove 2S';
    const game = newGame('kpat:17');
    for (const move of moves.split(', ')) game.play(move);
    const [after, written, seeded, direct] = await Promise.all([
      acesup(['hint', 'kpat:17', '--after', moves, '--json']),
      acesup(['hint', game.position(), '--json']),
      acesup(['hint', '--seed', '4', '--index', '2', '--after', 'deal', '--json']),
      acesup(['hint', seededDeal(4, 2), '--after', 'deal', '--json']),
    ]);
    const strip = (stdout: string): unknown => {
      const { ms: _, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
      return rest;
    };
    expect(after.code, after.stderr).toBe(0);
    expect((JSON.parse(after.stdout) as { position: string }).position).toBe(game.position());
    expect(strip(after.stdout)).toEqual(strip(written.stdout));
    expect(strip(seeded.stdout)).toEqual(strip(direct.stdout));
  });

  it('says when the game is over', async () => {
    const ran = await acesup(['hint', `AC | AD | AH | AS ; stock 0 ; out ${outExcept('AC AD AH AS')}`]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toContain('Nothing to play: the game is won.');
  });

  it.each([
    [['7S | 7S | 5H | AC ; stock 48'], '7S is written twice'],
    [['7S | 2C | 5H | AC ; stock 44'], '4 cards are neither on the piles nor in the stock of 44'],
    [['7S | 2C | 5H | AC ; stock 44 ; out 3C 4C'], 'a stock of 44 cannot hold the 46 cards'],
    [['7S | ZZ | 5H | AC ; stock 48'], 'pile 2: unknown card "ZZ"'],
    [['7S || 5H | AC ; stock 48'], 'pile 2 is blank: write an empty pile as "-"'],
    [[], 'no position given'],
    [[ONE_REMOVAL, '--orders', '0'], 'expected a whole number from 1'],
    [[ONE_REMOVAL, '--seed', '3'], "with --seed (the deal's seed; the hint's own is --player-seed), give no deal or position"],
    [[ONE_REMOVAL, '--after', 'deal'], '--after plays moves from a deal: give the deal, not a position'],
    [['kpat:17', '--after', 'deal, remove AS'], '--after: move 2: '],
    [['--index', '3', '--after', 'deal'], '--index names a deal of a seed: give --seed too'],
  ])('refuses %j in one line, exit 2', async (args, message) => {
    const ran = await acesup(['hint', ...args]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr.trim().split('\n')).toHaveLength(1);
    expect(ran.stderr).toMatch(/^acesup: /u);
    expect(ran.stderr).toContain(message);
  });
});
