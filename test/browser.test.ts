// The report page and the replay page opened in headless Chromium (see browser-path.ts for which one, driven by
// playwright-core): charts drawn with the expected marks, no console errors, no request beyond the file itself,
// stepping through a deal matches the verifier's replay, and a screenshot that is not blank.
// ACESUP_SCREENSHOTS=1 also writes docs/report.png (of results/report.html) and docs/deal.png.

import { parse } from 'csv-parse/sync';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardName, parseDeal } from '../src/core/game/cards.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { Replayer, replay } from '../src/core/game/verify.ts';
import { CHROMIUM_CACHE, findChromium } from './browser-path.ts';

// What the callbacks that run in the page use of it (the project is typed for Node, without the DOM library).
interface El {
  dataset: Record<string, string>;
  textContent: string | null;
  querySelectorAll(selector: string): El[];
}
// biome-ignore lint/suspicious/noExplicitAny: the page's elements, of every kind, as the browser hands them over
declare const document: { getElementById(id: string): any; querySelectorAll(selector: string): El[] };
declare const Image: new () => { src: string; width: number; height: number; decode(): Promise<void> };
declare function getComputedStyle(element: unknown): { color: string };
declare const window: { scrollY: number };

const ROOT = new URL('..', import.meta.url).pathname;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOTS = process.env.ACESUP_SCREENSHOTS === '1';

const dir = mkdtempSync(join(tmpdir(), 'acesup-browser-'));
let context: BrowserContext;

