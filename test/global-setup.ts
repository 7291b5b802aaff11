// Vitest global setup: brings the compiled build (dist/) up to date before any test, so that the CLI tests,
// which run bin/acesup.js as a user would, test the current sources. When no source or setting is newer than
// the build's record (dist/.tsbuildinfo) there is nothing to compile, and the setup skips tsc (~3 s). The web page
// (dist/web/index.html) is brought up to date as `acesup web` does it, so the tests that serve or pack it find it.
// The browser tests' Chromium is made ready here, once: test files that unpacked it themselves, two at a time,
// could launch it while the other was still writing it (spawn ETXTBSY).
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

/** The newest modification time of the files under `dir`. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

function upToDate(): boolean {
  let built: number;
  try {
    built = statSync(join(ROOT, 'dist/.tsbuildinfo')).mtimeMs;
  } catch {
    return false;
  }
  const inputs = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((name) => statSync(join(ROOT, name)).mtimeMs);
  return Math.max(newest(join(ROOT, 'src')), ...inputs) < built;
}

export default async function setup(): Promise<void> {
  const { pageUpToDate } = await import('../src/cli/web-page.ts');
  await pageUpToDate();
  const { CHROMIUM_CACHE, findChromium } = await import('./browser-path.ts');
  await findChromium(CHROMIUM_CACHE);
  if (upToDate()) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  // tsc leaves its record as it was when no output changed (a file touched, not edited): mark it built now.
  const now = new Date();
  utimesSync(join(ROOT, 'dist/.tsbuildinfo'), now, now);
}
