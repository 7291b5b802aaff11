// `acesup estimate`, step by step: the plan (rule sets, deals, files; every check before any work), the
// segments solved on one pool with checkpoints and signals, then the files, the summary and the exit status.

import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/rules.ts';
import type { MaxDiscardsMode } from '../core/solve.ts';
import { MAX_INDEX } from '../batch/deals.ts';
import { type PoolEnd, type SolverPool, createPool, solveMissing } from '../batch/estimate.ts';
import { isStdio } from '../batch/files.ts';
import { SEARCH_VERSION, runProvenance } from '../batch/provenance.ts';
import { type Ruleset, SOLVER, rulesetName, rulesetsFor } from '../batch/results.ts';
import { SegmentedRun } from '../batch/run.ts';
import { type IndexRange, shardRange } from '../batch/shard.ts';
import type { PolicySpec } from '../batch/worker.ts';
import { type PolicyName, policyLabel } from '../core/play/policies.ts';
import { checkOutputs, checkWorkers, checkWritable, refuseIfGiven } from './batch-checks.ts';
import { commandLine, provenance, report } from './batch-output.ts';
import { EXIT_FAILED, EXIT_OK, UsageError, exitForSignal, ioReason } from './errors.ts';
import { policySettings } from './play.ts';
import { EstimateProgress } from './progress.ts';

/** A signal this long after the first one quits at once; sooner, it is the same signal delivered twice. */
const SECOND_SIGNAL_MS = 1000;
const fmt = (n: number): string => n.toLocaleString('en-US');

/** What an entry other than bin/acesup.js may change in how estimate runs (none changes a result). */
export interface EstimateOptions {
  /** The module the pool's threads run (estimate.ts, WORKER by default): one that serves the worker. */
  workerFile?: string;
  /** Deals per segment (run.ts; by default from SEGMENT_RESULTS): small runs then go through several. */
  segmentDeals?: number;
}

export interface EstimateFlags {
  variant: Variant | 'all';
  discards: DiscardRule | 'both';
  deals: number;
  seed: number;
  from: number;
  workers: number;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  csv?: string;
  summary?: string;
  json?: boolean;
  timings: boolean;
  resume?: boolean;
  shard?: { k: number; n: number };
  progressEvery: number;
  checkpointEvery: number;
  policy: PolicyName | typeof SOLVER;
  aceBonus?: number;
  samples?: number;
  sampleStates?: number;
  compare?: string;
}

/** What a run does, decided from the options before any work. */
interface EstimatePlan {
  rulesets: Ruleset[];
  /** The policy that plays (none for the solver) and whether the solver's verdicts go beside its games. */
  policy?: PolicySpec;
  compare: boolean;
  /** The deals of the whole run, and this process's part of them (a shard's). */
  whole: IndexRange;
  range: IndexRange;
  /** The --csv file (not standard output), and whether an earlier one is resumed. */
  csvFile?: string;
  resuming: boolean;
}

/** The rule sets' policy (label), the policy to play and whether the solver's verdicts go beside its games,
 *  from --policy and --compare; none for the solver alone. */
function policiesOf(flags: EstimateFlags): { labels?: string[]; spec?: PolicySpec; compare: boolean } {
  if (flags.policy === SOLVER) {
    if (flags.compare !== undefined) throw new UsageError('--compare solver compares a policy with the solver: give --policy too');
    if (flags.aceBonus !== undefined || flags.samples !== undefined || flags.sampleStates !== undefined) {
      throw new UsageError('--ace-bonus, --samples and --sample-states tune a policy: give --policy too');
    }
    return { compare: false };
  }
  const settings = policySettings(flags.policy, flags);
  return { labels: [policyLabel(flags.policy, settings)], spec: { name: flags.policy, settings }, compare: flags.compare === SOLVER };
}

/** The plan of a run, with every check that can fail made before any work (exit 2 on bad input). */
function planEstimate(flags: EstimateFlags, command: Command): EstimatePlan {
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const rules: DiscardRule[] = flags.discards === 'both' ? [...DISCARD_RULES] : [flags.discards];
  const played = policiesOf(flags);
  if (flags.deals > MAX_INDEX - flags.from + 1) throw new UsageError(`--from ${flags.from} --deals ${flags.deals} goes past the last deal index ${MAX_INDEX}`);
  const whole: IndexRange = { first: flags.from, count: flags.deals };
  const csvFile = flags.csv !== undefined && !isStdio(flags.csv) ? flags.csv : undefined;
  if (flags.resume && flags.csv === undefined) throw new UsageError('--resume needs --csv FILE: the per-deal CSV of the run to continue');
  if (flags.resume && csvFile === undefined) throw new UsageError('--resume needs --csv FILE, a file (not standard output)');
  if (flags.csv === undefined) {
    refuseIfGiven(command, '--checkpoint-every', 'checkpointEvery', 'does nothing without --csv FILE: it saves the finished deals to that file');
    refuseIfGiven(command, '--no-timings', 'timings', 'does nothing without --csv FILE: it empties the ms column of that file', true);
  } else if (csvFile === undefined) {
    refuseIfGiven(command, '--checkpoint-every', 'checkpointEvery', 'needs --csv FILE, a file: standard output gets the rows once, at the end');
  }
  checkOutputs([['--csv', flags.csv], ['--summary', flags.summary]]);
  if (csvFile !== undefined && existsSync(csvFile) && !flags.resume) {
    throw new UsageError(`${csvFile} exists: add --resume to continue that run, or remove the file`);
  }
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  checkWorkers(flags.workers, flags.maxStates);
  return {
    rulesets: rulesetsFor(variants, rules, played.labels, played.compare),
    ...(played.spec === undefined ? {} : { policy: played.spec }),
    compare: played.compare,
    whole,
    range: flags.shard === undefined ? whole : shardRange(whole, flags.shard.k, flags.shard.n),
    ...(csvFile === undefined ? {} : { csvFile }),
    resuming: flags.resume === true && csvFile !== undefined && existsSync(csvFile),
  };
}

