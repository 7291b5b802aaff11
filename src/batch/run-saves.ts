// The per-deal CSV of a run, saved: checkpoints on a timer, so that a killed run loses little, and the last
// save; the first write that fails stops the run, keeping the last good file.

import type { SegmentedRun } from './run.ts';

/**
 * The per-deal CSV's saves: checkpoints every `everySeconds` (so that even a hard kill loses at most that
 * much work) and the final one. The first write that fails stops the run (`controller`): the disk that
 * failed a checkpoint would fail the next one, and the work since the last good one is at stake.
 */
export class CsvSaves {
  /** The results the file on disk holds, and whether it holds any of this run's or the earlier file's. */
  saved: number;
  savedAny: boolean;
  failure: string | undefined;
  checkpointFailed = false;
  private pending: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: SegmentedRun,
    /** The one-line message of a failed write (`final`: the last one; else a checkpoint). */
    private readonly describe: (error: unknown, final: boolean) => string,
    private readonly finished: () => number,
    resumed: { rows: number; any: boolean },
    everySeconds: number,
    controller: AbortController,
  ) {
    this.saved = resumed.rows;
    this.savedAny = resumed.any;
    this.timer =
      everySeconds > 0
        ? setInterval(() => {
            this.pending = this.pending.then(async () => {
              if (this.failure === undefined && !(await this.save(false))) {
                this.checkpointFailed = true;
                controller.abort();
              }
            });
          }, everySeconds * 1000)
        : undefined;
  }

  /** Replaces the file with every result finished (`final`: at the end; else a checkpoint); false on failure. */
  async save(final: boolean): Promise<boolean> {
    const results = this.finished();
    try {
      await this.run.save(final);
      this.saved = results;
      this.savedAny = true;
      return true;
    } catch (error) {
      this.failure ??= this.describe(error, final);
      return false;
    }
  }

  /** The message of a failed segment write, which stops the run like a failed checkpoint. */
  describeFailure(error: unknown): string {
    this.checkpointFailed = true;
    return this.describe(error, true);
  }

  /** Stops the checkpoints and waits for one under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pending;
  }
}
