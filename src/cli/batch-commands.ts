// The batch subcommands (deal, estimate, merge), added to the program by main.ts: their options and help,
// `deal` runs in deal-command.ts, `estimate` in estimate-command.ts, `merge` in merge-command.ts, the work itself in
// src/batch. Those are loaded when their command runs: the options need only values that import nothing.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { POLICY_NAMES } from '../core/play/settings.ts';
import { DISCARD_RULES, VARIANTS } from '../core/game/rules.ts';
import { DEFAULT_MAX_STATES } from '../core/search/budget.ts';
import {
  DEFAULT_ESCALATE_PASSES,
  DEFAULT_PLAN,
  MAX_INDEX,
  MAX_SEED,
  MAX_WORKERS_PER_CORE,
  SOLVER,
  type SampleOption,
  readPassShares,
} from '../batch/options.ts';
import { parseShard } from '../batch/shard.ts';
import type { DealFlags } from './deal-command.ts';
import type { EstimateFlags, EstimateOptions } from './estimate-command.ts';
import type { MergeFlags } from './merge-command.ts';
import { UsageError, integerOption } from './errors.ts';
import {
  REVERSE_HELP,
  discardsOption,
  maxDiscardsOption,
  maxMemoryOption,
  passesOption,
  policyOptions,
  variantOption,
} from './shared-options.ts';
import { fmt } from '../core/game/format.ts';

/**
 * A plain `acesup estimate` solves 1,000 deals of each variant under the optional rule by the default plan
 * (options.ts DEFAULT_PLAN): about two minutes on two cores. `npm start` is the rule texts' game (standard ×
 * optional) alone over 400 deals, in seconds.
 */
export const DEFAULT_DEALS = 1000;
/** The seed when none is given. */
export const DEFAULT_SEED = 1;

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