function acesup(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const ran = spawnSync(process.execPath, ['bin/acesup.js', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

beforeAll(async () => {
  // Never skip: a browser always comes with the dev dependencies.
  const browser = await findChromium(CHROMIUM_CACHE);
  context = await chromium.launchPersistentContext(mkdtempSync(join(dir, 'profile-')), {
    executablePath: browser.executablePath,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    offline: false,
    env: { ...process.env, ...browser.env },
  });
});

afterAll(async () => {
  await context?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a local page, recording console errors, page errors and every request it makes. */
async function open(file: string): Promise<{ page: Page; errors: string[]; requests: string[]; url: string }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  const url = pathToFileURL(file).href;
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  // Anything but the page itself is refused (and still recorded above, so the test sees it).
  await page.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  await page.goto(url);
  await page.waitForLoadState('load');
  return { page, errors, requests, url };
}

/** A screenshot's distinct colours and the share of its pixels that are not the background, decoded by the browser. */
async function inkOf(png: Buffer): Promise<{ colours: number; ink: number; width: number; height: number }> {
  const page = await context.newPage();
  try {
    await page.setContent('<canvas id="c"></canvas>');
    return await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.getElementById('c');
      canvas.width = image.width;
      canvas.height = image.height;
      const g = canvas.getContext('2d');
      g.drawImage(image, 0, 0);
      const pixels: Uint8ClampedArray = g.getImageData(0, 0, image.width, image.height).data;
      const colours = new Set<number>();
      const background = (pixels[0]! << 16) | (pixels[1]! << 8) | pixels[2]!;
      let ink = 0;
      let sampled = 0;
      for (let i = 0; i < pixels.length; i += 4 * 7) {
        const colour = (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
        colours.add(colour);
        sampled += 1;
        if (colour !== background) ink += 1;
      }
      return { colours: colours.size, ink: ink / sampled, width: image.width, height: image.height };
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}

interface SummaryCsvRow {
  [column: string]: string;
}
const readCsv = (file: string): SummaryCsvRow[] => parse(readFileSync(file), { columns: true }) as SummaryCsvRow[];

describe('acesup report in a browser', () => {
  const summary = join(dir, 'run.summary.csv');
  const deals = join(dir, 'run.csv');
  const second = join(ROOT, 'results/first-runs/standard-both.summary.csv');
  const out = join(dir, 'report.html');
  const svgDir = join(dir, 'svg');
  let runs: SummaryCsvRow[];
  let dealRows: SummaryCsvRow[];

  beforeAll(() => {
    const estimate = acesup([
      'estimate',
      '--variant',
      'all',
      '--discards',
      'forced',
      '--deals',
      '40',
      '--seed',
      '5',
      '--max-states',
      '20000',
      '--workers',
      '1',
      '--no-timings',
      '--summary',
      summary,
      '--csv',
      deals,
    ]);
    expect(estimate.code, estimate.stderr).toBe(0);
    const report = acesup(['report', summary, second, deals, '--out', out, '--svg', svgDir]);
    expect(report.code, report.stderr).toBe(0);
    runs = [
      ...readCsv(summary).map((r) => ({ ...r, file: 'run.summary.csv' })),
      ...readCsv(second).map((r) => ({ ...r, file: 'standard-both.summary.csv' })),
    ];
    dealRows = readCsv(deals);
  });

  it('draws every chart with the expected marks and axis titles, and fetches nothing', async () => {
    const { page, errors, requests, url } = await open(out);
    // Win rate: one dot per run (summary row), axis title present, percentages on the axis.
    expect(await page.locator('#win-rate g.mark-symbol.role-mark path').count()).toBe(runs.length);
    expect(await page.locator('#win-rate .role-axis-title').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('win rate')]),
    );
    const axisLabels = await page.locator('#win-rate .role-axis-label text').allTextContents();
    expect(axisLabels).toEqual(expect.arrayContaining(['40%']));
    // One axis label per run: variant × rule · file.
    expect(axisLabels.filter((label) => label.includes(' · ')).sort()).toEqual(
      runs.map((r) => `${r.variant} × ${r.discards} · ${r.file.replace('.summary.csv', '')}`).sort(),
    );
    // Each dot's label carries its run's rate: the set of rates equals the files' win_rate_low.
    const lows = (
      await page
        .locator('#win-rate g.mark-symbol.role-mark path')
        .evaluateAll((paths) => paths.map((p) => p.getAttribute('aria-label') ?? ''))
    ).map((label) => Number(/\blow: ([\d.]+)/u.exec(label)?.[1]));
    expect(lows.sort()).toEqual(runs.map((r) => Number(r.win_rate_low)).sort());
    // The undecided band: one bar per run with unknowns; no run here has a two-phase estimate.
    expect(await page.locator('#win-rate g.range_marks path').count()).toBe(runs.filter((r) => Number(r.unknown) > 0).length);
    expect(await page.locator('#win-rate g.rate_marks path').count()).toBe(runs.length);
    expect(await page.locator('#win-rate g.estimate_marks path').count()).toBe(0);

    // Max discards: per variant × rule, the run with the most deals in its histogram; one bar per non-empty count.
    const largest = new Map<string, number[]>();
    for (const r of runs) {
      const counts = Array.from({ length: 49 }, (_, d) => Number(r[`max_discards_${d}`]));
      const key = `${r.variant}/${r.discards}`;
      const sum = (c: number[]) => c.reduce((s, n) => s + n, 0);
      if (sum(counts) > 0 && (!largest.has(key) || sum(counts) > sum(largest.get(key)!))) largest.set(key, counts);
    }
    const bars = [...largest.values()].reduce((s, counts) => s + counts.filter((n) => n > 0).length, 0);
    expect(await page.locator('#max-discards g.mark-rect.role-mark path').count()).toBe(bars);
    expect(await page.locator('#max-discards .role-axis-title').allTextContents()).toEqual(
      expect.arrayContaining(['max discards (48 = won)']),
    );
    expect(await page.locator('#max-discards .role-title, #max-discards .role-header-label, #max-discards text').allTextContents()).toEqual(
      expect.arrayContaining([
        `standard × optional — standard-both, ${largest
          .get('standard/optional')!
          .reduce((s, n) => s + n, 0)
          .toLocaleString('en-US')} deals`,
      ]),
    );

    // States per deal: median, p99 and max per run; the axis says log scale.
    expect(await page.locator('#states g.mark-symbol.role-mark path').count()).toBe(3 * runs.length);
    expect(await page.locator('#states .role-axis-title').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('log scale')]),
    );

    // Running estimate: one point per deal (40 deals ≤ 100, every one drawn) for each variant × rule of the per-deal file,
    // and each series ends at its summary's win rate.
    const series = new Set(dealRows.map((r) => `${r.variant}/${r.discards}`));
    expect(await page.locator('#running-estimate g.mark-symbol.role-mark path').count()).toBe(40 * series.size);
    expect(await page.locator('#running-estimate .role-axis-title').allTextContents()).toEqual(
      expect.arrayContaining(['deals solved (log scale)', 'win rate so far']),
    );
    const ends = (
      await page
        .locator('#running-estimate g.mark-symbol.role-mark path')
        .evaluateAll((paths) => paths.map((p) => p.getAttribute('aria-label') ?? ''))
    )
      .filter((label) => /deals solved \(log scale\): 40;/u.test(label))
      .map((label) => Number(/win rate so far: ([\d.]+)/u.exec(label)?.[1] ?? /low: ([\d.]+)/u.exec(label)?.[1]));
    expect(ends.sort()).toEqual(
      readCsv(summary)
        .map((r) => Number(r.win_rate_low))
        .sort(),
    );

    // The table: one row per run, with its command and commit.
    expect(await page.locator('#runs tbody tr').count()).toBe(runs.length);
    expect(await page.locator('#runs').textContent()).toContain('acesup estimate --variant all --discards forced --deals 40');

    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    const ink = await inkOf(await page.screenshot({ fullPage: true }));
    expect(ink.colours).toBeGreaterThan(20);
    expect(ink.ink).toBeGreaterThan(0.05);
    await page.close();
  });

  it('writes each chart as an SVG file too', () => {
    for (const name of ['win-rate', 'max-discards', 'states', 'running-estimate']) {
      const svg = readFileSync(join(svgDir, `${name}.svg`), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('role-axis-title');
    }
  });

  it('results/report.html opens cleanly, with its four charts', async () => {
    const { page, errors, requests, url } = await open(join(ROOT, 'results/report.html'));
    for (const id of ['win-rate', 'max-discards', 'states', 'running-estimate']) expect(await page.locator(`#${id} svg`).count()).toBe(1);
    // One rate point per run, and a large estimate point per run with a two-phase estimate (its cell in the runs'
    // table is bold), drawn in front of the light plain range.
    const runs = await page.locator('#runs tbody tr').count();
    const twoPhase = await page.locator('#runs tbody tr td:nth-child(11) b').count();
    expect(twoPhase).toBeGreaterThan(0);
    expect(await page.locator('#win-rate g.rate_marks path').count()).toBe(runs);
    expect(await page.locator('#win-rate g.estimate_marks path').count()).toBe(twoPhase);
    const layers = await page
      .locator('#win-rate g.role-mark')
      .evaluateAll((groups) => groups.map((g) => g.getAttribute('class') ?? '').filter((c) => / (range|estimate)_marks$/u.test(c)));
    expect(layers.map((c) => c.split(' ').pop())).toEqual(['range_marks', 'estimate_marks']);
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    if (SCREENSHOTS) {
      await page.setViewportSize({ width: 1280, height: 1500 });
      writeFileSync(join(ROOT, 'docs/report.png'), await page.screenshot());
    }
    await page.close();
  });
});

/** Strict is lost under forced with at most 46 discards; standard and easy are won (the solver tests' deal). */
const DEAL =
  '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';

describe('the replay page of a deal in a browser', () => {
  const out = join(dir, 'deal.html');
  const deal = parseDeal(DEAL);
  let solved: { variant: 'standard' | 'strict' | 'easy'; result: string; maxDiscards: number; solution?: string[] }[];

  beforeAll(() => {
    const json = acesup(['solve', '--variant', 'all', '--discards', 'forced', '--json', DEAL]);
    expect(json.code, json.stderr).toBe(0);
    solved = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const page = acesup(['solve', '--variant', 'all', '--discards', 'forced', '--html', out, DEAL]);
    expect(page.code, page.stderr).toBe(0);
  });

  /** What the page shows now: the piles bottom to top, the stock count and the discards. */
  const shown = (page: Page) =>
    page.evaluate(() => ({
      piles: [...document.querySelectorAll('#piles .pile')].map((pile) => [...pile.querySelectorAll('.card')].map((c) => c.dataset.card!)),
      stock: Number(document.getElementById('stock')!.textContent),
      discarded: Number(document.getElementById('discarded')!.textContent),
      discardPile: document.querySelectorAll('#discard-pile .mini').length,
      step: Number(document.getElementById('step')!.dataset.step),
    }));
  const position = (game: Replayer) => ({
    piles: game.piles().map((pile) => pile.map(cardName)),
    stock: game.stockLeft(),
    discarded: game.discarded(),
  });

  it("steps through each solution with → and ←, matching the verifier's replay after every move", async () => {
    const { page, errors, requests, url } = await open(out);
    const tabs = page.locator('nav.games button');
    expect(await tabs.count()).toBe(3);
    for (const [i, game] of solved.entries()) {
      if (game.result !== 'won') continue;
      await tabs.nth(i).click();
      // The move list is the solver's solution, in its notation, and it wins by the independent verifier.
      const listed = await page.locator('#moves li').evaluateAll((items) => items.map((li) => (li as unknown as El).dataset.move!));
      expect(listed).toEqual(game.solution);
      const moves = parseMoves(listed.join(','));
      expect(replay(deal, moves, game.variant, 'forced')).toEqual({ ok: true });
      expect(await page.locator('#verdict').textContent()).toBe(
        `${game.variant} · forced discards: WON — 48 discards, ${moves.length} moves`,
      );
      const replayer = new Replayer(deal, game.variant, 'forced');
      expect(await shown(page)).toMatchObject({ ...position(replayer), step: 0 });
      const before = [position(replayer)];
      for (const [k, move] of moves.entries()) {
        await page.keyboard.press('ArrowRight');
        replayer.play(move);
        const now = await shown(page);
        expect(now, `${game.variant} after move ${k + 1} (${listed[k]})`).toMatchObject({ ...position(replayer), step: k + 1 });
        expect(now.discardPile).toBe(replayer.discarded());
        before.push(position(replayer));
      }
      expect(replayer.isWon()).toBe(true);
      // Past the end nothing moves; ← walks back through the same positions; End and Home jump.
      await page.keyboard.press('ArrowRight');
      expect((await shown(page)).step).toBe(moves.length);
      for (let k = moves.length - 1; k >= moves.length - 5; k--) {
        await page.keyboard.press('ArrowLeft');
        expect(await shown(page)).toMatchObject({ ...before[k], step: k });
      }
      await page.keyboard.press('Home');
      expect(await shown(page)).toMatchObject({ ...before[0], step: 0 });
      await page.keyboard.press('End');
      expect(await shown(page)).toMatchObject({ ...before[moves.length], step: moves.length });
      // The buttons do what the keys do.
      await page.click('#first');
      expect((await shown(page)).step).toBe(0);
      await page.click('#forward');
      await page.click('#forward');
      expect(await shown(page)).toMatchObject({ ...before[2], step: 2 });
      await page.click('#back');
      expect(await shown(page)).toMatchObject({ ...before[1], step: 1 });
      // Stepping scrolls the move list, never the page.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    await page.close();
  });

  it('shows a lost deal with its max discards and a legal line that reaches it', async () => {
    const { page, errors, requests, url } = await open(out);
    const lost = solved.findIndex((g) => g.result === 'lost');
    expect(solved[lost]).toMatchObject({ variant: 'strict', maxDiscards: 46 });
    await page.locator('nav.games button').nth(lost).click();
    expect(await page.locator('#verdict').textContent()).toMatch(
      /^strict · forced discards: LOST — max discards 46; best line shown: 46 discards, \d+ moves$/u,
    );
    expect(await page.locator('#note').textContent()).toContain('keeps no line');
    const listed = await page.locator('#moves li').evaluateAll((items) => items.map((li) => (li as unknown as El).dataset.move!));
    const moves = parseMoves(listed.join(','));
    const replay = new Replayer(deal, 'strict', 'forced');
    for (const move of moves) {
      expect(replay.illegal(move)).toBeUndefined();
      replay.play(move);
    }
    expect(replay.discarded()).toBe(46);
    await page.keyboard.press('End');
    expect(await shown(page)).toMatchObject({ ...position(replay), step: moves.length });
    expect(errors).toEqual([]);
    expect(requests).toEqual([url]);
    await page.close();
  });

  it('draws cards a person can read, and a screenshot that is not blank', async () => {
    const { page } = await open(out);
    await page.setViewportSize({ width: 1100, height: 760 });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Red suits red, black suits black, ranks and suit symbols as text.
    const cards = await page.locator('#piles .card').evaluateAll((els) =>
      els.map((el) => ({
        card: (el as unknown as El).dataset.card!,
        text: el.textContent,
        colour: getComputedStyle(el).color,
      })),
    );
    expect(cards.length).toBeGreaterThan(4);
    for (const card of cards) {
      const red = card.card.endsWith('D') || card.card.endsWith('H');
      expect(card.colour, card.card).toBe(red ? 'rgb(200, 16, 46)' : 'rgb(17, 17, 17)');
      expect(card.text).toContain(({ C: '♣', D: '♦', H: '♥', S: '♠' } as Record<string, string>)[card.card[1]!]);
      expect(card.text).toContain(card.card[0] === 'T' ? '10' : card.card[0]);
    }
    const png = await page.screenshot();
    const ink = await inkOf(png);
    expect(ink.colours).toBeGreaterThan(20);
    expect(ink.ink).toBeGreaterThan(0.1);
    if (SCREENSHOTS) {
      for (let i = 0; i < 28; i++) await page.keyboard.press('ArrowRight');
      writeFileSync(join(ROOT, 'docs/deal.png'), await page.screenshot());
    }
    await page.close();
  });
});
