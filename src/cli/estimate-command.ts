// `acesup estimate`, step by step: the plan (rule sets, deals, passes, files; every check before any work),
// the segments solved on one pool — each segment's passes in turn — with checkpoints and signals, then the
// files, the summary and the exit status. `--escalate FILE` is the same run, its plan read from FILE.

import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import type { MaxDiscardsMode } from '../core/search/solve.ts';
import { MAX_INDEX } from '../batch/deals.ts';
import { type PoolEnd, type SolverPool, createPool, solveMissing } from '../batch/estimate.ts';
import { isStdio } from '../batch/files.ts';
import { type EscalationSource, scanEscalation } from '../batch/escalation.ts';
import { DEFAULT_ESCALATE_PASSES } from '../batch/passes.ts';
import {
  PASSES_FIELD,
  type Provenance,
  SAMPLE_FIELD,
  SEARCH_VERSION,
  describeField,
  passBudgets,
  planBlocker,
  runProvenance,
} from '../batch/provenance.ts';
import { DEFAULT_PLAN, type PassShares, WHOLE_SHARES } from '../batch/options.ts';
import { DEFAULT_MAX_STATES } from '../core/search/budget.ts';
import { type Ruleset, SOLVER, rulesetName, rulesetsFor } from '../batch/results.ts';
import { SegmentedRun } from '../batch/run.ts';
import { applyImplications } from '../batch/implications.ts';
import { HASH_RANGE, passSharesOf, shareAt } from '../batch/options.ts';
import { readControl } from '../batch/control.ts';
import { type IndexRange, shardRange } from '../batch/shard.ts';
import type { PolicySpec } from '../batch/worker.ts';
import type { SampleOption } from './batch-commands.ts';
import { type RulesetSummary, awaitingPass } from '../batch/summary.ts';
import { type PolicyName, policyLabel } from '../core/play/policies.ts';
import { checkOutputs, checkPasses, checkWorkers, checkWritable, refuseIfGiven } from './batch-checks.ts';
import { commandLine, provenance, report } from './batch-output.ts';
import { EXIT_FAILED, EXIT_OK, UsageError, exitForSignal, ioReason } from './errors.ts';
import { policySettings } from './play-command.ts';
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
  /** The factors of --max-states of the passes after the first (--passes). */
  passes?: number[];
  escalate?: string;
  /** --sample-unknowns: the share of the first pass's unknown deals that the later passes solve (one per
   *  pass), for every rule set or per rule set. */
  sampleUnknowns?: SampleOption;
  /** --control: the summary CSV of a larger run of the control rule set. */
  control?: string;
  /** The default plan's shares, per rule set (set by withDefaultPlan; not an option). */
  defaultShares?: boolean;
}

