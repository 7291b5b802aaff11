// The web command: the page to play a deal on, with the exact solver beside the player, served on this machine.
// Its options and help; the work is in web-command.ts, loaded when the command runs.

import type { Command } from 'commander';
import { integerOption } from './errors.ts';
import type { WebFlags } from './web-command.ts';

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
      const { webCommand } = await import('./web-command.ts');
      process.exitCode = await webCommand(flags, DEFAULT_PORT);
    });
}
