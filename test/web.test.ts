// The web page in Chromium, served by `acesup web` (which builds it first when a source is newer): a proved-winnable
// deal played to a win by clicking through solve's line, an illegal click refused in verify's words, the worker's
// verdict on a mid-game position against `acesup solve --after`, the page from the disk, a reload, and the layout at
// a phone's and a desktop's width. One build, one browser; every answer the page shows is checked here in Node.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardName, parseDeal } from '../src/core/game/cards.ts';
import { type GameMove, formatMove, parseMoves } from '../src/core/game/notation.ts';
import { formatPosition } from '../src/core/game/position.ts';
import { Rng } from '../src/core/game/random.ts';
import { parseReversedDeal, toReversed } from '../src/core/game/reverse.ts';
import type { DiscardRule, Variant } from '../src/core/game/rules.ts';
import { Replayer } from '../src/core/game/verify.ts';
import { InputError, formatDeal, seededDeal, solve, verify, winnableDeals } from '../src/index.ts';
import { playersLine } from './players-line.ts';
import { BIN, type Opened, PAGE_FILE, ROOT, message, openPage, play, servePage, type Served, table } from './web-page.ts';
import { DEEP } from './deep.ts';

// What the page's callbacks use of the browser (the project is typed for Node, without the DOM library).
declare const document: {
  documentElement: { scrollWidth: number };
  body: El;
  activeElement: El | null;
  querySelectorAll(selector: string): El[];
  querySelector(selector: string): El | null;
};
declare const window: { innerWidth: number };
declare function getComputedStyle(element: El): { outlineStyle: string; backgroundColor: string; display: string; visibility: string };
interface El {
  tagName: string;
  dataset: Record<string, string | undefined>;
  textContent: string | null;
  getBoundingClientRect(): { left: number; right: number; width: number; height: number };
}

const SCREENSHOTS = process.env.ACESUP_SCREENSHOTS === '1';

let served: Served;
let address = '';

beforeAll(async () => {
  served = await servePage();
  address = served.address;
});

afterAll(async () => {
  await served?.stop();
});

/** Opens the page (served, or `url` itself) at `hash`, in a context of its own (its own storage), at `width`. */
const open = (
  hash: string,
  { url = address, ...size }: { url?: string; width?: number; height?: number; dark?: boolean } = {},
): Promise<Opened> => openPage(served.browser, url, hash, size);

/** A legal line from the start with `deals` deals: removals and moves as the stream picks them, a deal now and then. */
function someLine(deal: Uint8Array, variant: Variant, rule: DiscardRule, deals: number, seed: number): string[] {
  const game = new Replayer(deal, variant, rule);
  const rng = new Rng(seed);
  const line: GameMove[] = [];
  for (let dealt = 0; dealt < deals; ) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    const others = moves.filter((move) => move.kind !== 'deal');
    const canDeal = others.length < moves.length;
    const move = others.length > 0 && (!canDeal || rng.below(3) > 0) ? others[rng.below(others.length)]! : { kind: 'deal' as const };
    if (move.kind === 'deal') dealt += 1;
    game.play(move);
    line.push(move);
  }
  return line.map(formatMove);
}

/** The position `moves` reach, in the position notation acesup hint reads. */
function positionOf(deal: string, moves: string[], variant: Variant, rule: DiscardRule): string {
  const cards = parseDeal(deal);
  const game = new Replayer(cards, variant, rule);
  for (const move of parseMoves(moves.join(','))) game.play(move);
  const piles = game.piles();
  const seen = new Set([...piles.flat(), ...cards.subarray(52 - game.stockLeft())]);
  return formatPosition({ piles, stock: game.stockLeft(), discards: [...cards].filter((card) => !seen.has(card)).sort((a, b) => a - b) });
}

/** `acesup solve --after` on the position, one pass at the page's budget, as JSON. */
function cliVerdict(deal: string, after: string[], variant: Variant, discards: DiscardRule): Record<string, unknown> {
  const args = [
    'solve',
    deal,
    '--variant',
    variant,
    '--discards',
    discards,
    '--after',
    after.join(', '),
    '--json',
    '--time-limit',
    '0',
    '--threads',
    '1',
  ];
  return JSON.parse(execFileSync(process.execPath, [BIN, ...args], { encoding: 'utf8' })) as Record<string, unknown>;
}

