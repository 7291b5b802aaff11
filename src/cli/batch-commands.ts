// The batch subcommands (deal, estimate, merge), added to the program by main.ts: options, checks at the
// edge, the progress bar and signals, printing. The work itself is in src/batch.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDeal } from '../core/cards.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/rules.ts';
import { DEFAULT_MAX_STATES, type MaxDiscardsMode } from '../core/solve.ts';
import { readIntoTable, temporaryName, writeDealsCsv, writeFileAtomic } from '../batch/csv.ts';
import { MAX_INDEX, MAX_SEED, dealFor } from '../batch/deals.ts';
import { dealName, solveMissing } from '../batch/estimate.ts';
import { mergeDealFiles } from '../batch/merge.ts';
import { ResultTable, rulesetName, rulesetsFor } from '../batch/results.ts';
import { type IndexRange, parseShard, shardRange } from '../batch/shard.ts';
import { type RulesetSummary, type RunInfo, summarise, summaryCsv } from '../batch/summary.ts';
import { summaryReport } from './batch-report.ts';
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, UsageError, integerOption } from './errors.ts';
import { EstimateProgress } from './progress.ts';

/**
 * A plain `acesup estimate` solves 1,000 deals under the solver's own budget, like `acesup solve`, so that
 * its figures are as exact as the solver's. The one-minute job is `npm start` (forced discards, a budget of
 * 200,000 states); the README says how to go bigger.
 */
export const DEFAULT_DEALS = 1000;
/** The seed when none is given. */
export const DEFAULT_SEED = 1;
/** A signal this long after the first one quits at once; sooner, it is the same signal delivered twice. */
const SECOND_SIGNAL_MS = 1000;
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const fmt = (n: number): string => n.toLocaleString('en-US');

/** The command line as typed, quoted where a shell would need it (for the summary file). */
function commandLine(): string {
  const quote = (word: string): string => (/^[\w./:=@%+,-]+$/u.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);
  return ['acesup', ...process.argv.slice(2)].map(quote).join(' ');
}