/**
 * SIGINT and SIGTERM while a run works: the first aborts `controller` (the run stops and writes what is
 * finished); a second one, later than SECOND_SIGNAL_MS, quits at once without writing. One signal often
 * arrives twice within a moment (sent to the process and to its process group, as `timeout` and some
 * launchers do): that is not a second.
 */
class Interrupts {
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
class CsvSaves {
  /** The results the file on disk holds, and whether it holds any of this run's or the earlier file's. */
  saved: number;
  savedAny: boolean;
  failure: string | undefined;
  checkpointFailed = false;
  private pending: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: SegmentedRun, private readonly csv: string | undefined, private readonly finished: () => number,
    resumed: { rows: number; any: boolean }, everySeconds: number, controller: AbortController,
  ) {
    this.saved = resumed.rows;
    this.savedAny = resumed.any;
    this.timer = everySeconds > 0 ? setInterval(() => {
      this.pending = this.pending.then(async () => {
        if (this.failure === undefined && !(await this.save(false))) {
          this.checkpointFailed = true;
          controller.abort();
        }
      });
    }, everySeconds * 1000) : undefined;
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

/**
 * Solves the run segment by segment on one pool (started when the first deal needs solving), each segment's
 * rows saved as it completes. Returns how the solving ended; a failed segment write is recorded in `saves`.
 */
async function solveSegments(
  run: SegmentedRun, plan: EstimatePlan, flags: EstimateFlags, options: EstimateOptions, controller: AbortController, saves: CsvSaves,
  onChunk: (slot: number, solved: number, won: number) => void,
): Promise<PoolEnd> {
  let pool: SolverPool | undefined;
  try {
    for (let table = await run.nextSegment(); table !== undefined; table = await run.nextSegment()) {
      if (table.missing(plan.rulesets.map((_, slot) => slot)).length > 0) {
        if (controller.signal.aborted) return { kind: 'interrupted' };
        pool ??= createPool(flags.workers, options.workerFile);
        const end = await solveMissing(table, {
          workers: flags.workers, maxStates: flags.maxStates, maxDiscards: flags.maxDiscards, signal: controller.signal, pool, onChunk,
          ...(plan.policy === undefined ? {} : { policy: plan.policy }),
        });
        if (end.kind !== 'complete') {
          pool = undefined; // destroyed by solveMissing
          return end;
        }
      }
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

/** The summary's first line: the run's seed, deals, budget and workers. */
function estimateHeading(flags: EstimateFlags, plan: EstimatePlan, partial: boolean): string {
  const { whole, range } = plan;
  const shardText = flags.shard === undefined ? '' : ` (shard ${flags.shard.k}/${flags.shard.n} of ${fmt(whole.first)}–${fmt(whole.first + whole.count - 1)})`;
  return `${partial ? 'PARTIAL SUMMARY — ' : ''}seed ${flags.seed} · deals ${fmt(range.first)}–${fmt(range.first + range.count - 1)}${shardText} · ` +
    `max states ${fmt(flags.maxStates)}${flags.maxDiscards === 'bounds' ? ' (verdicts only)' : ''} · ${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
}

/** The summary's last line: what this run solved (or played) in how long, on how many workers, and what is done. */
function estimateClosing(flags: EstimateFlags, plan: EstimatePlan, counts: { now: number; resumed: number; results: number; wanted: number }, wallSeconds: number): string {
  const perSecond = fmt(Math.round(counts.now / Math.max(wallSeconds, 1e-9)));
  const workers = `${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
  const done = plan.policy === undefined
    ? `Solved ${fmt(counts.now)} deal × rule set results in ${wallSeconds.toFixed(1)} s (${perSecond}/s on ${workers})`
    : `Played ${fmt(counts.now)} games${plan.compare ? ' and solved their deals' : ''} in ${wallSeconds.toFixed(1)} s: ` +
      `${perSecond} games/s on ${workers} (wall clock${plan.compare ? ', the solving included' : ''})`;
  return `${done}${counts.resumed > 0 ? `; ${fmt(counts.resumed)} read from ${flags.csv}` : ''}; ${fmt(counts.results)} of ${fmt(counts.wanted)} done.`;
}

/** The one-line messages of a run that did not end well, and its exit status (EXIT_OK when it did). */
function endMessages(
  flags: EstimateFlags, plan: EstimatePlan, end: PoolEnd, saves: CsvSaves, csvWritten: boolean, counts: { results: number; wanted: number },
  failures: readonly string[], signal: NodeJS.Signals | undefined,
): { lines: string[]; status: number } {
  const { csvFile } = plan;
  const where = csvFile === undefined ? '' : csvWritten ? `; the finished deals are in ${csvFile}` : '';
  const again = csvFile === undefined ? '' : ' (continue with the same options and --resume)';
  const lines: string[] = [];
  if (saves.failure !== undefined) {
    // One line: what failed, and where the finished work is.
    const kept = csvFile === undefined ? ''
      : csvWritten ? `; the run stopped, and its ${fmt(saves.saved)} finished results were written to ${csvFile} in the end${again}`
        : saves.savedAny ? `; ${csvFile} keeps the ${fmt(saves.saved)} results it held before (${fmt(counts.results)} were finished): make room and continue with the same options and --resume`
          : `; none of the ${fmt(counts.results)} finished results could be saved`;
    lines.push(`${saves.failure}${kept}`);
  }
  lines.push(...failures);
  if (lines.length > 0) return { lines, status: EXIT_FAILED };
  if (end.kind === 'interrupted') {
    return { lines: [`interrupted by ${signal ?? 'a signal'}: ${fmt(counts.results)} of ${fmt(counts.wanted)} results finished${where}${csvFile === undefined ? '' : again}`], status: exitForSignal(signal) };
  }
  if (end.kind === 'pool-failed') return { lines: [`the worker pool failed: ${end.message}${where}`], status: EXIT_FAILED };
  if (end.kind === 'failed') {
    return { lines: [`deal ${end.index} of seed ${flags.seed} (${rulesetName(plan.rulesets[end.slot]!)}) failed: ${end.message}${where}`], status: EXIT_FAILED };
  }
  return { lines: [], status: EXIT_OK };
}

export async function estimateCommand(flags: EstimateFlags, command: Command, options: EstimateOptions = {}): Promise<number> {
  const plan = planEstimate(flags, command);
  // The provenance of the code that solves, read before the work starts (the tree may change during a long run).
  const source = provenance();
  const run = await SegmentedRun.start({
    seed: flags.seed, range: plan.range, run: { first: plan.whole.first, last: plan.whole.first + plan.whole.count - 1 }, rulesets: plan.rulesets,
    provenance: runProvenance({ maxStates: flags.maxStates, maxDiscards: flags.maxDiscards, version: source.version }),
    ...(flags.csv === undefined ? {} : { csv: flags.csv }), timings: flags.timings, resume: plan.resuming,
    ...(options.segmentDeals === undefined ? {} : { segmentDeals: options.segmentDeals }),
  });
  const resumed = run.resumedRows;
  /** Results finished: read from the earlier file, and solved by this run. */
  let finished = resumed;
  const progress = new EstimateProgress(plan.rulesets.map(rulesetName), plan.range.count, run.resumedDone, run.resumedWon, flags.progressEvery);
  const controller = new AbortController();
  const interrupts = new Interrupts(controller);
  const saves = new CsvSaves(run, flags.csv, () => finished, { rows: resumed, any: plan.resuming }, plan.csvFile === undefined ? 0 : flags.checkpointEvery, controller);
  const started = performance.now();
  let end: PoolEnd;
  try {
    end = await solveSegments(run, plan, flags, options, controller, saves, (slot, solved, won) => {
      finished += solved;
      progress.advance(slot, solved, won);
    });
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
  let summaries;
  try {
    if (flags.csv !== undefined) csvWritten = await saves.save(true);
    summaries = await run.summaries();
  } finally {
    await run.cleanUp();
  }
  const partial = end.kind !== 'complete' || saves.checkpointFailed;
  const counts = { now: finished - resumed, resumed, results: finished, wanted: plan.range.count * plan.rulesets.length };
  const failures = await report({
    heading: estimateHeading(flags, plan, partial), closing: estimateClosing(flags, plan, counts, wallSeconds), summaries,
    run: {
      command: commandLine(), ...source, seed: flags.seed, wallSeconds, workers: flags.workers, maxStates: flags.maxStates, complete: !partial,
      maxDiscards: flags.maxDiscards, search: SEARCH_VERSION, mixed: [],
    },
  }, flags);
  const { lines, status } = endMessages(flags, plan, end, saves, csvWritten, counts, failures, interrupts.signal);
  for (const line of lines) console.error(`acesup: ${line}`);
  return status;
}
