// `acesup estimate`'s plan, built once from the options: every check that can fail made before any work, the
// default plan filled in per rule set, and the rule sets, deals, passes, shares, threads, control and files of the
// run, with what `--escalate FILE` takes from FILE. One value, which the run (estimate-run.ts) executes and the
// command prints from; a problem with the options is a PlanError (one line, exit 2).

import { existsSync } from 'node:fs';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import type { MaxDiscardsMode } from '../core/search/solve.ts';
import { MAX_INDEX } from '../core/game/cards.ts';
import { isStdio } from './files.ts';
import { type EscalationSource, scanEscalation } from './escalation.ts';
import { DEFAULT_ESCALATE_PASSES } from './passes.ts';
import {
  PASSES_FIELD,
  type Provenance,
  SAMPLE_FIELD,
  SEARCH_VERSION,
  describeField,
  passBudgets,
  planBlocker,
  runProvenance,
} from './provenance.ts';
import { type TailBoundary, readControl, readTailControl } from './control.ts';
import { referenceControl, referenceTail } from './reference.ts';
import { type ControlRun, type Controls, type TailRun, latticePairs } from './lattice-summary.ts';
import { DEFAULT_PLAN, type PassShares, type SampleOption, WHOLE_SHARES, passSharesOf } from './options.ts';
import { DEFAULT_MAX_STATES } from '../core/search/budget.ts';
import { type Ruleset, SOLVER, rulesetName, rulesetsFor } from './results.ts';
import { type IndexRange, shardRange } from './shard.ts';
import type { PolicySpec } from './worker.ts';
import { type PolicyName, policyLabel, policySettings } from '../core/play/policies.ts';
import {
  PlanError,
  type Warnings,
  checkOutputs,
  checkPasses,
  checkWorkers,
  checkWritable,
  planDealThreads,
  refuseIfGiven,
} from './plan-checks.ts';

/** What an entry other than bin/acesup.js may change in how estimate runs (none changes a result). */
export interface RunOverrides {
  /** The module the pool's threads run (estimate.ts, WORKER by default): one that serves the worker. */
  workerFile?: string;
  /** Deals per segment (run.ts; by default from SEGMENT_RESULTS): small runs then go through several. */
  segmentDeals?: number;
}

/** The options of `acesup estimate` as values (the command line's, or a caller's). `given` (planEstimate's
 *  argument) names those given explicitly: where an option's absence means the default plan, its default
 *  value is not enough to tell. */
export interface EstimateFlags {
  variant: Variant | 'all';
  discards: DiscardRule | 'both';
  deals: number;
  seed: number;
  from: number;
  workers: number;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  /** --max-memory: the most MiB one visited set of a worker may take. */
  maxMemory: number;
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
  /** --control: summary CSVs of larger runs of the control rule sets (the same variants under the forced rule). */
  control?: string[];
  /** --tail-control: summary CSVs of larger runs of the target rule sets, whose tails stand for this run's. */
  tailControl?: string[];
  /** --deal-threads: the threads that search each deal of a later pass together. */
  dealThreads?: number;
}