/** The package version and the git commit of the sources (with -dirty when tracked files changed). */
function provenance(): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  let commit = 'unknown';
  try {
    const git = (...args: string[]): string => execFileSync('git', ['-C', REPO, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    commit = git('rev-parse', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') === '' ? '' : '-dirty');
  } catch {
    // not a git checkout, or no git: the commit stays unknown
  }
  return { version, commit };
}

/** Fails early (before hours of solving) when `file` cannot be written: its directory is missing or read-only. */
function checkWritable(file: string, option: string): void {
  const temporary = temporaryName(file);
  try {
    if (existsSync(file) && statSync(file).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    closeSync(openSync(temporary, 'w'));
    rmSync(temporary);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? (existsSync(dirname(file)) ? 'cannot create a file there' : 'no such directory') : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : code === 'EISDIR' ? 'it is a directory' : code === 'EROFS' ? 'read-only file system' : (error as Error).message;
    throw new UsageError(`cannot write ${option} ${file}: ${why}`);
  }
}

const shardOption = (value: string): { k: number; n: number } => {
  const shard = parseShard(value);
  if (shard === undefined) throw new InvalidArgumentError('expected K/N with 1 ≤ K ≤ N, e.g. 2/8.');
  return shard;
};

const secondsOption = (value: string): number => {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds ≥ 0.');
  return n;
};

interface RunReport {
  heading: string;
  closing: string;
  summaries: RulesetSummary[];
  run: RunInfo;
  table: ResultTable;
}

/** Prints the summary (text or JSON) and writes the summary file. */
async function report(r: RunReport, flags: { json?: boolean; summary?: string }): Promise<void> {
  if (flags.json) {
    console.log(JSON.stringify({
      seed: r.table.seed, first: r.table.first, last: r.table.first + r.table.count - 1,
      rulesets: r.summaries, run: r.run,
    }, null, 2));
  } else {
    console.log(summaryReport(r.heading, r.summaries, r.closing));
  }
  if (flags.summary !== undefined) await writeFileAtomic(flags.summary, summaryCsv(r.summaries, r.run));
}

interface DealFlags {
  seed: number;
  index: number;
  count: number;
}

interface EstimateFlags {
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
}

async function estimateCommand(flags: EstimateFlags): Promise<number> {
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const rules: DiscardRule[] = flags.discards === 'both' ? [...DISCARD_RULES] : [flags.discards];
  const rulesets = rulesetsFor(variants, rules);
  if (flags.from + flags.deals - 1 > MAX_INDEX) throw new UsageError(`--from ${flags.from} --deals ${flags.deals} goes past the last deal index ${MAX_INDEX}`);
  const whole: IndexRange = { first: flags.from, count: flags.deals };
  const range = flags.shard === undefined ? whole : shardRange(whole, flags.shard.k, flags.shard.n);
  if (flags.resume && flags.csv === undefined) throw new UsageError('--resume needs --csv FILE: the per-deal CSV of the run to continue');
  const resuming = flags.resume === true && flags.csv !== undefined && existsSync(flags.csv);
  if (flags.csv !== undefined && existsSync(flags.csv) && !flags.resume) {
    throw new UsageError(`${flags.csv} exists: add --resume to continue that run, or remove the file`);
  }
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');

  // The provenance of the code that solves, read before the work starts (the tree may change during a long run).
  const source = provenance();
  const table = new ResultTable(flags.seed, range.first, range.count, rulesets);
  let resumed = 0;
  if (resuming) resumed = await readIntoTable(flags.csv!, table);

  const names = rulesets.map(rulesetName);
  const progress = new EstimateProgress(names, range.count, rulesets.map((_, slot) => table.solved(slot)), rulesets.map((_, slot) => table.won(slot)), flags.progressEvery);
  const controller = new AbortController();
  let signalled: NodeJS.Signals | undefined;
  let signalledAt = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    // A second Ctrl-C gives up at once, without writing. One signal often arrives twice within a moment
    // (sent to the process and to its process group, as `timeout` and some launchers do): that is not a second.
    if (signalled !== undefined) {
      if (performance.now() - signalledAt > SECOND_SIGNAL_MS) process.exit(EXIT_INTERRUPTED);
      return;
    }
    signalled = signal;
    signalledAt = performance.now();
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const started = performance.now();
  // Checkpoints: the finished deals are written to --csv now and then (temporary name, then rename), so
  // that even a hard kill (SIGKILL, out of memory) loses at most that much work; --resume reads them.
  let checkpoint: Promise<void> = Promise.resolve();
  const checkpoints = flags.csv !== undefined && flags.checkpointEvery > 0
    ? setInterval(() => {
      checkpoint = checkpoint.then(() => writeDealsCsv(flags.csv!, table, flags.timings));
    }, flags.checkpointEvery * 1000)
    : undefined;
  let end;
  try {
    end = await solveMissing(table, {
      workers: flags.workers, maxStates: flags.maxStates, maxDiscards: flags.maxDiscards, signal: controller.signal,
      onChunk: (slot, solved, won) => progress.advance(slot, solved, won),
    });
  } finally {
    clearInterval(checkpoints);
    await checkpoint;
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const results = rulesets.reduce((n, _, slot) => n + table.solved(slot), 0);
  const wanted = range.count * rulesets.length;
  const solvedNow = results - resumed;

  if (flags.csv !== undefined) await writeDealsCsv(flags.csv, table, flags.timings);

  const summaries = summarise(table);
  const partial = end.kind !== 'complete';
  const shardText = flags.shard === undefined ? '' : ` (shard ${flags.shard.k}/${flags.shard.n} of ${fmt(whole.first)}–${fmt(whole.first + whole.count - 1)})`;
  const heading = `${partial ? 'PARTIAL SUMMARY — ' : ''}seed ${flags.seed} · deals ${fmt(range.first)}–${fmt(range.first + range.count - 1)}${shardText} · ` +
    `max states ${fmt(flags.maxStates)}${flags.maxDiscards === 'bounds' ? ' (verdicts only)' : ''} · ${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
  const closing = `Solved ${fmt(solvedNow)} deal × rule set results in ${wallSeconds.toFixed(1)} s (${fmt(Math.round(solvedNow / Math.max(wallSeconds, 1e-9)))}/s)` +
    `${resumed > 0 ? `; ${fmt(resumed)} read from ${flags.csv}` : ''}; ${fmt(results)} of ${fmt(wanted)} done.`;
  await report({
    heading, closing, summaries, table,
    run: { command: commandLine(), ...source, seed: flags.seed, wallSeconds, workers: flags.workers, maxStates: flags.maxStates, complete: !partial },
  }, flags);

  const saved = flags.csv === undefined ? '' : `; the finished deals are in ${flags.csv}`;
  if (end.kind === 'interrupted') {
    const again = flags.csv === undefined ? '' : ` (continue with the same options and --resume)`;
    console.error(`acesup: interrupted by ${signalled ?? 'a signal'}: ${fmt(results)} of ${fmt(wanted)} results finished${saved}${again}`);
    return EXIT_INTERRUPTED;
  }
  if (end.kind === 'pool-failed') {
    console.error(`acesup: the worker pool failed: ${end.message}${saved}`);
    return EXIT_FAILED;
  }
  if (end.kind === 'failed') {
    console.error(`acesup: ${dealName(table, end.index, end.slot)} failed: ${end.message}${saved}`);
    return EXIT_FAILED;
  }
  return EXIT_OK;
}

interface MergeFlags {
  csv?: string;
  summary?: string;
  json?: boolean;
  timings: boolean;
}

async function mergeCommand(files: string[], flags: MergeFlags): Promise<number> {
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  const { table, rows, gaps } = await mergeDealFiles(files);
  if (flags.csv !== undefined) await writeDealsCsv(flags.csv, table, flags.timings);
  const summaries = summarise(table);
  const heading = `seed ${table.seed} · deals ${fmt(table.first)}–${fmt(table.first + table.count - 1)} · merged from ${files.length} file${files.length === 1 ? '' : 's'}`;
  const closing = `Read ${fmt(rows)} deal × rule set results.` +
    (gaps > 0 ? ` ${fmt(gaps)} results between the first and the last deal are in no file (a missing or unfinished shard?).` : '');
  await report({
    heading, closing, summaries, table,
    run: { command: commandLine(), ...provenance(), seed: table.seed, wallSeconds: null, workers: null, maxStates: null, complete: gaps === 0 },
  }, flags);
  if (gaps > 0) console.error(`acesup: note: ${fmt(gaps)} results between deals ${table.first} and ${table.first + table.count - 1} are missing`);
  return EXIT_OK;
}

/** The --max-discards option of `solve` and `estimate`. */
export const maxDiscardsOption = (): Option =>
  new Option('--max-discards <how>', 'exact: pin each lost deal\'s max discards within its budget (a tenth of it goes first to the search for the max); bounds: spend it all on the verdict (faster; lost deals get a proven range)').choices(['exact', 'bounds']).default('exact');

export function addBatchCommands(program: Command): void {
  program
    .command('deal')
    .summary('print reproducible random deals: deal I of seed S is always the same 52 cards')
    .description('Print deals in canonical form, one per line (ready for `acesup solve`). Deal number I of ' +
      'seed S is computed from (S, I) alone, so it is the same in every run, worker and shard.')
    .option('--seed <s>', `the seed, 0 to ${MAX_SEED}`, integerOption(0, MAX_SEED), DEFAULT_SEED)
    .option('--index <i>', 'number of the first deal', integerOption(0, MAX_INDEX), 0)
    .option('--count <n>', 'how many deals', integerOption(1), 1)
    .action((flags: DealFlags) => {
      if (flags.index + flags.count - 1 > MAX_INDEX) throw new UsageError(`--index ${flags.index} --count ${flags.count} goes past the last deal index ${MAX_INDEX}`);
      const lines: string[] = [];
      for (let i = 0; i < flags.count; i++) {
        lines.push(formatDeal(dealFor(flags.seed, flags.index + i)));
        if (lines.length === 1000) process.stdout.write(lines.splice(0).join('\n') + '\n');
      }
      if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
    });

  program
    .command('estimate')
    .summary('win rates under perfect play from many random deals, on all cores, with CSV output')
    .description('Solve deals --from … --from + --deals − 1 of --seed under each chosen variant and discard rule, ' +
      'on a pool of worker threads, and print per rule set: won, lost, unknown, the win rate with its 95% ' +
      'Wilson interval, a histogram of max discards, states per deal and time. Ctrl-C stops, writes the ' +
      'finished deals and prints a partial summary (exit 130); --resume continues from the CSV. ' +
      'The per-deal CSV is the same, byte for byte, for any --workers when written with --no-timings ' +
      '(the ms column, the solving time, is the only part that changes from run to run).')
    .addOption(new Option('--variant <name>', 'which card may fill an empty pile; "all" runs the three').choices([...VARIANTS, 'all']).default('all'))
    .addOption(new Option('--discards <rule>', 'optional: deal at any time; forced: every discard before dealing; both').choices([...DISCARD_RULES, 'both']).default('optional'))
    .option('--deals <n>', 'how many deals', integerOption(1), DEFAULT_DEALS)
    .option('--seed <s>', `the seed, 0 to ${MAX_SEED}`, integerOption(0, MAX_SEED), DEFAULT_SEED)
    .option('--from <i>', 'number of the first deal', integerOption(0, MAX_INDEX), 0)
    .option('--shard <k/n>', 'solve only part K of N (1 ≤ K ≤ N) of the deals; put the parts together with `acesup merge`', shardOption)
    .addOption(new Option('--workers <n>', 'worker threads').argParser(integerOption(1, 1024)).default(availableParallelism(), 'the cores of this machine'))
    .option('--max-states <n>', 'state budget per deal; past it a deal is "unknown" with proven bounds', integerOption(1), DEFAULT_MAX_STATES)
    .addOption(maxDiscardsOption())
    .option('--csv <file>', 'write one row per deal and rule set to this CSV file')
    .option('--no-timings', 'leave the ms column of the CSV empty, so that reruns give identical files')
    .option('--resume', 'continue the run whose per-deal CSV is --csv: solve only the deals missing from it')
    .option('--summary <file>', 'write the summary (one row per rule set, with the command, version and commit) to this CSV file')
    .option('--json', 'print the summary as JSON instead of text')
    .option('--progress-every <seconds>', 'when standard error is not a terminal (a log), print a progress line this often; 0: never', secondsOption, 60)
    .option('--checkpoint-every <seconds>', 'with --csv, write the finished deals to it this often, so that even a killed run can --resume; 0: never', secondsOption, 300)
    .action(async (flags: EstimateFlags) => {
      process.exitCode = await estimateCommand(flags);
    });

  program
    .command('merge')
    .summary('put per-deal CSVs of shards together and print the summary of the whole run')
    .description('Read per-deal CSVs written by `acesup estimate --shard K/N --csv …` (or any runs of one seed, ' +
      'variants and discard rules that do not overlap) and print the summary one run over all of them ' +
      'would print. Time is the solving time summed from the ms column.')
    .argument('<files...>', 'the per-deal CSV files')
    .option('--csv <file>', 'write the merged per-deal CSV (sorted as one run writes it)')
    .option('--no-timings', 'leave the ms column of the merged CSV empty')
    .option('--summary <file>', 'write the summary CSV')
    .option('--json', 'print the summary as JSON instead of text')
    .action(async (files: string[], flags: MergeFlags) => {
      process.exitCode = await mergeCommand(files, flags);
    });
}
