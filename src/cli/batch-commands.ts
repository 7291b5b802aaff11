// The batch subcommands (deal, estimate, merge), added to the program by main.ts: their options and help,
// `deal` runs in deal-command.ts, `estimate` in estimate-command.ts, `merge` in merge-command.ts, the work itself in
// src/batch. Those are loaded when their command runs: the options need only values that import nothing.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { POLICY_NAMES } from '../core/play/settings.ts';
import { DISCARD_RULES, VARIANTS } from '../core/game/rules.ts';
import { MAX_INDEX, MAX_SEED } from '../core/game/cards.ts';
import { DEFAULT_MAX_STATES } from '../core/search/budget.ts';
import {
  DEFAULT_ESCALATE_PASSES,
  DEFAULT_PLAN,
  MAX_WORKERS_PER_CORE,
  SOLVER,
  type SampleOption,
  readPassShares,
} from '../batch/options.ts';
import { parseShard } from '../batch/shard.ts';
import type { DealFlags } from './deal-command.ts';
import type { EstimateFlags, RunOverrides } from './estimate-command.ts';
import type { MergeFlags } from './merge-command.ts';
import { UsageError, integerOption } from './errors.ts';
import { REVERSE_HELP, discardsOption, maxMemoryOption, passesOption, policyOptions, variantOption } from './shared-options.ts';
import { fmt } from '../core/game/format.ts';

/**
 * A plain `acesup estimate` solves 1,000 deals of each variant under the optional rule by the default plan
 * (options.ts DEFAULT_PLAN): about two minutes on two cores. `npm start` is the rule texts' game (standard ×
 * optional) alone over 400 deals, in seconds.
 */
const DEFAULT_DEALS = 1000;
/** The seed of `deal` and `estimate` when none is given: the seed of the stored reference runs, so that `acesup deal
 *  --count N | acesup solve` answers for the deals `acesup estimate --deals N` solves. */
const DEFAULT_SEED = DEFAULT_PLAN.seed;

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

export function addBatchCommands(program: Command, options: RunOverrides & { helpAll?: boolean } = {}): void {
  program
    .command('deal')
    .summary('print reproducible random deals: deal I of seed S is always the same 52 cards')
    .description(
      'Print deals in canonical form, one per line (ready for `acesup solve`). Deal number I of ' +
        'seed S is computed from (S, I) alone, so it is the same in every run, worker and shard. ' +
        'With --winnable, print only deals proved won: deals I, I + 1, … of seed S are solved in turn and those not ' +
        'proved won within --max-states are skipped, until --count are found; the budget counts positions, not time, ' +
        'so the same options always give the same list.',
    )
    .option('--seed <s>', `the seed, 0 to ${MAX_SEED}`, integerOption(0, MAX_SEED), DEFAULT_SEED)
    .option('--index <i>', 'number of the first deal (with --winnable: the first deal looked at)', integerOption(0, MAX_INDEX), 0)
    .option('--count <n>', 'how many deals (with --winnable: how many winnable deals)', integerOption(1), 1)
    .option('--winnable', 'print only deals proved winnable, each solved under --variant and --discards within --max-states')
    .addOption(variantOption({ when: 'with --winnable: ' }))
    .addOption(discardsOption({ when: 'with --winnable: ' }))
    .option('--max-states <n>', 'with --winnable: the positions a deal may take to be proved won', integerOption(1), DEFAULT_MAX_STATES)
    .option(
      '--max-tried <n>',
      'with --winnable: give up after looking at this many deals (exit 1, after printing those found; default 1000 × --count)',
      integerOption(1),
    )
    .option('--with-line', 'with --winnable: add a winning line: DEAL<TAB>MOVES, as `acesup verify --file` reads them')
    .option('--reverse', `${REVERSE_HELP}: the same deals, each card written as its twin in that reading`)
    .option(
      '--json',
      'one JSON object per deal (seed, index, deal; with --winnable also variant and discards, and the solution with --with-line)',
    )
    .action(async (flags: DealFlags, command: Command) => {
      if (flags.count > MAX_INDEX - flags.index + 1)
        throw new UsageError(`--index ${flags.index} --count ${flags.count} goes past the last deal index ${MAX_INDEX}`);
      const winnableOnly = ['variant', 'discards', 'maxStates', 'maxTried', 'withLine'].find(
        (name) => command.getOptionValueSource(name) === 'cli',
      );
      if (!flags.winnable && winnableOnly !== undefined)
        throw new UsageError(`--${winnableOnly.replace(/[A-Z]/gu, (c) => `-${c.toLowerCase()}`)} needs --winnable`);
      const { dealCommand } = await import('./deal-command.ts');
      process.exitCode = dealCommand(flags);
    });

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
    .option('--seed <s>', `the seed of the deals, 0 to ${fmt(MAX_SEED)}`, integerOption(0, MAX_SEED), DEFAULT_SEED)
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
      const { estimateCommand } = await import('./estimate-command.ts');
      process.exitCode = await estimateCommand(flags, command, options);
    });

  program
    .command('merge')
    .summary('put per-deal CSVs of shards together and print the summary of the whole run')
    .description(
      'Read per-deal CSVs written by `acesup estimate --shard K/N --csv …` (or any runs of one seed, ' +
        'variants and discard rules that do not overlap) and print the summary one run over all of them ' +
        'would print. Time is the solving time summed from the ms column. Results of other budgets, search ' +
        'modes or versions are refused (--allow-mixed to merge them anyway); deals of the run that no file ' +
        'holds (a missing shard) are reported.',
    )
    .argument('<files...>', 'the per-deal CSV files (plain or gzipped; "-" for standard input)')
    .option('--csv <file>', 'write the merged per-deal CSV (sorted as one run writes it; "-": standard output)')
    .option('--no-timings', 'leave the ms column of the merged CSV empty')
    .option('--summary <file>', 'write the summary CSV ("-": standard output)')
    .option('--json', 'print the summary as JSON Lines (one object per rule set) instead of text')
    .option(
      '--control <summary>',
      "the summary CSV of a larger run of the control rule set, as with estimate --control (once per variant; the files of a default-plan run: the plan's own, where it fits)",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--tail-control <summary>',
      "the summary CSV of a larger run of the optional rule set whose tail stands for these rows', as with estimate --tail-control",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--allow-mixed',
      'merge files whose results differ in --max-states, --passes, --max-discards, version or search (refused without it); the summary says so',
    )
    .action(async (files: string[], flags: MergeFlags, command: Command) => {
      const { mergeCommand } = await import('./merge-command.ts');
      process.exitCode = await mergeCommand(files, flags, command);
    });
}
