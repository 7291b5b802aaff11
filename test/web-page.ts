// The web page's test harness: `acesup web` started as a user starts it, Chromium launched (the browser tests' own,
// test/browser-path.ts), a page opened in a context of its own with every other request refused, and a move played
// the way a player plays it. test/web.test.ts and test/web-player.test.ts use it.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { CHROMIUM_CACHE, findChromium } from './browser-path.ts';

export const ROOT = new URL('..', import.meta.url).pathname;
export const BIN = join(ROOT, 'bin/acesup.js');
export const PAGE_FILE = join(ROOT, 'dist/web/index.html');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
];

/** `acesup web` serving the page, and a browser. */
export interface Served {
  address: string;
  browser: Browser;
  server: ChildProcess;
  /** The server's exit code, once it has ended. */
  exited: Promise<number | null>;
  /** Closes the browser and stops the server (if still running). */
  stop(): Promise<void>;
}

/** Starts `acesup web --port 0` in a folder of its own and launches Chromium. */
export async function servePage(): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'acesup-web-'));
  const server = spawn(process.execPath, [BIN, 'web', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  let output = '';
  const address = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = /acesup web: (http:\/\/\S+) /u.exec(output);
      if (found) resolve(found[1]!);
    };
    server.stdout!.on('data', read);
    server.stderr!.on('data', read);
    server.once('exit', (code) => reject(new Error(`acesup web ended (${code}) before serving:\n${output}`)));
  });
  const found = await findChromium(CHROMIUM_CACHE);
  const browser = await chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    args: FLAGS,
    env: { ...process.env, ...found.env },
  });
  return {
    address,
    browser,
    server,
    exited,
    stop: async () => {
      await browser.close();
      if (server.exitCode === null) server.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Opened {
  page: Page;
  /** Console errors and page errors. */
  errors: string[];
  /** Requests for anything but the page itself (none is expected). */
  others: string[];
}

/** Opens the page at `url` + `hash` in a context of its own (its own storage), at `width` × `height`. */
export async function openPage(
  browser: Browser,
  url: string,
  hash: string,
  { width = 1280, height = 900, dark = false } = {},
): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  const others: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/*', (route) => {
    if (route.request().url().split('#')[0] === url) return route.continue();
    others.push(route.request().url());
    return route.abort();
  });
  await page.goto(`${url}${hash}`);
  await page.waitForSelector('#piles .pile');
  return { page, errors, others };
}

/** Plays one move in the rules' notation the way a player does: a click on the card; a move, the empty pile then the card. */
export async function play(page: Page, move: string): Promise<void> {
  const [verb, card, pile] = move.split(' ');
  if (verb === 'deal') await page.click('#deal');
  else if (verb === 'remove') await page.click(`.card[data-card="${card}"]`);
  else {
    await page.click(`.slot[data-slot="${pile}"]`);
    await page.click(`.card[data-card="${card}"]`);
  }
}

/** The piles as the page shows them, bottom to top, and its counts. */
export const table = async (page: Page): Promise<string> =>
  [
    ...(await page.$$eval('.pile', (piles) =>
      piles.map((pile) => [...pile.querySelectorAll('.card')].map((card) => card.getAttribute('data-card')).join(' ')),
    )),
    await page.textContent('#stock-count'),
    await page.textContent('#discarded'),
  ].join(' | ');

/** The text of the page's message line (`id`: another one, such as the setup forms'). */
export const message = (page: Page, id = 'message'): Promise<string> => page.$eval(`#${id}`, (element) => element.textContent ?? '');
