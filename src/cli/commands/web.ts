// `acesup web`: its options and help, and the server: the page to play a deal on, with the exact solver beside the
// player (web-page.ts builds it when needed), served over HTTP on this machine until Ctrl-C. The server's modules
// are loaded when the command runs, so that --help loads the definitions alone.

import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { UsageError, exitForSignal, integerOption } from '../errors.ts';

interface WebFlags {
  port?: number;
  host: string;
}

/** The port tried first: a fixed one, so that the page's saved games (kept per address) are found again. */
const DEFAULT_PORT = 8044;

export function addWebCommand(program: Command): void {
  program
    .command('web')
    .summary('play a deal in the browser with the exact solver beside you: serves the page on this machine')
    .description(
      'Serve the web page (docs/web.md) on this machine and print its address: deal I of seed S, a pasted deal or ' +
        'a deal proved winnable, in every variant and discard rule, played with the mouse, by touch or from the ' +
        'keyboard, with the hint and the exact solver (in a web worker) beside the game. In a clone, the page is ' +
        'built first when its sources are newer than dist/web/index.html. That file also opens from the disk. ' +
        'Ctrl-C stops the server.',
    )
    .addHelpText('after', '\nExamples:\n  acesup web\n  acesup web --port 9000')
    .option(
      '--port <n>',
      `the port to serve on (default ${DEFAULT_PORT}, or a free one when it is taken; 0: any free port)`,
      integerOption(0, 65_535),
    )
    .option('--host <address>', 'the address to listen on (another machine reaches the page only if it is not 127.0.0.1)', '127.0.0.1')
    .action(async (flags: WebFlags) => {
      process.exitCode = await webCommand(flags, DEFAULT_PORT);
    });
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
async function webCommand(flags: WebFlags, defaultPort: number): Promise<number> {
  const { createServer } = await import('node:http');
  const { PAGE, pageUpToDate } = await import('../web-page.ts');
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
