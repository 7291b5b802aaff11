// The main entry in a browser: bundled by Vite (a library build, one classic script) with a small worker around it,
// run in headless Chromium (browser-path.ts) as a web worker; the verdicts it posts back are the solver's, and the
// winning line replays under the independent replayer here in Node.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeal } from '../src/core/game/cards.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { replay } from '../src/core/game/verify.ts';
import type { Verdict } from '../src/index.ts';
import { CHROMIUM_CACHE, findChromium } from './browser-path.ts';

// What the page's callback uses of the browser (the project is typed for Node, without the DOM library).
interface PageWorker {
  onmessage: (event: { data: unknown }) => void;
  onerror: (event: { message: string }) => void;
  postMessage(message: unknown): void;
  terminate(): void;
}
declare const Worker: new (url: string) => PageWorker;

const ROOT = new URL('..', import.meta.url).pathname;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
];
const ORIGIN = 'http://acesup.test/';
/** Standard is won under forced discards; strict is lost with at most 46 discards (the solver tests' deal). */
const DEAL =
  '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';

/** The worker's source: the package imported by its name, as an application would. */
const WORKER = `import { solve } from 'acesup';
self.onmessage = (event) => {
  const { deal, options } = event.data;
  const inWorker = typeof self.WorkerGlobalScope === 'function' && self instanceof self.WorkerGlobalScope;
  self.postMessage({ verdict: solve(deal, options), inWorker, hasDocument: typeof document !== 'undefined' });
};
`;

const dir = mkdtempSync(join(tmpdir(), 'acesup-browser-worker-'));
let browser: Browser;
let bundle: string;

beforeAll(async () => {
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'acesup'), 'dir');
  writeFileSync(join(dir, 'worker.js'), WORKER);
  const warnings: string[] = [];
  const { build } = await import('vite');
  const built = await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: { entry: join(dir, 'worker.js'), formats: ['iife'], name: 'acesupWorker', fileName: 'worker' },
      rollupOptions: { onwarn: (warning) => void warnings.push(warning.message) },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as { output: { type: string; code?: string }[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  expect(chunks).toHaveLength(1);
  bundle = chunks[0]!.code!;
  // One self-contained script: nothing left to import, no Node module stubbed out for the browser.
  expect(warnings).toEqual([]);
  expect(bundle).not.toMatch(/\bimport\s*[{(*'"]|\brequire\(|['"]node:/u);
  const found = await findChromium(CHROMIUM_CACHE);
  browser = await chromium.launch({
    executablePath: found.executablePath,
    headless: true,
    args: FLAGS,
    env: { ...process.env, ...found.env },
  });
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the library in a web worker', () => {
  it('solves a deal in Chromium, and its winning line replays; the lost variant comes with its max discards', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A page of its own origin; anything else is refused.
    await page.route('**/*', (route) =>
      route.request().url() === ORIGIN
        ? route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>acesup</title>' })
        : route.abort(),
    );
    await page.goto(ORIGIN);
    type Reply = { verdict: Verdict; inWorker: boolean; hasDocument: boolean };
    const ask = (options: { variant: string; discards: string }): Promise<Reply> =>
      page.evaluate(
        ({ code, deal, options }) =>
          new Promise<Reply>((resolve, reject) => {
            const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
            worker.onmessage = (event) => {
              worker.terminate();
              resolve(event.data as Reply);
            };
            worker.onerror = (event) => reject(new Error(event.message));
            worker.postMessage({ deal, options });
          }),
        { code: bundle, deal: DEAL, options },
      );

    const won = await ask({ variant: 'standard', discards: 'forced' });
    expect(won).toMatchObject({ inWorker: true, hasDocument: false, verdict: { result: 'won' } });
    if (won.verdict.result !== 'won') throw new Error('expected a win');
    expect(replay(parseDeal(DEAL), parseMoves(won.verdict.solution.join(',')), 'standard', 'forced')).toEqual({ ok: true });

    const lost = await ask({ variant: 'strict', discards: 'forced' });
    expect(lost.verdict).toMatchObject({ result: 'lost', maxDiscards: 46 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
