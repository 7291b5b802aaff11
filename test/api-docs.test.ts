// docs/api.md's examples, run as they are written: each ```ts block is type-checked (strict, against the built
// package's declarations) and run with tsx, importing the package by its name from a folder where
// node_modules/acesup is this repository, as an installed package would be found (its `exports`).

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEEP } from './deep.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const examples = [...readFileSync(join(ROOT, 'docs/api.md'), 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gmu)].map((m) => m[1]!);

const dir = mkdtempSync(join(tmpdir(), 'acesup-api-docs-'));
mkdirSync(join(dir, 'node_modules'));
symlinkSync(ROOT, join(dir, 'node_modules', 'acesup'), 'dir');
writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
const files = examples.map((code, i) => {
  const file = `example-${i + 1}.ts`;
  writeFileSync(join(dir, file), code);
  return file;
});
writeFileSync(
  join(dir, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
    },
    files,
  }),
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/api.md', () => {
  it('has an example for each function, each importing the package by its name', () => {
    for (const name of [
      'solve',
      'verify',
      'seededDeal',
      'parseDeal',
      'winnableDeals',
      'eachWinnableDeal',
      'estimateWinRate',
      'solveOnThreads',
      'hint',
      'newGame',
      'review',
    ]) {
      expect(
        examples.some((code) => code.includes(`${name}(`)),
        name,
      ).toBe(true);
    }
    for (const code of examples) expect(code).toMatch(/from 'acesup(\/node)?';/u);
  });

  // A whole tsc run: in the deep run (the examples still run as written in npm test).
  it.runIf(DEEP)('its examples type-check against the built declarations', () => {
    // The global setup has built dist/ (with its .d.ts) from the current sources.
    const tsc = require.resolve('typescript/bin/tsc');
    const ran = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8' });
    expect(ran.stdout + ran.stderr).toBe('');
    expect(ran.status).toBe(0);
  });

  it.each(files)('%s runs as written', (file) => {
    // tsx as a loader in the one process (its cli.mjs would start a second one).
    const tsx = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const out = execFileSync(process.execPath, ['--import', tsx, file], { cwd: dir, encoding: 'utf8' });
    expect(out.trim()).not.toBe('');
  });
});
