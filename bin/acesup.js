#!/usr/bin/env node
// Launcher of the acesup command: runs the compiled build in dist/ (made by `npm ci`, or `npm run build`).
import { existsSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('acesup: the compiled build is missing (dist/cli/main.js): run `npm run build` (npm ci runs it)\n');
  process.exit(1);
}
const { main: run } = await import(main.href);
await run(process.argv);
