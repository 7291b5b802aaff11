// An estimate run, executing its plan (estimate-plan.ts): the deals solved segment by segment
// and pass by pass (run-passes.ts), the per-deal CSV saved on a timer and at the end (run-saves.ts), and the
// summaries. What happens is handed out as events that the caller pulls (`events`), the outcome last: the run
// never calls back into the command that shows it.

import type { RunOverrides, EstimatePlan } from './estimate-plan.ts';
import { ioReason } from './io-reason.ts';
import type { PoolEnd } from './pool.ts';
import { SegmentedRun } from './run.ts';
import { type PassCounts, solvePasses } from './run-passes.ts';
import { CsvSaves } from './run-saves.ts';
import { type RulesetSummary, awaitingPass } from './summary.ts';
import { fmt } from '../core/game/format.ts';

/** What a run reports as it goes: a later pass starting on more deals of a segment, or a finished chunk. */
export type RunEvent =
  | { kind: 'pass'; pass: number; label: string; deals: number[] }
  | { kind: 'chunk'; pass: number; slot: number; solved: number; won: number; decided: number };

/** How a run ended, with everything its summary and messages need. */
export interface RunOutcome {
  end: PoolEnd;
  summaries: RulesetSummary[];
  wallSeconds: number;
  /** Results solved now, read from the earlier file, finished in all, wanted; unknown results still awaiting a
   *  later pass (an interrupted run's). */
  counts: { now: number; resumed: number; results: number; wanted: number; awaiting: number };
  passCounts: PassCounts;
  /** Whether the last write of the per-deal CSV succeeded (true without one), and what the saves did. */
  csvWritten: boolean;
  saves: { failure: string | undefined; saved: number; savedAny: boolean; checkpointFailed: boolean };
}

/** A run of a plan, started (its files opened, an earlier one's read) and ready to solve. */
export class EstimateRun {
  /** One-line notes to show before the work (an escalated file that holds fewer results than the run's). */
  readonly notes: string[] = [];
  /** Per rule set: deals done and won already (read from the earlier file). */
  readonly resumedDone: readonly number[];
  readonly resumedWon: readonly number[];
  readonly resumed: number;
  readonly wanted: number;

  private constructor(
    private readonly plan: EstimatePlan,
    private readonly run: SegmentedRun,
    private readonly options: RunOverrides,
  ) {
    this.resumedDone = run.resumedDone;
    this.resumedWon = run.resumedWon;
    this.resumed = run.resumedRows;
    this.wanted = plan.range.count * plan.rulesets.length;
    if (plan.escalate !== undefined && !plan.resuming && this.resumed < this.wanted) {
      this.notes.push(
        `${plan.escalate.file} holds ${fmt(this.resumed)} of the ${fmt(this.wanted)} results of deals ${fmt(plan.range.first)}–${fmt(plan.range.first + plan.range.count - 1)}: the others are solved from the first pass`,
      );
    }
  }

  /** Opens the run's files (and reads the earlier one's, resumed or escalated). */
  static async start(plan: EstimatePlan, options: RunOverrides = {}): Promise<EstimateRun> {
    const { flags } = plan;
    const run = await SegmentedRun.start({
      controls: plan.controls,
      seed: plan.seed,
      range: plan.range,
      run: plan.runRange,
      rulesets: plan.rulesets,
      provenance: plan.provenance,
      ...(plan.slotProvenances === undefined ? {} : { slotProvenances: plan.slotProvenances }),
      ...(flags.csv === undefined ? {} : { csv: flags.csv }),
      timings: flags.timings,
      resume: plan.resuming,
      ...(plan.escalate === undefined ? {} : { escalate: plan.escalate.file }),
      ...(options.segmentDeals === undefined ? {} : { segmentDeals: options.segmentDeals }),
    });
    return new EstimateRun(plan, run, options);
  }

  /**
   * Solves the plan's deals, yielding what happens as it happens, and returns how it ended. Aborting
   * `controller` (a signal) stops the solving; the finished results are saved all the same. A failed
   * checkpoint aborts it too.
   */
  async *events(controller: AbortController): AsyncGenerator<RunEvent, RunOutcome, undefined> {
    const { plan, run } = this;
    const { flags } = plan;
    let finished = this.resumed;
    const passCounts: PassCounts = plan.budgets.map(() => ({ solved: 0, decided: 0 }));
    const saves = new CsvSaves(
      run,
      (error, final) => `cannot write --csv ${flags.csv}${final ? '' : ' (checkpoint)'}: ${ioReason(error)}`,
      () => finished,
      { rows: this.resumed, any: plan.resuming },
      plan.csvFile === undefined ? 0 : flags.checkpointEvery,
      controller,
    );
    const queue: RunEvent[] = [];
    let wake: (() => void) | undefined;
    const push = (event: RunEvent): void => {
      queue.push(event);
      wake?.();
    };
    const started = performance.now();
    let end: PoolEnd | undefined;
    let failed: { error: unknown } | undefined;
    const solving = solvePasses(
      run,
      {
        ...plan,
        workers: flags.workers,
        ...(this.options.workerFile === undefined ? {} : { workerFile: this.options.workerFile }),
      },
      controller,
      saves,
      (pass, label, deals) => push({ kind: 'pass', pass, label, deals }),
      (pass, slot, solved, won, decided) => {
        if (pass === 0) finished += solved;
        passCounts[pass]!.solved += solved;
        passCounts[pass]!.decided += decided;
        push({ kind: 'chunk', pass, slot, solved, won, decided });
      },
    ).then(
      (result) => {
        end = result;
        wake?.();
      },
      (error: unknown) => {
        failed = { error };
        wake?.();
      },
    );
    try {
      while (end === undefined && failed === undefined) {
        if (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        while (queue.length > 0) yield queue.shift()!;
      }
      await solving;
      while (queue.length > 0) yield queue.shift()!;
    } catch (error) {
      failed ??= { error };
    } finally {
      await saves.stop();
    }
    if (failed !== undefined) {
      await run.cleanUp();
      throw failed.error;
    }
    const wallSeconds = (performance.now() - started) / 1000;
    // The per-deal file first (even after a failed checkpoint: the disk may have room again), then the summary.
    let csvWritten = true;
    let summaries: RulesetSummary[];
    try {
      if (flags.csv !== undefined) csvWritten = await saves.save(true);
      summaries = await run.summaries();
    } finally {
      await run.cleanUp();
    }
    // Unknown results at a pass before the last and in the sample: an interrupted run's, still to be solved again.
    const awaiting = summaries.reduce((n, s) => n + awaitingPass(s.passes ?? []), 0);
    return {
      end: end!,
      summaries,
      wallSeconds,
      counts: { now: finished - this.resumed, resumed: this.resumed, results: finished, wanted: this.wanted, awaiting },
      passCounts,
      csvWritten,
      saves: { failure: saves.failure, saved: saves.saved, savedAny: saves.savedAny, checkpointFailed: saves.checkpointFailed },
    };
  }
}
