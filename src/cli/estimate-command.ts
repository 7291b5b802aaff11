// `acesup estimate`: the plan (batch/estimate-plan.ts, from the options), its warnings, the run
// (batch/estimate-run.ts) under the signals that stop it (estimate-signals.ts) with its progress shown as it
// reports it (progress.ts), then the summary and the exit status (estimate-output.ts). `--escalate FILE` is the
// same run, its plan read from FILE.

import type { Command } from 'commander';
import { SEARCH_VERSION } from '../batch/provenance.ts';
import { rulesetName } from '../batch/results.ts';
import { type EstimateFlags, type RunOverrides, planEstimate } from '../batch/estimate-plan.ts';
import { EstimateRun, type RunOutcome } from '../batch/estimate-run.ts';
import { commandLine, provenance, writeSummary } from './batch-output.ts';
import { EstimateProgress } from './progress.ts';
import { Interrupts } from './estimate-signals.ts';
import { endMessages, estimateClosing, estimateHeading } from './estimate-output.ts';

export type { EstimateFlags, RunOverrides } from '../batch/estimate-plan.ts';

/** The options given on the command line (their property names): the plan tells a default from a choice. */
const givenOptions = (command: Command): Set<string> =>
  new Set(Object.keys(command.opts()).filter((name) => command.getOptionValueSource(name) === 'cli'));

export async function estimateCommand(flags: EstimateFlags, command: Command, options: RunOverrides = {}): Promise<number> {
  // The provenance of the code that solves, read before the work starts (the tree may change during a long run).
  const source = provenance();
  const plan = await planEstimate(flags, givenOptions(command), source.version);
  for (const line of plan.warnings) process.stderr.write(`acesup: warning: ${line}\n`);
  const run = await EstimateRun.start(plan, options);
  // Said once the run starts: a run refused (a file to resume that does not fit) ends with its reason alone.
  for (const line of plan.notes) process.stderr.write(`acesup: note: ${line}\n`);
  for (const line of run.notes) console.error(`acesup: note: ${line}`);
  const progress = new EstimateProgress(
    plan.rulesets.map(rulesetName),
    plan.range.count,
    run.resumedDone,
    run.resumedWon,
    plan.flags.progressEvery,
    run.resumed < run.wanted || plan.passes.length === 0,
  );
  const controller = new AbortController();
  const interrupts = new Interrupts(controller);
  let outcome: RunOutcome;
  try {
    const events = run.events(controller);
    for (;;) {
      const next = await events.next();
      if (next.done === true) {
        outcome = next.value;
        break;
      }
      const event = next.value;
      if (event.kind === 'pass') progress.addPass(event.pass, event.label, event.deals);
      else progress.advance(event.slot, event.solved, event.pass === 0 ? event.won : event.decided, event.pass);
    }
  } finally {
    progress.stop();
    interrupts.remove();
  }
  const partial = outcome.end.kind !== 'complete' || outcome.saves.checkpointFailed;
  const failures = await writeSummary(
    {
      heading: estimateHeading(plan, partial),
      closing: estimateClosing(plan, outcome),
      summaries: outcome.summaries,
      run: {
        command: commandLine(),
        ...source,
        seed: plan.seed,
        wallSeconds: outcome.wallSeconds,
        workers: plan.flags.workers,
        maxStates: plan.maxStates,
        complete: !partial,
        maxDiscards: plan.maxDiscards,
        search: SEARCH_VERSION,
        mixed: [],
        passes: plan.provenance.passes,
        sample: plan.provenance.sample_unknowns,
      },
    },
    plan.flags,
  );
  const { lines, status } = endMessages(plan, outcome, failures, interrupts.signal);
  for (const line of lines) console.error(`acesup: ${line}`);
  return status;
}
