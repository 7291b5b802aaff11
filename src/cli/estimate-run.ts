// `acesup estimate`'s solving: the segments solved on one pool, each segment's passes in turn with the
// implications between rule sets after each, the per-deal CSV's checkpoints, and the signals that stop a run.

import { type PoolEnd, type SolverPool, createPool, solveMissing } from '../batch/estimate.ts';
import { SegmentedRun } from '../batch/run.ts';
import { applyImplications } from '../batch/implications.ts';
import { HASH_RANGE, shareAt } from '../batch/options.ts';
import { exitForSignal, ioReason } from './errors.ts';
import { EstimateProgress } from './progress.ts';
import { type EstimateFlags, type EstimateOptions, type EstimatePlan, sharesOfSlot } from './estimate-plan.ts';

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
    private readonly csv: string | undefined,
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
      this.failure ??= `cannot write --csv ${this.csv}${final ? '' : ' (checkpoint)'}: ${ioReason(error)}`;
      return false;
    }
  }

  /** Stops the checkpoints and waits for one under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pending;
  }
}

/** What the passes of a run did: per pass (0: the first), the results solved and, of them, decided. */
export type PassCounts = { solved: number; decided: number }[];

/**
 * Solves the run segment by segment on one pool (started when the first deal needs solving): each segment
 * first at the first budget, then its deals still unknown at each later pass in turn, its rows saved once
 * its last pass is done. Returns how the solving ended; a failed segment write is recorded in `saves`.
 */
export async function solveSegments(
  run: SegmentedRun,
  plan: EstimatePlan,
  flags: EstimateFlags,
  options: EstimateOptions,
  controller: AbortController,
  saves: CsvSaves,
  progress: EstimateProgress,
  onChunk: (pass: number, slot: number, solved: number, won: number, decided: number) => void,
): Promise<PoolEnd> {
  let pool: SolverPool | undefined;
  const slots = plan.rulesets.map((_, slot) => slot);
  try {
    for (let table = await run.nextSegment(); table !== undefined; table = await run.nextSegment()) {
      for (const [pass, maxStates] of plan.budgets.entries()) {
        if (table.pending(slots, pass).length === 0) continue;
        if (controller.signal.aborted) return { kind: 'interrupted' };
        if (pass > 0) {
          const deals = slots.map((slot) => table.pending([slot], pass).reduce((n, [start, stop]) => n + stop - start, 0));
          progress.addPass(pass, `×${plan.passes[pass - 1]}`, deals);
        }
        pool ??= createPool(flags.workers, options.workerFile);
        const end = await solveMissing(table, {
          workers: flags.workers,
          maxStates,
          maxDiscards: plan.maxDiscards,
          signal: controller.signal,
          pool,
          onChunk: (slot, solved, won, decided) => onChunk(pass, slot, solved, won, decided),
          ...(pass === 0 ? {} : { pass, concurrency: plan.passThreads[pass - 1]! }),
          ...(plan.policy === undefined ? {} : { policy: plan.policy }),
        });
        if (end.kind !== 'complete') {
          pool = undefined; // destroyed by solveMissing
          return end;
        }
        // Verdicts that prove other rule sets' unknown results fill them in before the next pass.
        applyImplications(table, (slot, _index, k) => k > 0 && shareAt(sharesOfSlot(plan, slot), k).threshold < HASH_RANGE);
      }
      // A resumed segment whose passes were all done before: its implications, once more (they change nothing twice).
      applyImplications(table, (slot, _index, k) => k > 0 && shareAt(sharesOfSlot(plan, slot), k).threshold < HASH_RANGE);
      try {
        await run.finishSegment();
      } catch (error) {
        saves.failure ??= `cannot write --csv ${flags.csv}: ${ioReason(error)}`;
        saves.checkpointFailed = true;
        return { kind: 'complete' };
      }
    }
    return { kind: 'complete' };
  } finally {
    await pool?.destroy();
  }
}
