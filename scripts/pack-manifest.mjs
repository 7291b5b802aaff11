// The package.json that `npm pack` and `npm publish` ship: this repository's, without what only a clone uses
// (its scripts, development dependencies and allowScripts), so that installing the package runs nothing and npm
// lists no install script to review. `prepack` runs `strip` (keeping the file aside), `postpack` runs `restore`.
//
//   node scripts/pack-manifest.mjs strip | restore

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const FILE = 'package.json';
const ASIDE = 'package.json.pack-aside';

const [action] = process.argv.slice(2);
if (action === 'strip') {
  if (existsSync(ASIDE))
    throw new Error(`${ASIDE} exists: an earlier pack did not restore it (run: node scripts/pack-manifest.mjs restore)`);
  const text = readFileSync(FILE, 'utf8');
  const manifest = JSON.parse(text);
  for (const field of ['scripts', 'devDependencies', 'allowScripts']) delete manifest[field];
  writeFileSync(ASIDE, text);
  writeFileSync(FILE, `${JSON.stringify(manifest, null, 2)}\n`);
} else if (action === 'restore') {
  if (existsSync(ASIDE)) renameSync(ASIDE, FILE);
} else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip | restore\n');
  process.exitCode = 2;
}
