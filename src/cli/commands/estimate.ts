// `acesup estimate`: its options and help (the advanced ones listed by --help-all only), and the run: the plan
// (batch/estimate-plan.ts, from the options), its warnings, the run (batch/estimate-run.ts) under the signals that
// stop it, with its progress shown as it reports it (progress.ts), then the summary, the one-line messages and the
// exit status. `--escalate FILE` is the same run, its plan read from FILE. The run's modules are loaded when it
// starts, so that --help loads the definitions alone.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import type { EstimateFlags, EstimatePlan, RunOverrides } from '../../batch/estimate-plan.ts';
import type { RunOutcome } from '../../batch/estimate-run.ts';
import {
  DEFAULT_ESCALATE_PASSES,
  DEFAULT_PLAN,
  MAX_WORKERS_PER_CORE,
  SOLVER,
  type SampleOption,
  readPassShares,
} from '../../batch/options.ts';
import { parseShard } from '../../batch/shard.ts';
import { MAX_INDEX, MAX_SEED } from '../../core/game/cards.ts';
import { fmt } from '../../core/game/format.ts';
import { DISCARD_RULES, VARIANTS } from '../../core/game/rules.ts';
import { POLICY_NAMES } from '../../core/play/settings.ts';
import { EXIT_FAILED, EXIT_IO, EXIT_OK, exitForSignal, integerOption } from '../errors.ts';
import { discardsOption, maxMemoryOption, passesOption, policyOptions, variantOption } from '../common-options.ts';

/** A plain `acesup estimate` solves 1,000 deals of each variant under both rules by the default plan (options.ts
 *  DEFAULT_PLAN); `npm start` the rule texts' game beside its forced rule over 400 deals. Their times:
 *  docs/estimate.md. */
const DEFAULT_DEALS = 1000;

const shardOption = (value: string): { k: number; n: number } => {
  const shard = parseShard(value);
  if (shard === undefined) throw new InvalidArgumentError('expected K/N with 1 ≤ K ≤ N, e.g. 2/8.');
  return shard;
};

const sampleOption = (value: string, previous?: SampleOption): SampleOption => {
  const at = value.indexOf('=');
  const name = at < 0 ? undefined : value.slice(0, at).trim();
  const shares = readPassShares(at < 0 ? value : value.slice(at + 1));
  if (typeof shares === 'string') throw new InvalidArgumentError(shares);
  const option: SampleOption = { ...(previous?.all === undefined ? {} : { all: previous.all }), byRuleset: { ...previous?.byRuleset } };
  if (name === undefined) {
    if (option.all !== undefined) throw new InvalidArgumentError('shares for every rule set were given twice.');
    option.all = shares;
  } else {
    const [variant, rule] = name.split('/');
    if (!(VARIANTS as readonly string[]).includes(variant ?? '') || !(DISCARD_RULES as readonly string[]).includes(rule ?? ''))
      throw new InvalidArgumentError(`"${name}" is not a rule set: expected VARIANT/RULE, e.g. standard/optional=0.25,0.02,0.005.`);
    if (option.byRuleset[name] !== undefined) throw new InvalidArgumentError(`shares for ${name} were given twice.`);
    option.byRuleset[name] = shares;
  }
  if (option.all !== undefined && Object.keys(option.byRuleset).length > 0)
    throw new InvalidArgumentError('give shares for every rule set, or per rule set (VARIANT/RULE=shares), not both.');
  return option;
};

const secondsOption = (value: string): number => {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds ≥ 0.');
  return n;
};

