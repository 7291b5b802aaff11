// The web page's parts for a player who comes back, in Chromium: "Where did I go wrong?" on a lost game naming the
// move `acesup review` names for the same line, the step back and the winning line played from there; the games
// played and won kept through a reload; new games only from deals proved winnable; KPatience's numbered games; the
// rule texts' game by default.

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDeal, parseDeal, solve, winnableDeals } from '../src/index.ts';
import { playersLine } from './players-line.ts';
import { BIN, type Opened, type Served, message, openPage, play, servePage } from './web-page.ts';

let served: Served;

beforeAll(async () => {
  served = await servePage();
});

afterAll(async () => {
  await served?.stop();
});

const open = (hash: string): Promise<Opened> => openPage(served.browser, served.address, hash);

/** `acesup review` of the line, as JSON. */
function cliReview(deal: string, line: string[]): Record<string, unknown> {
  return JSON.parse(execFileSync(process.execPath, [BIN, 'review', deal, line.join(', '), '--json'], { encoding: 'utf8' })) as Record<
    string,
    unknown
  >;
}

/** The page's statistics for the rule set of the game open, from the panel's data attributes. */
const stats = async (page: Opened['page']): Promise<Record<string, string | null>> => ({
  played: await page.getAttribute('#stats', 'data-played'),
  won: await page.getAttribute('#stats', 'data-won'),
  streak: await page.getAttribute('#stats', 'data-streak'),
  best: await page.getAttribute('#stats', 'data-best'),
});

