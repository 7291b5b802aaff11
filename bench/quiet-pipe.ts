// For the dev scripts: a closed standard output (`… | head`) ends the script quietly instead of with a trace.

process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
