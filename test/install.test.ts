// The package as a user installs it: the tarball `npm pack` makes (its manifest as prepack leaves it), installed
// into an empty folder with npm, answers the README's commands line for line as this clone does (timings aside),
// brings no plotting stack, runs no install script, and its library imports from the package's name.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sized } from './deep.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'acesup-install-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const app = join(dir, 'app');

/** npm, as a user runs it (the same Node as the tests). */
const npm = (args: string[], cwd: string): string =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

let installLog = '';

beforeAll(() => {
  // The tarball without running the build again under the tests (the global setup has built dist/), then its
  // manifest as `prepack` (scripts/pack-manifest.mjs) leaves it in what npm publishes.
  const packed = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT)) as { filename: string }[];
  const raw = join(dir, 'raw');
  mkdirSync(raw);
  execFileSync('tar', ['xzf', join(dir, packed[0]!.filename), '-C', raw]);
  execFileSync(process.execPath, [join(ROOT, 'scripts/pack-manifest.mjs'), 'strip'], { cwd: join(raw, 'package') });
  rmSync(join(raw, 'package', 'package.json.pack-aside'));
  const shipped = JSON.parse(npm(['pack', join(raw, 'package'), '--json', '--pack-destination', dir], dir)) as { filename: string }[];
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
  // From npm's cache where it can (npm ci filled it): the test needs the registry only for what it lacks.
  installLog = npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, shipped[0]!.filename)], app);
});

/** Runs acesup from the clone or from the installed package, as `npx acesup` would. */
function run(where: 'clone' | 'installed', args: string[]): { code: number | null; stdout: string; stderr: string } {
  const bin = where === 'clone' ? join(ROOT, 'bin/acesup.js') : join(app, 'node_modules/acesup/bin/acesup.js');
  const ran = spawnSync(process.execPath, [bin, ...args], { cwd: where === 'clone' ? ROOT : app, encoding: 'utf8' });
  return { code: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

/** Output without what changes from run to run: times and rates per second. */
const timeless = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !/ s of solving|^Solved |deals\/s/u.test(line))
    .map((line) => line.replace(/\(\d[\d,]* states, [\d.]+ ms\)/gu, '(… states, … ms)').replace(/[\d.]+ ms/gu, '… ms'))
    .join('\n');

/** The README's first `npx acesup COMMAND …` of a console block, as arguments. */
function readmeCommand(command: string): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const line = readme.split('\n').find((l) => l.startsWith(`$ npx acesup ${command} `));
  if (line === undefined) throw new Error(`the README shows no "npx acesup ${command}" command`);
  // Quoted words stay whole (the deal).
  return [...line.slice('$ npx acesup '.length).matchAll(/"([^"]*)"|(\S+)/gu)].map((m) => m[1] ?? m[2]!);
}

describe('the installed package', () => {
  it('installs with its own dependencies only: no plotting stack, no install script to review', () => {
    expect(installLog).not.toMatch(/install-scripts|allow-scripts/u);
    const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toContain('acesup');
    for (const heavy of ['vega', 'vega-lite', 'typescript', 'vite', 'vitest']) expect(installed).not.toContain(heavy);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/acesup/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['scripts']).toBeUndefined();
    expect(manifest['devDependencies']).toBeUndefined();
  });

  it("answers the README's solve command as the clone does", () => {
    const args = readmeCommand('solve');
    const [clone, installed] = [run('clone', args), run('installed', args)];
    expect(clone.code, clone.stderr).toBe(0);
    expect(installed.code, installed.stderr).toBe(0);
    expect(timeless(installed.stdout)).toBe(timeless(clone.stdout));
  });

  // A short run under npm test; the README's own estimate command in the deep run.
  const estimates = sized(
    [['estimate', '--variant', 'strict', '--deals', '20', '--workers', '1']],
    [['estimate', '--variant', 'strict', '--deals', '20', '--workers', '1'], readmeCommand('estimate')],
  );
  it.each(estimates.map((args) => [args.join(' '), args] as const))(
    'answers "%s" as the clone does, line for line, from the stored runs it carries',
    (_, args) => {
      const [clone, installed] = [run('clone', args), run('installed', args)];
      expect(clone.code, clone.stderr).toBe(0);
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.stderr).toBe(clone.stderr);
      expect(timeless(installed.stdout)).toBe(timeless(clone.stdout));
      expect(installed.stdout).toMatch(/from a stored run of 1,000,000 deals/u);
    },
  );

  it('says in one line how to add the report’s charting packages, before reading any file', () => {
    const ran = run('installed', ['report', 'no-such.summary.csv', '--out', 'report.html']);
    expect(ran.code).toBe(2);
    expect(ran.stderr.trim()).toBe(
      'acesup: the report draws its charts with vega and vega-lite, which are not installed (vega is missing): npm install vega vega-lite',
    );
  });

  it("serves the library from the package's name, the browser entry and the Node one", () => {
    const script =
      "import { solve, parseDeal } from 'acesup'; import { estimateWinRate } from 'acesup/node';" +
      "const deal = '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';" +
      "parseDeal(deal); const v = solve(deal, { variant: 'strict' }); const e = await estimateWinRate({ deals: 3, workers: 1, variant: 'strict', discards: 'forced' });" +
      'console.log(v.result, e.deals);';
    const ran = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout.trim()).toMatch(/^(won|lost) 3$/u);
  });
});
