#!/usr/bin/env node
// Launcher of the acesup command: runs the compiled build in dist/ (made by `npm ci`, or `npm run build`).
import { existsSync, readFileSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('acesup: the compiled build is missing (dist/cli/main.js): run `npm run build` (npm ci runs it)\n');
  process.exit(1);
}
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander prints for the version, without loading it and every command's options first: a third
  // of the start-up time.
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${version}\n`);
} else {
  const { main: run } = await import(main.href);
  await run(process.argv);
}
