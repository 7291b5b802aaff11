// For the dev scripts: a closed standard output (`… | head`) ends the script quietly, as the CLI does
// (src/cli/main.ts): exit with the code set so far (0 if none), no trace.

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
