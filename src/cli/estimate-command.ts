// `acesup estimate`, step by step: the plan (estimate-plan.ts), the run's passes and saves (batch/run-passes.ts,
// batch/run-saves.ts) under the signals that stop it (estimate-signals.ts), then the files, the summary and
// the exit status (estimate-output.ts). `--escalate FILE` is the same run, its plan read from FILE.

import type { Command } from 'commander';
import type { PoolEnd } from '../batch/pool.ts';
import { SEARCH_VERSION } from '../batch/provenance.ts';
import { rulesetName } from '../batch/results.ts';
import { SegmentedRun } from '../batch/run.ts';
import { readControl } from '../batch/control.ts';
import { type RulesetSummary, awaitingPass } from '../batch/summary.ts';
import { commandLine, provenance, writeSummary } from './batch-output.ts';
import { EstimateProgress } from './progress.ts';
import { type EstimateFlags, type EstimateOptions, planEstimate, sharesOfSlot, withDefaultPlan } from './estimate-plan.ts';
import { Interrupts } from './estimate-signals.ts';
import { ioReason } from './errors.ts';
import { CsvSaves } from '../batch/run-saves.ts';
import { type PassCounts, type PassPlan, solvePasses } from '../batch/run-passes.ts';
import { endMessages, estimateClosing, estimateHeading } from './estimate-output.ts';
import { fmt } from '../core/game/format.ts';

export type { EstimateFlags, EstimateOptions } from './estimate-plan.ts';

export async function estimateCommand(given: EstimateFlags, command: Command, options: EstimateOptions = {}): Promise<number> {
  // The provenance of the code that solves, read before the work starts (the tree may change during a long run).
  const source = provenance();
  const flags = withDefaultPlan(given, command);
  const plan = await planEstimate(flags, command, source.version);
  const control =
    flags.control === undefined
      ? undefined
      : await readControl(flags.control, {
          seed: plan.seed,
          first: plan.runRange.first,
          last: plan.runRange.last,
          rulesets: plan.rulesets,
        });
  const run = await SegmentedRun.start({
    ...(control === undefined ? {} : { control }),
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
  const resumed = run.resumedRows;
  const wanted = plan.range.count * plan.rulesets.length;
  if (plan.escalate !== undefined && !plan.resuming && resumed < wanted) {
    console.error(
      `acesup: note: ${plan.escalate.file} holds ${fmt(resumed)} of the ${fmt(wanted)} results of deals ${fmt(plan.range.first)}–${fmt(plan.range.first + plan.range.count - 1)}: the others are solved from the first pass`,
    );
  }
  /** Results finished: read from the earlier file, and solved by this run. */
  let finished = resumed;
  const passCounts: PassCounts = plan.budgets.map(() => ({ solved: 0, decided: 0 }));
  const progress = new EstimateProgress(
    plan.rulesets.map(rulesetName),
    plan.range.count,
    run.resumedDone,
    run.resumedWon,
    flags.progressEvery,
    resumed < wanted || plan.passes.length === 0,
  );
  const controller = new AbortController();
  const interrupts = new Interrupts(controller);
  const saves = new CsvSaves(
    run,
    (error, final) => `cannot write --csv ${flags.csv}${final ? '' : ' (checkpoint)'}: ${ioReason(error)}`,
    () => finished,
    { rows: resumed, any: plan.resuming },
    plan.csvFile === undefined ? 0 : flags.checkpointEvery,
    controller,
  );
  const started = performance.now();
  let end: PoolEnd;
  try {
    const passPlan: PassPlan = {
      ...plan,
      shares: plan.rulesets.map((_, slot) => sharesOfSlot(plan, slot)),
      workers: flags.workers,
      ...(options.workerFile === undefined ? {} : { workerFile: options.workerFile }),
    };
    end = await solvePasses(
      run,
      passPlan,
      controller,
      saves,
      (pass, label, deals) => progress.addPass(pass, label, deals),
      (pass, slot, solved, won, decided) => {
        if (pass === 0) finished += solved;
        passCounts[pass]!.solved += solved;
        passCounts[pass]!.decided += decided;
        progress.advance(slot, solved, pass === 0 ? won : decided, pass);
      },
    );
  } catch (error) {
    await run.cleanUp();
    throw error;
  } finally {
    await saves.stop();
    progress.stop();
    interrupts.remove();
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
  const partial = end.kind !== 'complete' || saves.checkpointFailed;
  // Unknown results at a pass before the last and in the sample: an interrupted run's, still to be solved again.
  const awaiting = summaries.reduce((n, s) => n + awaitingPass(s.passes ?? []), 0);
  const counts = { now: finished - resumed, resumed, results: finished, wanted, awaiting };
  const failures = await writeSummary(
    {
      heading: estimateHeading(flags, plan, partial),
      closing: estimateClosing(flags, plan, counts, passCounts, wallSeconds),
      summaries,
      run: {
        command: commandLine(),
        ...source,
        seed: plan.seed,
        wallSeconds,
        workers: flags.workers,
        maxStates: plan.maxStates,
        complete: !partial,
        maxDiscards: plan.maxDiscards,
        search: SEARCH_VERSION,
        mixed: [],
        passes: plan.provenance.passes,
        sample: plan.provenance.sample_unknowns,
      },
    },
    flags,
  );
  const { lines, status } = endMessages(plan, end, saves, csvWritten, counts, failures, interrupts.signal);
  for (const line of lines) console.error(`acesup: ${line}`);
  return status;
}
