// The web page's cost to a player: its size (bytes, and gzipped as a server would send it) and the time from opening
// it, with the exact solver shown, to the solver's first verdict, in Chromium (the one the browser tests use). Each
// position is opened afresh --runs times (a new browser context each: nothing kept from the run before); prints
// the medians, with the range of the runs, of that time, of the worker's own solve, and of the page's load.
//
//   npx tsx bench/web.bench.ts                  deals 0–2 of seed 1 at their start, three rule sets, 5 runs each
//   npx tsx bench/web.bench.ts --runs 9 --deals 5

import '../scripts/dev-script.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { PAGE, pageUpToDate } from '../src/cli/web-page.ts';
import { fmt } from '../src/core/game/format.ts';
import { findChromium } from '../test/browser-path.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, deals: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const deals = Number(values.deals);
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(deals) || deals < 1)
  throw new Error('--runs and --deals take a whole number ≥ 1');

const RULES = ['standard/optional', 'strict/forced', 'easy/optional'];
const ROOT = new URL('..', import.meta.url).pathname;

// What the page's scripts see (the project is typed for Node, without the DOM library).
declare const window: { __verdictAt?: number; localStorage: { setItem(key: string, value: string): void } };
declare const document: { getElementById(id: string): { dataset: Record<string, string> } | null };
declare const performance: { now(): number; getEntriesByType(type: string): { domContentLoadedEventEnd: number }[] };
declare const MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const summary = (values: number[]): string =>
  `${median(values).toFixed(0).padStart(6)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

await pageUpToDate();
const html = readFileSync(PAGE);
console.log(`# npx tsx bench/web.bench.ts --runs ${runs} --deals ${deals}`);
console.log(
  `page: ${fmt(html.length)} bytes, ${fmt(gzipSync(html).length)} gzipped (level 6), ${fmt(gzipSync(html, { level: 9 }).length)} at level 9`,
);

const found = await findChromium(join(ROOT, 'node_modules', '.cache', 'acesup-chromium'));
const browser = await chromium.launch({
  executablePath: found.executablePath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  env: { ...process.env, ...found.env },
});
console.log('position                         first verdict ms   worker solve ms   page loaded ms   verdict');
try {
  for (const rule of RULES) {
    const [variant, discards] = rule.split('/') as [string, string];
    for (let index = 0; index < deals; index++) {
      const first: number[] = [];
      const solving: number[] = [];
      const loaded: number[] = [];
      let verdict = '';
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        // The solver shown from the start, and the moment its first verdict is drawn, recorded by the page itself.
        await page.addInitScript(() => {
          window.localStorage.setItem('acesup.solver', '1');
          new MutationObserver(() => {
            if (window.__verdictAt === undefined && document.getElementById('verdict')?.dataset['state'] === 'done')
              window.__verdictAt = performance.now();
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
        });
        await page.goto(`${pathToFileURL(PAGE).href}#seed=1&index=${index}&variant=${variant}&discards=${discards}`);
        await page.waitForSelector('#verdict[data-state="done"]', { timeout: 600_000 });
        const seen = await page.evaluate(() => ({
          at: window.__verdictAt!,
          loaded: performance.getEntriesByType('navigation')[0]!.domContentLoadedEventEnd,
          data: { ...document.getElementById('verdict')!.dataset },
        }));
        first.push(seen.at);
        loaded.push(seen.loaded);
        solving.push(Number(seen.data['ms']));
        const { result, states, maxDiscards } = seen.data;
        verdict = `${result}${maxDiscards === undefined ? '' : ` (max ${maxDiscards})`}, ${fmt(Number(states))} states`;
        await context.close();
      }
      console.log(
        `${`${rule} deal ${index} of seed 1`.padEnd(32)} ${summary(first).padStart(16)} ${summary(solving).padStart(17)} ${summary(loaded).padStart(16)}   ${verdict}`,
      );
    }
  }
} finally {
  await browser.close();
}