export function addBatchCommands(program: Command, options: EstimateOptions = {}): void {
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

  const estimate = program
    .command('estimate')
    .summary('win rates under perfect play from many random deals, on all cores, with CSV output')
    .description(
      'Solve deals --from … --from + --deals − 1 of --seed under each chosen variant and discard rule, ' +
        'on a pool of worker threads, and print per rule set its answer on one line (the win rate, or its estimate, ' +
        "with the 95% interval, and how it was reached), then won, lost, unknown, the estimates' parts, a " +
        'histogram of max discards, states per deal and time. Ctrl-C stops, writes the ' +
        'finished deals and prints a partial summary (exit 130; SIGTERM: 143); --resume continues from the CSV. ' +
        'The per-deal CSV is the same, byte for byte, for any --workers when written with --no-timings ' +
        '(the ms column, the solving time, is the only part that changes from run to run).',
    )
    .addOption(variantOption({ all: true }))
    .addOption(discardsOption({ both: true }))
    .option('--deals <n>', 'how many deals', integerOption(1), DEFAULT_DEALS)
    .addOption(
      new Option('--seed <s>', `the seed, 0 to ${MAX_SEED}`)
        .argParser(integerOption(0, MAX_SEED))
        .default(DEFAULT_SEED, `${DEFAULT_SEED}; ${DEFAULT_PLAN.seed} under the default plan, the seed of the project's larger runs`),
    )
    .option('--from <i>', 'number of the first deal', integerOption(0, MAX_INDEX), 0)
    .option('--shard <k/n>', 'solve only part K of N (1 ≤ K ≤ N) of the deals; put the parts together with `acesup merge`', shardOption)
    .addOption(
      new Option(
        '--workers <n>',
        `worker threads (more than the cores warns; more than ${MAX_WORKERS_PER_CORE} per core, or than memory allows, is refused)`,
      )
        .argParser(integerOption(1))
        .default(availableParallelism(), 'the cores of this machine'),
    )
    .addOption(
      new Option(
        '--max-states <n>',
        'state budget of the first pass; past it a deal is "unknown" with proven bounds. Given alone: one pass at this budget ' +
          `(no sampling); with --passes or --sample-unknowns: the first budget of that plan (default plan: ${fmt(DEFAULT_PLAN.maxStates)})`,
      ).argParser(integerOption(1)),
    )
    .option(
      '--passes <factors>',
      'solve each deal still unknown again, pass after pass, at these multiples of --max-states (e.g. 20,160,1280); each row records ' +
        `the budget of its pass; "none": one pass. Default plan: ${DEFAULT_PLAN.passes.join(',')}; given without --sample-unknowns, every unknown deal gets every pass`,
      passesOption,
    )
    .option(
      '--sample-unknowns <shares>',
      'give the later passes only this share of the deals the first pass left unknown (0 < P ≤ 1, e.g. 0.05 or 5%), or one share per ' +
        'later pass, each at most the one before (e.g. 1,0.1,0.02: every unknown deal at the second pass, a tenth of them at the third …), ' +
        'chosen by a hash of (seed, index) that is blind to the cards; the summary adds the two-phase estimate of the win rate, unbiased, ' +
        "with its 95% interval (docs/estimate.md). Without --passes: the default plan's passes. Default plan: per rule set (below)",
      sampleOption,
    )
    .option(
      '--escalate <file>',
      `solve the unknown results of an earlier run's per-deal CSV (plain or .gz) again at the --passes budgets ` +
        `(default ${DEFAULT_ESCALATE_PASSES.join(',')}) and write the whole file, updated, to --csv; seed, deals, rule sets and budget come from the file`,
    )
    .option(
      '--control <summary>',
      'with a rule set under the optional rule and the same variant under the forced rule in the run (e.g. --discards both): the summary ' +
        "CSV of a larger run of that forced rule set over deals that include this run's; the difference estimate then takes its win " +
        "rate from it (docs/estimate.md#lattice). May be given once per variant. Default plan: the project's own, where one fits",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option(
      '--tail-control <summary>',
      'with the same pairing: the summary CSV of a larger run of the optional rule set (the same search, first budget and first later ' +
        "pass), whose sample of the deals that pass leaves undecided stands for this run's: the difference estimate counts the optional " +
        "rule's own wins this run's passes up to that one find, and takes the rest's share from it (docs/estimate.md#tail). May be given " +
        "once per variant. Default plan: the project's own, where one fits",
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .addOption(
      maxMemoryOption(
        "one worker's",
        ". A larger cap lets a large pass finish the hardest deals; the later passes run on as many workers as the machine's memory holds at it",
      ),
    )
    .option(
      '--deal-threads <n>',
      "threads that search each deal of a later pass together, over one shared table (the optional rule's searches; docs/search.md#threads); " +
        "default: the workers that the pass's memory plan leaves idle, shared among the deals it solves at once, else 1 (a threaded search's states vary from run to run)",
      integerOption(1, 64),
    )
    .addOption(maxDiscardsOption().default('exact', 'exact; bounds under the default plan'))
    .option('--csv <file>', 'write one row per deal and rule set to this CSV file ("-": standard output; gzipped when it ends in .gz)')
    .option('--no-timings', 'leave the ms column of the CSV empty, so that reruns give identical files')
    .option(
      '--resume',
      'continue the run whose per-deal CSV is --csv (plain or .gz): solve only the deals missing from it (and the passes still to do); refused when its rows differ in --max-states, --passes, --max-discards, version or search',
    )
    .option(
      '--summary <file>',
      'write the summary (one row per rule set, with the command, version and commit) to this CSV file ("-": standard output)',
    )
    .option('--json', 'print the summary as JSON Lines (one object per rule set) instead of text')
    .option(
      '--progress-every <seconds>',
      'when standard error is not a terminal (a log), print a progress line this often; 0: never',
      secondsOption,
      60,
    )
    .option(
      '--checkpoint-every <seconds>',
      'with --csv, write the finished deals to it this often, so that even a killed run can --resume; 0: never',
      secondsOption,
      300,
    );
  policyOptions(estimate, SOLVER, [SOLVER, ...POLICY_NAMES])
    .addOption(
      new Option(
        '--compare <policy>',
        'with --policy: also solve each deal exactly, its verdict in the same row as the game (solver_result …), for the clairvoyant rate on the same deals and the winnable deals the policy lost',
      ).choices([SOLVER]),
    )
    .addHelpText(
      'after',
      '\nPolicies (--policy; default solver, the exact solver that knows the whole stock):\n' +
        '  acesup estimate --variant standard --discards forced --policy greedy --ace-bonus 2 --deals 100000\n' +
        '  acesup estimate --variant strict --discards forced --policy expert --compare solver --deals 1000 --csv expert.csv\n' +
        'A policy sees only the table, the discards and the set of unseen cards (docs/play.md); its game of deal I of\n' +
        'seed S draws its random choices from (S, I) alone. Rows get a policy column; "max discards" is then the\n' +
        'cards the game discarded.\n' +
        `\nThe default plan (none of --max-states, --passes, --sample-unknowns given; the solver plays): every deal at\n` +
        `${fmt(DEFAULT_PLAN.maxStates)} states, then each deal still unknown at ×${DEFAULT_PLAN.passes.join(', ×')} that budget, in turn, with\n` +
        `--max-discards bounds unless given. The forced rule and strict × optional give every unknown deal every pass: their rows are\n` +
        `exact, deal by deal. A rule set under the optional rule runs beside the same variant under the forced rule, and its rate is\n` +
        `the difference estimate: the forced rule's rate (over a million deals of seed ${DEFAULT_PLAN.seed} where the project has that run, hence seed ${DEFAULT_PLAN.seed}\n` +
        "unless --seed is given), plus the optional rule's own wins. Standard and easy × optional give every unknown deal the ×" +
        `${DEFAULT_PLAN.passes[0]} pass and none\nthe next (--sample-unknowns ${DEFAULT_PLAN.shares('standard', 'optional', true).replaceAll(' ', ',')}): the wins ×${DEFAULT_PLAN.passes[0]} does not find come from the project's lattice study\n` +
        '(--tail-control); without one, shares of them get the passes. --max-states N alone: one pass at N, as `acesup solve` does.\n' +
        '\nPasses and escalation (each deal still unknown solved again at larger budgets; docs/estimate.md: what a pass costs):\n' +
        '  acesup estimate --variant standard --deals 1000 --passes 8,64 --csv run.csv\n' +
        '  acesup estimate --variant standard --deals 1000 --csv one.csv && acesup estimate --escalate one.csv --csv run.csv\n' +
        '      the same run.csv, in two steps (the second on other machines, or in shards: --shard K/N, then acesup merge)\n' +
        "A pass that the machine's memory cannot hold on every worker runs on fewer; one that fits no worker is refused.",
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