/** `options`: what an entry other than bin/acesup.js may change (main.ts), and whether --help lists every option. */
export function addEstimateCommand(program: Command, options: RunOverrides & { helpAll?: boolean }): void {
  // The advanced options are listed by --help-all only (main.ts): --help fits a screen.
  const advanced = (option: Option): Option => option.hideHelp(!options.helpAll);
  const estimate = program
    .command('estimate')
    .summary('win rates under perfect play from many random deals, on all cores')
    .description(
      'The win rate of Aces Up under perfect play (the whole stock known), from reproducible random deals solved on ' +
        'all cores: per variant and discard rule, one line with the rate, its 95% interval and where it comes from, ' +
        'then the counts behind it.\n\n' +
        `With no options: each variant under both discard rules, deals 0–${fmt(DEFAULT_DEALS - 1)} of seed ${DEFAULT_PLAN.seed}. ` +
        "Where the project's stored reference runs hold the deals, the forced rule's rate comes from them (a million " +
        "deals), and the optional rule's adds the wins only it finds on this run's deals. Every option given changes " +
        'only what it names; docs/estimate.md tells how each rate is reached.',
    )
    .addOption(variantOption({ all: true }))
    .addOption(discardsOption({ both: true }).default(DEFAULT_PLAN.discards))
    .option('--deals <n>', 'how many deals', integerOption(1), DEFAULT_DEALS)
    .option('--seed <s>', `the seed of the deals, 0 to ${fmt(MAX_SEED)}`, integerOption(0, MAX_SEED), DEFAULT_PLAN.seed)
    .option('--from <i>', 'number of the first deal', integerOption(0, MAX_INDEX), 0)
    .addOption(
      new Option('--workers <n>', `worker threads (at most ${MAX_WORKERS_PER_CORE} per core)`)
        .argParser(integerOption(1))
        .default(availableParallelism(), 'the cores of this machine'),
    )
    .option('--csv <file>', 'write one row per deal and rule set to this CSV file ("-": standard output; gzipped when it ends in .gz)')
    .option('--summary <file>', 'write the summary, one row per rule set, to this CSV file ("-": standard output)')
    .option('--json', 'print the summary as JSON Lines (one object per rule set) instead of text')
    .option('--resume', 'continue the run whose per-deal CSV is --csv: solve only what it lacks')
    .option('--shard <k/n>', 'solve only part K of N of the deals; put the parts together with `acesup merge`', shardOption)
    .addOption(
      advanced(
        new Option(
          '--max-states <n>',
          `positions each deal may take in the first pass; past it a deal is "unknown" and goes to the later passes`,
        )
          .argParser(integerOption(1))
          .default(DEFAULT_PLAN.maxStates),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--passes <factors>',
          'solve each deal still unknown again, pass after pass, at these multiples of --max-states (e.g. 20,160,1280); "none": one pass',
        )
          .argParser(passesOption)
          .default([...DEFAULT_PLAN.passes], DEFAULT_PLAN.passes.join(',')),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--sample-unknowns <shares>',
          'give the later passes only this share of the deals the first pass left unknown (e.g. 0.05 or 5%), or one share per later pass ' +
            '(e.g. 1,0.1,0.02), chosen by a hash of (seed, index) blind to the cards; VARIANT/RULE=shares for one rule set. The summary ' +
            'adds the two-phase estimate (docs/estimate.md). Default: every unknown deal, but for standard and easy under the optional ' +
            'rule: 1,0 where a stored tail stands for the deals ×20 leaves undecided, else 0.1,0.02',
        ).argParser(sampleOption),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--max-discards <how>',
          "bounds: spend each budget on the verdict (a lost deal's max discards is a proven range); exact: pin it (slower)",
        )
          .choices(['exact', 'bounds'])
          .default(DEFAULT_PLAN.maxDiscards),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--escalate <file>',
          `solve the unknown results of an earlier run's per-deal CSV again at the --passes budgets (default ${DEFAULT_ESCALATE_PASSES.join(',')}) ` +
            'and write the whole file, updated, to --csv; seed, deals, rule sets and budget come from the file',
        ),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--control <summary>',
          "a summary CSV of a larger run of a forced rule set over deals that include this run's: that rule set's rate, and the control " +
            "of the optional rule's difference estimate, come from it instead of the stored reference run (once per variant)",
        ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--tail-control <summary>',
          'a summary CSV of a larger run of an optional rule set (the same search, first budget and first later pass) whose sample of ' +
            "the deals that pass leaves undecided stands for this run's, instead of the stored one (docs/estimate.md#tail; once per variant)",
        ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
      ),
    )
    .addOption(
      advanced(
        maxMemoryOption(
          "one worker's",
          '. A larger cap lets a large pass finish the hardest deals; the later passes run on as many workers as memory holds at it',
        ),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--deal-threads <n>',
          'threads that search each deal of a later pass together, over one shared table (default: the workers the memory plan leaves idle)',
        ).argParser(integerOption(1, 64)),
      ),
    )
    .addOption(advanced(new Option('--no-timings', 'leave the ms column of the CSV empty, so that reruns give identical files')))
    .addOption(
      advanced(
        new Option('--progress-every <seconds>', 'when standard error is not a terminal, print a progress line this often; 0: never')
          .argParser(secondsOption)
          .default(60),
      ),
    )
    .addOption(
      advanced(
        new Option(
          '--checkpoint-every <seconds>',
          'with --csv, save the finished deals this often, so that even a killed run can --resume; 0: never',
        )
          .argParser(secondsOption)
          .default(300),
      ),
    );
  policyOptions(estimate, SOLVER, [SOLVER, ...POLICY_NAMES], advanced)
    .addOption(
      advanced(
        new Option(
          '--compare <policy>',
          'with --policy: also solve each deal exactly, its verdict beside the game (the clairvoyant rate on the same deals)',
        ).choices([SOLVER]),
      ),
    )
    .option('--help-all', 'list every option, the advanced ones too: budgets, passes, sampling, controls, escalation')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        "  acesup estimate --variant standard --deals 200          the rule texts' game, beside its forced rule\n" +
        '  acesup estimate --deals 40000 --shard 1/2 --csv a.csv   half a run; acesup merge puts the halves together\n' +
        '  acesup estimate --policy greedy --deals 100000          a player who cannot see the stock (docs/play.md)\n' +
        'Ctrl-C stops, keeps the finished deals and prints a partial summary (exit 130); --resume continues from --csv.',
    )
    .action(async (flags: EstimateFlags, command: Command) => {
      process.exitCode = await estimateCommand(flags, command, options);
    });
}

