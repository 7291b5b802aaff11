// Vitest global setup: brings the compiled build (dist/) up to date before any test, so that the CLI tests,
// which run bin/acesup.js as a user would, test the current sources (an incremental tsc: ~3 s when unchanged).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: new URL('..', import.meta.url), stdio: 'inherit' });
}
