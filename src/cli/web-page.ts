// The web page as built (dist/web/index.html, one file): where it is, and building it with Vite when it is missing
// or older than its sources, in a clone. `acesup web` serves it (commands/web.ts); the tests and the bench use it too.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from './errors.ts';

/** The package's root, from dist/cli/ (or src/cli/) where this module is. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built page: one file, its script, styles and worker inside. */
export const PAGE = join(ROOT, 'dist', 'web', 'index.html');
/** What the page is built from, in a clone (an installed package has the page and none of these). */
const SOURCES = ['src/web', 'src/core', 'src/index.ts', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time of a file or of the files under a folder (0 when it does not exist). */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

/** Builds the page when it is missing or older than its sources, where the sources are (a clone). */
export async function pageUpToDate(): Promise<void> {
  if (!existsSync(join(ROOT, 'src', 'web'))) {
    if (!existsSync(PAGE)) throw new UsageError(`the web page is missing from this installation (${PAGE})`);
    return;
  }
  const built = newest(PAGE);
  if (built > 0 && built > Math.max(...SOURCES.map((source) => newest(join(ROOT, source))))) return;
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    if (built > 0) {
      console.error('acesup web: the page is older than its sources, and Vite (a development dependency) is not installed to build it');
      return;
    }
    throw new UsageError(
      'the web page is not built, and Vite (a development dependency) is not installed: run npm ci, then npm run build:web',
    );
  }
  console.error('acesup web: building the page (dist/web/index.html)…');
  await vite.build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
}
