// `acesup estimate`'s signals: the first SIGINT or SIGTERM stops the run, which writes what is finished; a
// second one later quits at once. The run's passes and saves are batch/run-passes.ts and run-saves.ts.

import { exitForSignal } from './errors.ts';

/** A signal this long after the first one quits at once; sooner, it is the same signal delivered twice. */
const SECOND_SIGNAL_MS = 1000;

/**
 * SIGINT and SIGTERM while a run works: the first aborts `controller` (the run stops and writes what is
 * finished); a second one, later than SECOND_SIGNAL_MS, quits at once without writing. One signal often
 * arrives twice within a moment (sent to the process and to its process group, as `timeout` and some
 * launchers do): that is not a second.
 */
export class Interrupts {
  signal: NodeJS.Signals | undefined;
  private at = 0;
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    if (this.signal !== undefined) {
      if (performance.now() - this.at > SECOND_SIGNAL_MS) process.exit(exitForSignal(this.signal));
      return;
    }
    this.signal = signal;
    this.at = performance.now();
    this.controller.abort();
  };

  constructor(private readonly controller: AbortController) {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  remove(): void {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
  }
}