/** What a run does, decided from the options before any work. */
interface EstimatePlan {
  /** The seed, first budget and --max-discards of the run (with --escalate, the escalated file's). */
  seed: number;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  /** The factors of the later passes ([] for one pass), the budget of every pass (the first's included) and
   *  how many threads solve each later pass at once (fewer than the workers where memory says so). */
  passes: number[];
  budgets: number[];
  passThreads: number[];
  provenance: Provenance;
  /** Per rule set, where the rule sets sample their unknown deals in different shares (the default plan). */
  slotProvenances?: Provenance[];
  rulesets: Ruleset[];
  /** The policy that plays (none for the solver) and whether the solver's verdicts go beside its games. */
  policy?: PolicySpec;
  compare: boolean;
  /** The deals of the whole run, and this process's part of them (a shard's); the run range its rows record. */
  whole: IndexRange;
  range: IndexRange;
  runRange: { first: number; last: number };
  /** --escalate: the earlier run's file and what it holds. */
  escalate?: { file: string; source: EscalationSource };
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

/**
 * What `--escalate FILE` takes from FILE (seed, deals, rule sets, budget, --max-discards), with the checks
 * that the options agree with it and that this acesup may continue its results (the same version and
 * search; its passes the start of this run's).
 */
async function escalationOf(
  flags: EstimateFlags,
  command: Command,
  version: string,
): Promise<{ source: EscalationSource; provenance: Provenance; passes: number[] }> {
  const file = flags.escalate!;
  if (isStdio(file)) throw new UsageError('--escalate needs a file (it is read more than once), not standard input');
  for (const [option, property] of [
    ['--seed', 'seed'],
    ['--from', 'from'],
    ['--deals', 'deals'],
    ['--variant', 'variant'],
    ['--discards', 'discards'],
  ] as const) {
    refuseIfGiven(command, option, property, `comes from the file with --escalate (${file})`);
  }
  if (flags.policy !== SOLVER) throw new UsageError("--escalate solves the solver's unknown results again: it takes no --policy");
  const source = await scanEscalation(file);
  const earlier = source.provenance;
  for (const [option, property, field] of [
    ['--max-states', 'maxStates', 'max_states'],
    ['--max-discards', 'maxDiscards', 'max_discards_mode'],
  ] as const) {
    if (command.getOptionValueSource(property) === 'cli' && String(flags[property]) !== earlier[field]) {
      throw new UsageError(
        `${file} was solved at ${field} ${earlier[field]}, but ${option} is ${flags[property]}: an escalation keeps the budget and mode of its file (leave ${option} out)`,
      );
    }
  }
  const passes = flags.passes ?? [...DEFAULT_ESCALATE_PASSES];
  if (flags.sampleUnknowns !== undefined && flags.sampleUnknowns.all === undefined)
    throw new UsageError('--escalate takes one --sample-unknowns for every rule set of its file, not shares per rule set');
  const sample = (flags.sampleUnknowns?.all ?? WHOLE_SHARES).text;
  const provenance = runProvenance({
    maxStates: Number(earlier.max_states),
    maxDiscards: earlier.max_discards_mode,
    version,
    passes,
    sample,
  });
  const field = planBlocker(earlier, provenance);
  if (field === PASSES_FIELD) {
    throw new UsageError(
      `${file} has ${describeField(earlier, PASSES_FIELD)}, and --passes ${passes.join(',')} does not continue them: give its passes first, then more (e.g. --passes ${[...(earlier.passes === '' ? [] : earlier.passes.split(' ')), '…'].join(',')})`,
    );
  }
  if (field === SAMPLE_FIELD) {
    throw new UsageError(
      `${file} has ${describeField(earlier, SAMPLE_FIELD)}, and ${describeField(provenance, SAMPLE_FIELD)} would leave out deals it gave the passes: a sample can grow (--sample-unknowns ${earlier.sample_unknowns} or more), not shrink`,
    );
  }
  if (field !== undefined) {
    throw new UsageError(
      `${file} has ${describeField(earlier, field)} but this acesup has ${describeField(provenance, field)}: results that differ in it do not mix (escalate it with the acesup that wrote it, or solve the deals again)`,
    );
  }
  return { source, provenance, passes };
}

/** The plan of a run, with every check that can fail made before any work (exit 2 on bad input). */
async function planEstimate(flags: EstimateFlags, command: Command, version: string): Promise<EstimatePlan> {
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const rules: DiscardRule[] = flags.discards === 'both' ? [...DISCARD_RULES] : [flags.discards];
  const played = policiesOf(flags);
  if (flags.passes !== undefined && played.spec !== undefined) {
    throw new UsageError(
      "--passes solves unknown results again at larger budgets: a policy's games are never unknown (leave out --policy or --passes)",
    );
  }
  if (flags.sampleUnknowns !== undefined && flags.passes !== undefined && flags.passes.length === 0) {
    throw new UsageError('--sample-unknowns chooses which unknown deals the later passes solve: --passes none leaves none');
  }
  for (const shares of sampleSpecs(flags)) {
    if (flags.passes !== undefined && shares.shares.length > 1 && shares.shares.length !== flags.passes.length)
      throw new UsageError(
        `--sample-unknowns gives ${shares.shares.length} shares but --passes ${flags.passes.length} later passes: give one share, or one per later pass`,
      );
  }
  if (flags.deals > MAX_INDEX - flags.from + 1)
    throw new UsageError(`--from ${flags.from} --deals ${flags.deals} goes past the last deal index ${MAX_INDEX}`);
  const csvFile = flags.csv !== undefined && !isStdio(flags.csv) ? flags.csv : undefined;
  if (flags.resume && flags.csv === undefined) throw new UsageError('--resume needs --csv FILE: the per-deal CSV of the run to continue');
  if (flags.resume && csvFile === undefined) throw new UsageError('--resume needs --csv FILE, a file (not standard output)');
  if (flags.csv === undefined) {
    refuseIfGiven(
      command,
      '--checkpoint-every',
      'checkpointEvery',
      'does nothing without --csv FILE: it saves the finished deals to that file',
    );
    refuseIfGiven(command, '--no-timings', 'timings', 'does nothing without --csv FILE: it empties the ms column of that file', true);
  } else if (csvFile === undefined) {
    refuseIfGiven(
      command,
      '--checkpoint-every',
      'checkpointEvery',
      'needs --csv FILE, a file: standard output gets the rows once, at the end',
    );
  }
  checkOutputs(
    [
      ['--csv', flags.csv],
      ['--summary', flags.summary],
    ],
    flags.escalate === undefined ? [] : [flags.escalate],
  );
  if (csvFile !== undefined && existsSync(csvFile) && !flags.resume) {
    throw new UsageError(`${csvFile} exists: add --resume to continue that run, or remove the file`);
  }
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  // The file to escalate is read once the cheap checks have passed (it may be large).
  const escalation = flags.escalate === undefined ? undefined : await escalationOf(flags, command, version);
  const whole: IndexRange = escalation?.source.range ?? { first: flags.from, count: flags.deals };
  const seed = escalation?.source.seed ?? flags.seed;
  const maxStates = escalation === undefined ? flags.maxStates : Number(escalation.source.provenance.max_states);
  const maxDiscards = (escalation?.source.provenance.max_discards_mode as MaxDiscardsMode | undefined) ?? flags.maxDiscards;
  const passes = escalation?.passes ?? flags.passes ?? [];
  const provenance =
    escalation?.provenance ??
    runProvenance({ maxStates, maxDiscards, version, passes, sample: (flags.sampleUnknowns?.all ?? WHOLE_SHARES).text });
  const rulesets = escalation?.source.rulesets ?? rulesetsFor(variants, rules, played.labels, played.compare);
  // The default plan samples the costly rule sets only, and shares may be given per rule set: each rule set's
  // rows then record its own shares.
  const byRuleset = flags.sampleUnknowns?.byRuleset ?? {};
  for (const name of Object.keys(byRuleset))
    if (!rulesets.some((r) => `${r.variant}/${r.rule}` === name))
      throw new UsageError(`--sample-unknowns names ${name}, which is not among this run's variants and discard rules`);
  const slotProvenances =
    escalation !== undefined
      ? undefined
      : flags.defaultShares === true
        ? rulesets.map((r) => ({ ...provenance, sample_unknowns: DEFAULT_PLAN.shares(r.variant, r.rule) }))
        : Object.keys(byRuleset).length > 0
          ? rulesets.map((r) => ({ ...provenance, sample_unknowns: byRuleset[`${r.variant}/${r.rule}`]?.text ?? '' }))
          : undefined;
  checkWorkers(flags.workers, maxStates);
  const passThreads = checkPasses(
    passes,
    maxStates,
    rulesets.some((r) => r.rule === 'optional'),
    flags.workers,
  );
  return {
    seed,
    maxStates,
    maxDiscards,
    passes,
    budgets: passBudgets(provenance),
    passThreads,
    provenance,
    ...(slotProvenances === undefined ? {} : { slotProvenances }),
    rulesets,
    ...(played.spec === undefined ? {} : { policy: played.spec }),
    compare: played.compare,
    whole,
    range: flags.shard === undefined ? whole : shardRange(whole, flags.shard.k, flags.shard.n),
    runRange: escalation?.source.run ?? { first: whole.first, last: whole.first + whole.count - 1 },
    ...(escalation === undefined ? {} : { escalate: { file: flags.escalate!, source: escalation.source } }),
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
type PassCounts = { solved: number; decided: number }[];

/**
 * Solves the run segment by segment on one pool (started when the first deal needs solving): each segment
 * first at the first budget, then its deals still unknown at each later pass in turn, its rows saved once
 * its last pass is done. Returns how the solving ended; a failed segment write is recorded in `saves`.
 */
async function solveSegments(
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
        applyImplications(table, (slot, k) => k > 0 && shareAt(sharesOfSlot(plan, slot), k).threshold < HASH_RANGE);
      }
      // A resumed segment whose passes were all done before: its implications, once more (they change nothing twice).
      applyImplications(table, (slot, k) => k > 0 && shareAt(sharesOfSlot(plan, slot), k).threshold < HASH_RANGE);
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

/** The shares of the later passes that the rule set in `slot` gives its unknown deals. */
const sharesOfSlot = (plan: EstimatePlan, slot: number): PassShares => {
  const provenance = plan.slotProvenances?.[slot] ?? plan.provenance;
  return passSharesOf(provenance.sample_unknowns, Math.max(1, plan.passes.length)) ?? WHOLE_SHARES;
};

/** The later passes of a plan as printed: "×8, ×64". */
export const passesText = (factors: readonly number[]): string => factors.map((f) => `×${f}`).join(', ');

/** How the heading names the sample of unknown deals the later passes get: '' when every one gets them. */
function sampleText(plan: EstimatePlan): string {
  const shares = (text: string): string => text.split(' ').join(', ');
  if (plan.slotProvenances !== undefined) {
    const sampled = plan.rulesets.filter((_, slot) => plan.slotProvenances![slot]!.sample_unknowns !== '');
    if (sampled.length === 0) return ' for every unknown deal';
    const some = sampled.map((r) => `${r.variant} × ${r.rule}`).join(', ');
    return ` for every unknown deal (${some}: a sample of ${shares(plan.slotProvenances[plan.rulesets.indexOf(sampled[0]!)]!.sample_unknowns)} of them)`;
  }
  const text = plan.provenance.sample_unknowns;
  return text === '' ? '' : ` for a sample of ${shares(text)} of the unknown deals`;
}

/** The summary's first line: the run's seed, deals, budgets and workers (and the file an escalation continues). */
function estimateHeading(flags: EstimateFlags, plan: EstimatePlan, partial: boolean): string {
  const { whole, range } = plan;
  const shardText =
    flags.shard === undefined
      ? ''
      : ` (shard ${flags.shard.k}/${flags.shard.n} of ${fmt(whole.first)}–${fmt(whole.first + whole.count - 1)})`;
  return (
    `${partial ? 'PARTIAL SUMMARY — ' : ''}seed ${plan.seed} · deals ${fmt(range.first)}–${fmt(range.first + range.count - 1)}${shardText} · ` +
    `max states ${fmt(plan.maxStates)}${plan.passes.length === 0 ? '' : `, passes ${passesText(plan.passes)}`}${sampleText(plan)}${plan.maxDiscards === 'bounds' ? ' (verdicts only)' : ''} · ` +
    `${flags.workers} worker${flags.workers === 1 ? '' : 's'}${plan.escalate === undefined ? '' : ` · escalating ${plan.escalate.file}`}`
  );
}

/** The summary's last line: what this run solved (or played) in how long, on how many workers, and what is done. */
function estimateClosing(
  flags: EstimateFlags,
  plan: EstimatePlan,
  counts: { now: number; resumed: number; results: number; wanted: number },
  passes: PassCounts,
  wallSeconds: number,
): string {
  const perSecond = fmt(Math.round(counts.now / Math.max(wallSeconds, 1e-9)));
  const workers = `${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
  const again = plan.passes
    .map((factor, i) => `${fmt(passes[i + 1]!.solved)} at ×${factor} (${fmt(passes[i + 1]!.decided)} decided)`)
    .join(', ');
  const done =
    plan.policy !== undefined
      ? `Played ${fmt(counts.now)} games${plan.compare ? ' and solved their deals' : ''} in ${wallSeconds.toFixed(1)} s: ` +
        `${perSecond} games/s on ${workers} (wall clock${plan.compare ? ', the solving included' : ''})`
      : plan.passes.length === 0
        ? `Solved ${fmt(counts.now)} deal × rule set results in ${wallSeconds.toFixed(1)} s (${perSecond}/s on ${workers})`
        : `Solved ${counts.now > 0 ? `${fmt(counts.now)} deal × rule set results, and ` : ''}the unknown ones again: ${again}, in ${wallSeconds.toFixed(1)} s on ${workers}`;
  const source = plan.resuming ? flags.csv : plan.escalate?.file;
  return `${done}${counts.resumed > 0 ? `; ${fmt(counts.resumed)} read from ${source}` : ''}; ${fmt(counts.results)} of ${fmt(counts.wanted)} done.`;
}

/** The one-line messages of a run that did not end well, and its exit status (EXIT_OK when it did). */
function endMessages(
  plan: EstimatePlan,
  end: PoolEnd,
  saves: CsvSaves,
  csvWritten: boolean,
  counts: { results: number; wanted: number; awaiting: number },
  failures: readonly string[],
  signal: NodeJS.Signals | undefined,
): { lines: string[]; status: number } {
  const { csvFile } = plan;
  const where = csvFile === undefined ? '' : csvWritten ? `; the finished deals are in ${csvFile}` : '';
  const again = csvFile === undefined ? '' : ' (continue with the same options and --resume)';
  const lines: string[] = [];
  if (saves.failure !== undefined) {
    // One line: what failed, and where the finished work is.
    const kept =
      csvFile === undefined
        ? ''
        : csvWritten
          ? `; the run stopped, and its ${fmt(saves.saved)} finished results were written to ${csvFile} in the end${again}`
          : saves.savedAny
            ? `; ${csvFile} keeps the ${fmt(saves.saved)} results it held before (${fmt(counts.results)} were finished): make room and continue with the same options and --resume`
            : `; none of the ${fmt(counts.results)} finished results could be saved${plan.escalate === undefined ? '' : ` (${plan.escalate.file}, the file escalated, is as it was)`}`;
    lines.push(`${saves.failure}${kept}`);
  }
  lines.push(...failures);
  if (lines.length > 0) return { lines, status: EXIT_FAILED };
  if (end.kind === 'interrupted') {
    const awaiting = counts.awaiting > 0 ? ` (${fmt(counts.awaiting)} of them unknown and still to be given a later pass)` : '';
    return {
      lines: [
        `interrupted by ${signal ?? 'a signal'}: ${fmt(counts.results)} of ${fmt(counts.wanted)} results finished${awaiting}${where}${csvFile === undefined ? '' : again}`,
      ],
      status: exitForSignal(signal),
    };
  }
  if (end.kind === 'pool-failed') return { lines: [`the worker pool failed: ${end.message}${where}`], status: EXIT_FAILED };
  if (end.kind === 'failed') {
    return {
      lines: [`deal ${end.index} of seed ${plan.seed} (${rulesetName(plan.rulesets[end.slot]!)}) failed: ${end.message}${where}`],
      status: EXIT_FAILED,
    };
  }
  return { lines: [], status: EXIT_OK };
}

/** Every set of shares --sample-unknowns gives. */
const sampleSpecs = (flags: EstimateFlags): PassShares[] =>
  flags.sampleUnknowns === undefined
    ? []
    : [...(flags.sampleUnknowns.all === undefined ? [] : [flags.sampleUnknowns.all]), ...Object.values(flags.sampleUnknowns.byRuleset)];

/**
 * `flags` with the plan filled in (see DEFAULT_PLAN). None of --max-states, --passes, --sample-unknowns: the
 * default plan, its shares per rule set. --max-states alone: one pass at that budget. --sample-unknowns
 * without --passes: the default plan's passes; --passes without --sample-unknowns: every unknown deal at
 * every pass. A policy's games and an escalation take their budget as given.
 */
function withDefaultPlan(flags: EstimateFlags, command: Command): EstimateFlags {
  const given = (property: string): boolean => command.getOptionValueSource(property) === 'cli';
  if (flags.policy !== SOLVER || flags.escalate !== undefined) return { ...flags, maxStates: flags.maxStates ?? DEFAULT_MAX_STATES };
  const maxDiscards = given('maxDiscards') ? flags.maxDiscards : 'bounds';
  if (!given('maxStates') && !given('passes') && !given('sampleUnknowns')) {
    return { ...flags, maxStates: DEFAULT_PLAN.maxStates, passes: [...DEFAULT_PLAN.passes], maxDiscards, defaultShares: true };
  }
  if (!given('passes') && !given('sampleUnknowns')) return flags;
  return {
    ...flags,
    maxStates: flags.maxStates ?? DEFAULT_PLAN.maxStates,
    passes: flags.passes ?? [...DEFAULT_PLAN.passes],
    ...(flags.sampleUnknowns !== undefined && flags.passes?.length !== 0 ? { maxDiscards } : {}),
  };
}

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
    flags.csv,
    () => finished,
    { rows: resumed, any: plan.resuming },
    plan.csvFile === undefined ? 0 : flags.checkpointEvery,
    controller,
  );
  const started = performance.now();
  let end: PoolEnd;
  try {
    end = await solveSegments(run, plan, flags, options, controller, saves, progress, (pass, slot, solved, won, decided) => {
      if (pass === 0) finished += solved;
      passCounts[pass]!.solved += solved;
      passCounts[pass]!.decided += decided;
      progress.advance(slot, solved, pass === 0 ? won : decided, pass);
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
  const failures = await report(
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