describe('the web page, for players', () => {
  it('answers "Where did I go wrong?" on a lost winnable game with the move acesup review names, steps back, and wins from there', async () => {
    const deal = 'kpat:17';
    const line = playersLine(deal, 3);
    const cli = cliReview(deal, line);
    expect(cli).toMatchObject({ outcome: 'lost', winnableAtStart: true });
    const { page, errors } = await open(`#deal=${deal}&variant=standard&discards=optional`);
    expect(await page.isVisible('#review')).toBe(false);
    for (const move of line) await play(page, move);
    expect(await page.getAttribute('body', 'data-standing')).toBe('lost');
    await page.click('#review-ask');
    await page.waitForSelector('#review[data-state="done"]');
    expect(await page.getAttribute('#review', 'data-outcome')).toBe('lost');
    expect(Number(await page.getAttribute('#review', 'data-first-losing-move'))).toBe(cli['firstLosingMove']);
    expect(await page.getAttribute('#review', 'data-losing-move')).toBe(cli['losingMove']);
    // The move is marked on the moves played, in the review's words.
    const k = cli['firstLosingMove'] as number;
    expect(await page.textContent('#review .played .losing')).toMatch(new RegExp(`^${(cli['losingMove'] as string).split(' ')[0]}`, 'u'));
    expect(await page.$$eval('#review .played li', (items) => items.length)).toBe(line.length);
    expect(await page.textContent('#review')).toContain(`Move ${k} (`);

    // A step back to before it: the moves up to it stand, and the review's line wins from there, played on the page.
    await page.click('#review-back');
    expect(await page.getAttribute('body', 'data-standing')).toBe('playing');
    await page.click('#review-next');
    await page.click('#review-all');
    expect(await page.getAttribute('body', 'data-standing')).toBe('won');
    expect(await message(page)).toBe('Won: the four aces are left, one on each pile.');
    // The game counted once, at its first end (lost), though it was then won from a step back.
    expect(await stats(page)).toEqual({ played: '1', won: '0', streak: '0', best: '0' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says a deal no line wins could not be won, as acesup review does', async () => {
    const deal = 'kpat:617';
    const line = playersLine(deal, 1);
    expect(cliReview(deal, line)).toMatchObject({ outcome: 'unwinnable', firstLosingMove: null });
    const { page } = await open(`#deal=${deal}&variant=standard&discards=optional`);
    for (const move of line) await play(page, move);
    await page.click('#review-ask');
    await page.waitForSelector('#review[data-state="done"]');
    expect(await page.getAttribute('#review', 'data-outcome')).toBe('unwinnable');
    expect(await page.textContent('#review')).toContain('The deal could not be won: no line of play wins it from the start');
    expect(await page.$('#review-back')).toBeNull();
    await page.context().close();
  });

  it('keeps the games played and won, per rule set, through a reload', async () => {
    const { page } = await open('#deal=kpat:617&variant=standard&discards=optional');
    expect(await stats(page)).toEqual({ played: '0', won: '0', streak: '0', best: '0' });
    for (const move of playersLine('kpat:617', 1)) await play(page, move);
    expect(await stats(page)).toEqual({ played: '1', won: '0', streak: '0', best: '0' });
    // Taken back and ended again, the same game is not counted twice.
    await page.click('#undo');
    await page.click('#redo');
    expect(await stats(page)).toEqual({ played: '1', won: '0', streak: '0', best: '0' });
    // A won game of the same rule set.
    const won = solve('kpat:17');
    if (won.result !== 'won') throw new Error('KPatience game 17 is won');
    await page.goto(`${served.address}#deal=kpat:17&variant=standard&discards=optional`);
    await page.waitForSelector('#piles .pile');
    for (const move of won.solution) await play(page, move);
    expect(await page.getAttribute('body', 'data-standing')).toBe('won');
    expect(await stats(page)).toEqual({ played: '2', won: '1', streak: '1', best: '1' });
    await page.reload();
    await page.waitForSelector('#piles .pile');
    expect(await stats(page)).toEqual({ played: '2', won: '1', streak: '1', best: '1' });
    expect(await page.textContent('#stats')).toContain('2 played, 1 won (50%); 1 won in a row now, 1 at best.');
    // Another rule set keeps its own.
    await page.selectOption('#discards', 'forced');
    expect(await stats(page)).toEqual({ played: '0', won: '0', streak: '0', best: '0' });
    await page.context().close();
  });

  it('deals only deals proved winnable when asked (as acesup deal --winnable finds them), and keeps the setting', async () => {
    const { page } = await open('#seed=44&index=0&variant=standard&discards=forced');
    await page.check('#winnable-only');
    const [next] = winnableDeals({ seed: 44, index: 1, count: 1, variant: 'standard', discards: 'forced' });
    await page.click('#new-game');
    await page.waitForFunction(
      (name) => document.querySelector('#game-name')?.textContent === name,
      `deal ${next!.index} of seed 44 · standard · forced discards`,
    );
    expect(await message(page, 'setup-message')).toBe(
      `Deal ${next!.index} of seed 44 is proved winnable (${next!.solution.length} moves win it).`,
    );
    await page.reload();
    await page.waitForSelector('#piles .pile');
    expect(await page.isChecked('#winnable-only')).toBe(true);
    // Off, a new game is the next deal, whatever it is.
    await page.uncheck('#winnable-only');
    await page.click('#new-game');
    expect(await page.textContent('#game-name')).toBe(`deal ${next!.index + 1} of seed 44 · standard · forced discards`);
    await page.context().close();
  });

  it('plays KPatience’s and PySolFC’s numbered games from the deal box, and opens on the rule texts’ game', async () => {
    const { page, errors } = await open('');
    // No game named and none saved: standard with optional discards.
    expect([await page.inputValue('#variant'), await page.inputValue('#discards')]).toEqual(['standard', 'optional']);
    await page.fill('#deal-text', 'kpat:17');
    await page.click('#pasted button[type=submit]');
    expect(await page.textContent('#game-name')).toBe('game kpat:17 · standard · optional discards');
    const shown = await page.$$eval('.card', (cards) => cards.map((card) => card.getAttribute('data-card')));
    expect(shown).toEqual(formatDeal(parseDeal('kpat:17')).split(' ').slice(0, 4));
    expect(new URL(page.url()).hash).toBe('#deal=kpat%3A17&variant=standard&discards=optional');
    // A numbered game is its program's own, aces high: the reversed reading is refused, the game kept.
    await page.click('#reverse');
    expect(await message(page, 'setup-message')).toBe("kpat:17 is a game of KPatience's Aces Up (aces high): not in the reversed reading");
    expect(await page.isChecked('#reverse')).toBe(false);
    expect(await page.textContent('#game-name')).toBe('game kpat:17 · standard · optional discards');
    await page.fill('#deal-text', 'pysol:123456');
    await page.click('#pasted button[type=submit]');
    expect(await page.textContent('#game-name')).toBe('game pysol:123456 · standard · optional discards');
    expect(await page.$$eval('.card', (cards) => cards.map((card) => card.getAttribute('data-card')))).toEqual(
      formatDeal(parseDeal('pysol:123456')).split(' ').slice(0, 4),
    );
    await page.fill('#deal-text', 'kpat:0');
    await page.click('#pasted button[type=submit]');
    expect(await message(page, 'setup-message')).toBe('kpat:0: KPatience numbers its games from 1 to 2,147,483,647');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

// What the page's callbacks use of the browser (the project is typed for Node, without the DOM library).
declare const document: { querySelector(selector: string): { textContent: string | null } | null };
