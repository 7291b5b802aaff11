#!/usr/bin/env node
// Launcher of the acesup command: runs the compiled build in dist/ (made by `npm ci`, or `npm run build`).
import { existsSync, readFileSync, writeSync } from 'node:fs';

const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('acesup: the compiled build is missing (dist/cli/main.js): run `npm run build` (npm ci runs it)\n');
  process.exit(4);
}
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // What commander prints for the version, without loading it and every command's options first: a third
  // of the start-up time.
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  try {
    writeSync(1, `${version}\n`);
  } catch (error) {
    // As main.ts: a closed pipe ends quietly, any other write error (a full disk) is one line and exit 3.
    if (error.code !== 'EPIPE') {
      const { ioReason } = await import(new URL('../dist/cli/errors.js', import.meta.url).href);
      process.stderr.write(`acesup: cannot write to standard output: ${ioReason(error)}\n`);
      process.exitCode = 3;
    }
  }
} else {
  const { main: run } = await import(main.href);
  await run(process.argv);
}