/** What a run does, decided from the options before any work. */
export interface EstimatePlan {
  /** The options, with the default plan filled in (the budget, passes and mode it chose). */
  flags: EstimateFlags;
  /** Lines to print as warnings before the run starts (more workers than cores, a pass on fewer workers …). */
  warnings: Warnings;
  /** Lines to print as notes: where the run leaves the default plan's reference runs, and why. */
  notes: string[];
  /** Per rule set, the shares of the later passes it gives its unknown deals. */
  shares: PassShares[];
  /** What the difference estimates take from larger runs (--control, --tail-control, or the default plan's). */
  controls: Controls;
  /** The seed, first budget and --max-discards of the run (with --escalate, the escalated file's). */
  seed: number;
  maxStates: number;
  maxDiscards: MaxDiscardsMode;
  /** The factors of the later passes ([] for one pass), the budget of every pass (the first's included) and
   *  how many threads solve each later pass at once (fewer than the workers where memory says so). */
  passes: number[];
  budgets: number[];
  passThreads: number[];
  /** Per later pass, the threads that search each of its deals together. */
  dealThreads: number[];
  /** The most bytes one visited set may take (--max-memory). */
  maxTableBytes: number;
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
    if (flags.compare !== undefined) throw new PlanError('--compare solver compares a policy with the solver: give --policy too');
    if (flags.aceBonus !== undefined || flags.samples !== undefined || flags.sampleStates !== undefined) {
      throw new PlanError('--ace-bonus, --samples and --sample-states tune a policy: give --policy too');
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
  given: ReadonlySet<string>,
  warnings: Warnings,
  version: string,
): Promise<{ source: EscalationSource; provenance: Provenance; slotProvenances?: Provenance[]; passes: number[] }> {
  const file = flags.escalate!;
  if (isStdio(file)) throw new PlanError('--escalate needs a file (it is read more than once), not standard input');
  for (const [option, property] of [
    ['--seed', 'seed'],
    ['--from', 'from'],
    ['--deals', 'deals'],
    ['--variant', 'variant'],
    ['--discards', 'discards'],
  ] as const) {
    refuseIfGiven(given, warnings, option, property, `comes from the file with --escalate (${file})`);
  }
  if (flags.policy !== SOLVER) throw new PlanError("--escalate solves the solver's unknown results again: it takes no --policy");
  const source = await scanEscalation(file);
  const earlier = source.provenance;
  for (const [option, property, field] of [
    ['--max-states', 'maxStates', 'max_states'],
    ['--max-discards', 'maxDiscards', 'max_discards_mode'],
  ] as const) {
    if (given.has(property) && String(flags[property]) !== earlier[field]) {
      throw new PlanError(
        `${file} was solved at ${field} ${earlier[field]}, but ${option} is ${flags[property]}: an escalation keeps the budget and mode of its file (leave ${option} out)`,
      );
    }
  }
  const passes = flags.passes ?? [...DEFAULT_ESCALATE_PASSES];
  // Each rule set continues its own rows' plan: the file's shares may be per rule set (the default plan's),
  // and so may the new ones (--sample-unknowns VARIANT/RULE=…); without one, every unknown deal.
  const names = source.rulesets.map((r) => `${r.variant}/${r.rule}`);
  const byRuleset = flags.sampleUnknowns?.byRuleset ?? {};
  for (const name of Object.keys(byRuleset))
    if (!names.includes(name)) throw new PlanError(`--sample-unknowns names ${name}, which ${file} does not hold`);
  // Messages name the rule set where the file's rule sets sample in shares of their own.
  const perRuleset = names.length > 1 && source.samples !== undefined;
  const provenances = names.map((name) => {
    const before = { ...earlier, sample_unknowns: source.samples?.[name] ?? earlier.sample_unknowns };
    const sample = (byRuleset[name] ?? flags.sampleUnknowns?.all ?? WHOLE_SHARES).text;
    const after = runProvenance({ maxStates: Number(earlier.max_states), maxDiscards: earlier.max_discards_mode, version, passes, sample });
    const whose = perRuleset ? `${file}'s ${name} rows have` : `${file} has`;
    const field = planBlocker(before, after);
    if (field === PASSES_FIELD) {
      throw new PlanError(
        `${file} has ${describeField(before, PASSES_FIELD)}, and --passes ${passes.join(',')} does not continue them: give its passes first, then more (e.g. --passes ${[...(before.passes === '' ? [] : before.passes.split(' ')), '…'].join(',')})`,
      );
    }
    if (field === SAMPLE_FIELD) {
      throw new PlanError(
        `${whose} ${describeField(before, SAMPLE_FIELD)}, and ${describeField(after, SAMPLE_FIELD)} would leave out deals it gave the passes: a sample can grow (--sample-unknowns ${perRuleset ? `${name}=` : ''}${before.sample_unknowns.split(' ').join(',')} or more), not shrink`,
      );
    }
    if (field !== undefined) {
      throw new PlanError(
        `${file} has ${describeField(before, field)} but this acesup has ${describeField(after, field)}: results that differ in it do not mix (escalate it with the acesup that wrote it, or solve the deals again)`,
      );
    }
    return after;
  });
  const provenance = provenances[0]!;
  const alike = provenances.every((p) => p.sample_unknowns === provenance.sample_unknowns);
  return { source, provenance, ...(alike ? {} : { slotProvenances: provenances }), passes };
}

/**
 * The plan of a run, with every check that can fail made before any work (a PlanError on bad input): `given`
 * names the options given explicitly (their property names), `version` the acesup that runs.
 */
export async function planEstimate(request: EstimateFlags, given: ReadonlySet<string>, version: string): Promise<EstimatePlan> {
  const warnings: Warnings = [];
  const notes: string[] = [];
  const flags = withDefaultPlan(request, given);
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const rules: DiscardRule[] = flags.discards === 'both' ? [...DISCARD_RULES] : [flags.discards];
  const played = policiesOf(flags);
  if (flags.passes !== undefined && played.spec !== undefined) {
    throw new PlanError(
      "--passes solves unknown results again at larger budgets: a policy's games are never unknown (leave out --policy or --passes)",
    );
  }
  if (flags.sampleUnknowns !== undefined && flags.passes !== undefined && flags.passes.length === 0) {
    throw new PlanError('--sample-unknowns chooses which unknown deals the later passes solve: --passes none leaves none');
  }
  for (const shares of sampleSpecs(flags)) {
    if (flags.passes !== undefined && shares.shares.length > 1 && shares.shares.length !== flags.passes.length)
      throw new PlanError(
        `--sample-unknowns gives ${shares.shares.length} shares but --passes ${flags.passes.length} later passes: give one share, or one per later pass`,
      );
  }
  if (flags.deals > MAX_INDEX - flags.from + 1)
    throw new PlanError(`--from ${flags.from} --deals ${flags.deals} goes past the last deal index ${MAX_INDEX}`);
  const csvFile = flags.csv !== undefined && !isStdio(flags.csv) ? flags.csv : undefined;
  if (flags.resume && flags.csv === undefined) throw new PlanError('--resume needs --csv FILE: the per-deal CSV of the run to continue');
  if (flags.resume && csvFile === undefined) throw new PlanError('--resume needs --csv FILE, a file (not standard output)');
  if (flags.csv === undefined) {
    refuseIfGiven(
      given,
      warnings,
      '--checkpoint-every',
      'checkpointEvery',
      'does nothing without --csv FILE: it saves the finished deals to that file',
    );
    refuseIfGiven(
      given,
      warnings,
      '--no-timings',
      'timings',
      'does nothing without --csv FILE: it empties the ms column of that file',
      true,
    );
  } else if (csvFile === undefined) {
    refuseIfGiven(
      given,
      warnings,
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
    throw new PlanError(`${csvFile} exists: add --resume to continue that run, or remove the file`);
  }
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  // The file to escalate is read once the cheap checks have passed (it may be large).
  const escalation = flags.escalate === undefined ? undefined : await escalationOf(flags, given, warnings, version);
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
      throw new PlanError(`--sample-unknowns names ${name}, which is not among this run's variants and discard rules`);
  const runRange = escalation?.source.run ?? { first: whole.first, last: whole.first + whole.count - 1 };
  const controls = await controlsOf(
    flags.control !== undefined || flags.tailControl !== undefined ? flags : 'default',
    rulesets,
    seed,
    runRange,
    { search: SEARCH_VERSION, budgets: passBudgets(provenance), maxDiscards },
    warnings,
    notes,
  );
  const tailed = (r: Ruleset): boolean => controls.tails?.some((t) => t.ruleset === rulesetName(r)) === true;
  if (played.spec === undefined && flags.discards === 'optional')
    notes.push(
      "--discards optional: without the forced rule beside it, each rate rests on this run's optional-rule searches alone (the default, both, adds the forced rule's and the stored runs')",
    );
  // Each rule set's shares: those given for it, or for every rule set, or the default plan's for it. Rows record
  // their own rule set's.
  const perSlot = rulesets.map((r) => ({
    ...provenance,
    sample_unknowns:
      byRuleset[`${r.variant}/${r.rule}`]?.text ??
      flags.sampleUnknowns?.all?.text ??
      DEFAULT_PLAN.shares(r.variant, r.rule, tailed(r), passes.length),
  }));
  const slotProvenances =
    escalation !== undefined
      ? escalation.slotProvenances
      : perSlot.every((p) => p.sample_unknowns === provenance.sample_unknowns)
        ? undefined
        : perSlot;
  const optional = rulesets.some((r) => r.rule === 'optional');
  const maxTableBytes = flags.maxMemory * 2 ** 20;
  checkWorkers(flags.workers, maxStates, optional, warnings, maxTableBytes);
  const passThreads = checkPasses(passes, maxStates, optional, flags.workers, warnings, { maxBytes: maxTableBytes });
  if (flags.dealThreads !== undefined && passes.length === 0)
    throw new PlanError('--deal-threads sets the threads of each deal of a later pass: give --passes (or leave it out)');
  const dealThreads = planDealThreads(passes, maxStates, optional, passThreads, flags.workers, maxTableBytes, flags.dealThreads);
  const shares = rulesets.map(
    (_, slot) => passSharesOf((slotProvenances?.[slot] ?? provenance).sample_unknowns, Math.max(1, passes.length)) ?? WHOLE_SHARES,
  );
  return {
    flags,
    warnings,
    notes,
    shares,
    controls,
    seed,
    maxStates,
    maxDiscards,
    passes,
    budgets: passBudgets(provenance),
    passThreads,
    dealThreads,
    maxTableBytes,
    provenance,
    ...(slotProvenances === undefined ? {} : { slotProvenances }),
    rulesets,
    ...(played.spec === undefined ? {} : { policy: played.spec }),
    compare: played.compare,
    whole,
    range: flags.shard === undefined ? whole : shardRange(whole, flags.shard.k, flags.shard.n),
    runRange,
    ...(escalation === undefined ? {} : { escalate: { file: flags.escalate!, source: escalation.source } }),
    ...(csvFile === undefined ? {} : { csvFile }),
    resuming: flags.resume === true && csvFile !== undefined && existsSync(csvFile),
  };
}

/** Every set of shares --sample-unknowns gives. */
const sampleSpecs = (flags: EstimateFlags): PassShares[] =>
  flags.sampleUnknowns === undefined
    ? []
    : [...(flags.sampleUnknowns.all === undefined ? [] : [flags.sampleUnknowns.all]), ...Object.values(flags.sampleUnknowns.byRuleset)];

/**
 * `flags` with the default plan filled in (DEFAULT_PLAN) where an option was left out: each option given changes
 * only what it names (the first budget, the passes, the shares, the mode). A policy's games and an escalation
 * take their budget as given (an escalation's comes from its file).
 */
function withDefaultPlan(flags: EstimateFlags, given: ReadonlySet<string>): EstimateFlags {
  if (flags.policy !== SOLVER || flags.escalate !== undefined) {
    // A policy's games (with --compare solver: one pass, as solve's) and an escalation (its passes: 8, 64).
    const { passes, ...rest } = flags;
    return {
      ...rest,
      ...(given.has('passes') && passes !== undefined ? { passes } : {}),
      maxStates: given.has('maxStates') ? flags.maxStates : DEFAULT_MAX_STATES,
    };
  }
  return { ...flags, maxStates: flags.maxStates ?? DEFAULT_PLAN.maxStates, passes: flags.passes ?? [...DEFAULT_PLAN.passes] };
}

/**
 * The controls of a run (or of a merge): those --control and --tail-control name (each must fit the run, or it
 * is refused), or under the default plan the stored reference runs (reference.ts) that fit it: the forced rule's
 * rate over a million deals for every forced rule set whose deals it holds, and the tail of the optional rule for
 * every rule set paired with its forced rule. Where a stored run does not fit (another seed, other deals, other
 * budgets), one note says so, and the rates of that variant rest on this run's deals.
 */
export async function controlsOf(
  given: { control?: readonly string[]; tailControl?: readonly string[] } | 'default',
  rulesets: readonly Ruleset[],
  seed: number,
  range: { first: number; last: number },
  boundary: TailBoundary,
  warnings: Warnings,
  notes: string[] = warnings,
): Promise<Controls> {
  const targets = [...latticePairs(rulesets).keys()].map((slot) => rulesets[slot]!);
  const run = { seed, first: range.first, last: range.last, rulesets };
  if (given !== 'default') {
    const runs = await Promise.all((given.control ?? []).map((file) => readControl(file, run)));
    const tails: TailRun[] = [];
    for (const file of given.tailControl ?? []) {
      const found = await Promise.all(
        targets.map((r) => readTailControl(file, rulesetName(r), boundary).catch((error: unknown) => error as Error)),
      );
      const read = found.filter((t): t is TailRun => !(t instanceof Error));
      if (read.length === 0)
        throw (
          found.find((t) => t instanceof Error) ??
          new PlanError(`--tail-control ${file}: this run has no rule set under the optional rule beside its forced rule`)
        );
      tails.push(...read);
    }
    return { runs, tails };
  }
  const runs: ControlRun[] = [];
  const tails: TailRun[] = [];
  const unfit: string[] = [];
  for (const forced of rulesets.filter((r) => r.policy === undefined && r.rule === 'forced')) {
    const found = referenceControl(forced.variant, seed, range);
    if ('control' in found) runs.push(found.control);
    else if (found.why !== '') unfit.push(found.why);
  }
  for (const target of targets) {
    const found = referenceTail(target.variant, boundary);
    if ('ruleset' in found) tails.push(found);
    else if (found.why !== '') unfit.push(found.why);
  }
  if (unfit.length > 0)
    notes.push(
      `the stored reference runs do not fit (${[...new Set(unfit)].join('; ')}): this run's rates rest on its own deals (docs/estimate.md#reference)`,
    );
  return { runs, tails };
}
