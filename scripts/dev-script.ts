// For the dev scripts, imported first: `--help` prints the script's opening comment (its usage); bad input
// ends it with one line and exit 2, no trace; a closed standard output (`… | head`) ends it quietly with the
// code set so far (0 if none), as the CLI does (src/cli/main.ts).

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const script = process.argv[1] ?? 'script';

if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
  const usage = readFileSync(script, 'utf8').split('\n');
  const end = usage.findIndex((line) => !line.startsWith('//'));
  process.stdout.write(
    `${usage
      .slice(0, end < 0 ? usage.length : end)
      .map((line) => line.replace(/^\/\/ ?/u, ''))
      .join('\n')}\n`,
  );
  process.exit(0);
}

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.on('uncaughtException', (error: Error) => {
  process.stderr.write(`${basename(script)}: ${error.message} (--help for usage)\n`);
  process.exit(2);
});