/** The options given on the command line (their property names): the plan tells a default from a choice. */
const givenOptions = (command: Command): Set<string> =>
  new Set(Object.keys(command.opts()).filter((name) => command.getOptionValueSource(name) === 'cli'));

async function estimateCommand(flags: EstimateFlags, command: Command, options: RunOverrides): Promise<number> {
  const { planEstimate } = await import('../../batch/estimate-plan.ts');
  const { EstimateRun } = await import('../../batch/estimate-run.ts');
  const { SEARCH_VERSION } = await import('../../batch/provenance.ts');
  const { rulesetName } = await import('../../batch/results.ts');
  const { commandLine, provenance, writeSummary } = await import('../batch-output.ts');
  const { EstimateProgress } = await import('../progress.ts');
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
  const heading = await estimateHeading(plan, partial);
  const failures = await writeSummary(
    {
      heading,
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
  const { lines, status } = await endMessages(plan, outcome, failures, interrupts.signal);
  for (const line of lines) console.error(`acesup: ${line}`);
  return status;
}

// The run's words: the summary's heading and closing lines, and the one-line messages and exit status of a run
// that did not end well.

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
async function estimateHeading(plan: EstimatePlan, partial: boolean): Promise<string> {
  const { passesText } = await import('../batch-output.ts');
  const { whole, range, flags } = plan;
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
function estimateClosing(plan: EstimatePlan, outcome: RunOutcome): string {
  const { flags } = plan;
  const { counts, passCounts: passes, wallSeconds } = outcome;
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
async function endMessages(
  plan: EstimatePlan,
  outcome: RunOutcome,
  failures: readonly string[],
  signal: NodeJS.Signals | undefined,
): Promise<{ lines: string[]; status: number }> {
  const { csvFile } = plan;
  const { end, saves, csvWritten, counts } = outcome;
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
  // A file that could not be written: exit 3.
  if (lines.length > 0) return { lines, status: EXIT_IO };
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
    const { rulesetName } = await import('../../batch/results.ts');
    return {
      lines: [`deal ${end.index} of seed ${plan.seed} (${rulesetName(plan.rulesets[end.slot]!)}) failed: ${end.message}${where}`],
      status: EXIT_FAILED,
    };
  }
  return { lines: [], status: EXIT_OK };
}

// The signals: the first SIGINT or SIGTERM stops the run, which writes what is finished; a second one later quits
// at once. The run's passes and saves are batch/run-passes.ts and run-saves.ts.

/** A signal this long after the first one quits at once; sooner, it is the same signal delivered twice. */
const SECOND_SIGNAL_MS = 1000;

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