describe('the web page', () => {
  it('acesup web serves it on this machine: the built page at /, nothing else', async () => {
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/u);
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(readFileSync(PAGE_FILE, 'utf8'));
    expect((await fetch(`${address}assets/x.js`)).status).toBe(404);
  });

  it('plays a proved-winnable deal to a win, clicking through the line solve gives for it', async () => {
    const [found] = winnableDeals({ seed: 44, count: 1, variant: 'standard', discards: 'forced' });
    const verdict = solve(found!.deal, { variant: 'standard', discards: 'forced' });
    if (verdict.result !== 'won') throw new Error('winnableDeals gave a deal solve does not win');
    const { page, errors, others } = await open(`#seed=44&index=${found!.index}&variant=standard&discards=forced`);
    expect(await page.textContent('#game-name')).toBe(`deal ${found!.index} of seed 44 · standard · forced discards`);
    for (const move of verdict.solution) await play(page, move);
    expect(await page.getAttribute('body', 'data-standing')).toBe('won');
    expect(await message(page)).toBe('Won: the four aces are left, one on each pile.');
    expect(await page.textContent('#discarded')).toBe('48 discarded');
    expect(errors).toEqual([]);
    expect(others).toEqual([]);
    await page.context().close();
  });

  it('refuses an illegal action, changing nothing, in the words of acesup verify; bad input is one line', async () => {
    const deal = seededDeal(2, 3);
    const game = new Replayer(parseDeal(deal), 'standard', 'forced');
    const stuck = game.piles().find((pile) => game.illegal({ kind: 'remove', card: pile[0]! }) !== undefined)![0]!;
    const { page, errors } = await open('#seed=2&index=3&variant=standard&discards=forced');
    const before = await table(page);
    const name = cardName(stuck);
    await page.click(`.card[data-card="${name}"]`);
    const check = verify(deal, [`remove ${name}`], { discards: 'forced' });
    if (check.ok) throw new Error('the removal is illegal');
    expect(await message(page)).toBe(`move ${check.move}: ${check.reason}`);
    expect(await table(page)).toBe(before);
    // A deal before a possible removal, under forced discards (when one is possible), is refused as verify refuses it.
    await page.click('#deal');
    const dealing = verify(deal, ['deal'], { discards: 'forced' });
    expect(dealing).toMatchObject({ ok: false, move: 1 });
    if (!dealing.ok) expect(await message(page)).toBe(`move 1: ${dealing.reason}`);
    expect(await table(page)).toBe(before);

    // A pasted deal that is not one, and a seed that is not one: one line each, naming the problem.
    const bad = deal.replace('QS', 'QX');
    await page.fill('#deal-text', bad);
    await page.click('#pasted button[type=submit]');
    expect(() => parseDeal(bad)).toThrow(InputError);
    let expected = '';
    try {
      parseDeal(bad);
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(await message(page, 'setup-message')).toBe(expected);
    await page.fill('#seed', '-3');
    await page.click('#seeded button[type=submit]');
    expect(await message(page, 'setup-message')).toBe('seed must be a whole number from 0 to 4294967295');
    expect(await table(page)).toBe(before);
    expect(errors).toEqual([]);
    await page.context().close();

    // An address that names no game is named too, and a game is dealt all the same.
    const named = await open('#seed=x&variant=standard');
    expect(await message(named.page, 'setup-message')).toBe('The address: seed must be a whole number from 0 to 4294967295');
    expect(await named.page.locator('.card').count()).toBe(4);
    expect(named.errors).toEqual([]);
    await named.page.context().close();
  });

  it('reads Reverse Idiot’s Delight: the cards shown aces low, an illegal click refused as acesup verify --reverse says', async () => {
    const standard = parseDeal(seededDeal(9, 0));
    const reversed = formatDeal(standard.map(toReversed));
    const { page } = await open(`#deal=${reversed.replaceAll(' ', '')}&variant=strict&discards=optional&reverse=1`);
    const shown = await page.$$eval('.card', (cards) => cards.map((card) => card.getAttribute('data-card')));
    expect(shown).toEqual(reversed.split(' ').slice(0, 4));
    expect(formatDeal(parseReversedDeal(reversed))).toBe(formatDeal(standard));
    // The first card that cannot be removed, clicked; the command line's verify of the same move in the same reading.
    const game = new Replayer(standard, 'strict', 'optional');
    const stuck = [0, 1, 2, 3].find((pile) => game.illegal({ kind: 'remove', card: standard[pile]! }) !== undefined)!;
    const name = reversed.split(' ')[stuck]!;
    await page.click(`.card[data-card="${name}"]`);
    let cli = '';
    try {
      execFileSync(process.execPath, [BIN, 'verify', reversed, `remove ${name}`, '--variant', 'strict', '--reverse'], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (failed) {
      cli = String((failed as { stdout: string }).stdout).trim();
    }
    expect(cli).toMatch(/^invalid: move 1: /u);
    expect(await message(page)).toBe(cli.replace(/^invalid: /u, ''));
    await page.context().close();
  });

  it('gives, from its web worker, the verdict acesup solve --after gives on the same mid-game position', async () => {
    for (const [seed, index, variant, discards, deals] of [
      [5, 2, 'strict', 'forced', 4],
      [5, 7, 'standard', 'optional', 3],
    ] as const) {
      const deal = seededDeal(seed, index);
      const after = someLine(parseDeal(deal), variant, discards, deals, seed + index);
      const { page, errors } = await open(`#seed=${seed}&index=${index}&variant=${variant}&discards=${discards}`);
      for (const move of after) await play(page, move);
      await page.check('#show-solver');
      const shown = await page.waitForSelector(`#verdict[data-state="done"][data-moves="${after.length}"]`);
      const data = await shown.evaluate((element) => ({ ...(element as unknown as El).dataset }));
      const cli = cliVerdict(deal, after, variant, discards);
      expect({ at: `${variant}/${discards}`, result: data['result'] }).toEqual({ at: `${variant}/${discards}`, result: cli['result'] });
      if (cli['result'] === 'won') {
        expect(verify(deal, [...after, ...data['solution']!.split(', ')], { variant, discards })).toEqual({ ok: true });
      } else {
        const bounds = { lower: Number(data['lower']), upper: Number(data['upper']) };
        const max = cli['maxDiscards'];
        if (cli['result'] === 'lost' && typeof max === 'number') expect(Number(data['maxDiscards'])).toBe(max);
        else expect(bounds).toEqual(max);
      }
      // The hint, from the worker too: the sentences acesup hint --perfect prints for the same position, in the same
      // words, and no player's name or setting unless the details are opened.
      await page.click('#hint');
      await page.waitForSelector('#hint-text[data-state="done"]');
      const lines = await page.$$eval('#hint-text > p', (paragraphs) => paragraphs.map((p) => p.textContent));
      const printed = execFileSync(
        process.execPath,
        [BIN, 'hint', positionOf(deal, after, variant, discards), '--variant', variant, '--discards', discards, '--perfect'],
        { encoding: 'utf8' },
      ).split('\n');
      expect(lines).toEqual(printed.slice(2, 5));
      const visible = async (): Promise<string> => (await page.locator('#hint-text p:visible').allTextContents()).join('\n');
      expect(await visible()).not.toMatch(/expert|greedy|samples|ace-bonus|positions|seed/u);
      await page.click('#hint-text details summary');
      expect(await visible()).toMatch(/expert\(samples=128\)/u);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('plays from the keyboard and by dragging, and deals the next deal proved winnable', async () => {
    const deal = seededDeal(44, 0);
    const verdict = solve(deal, { discards: 'forced' });
    if (verdict.result !== 'won') throw new Error('deal 0 of seed 44 is won under forced discards');
    const line = verdict.solution.slice(0, 12);
    expect(line.some((move) => move.startsWith('move '))).toBe(true);
    const game = new Replayer(parseDeal(deal), 'standard', 'forced');
    const { page, errors } = await open('#seed=44&index=0&variant=standard&discards=forced');
    for (const text of line) {
      const [move] = parseMoves(text);
      if (move!.kind === 'deal') await page.keyboard.press('d');
      else if (move!.kind === 'remove') {
        // The key of the pile whose exposed card it is.
        const pile = game.piles().findIndex((cards) => cards[cards.length - 1] === move!.card);
        await page.keyboard.press(String(pile + 1));
      } else {
        const from = (await page.locator(`.card[data-card="${cardName(move!.card)}"]`).boundingBox())!;
        const to = (await page.locator(`.slot[data-slot="${move!.pile + 1}"]`).boundingBox())!;
        await page.mouse.move(from.x + from.width / 2, from.y + 12);
        await page.mouse.down();
        await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
        await page.mouse.up();
      }
      game.play(move!);
      const piles = game.piles().map((cards) => cards.map(cardName).join(' '));
      expect({ after: text, piles: (await table(page)).split(' | ').slice(0, 4) }).toEqual({ after: text, piles });
    }

    // Deal 0 is the one in the fields: the next deal proved winnable is the first after it, as winnableDeals finds it.
    const [next] = winnableDeals({ seed: 44, index: 1, count: 1, variant: 'standard', discards: 'forced' });
    await page.click('#winnable');
    await page.waitForFunction(
      (name) => document.querySelector('#game-name')?.textContent === name,
      `deal ${next!.index} of seed 44 · standard · forced discards`,
    );
    expect(await message(page, 'setup-message')).toBe(
      `Deal ${next!.index} of seed 44 is proved winnable (${next!.solution.length} moves win it).`,
    );
    expect(new URL(page.url()).hash).toBe(`#seed=44&index=${next!.index}&variant=standard&discards=forced`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('opens from the disk (file://): plays, and its worker solves there too', async () => {
    const url = pathToFileURL(PAGE_FILE).href;
    const { page, errors, others } = await open('#seed=44&index=0&variant=standard&discards=forced', { url });
    await page.check('#show-solver');
    await page.waitForSelector('#verdict[data-state="done"][data-moves="0"]');
    expect(await page.getAttribute('#verdict', 'data-result')).toBe('won');
    await page.click('#line-next');
    expect(await page.getAttribute('#verdict', 'data-moves')).toBe('1');
    expect(errors).toEqual([]);
    expect(others).toEqual([]);
    await page.context().close();
  });

  it('keeps the game through a reload, undo and redo included', async () => {
    const deal = seededDeal(12, 1);
    const line = someLine(parseDeal(deal), 'easy', 'optional', 2, 3);
    const { page } = await open('#seed=12&index=1&variant=easy&discards=optional');
    for (const move of line) await play(page, move);
    await page.click('#undo');
    const before = await table(page);
    await page.reload();
    await page.waitForSelector('#piles .pile');
    expect(await table(page)).toBe(before);
    await page.keyboard.press('r');
    await page.keyboard.press('u');
    expect(await table(page)).toBe(before);
    expect(await page.isEnabled('#redo')).toBe(true);
    await page.context().close();
  });

  it.runIf(DEEP)('fits a phone and a desktop: nothing outside the viewport, focus visible, dark colours under a dark scheme', async () => {
    // A lost game of KPatience's game 17, its review asked and answered, stepped back to before the losing move, the
    // hint asked there: the review's winning line, the hint in words and the games played, the page at its fullest.
    const line = playersLine('kpat:17', 3);
    for (const [name, width, height, dark] of [
      ['phone', 375, 812, false],
      ['desktop', 1280, 900, false],
      ['phone-dark', 375, 812, true],
    ] as const) {
      const { page, errors } = await open('#deal=kpat:17&variant=standard&discards=optional', { width, height, dark });
      for (const move of line) await play(page, move);
      await page.click('#review-ask');
      await page.waitForSelector('#review[data-state="done"]');
      // The phone's pictures show the answer on the moves played; the desktop's the step back and the hint there.
      if (name === 'desktop') {
        await page.click('#review-back');
        await page.click('#hint');
        await page.waitForSelector('#hint-text[data-state="done"]');
      }
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => {
            const box = element.getBoundingClientRect();
            const style = getComputedStyle(element);
            return (
              box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && (box.left < -0.5 || box.right > window.innerWidth + 0.5)
            );
          })
          .map((element) => `${element.tagName} ${element.textContent?.slice(0, 30)}`),
      );
      expect({ name, outside }).toEqual({ name, outside: [] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The keyboard's focus is drawn: the first pile's card, reached by Tab, has an outline.
      await page.focus('.pile .card:last-child');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/gu)!.map(Number) as [number, number, number];
      expect({ name, dark: 0.2126 * r + 0.7152 * g + 0.0722 * b < 60 }).toEqual({ name, dark });
      const shot = await page.screenshot({ fullPage: true });
      expect(shot.length).toBeGreaterThan(10_000);
      if (SCREENSHOTS) writeFileSync(join(ROOT, 'docs', `web-${name}.png`), shot);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('acesup web stops on SIGTERM (exit 143)', async () => {
    served.server.kill('SIGTERM');
    expect(await served.exited).toBe(143);
  });
});
