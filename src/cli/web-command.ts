// The web command's work: brings the built page up to date (in a clone, with Vite, when a source is newer than
// it), then serves it over HTTP on this machine until Ctrl-C (options in web.ts).

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, exitForSignal } from './errors.ts';

export interface WebFlags {
  port?: number;
  host: string;
}

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

/** Listens on `port`, or when none is given on `fallback` (any free port when it is taken); resolves with the port. */
function listen(server: Server, port: number | undefined, fallback: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = (at: number): void => {
      const onError = (error: NodeJS.ErrnoException): void => {
        if (error.code === 'EADDRINUSE' && port === undefined && at !== 0) {
          attempt(0);
          return;
        }
        if (error.code === 'EADDRINUSE') {
          reject(new UsageError(`port ${at} is taken: choose another with --port (0: any free one)`));
          return;
        }
        if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
          reject(new UsageError(`cannot listen on ${host}: no such address on this machine`));
          return;
        }
        reject(error);
      };
      server.once('error', onError);
      server.listen(at, host, () => {
        server.off('error', onError);
        const address = server.address();
        resolve(typeof address === 'object' && address !== null ? address.port : at);
      });
    };
    attempt(port ?? fallback);
  });
}

/** Serves the page until a signal; `defaultPort` is the port tried when --port is not given. */
export async function webCommand(flags: WebFlags, defaultPort: number): Promise<number> {
  await pageUpToDate();
  const html = readFileSync(PAGE);
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split(/[?#]/u)[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path !== '/' && path !== '/index.html') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('acesup web: the page is at /\n');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': html.length,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : html);
  });
  const port = await listen(server, flags.port, defaultPort, flags.host);
  const host = flags.host.includes(':') ? `[${flags.host}]` : flags.host;
  console.log(`acesup web: http://${host}:${port}/ (Ctrl-C stops it)`);
  console.log(`The page is also one file that opens from the disk: ${PAGE}`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return exitForSignal(signal);
}
