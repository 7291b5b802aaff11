// The batch subcommands (deal, estimate, merge), added to the program by main.ts: options, checks at the
// edge, the progress bar and signals, printing. The work itself is in src/batch.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDeal } from '../core/cards.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/rules.ts';
import { DEFAULT_MAX_STATES, type MaxDiscardsMode } from '../core/solve.ts';
import { writeDealsCsv } from '../batch/csv.ts';
import { MAX_INDEX, MAX_SEED, dealFor } from '../batch/deals.ts';
import { type PoolEnd, type SolverPool, createPool, solveMissing } from '../batch/estimate.ts';
import { SegmentedRun } from '../batch/run.ts';
import { isStdio, temporaryName, writeFileAtomic } from '../batch/files.ts';
import { mergeDealFiles } from '../batch/merge.ts';
import { SEARCH_VERSION, runProvenance } from '../batch/provenance.ts';
import { SOLVER, rulesetName, rulesetsFor } from '../batch/results.ts';
import { type IndexRange, parseShard, shardRange } from '../batch/shard.ts';
import { type RulesetSummary, type RunInfo, summarise, summaryCsv, summaryJsonLines } from '../batch/summary.ts';
import type { PolicySpec } from '../batch/worker.ts';
import { POLICY_NAMES, type PolicyName, policyLabel } from '../core/play/policies.ts';
import { summaryReport } from './batch-report.ts';
import { policyOptions, policySettings } from './play.ts';
import { EXIT_FAILED, EXIT_OK, UsageError, exitForSignal, integerOption, ioReason } from './errors.ts';
import { EstimateProgress } from './progress.ts';

/**
 * A plain `acesup estimate` solves 1,000 deals under the solver's own budget, like `acesup solve`, so that
 * its figures are as exact as the solver's. The quick job is `npm start` (standard and strict, forced
 * discards, every deal decided); the README says how to go bigger.
 */
export const DEFAULT_DEALS = 1000;
/** The seed when none is given. */
export const DEFAULT_SEED = 1;
/** A signal this long after the first one quits at once; sooner, it is the same signal delivered twice. */
const SECOND_SIGNAL_MS = 1000;
/** Test hook, off unless ACESUP_TEST_SEGMENT is set: deals per segment of an estimate run (run.ts), so that
 *  small runs go through several segments. */
const TEST_SEGMENT_DEALS = Number(process.env['ACESUP_TEST_SEGMENT'] ?? 0) || 0;
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
  if (isStdio(file)) return;
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

/** A path as the file system resolves it (through symbolic links when it exists), to compare two paths. */
function samePathKey(file: string): string {
  if (isStdio(file)) return '-';
  const full = resolve(file);
  try {
    return realpathSync(full);
  } catch {
    return full;
  }
}

/**
 * Refuses (exit 2) outputs that would overwrite one another or an input: two options naming one file (or
 * both standard output), or an output that is also an input file.
 */
function checkOutputs(outputs: readonly [string, string | undefined][], inputs: readonly string[] = []): void {
  const seen = new Map<string, string>();
  for (const [option, file] of outputs) {
    if (file === undefined) continue;
    const key = samePathKey(file);
    const other = seen.get(key);
    if (other !== undefined) {
      throw new UsageError(isStdio(file) ? `${other} - and ${option} - would both write to standard output: give one of them a file`
        : `${other} and ${option} are the same file ${file}: one would overwrite the other`);
    }
    seen.set(key, option);
    if (!isStdio(file) && inputs.some((input) => samePathKey(input) === key)) {
      throw new UsageError(`${option} ${file} is also an input file: write the output to another file`);
    }
  }
}

/** Memory a worker thread may take: the thread itself, and its search tables at `maxStates` (table.ts: at
 *  load 1/2, 11 words of 4 bytes per slot at most). */
const workerBytes = (maxStates: number): number => 64 * 2 ** 20 + 2 ** Math.ceil(Math.log2(2 * maxStates)) * 44;
/** Worker threads per core above which a run is refused: they only slow the run down. */
const MAX_WORKERS_PER_CORE = 4;
const mib = (bytes: number): string => `${fmt(Math.round(bytes / 2 ** 20))} MB`;

/** Warns above the core count; refuses (exit 2) above MAX_WORKERS_PER_CORE × the cores, or above the cores
 *  when the workers could need more than the machine's memory. */
function checkWorkers(workers: number, maxStates: number): void {
  const cores = availableParallelism();
  const each = workerBytes(maxStates);
  // One worker per core is always allowed (the default): a worker's tables only grow as far as its deals need.
  const cap = Math.max(cores, Math.min(MAX_WORKERS_PER_CORE * cores, Math.floor(totalmem() / each)));
  if (workers > cap) {
    throw new UsageError(`--workers ${workers} is more than this machine can use (at most ${cap}: ${cores} cores, ${mib(totalmem())} of memory, ` +
      `and each worker needs up to ${mib(each)} at --max-states ${fmt(maxStates)}; ${workers} would need ${mib(workers * each)})`);
  }
  if (workers > cores) {
    process.stderr.write(`acesup: warning: --workers ${workers} is more than the ${cores} cores of this machine: the run will be slower, not faster, and each worker needs up to ${mib(each)}\n`);
  }
}

/** Refuses (exit 2) an option given on the command line that does nothing in this context, or with
 *  `warnOnly` warns (for an option that changes nothing a user relies on). */
function refuseIfGiven(command: Command, option: string, property: string, why: string, warnOnly = false): void {
  if (command.getOptionValueSource(property) !== 'cli') return;
  if (!warnOnly) throw new UsageError(`${option} ${why}`);
  process.stderr.write(`acesup: warning: ${option} ${why}\n`);
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
}

interface OutputFlags {
  json?: boolean;
  csv?: string;
  summary?: string;
}

/**
 * Writes the summary file, then prints the summary (text, or JSON Lines with --json) — on standard error
 * when standard output carries a CSV (`--csv -` or `--summary -`). Returns the messages of writes that
 * failed (the run goes on to print what it can).
 */
async function report(r: RunReport, flags: OutputFlags): Promise<string[]> {
  const failures: string[] = [];
  if (flags.summary !== undefined) {
    try {
      await writeFileAtomic(flags.summary, summaryCsv(r.summaries, r.run));
    } catch (error) {
      failures.push(`cannot write --summary ${flags.summary}: ${ioReason(error)}`);
    }
  }
  const text = flags.json ? summaryJsonLines(r.summaries, r.run) : `${summaryReport(r.heading, r.summaries, r.closing)}\n`;
  const toStderr = (flags.csv !== undefined && isStdio(flags.csv)) || (flags.summary !== undefined && isStdio(flags.summary));
  (toStderr ? process.stderr : process.stdout).write(text);
  return failures;
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
  policy: PolicyName | typeof SOLVER;
  aceBonus?: number;
  samples?: number;
  sampleStates?: number;
  compare?: string;
}

/** The rule sets' policy (label), the policy to play and whether the solver's verdicts go beside its games,
 *  from --policy and --compare; none for the solver alone. */
function policiesOf(flags: EstimateFlags): { labels?: string[]; spec?: PolicySpec; compare?: boolean } {
  if (flags.policy === SOLVER) {
    if (flags.compare !== undefined) throw new UsageError('--compare solver compares a policy with the solver: give --policy too');
    if (flags.aceBonus !== undefined || flags.samples !== undefined || flags.sampleStates !== undefined) {
      throw new UsageError('--ace-bonus, --samples and --sample-states tune a policy: give --policy too');
    }
    return {};
  }
  const settings = policySettings(flags.policy, flags);
  const label = policyLabel(flags.policy, settings);
  return { labels: [label], spec: { name: flags.policy, settings }, compare: flags.compare === SOLVER };
}

async function estimateCommand(flags: EstimateFlags, command: Command): Promise<number> {
  const variants: Variant[] = flags.variant === 'all' ? [...VARIANTS] : [flags.variant];
  const rules: DiscardRule[] = flags.discards === 'both' ? [...DISCARD_RULES] : [flags.discards];
  const played = policiesOf(flags);
  const rulesets = rulesetsFor(variants, rules, played.labels, played.compare);
  if (flags.deals > MAX_INDEX - flags.from + 1) throw new UsageError(`--from ${flags.from} --deals ${flags.deals} goes past the last deal index ${MAX_INDEX}`);
  const whole: IndexRange = { first: flags.from, count: flags.deals };
  const range = flags.shard === undefined ? whole : shardRange(whole, flags.shard.k, flags.shard.n);
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
  const resuming = flags.resume === true && csvFile !== undefined && existsSync(csvFile);
  if (csvFile !== undefined && existsSync(csvFile) && !flags.resume) {
    throw new UsageError(`${csvFile} exists: add --resume to continue that run, or remove the file`);
  }
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  checkWorkers(flags.workers, flags.maxStates);

  // The provenance of the code that solves, read before the work starts (the tree may change during a long run).
  const source = provenance();
  const run = await SegmentedRun.start({
    seed: flags.seed, range, run: { first: whole.first, last: whole.first + whole.count - 1 }, rulesets,
    provenance: runProvenance({ maxStates: flags.maxStates, maxDiscards: flags.maxDiscards, version: source.version }),
    ...(flags.csv === undefined ? {} : { csv: flags.csv }), timings: flags.timings, resume: resuming,
    ...(TEST_SEGMENT_DEALS > 0 ? { segmentDeals: TEST_SEGMENT_DEALS } : {}),
  });
  const resumed = run.resumedRows;
  /** Results finished: read from the earlier file, and solved by this run. */
  let finished = resumed;

  const names = rulesets.map(rulesetName);
  const progress = new EstimateProgress(names, range.count, run.resumedDone, run.resumedWon, flags.progressEvery);
  const controller = new AbortController();
  let signalled: NodeJS.Signals | undefined;
  let signalledAt = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    // A second Ctrl-C gives up at once, without writing. One signal often arrives twice within a moment
    // (sent to the process and to its process group, as `timeout` and some launchers do): that is not a second.
    if (signalled !== undefined) {
      if (performance.now() - signalledAt > SECOND_SIGNAL_MS) process.exit(exitForSignal(signalled));
      return;
    }
    signalled = signal;
    signalledAt = performance.now();
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const started = performance.now();
  // The results the file on disk holds, and the first write that failed (the run stops at it: the disk
  // that failed a checkpoint would fail the next one, and the work since the last good one is at stake).
  let saved = resumed;
  let savedAny = resuming;
  let writeFailure: string | undefined;
  let checkpointFailed = false;
  const saveCsv = async (final: boolean): Promise<boolean> => {
    const results = finished;
    try {
      await run.save(final);
      saved = results;
      savedAny = true;
      return true;
    } catch (error) {
      writeFailure ??= `cannot write --csv ${flags.csv}${final ? '' : ' (checkpoint)'}: ${ioReason(error)}`;
      return false;
    }
  };
  // Checkpoints: the finished deals are written to --csv now and then (temporary name, then rename), so
  // that even a hard kill (SIGKILL, out of memory) loses at most that much work; --resume reads them.
  let checkpoint: Promise<void> = Promise.resolve();
  const checkpoints = csvFile !== undefined && flags.checkpointEvery > 0
    ? setInterval(() => {
      checkpoint = checkpoint.then(async () => {
        if (writeFailure === undefined && !(await saveCsv(false))) {
          checkpointFailed = true;
          controller.abort();
        }
      });
    }, flags.checkpointEvery * 1000)
    : undefined;
  let end: PoolEnd = { kind: 'complete' };
  let pool: SolverPool | undefined;
  try {
    // Segment by segment on one pool (started when the first deal needs solving), each segment's rows
    // saved as it completes.
    for (let table = await run.nextSegment(); table !== undefined; table = await run.nextSegment()) {
      if (table.missing(rulesets.map((_, slot) => slot)).length > 0) {
        if (controller.signal.aborted) {
          end = { kind: 'interrupted' };
          break;
        }
        pool ??= createPool(flags.workers);
        end = await solveMissing(table, {
          workers: flags.workers, maxStates: flags.maxStates, maxDiscards: flags.maxDiscards, signal: controller.signal, pool,
          ...(played.spec === undefined ? {} : { policy: played.spec }),
          onChunk: (slot, solved, won) => {
            finished += solved;
            progress.advance(slot, solved, won);
          },
        });
        if (end.kind !== 'complete') {
          pool = undefined; // destroyed by solveMissing
          break;
        }
      }
      try {
        await run.finishSegment();
      } catch (error) {
        writeFailure ??= `cannot write --csv ${flags.csv}: ${ioReason(error)}`;
        checkpointFailed = true;
        break;
      }
    }
  } catch (error) {
    await run.cleanUp();
    throw error;
  } finally {
    clearInterval(checkpoints);
    await checkpoint;
    await pool?.destroy();
    progress.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const results = finished;
  const wanted = range.count * rulesets.length;
  const solvedNow = results - resumed;

  // The per-deal file first (even after a failed checkpoint: the disk may have room again), then the summary.
  let csvWritten = true;
  let summaries: RulesetSummary[];
  try {
    if (flags.csv !== undefined) csvWritten = await saveCsv(true);
    summaries = await run.summaries();
  } finally {
    await run.cleanUp();
  }
  const partial = end.kind !== 'complete' || checkpointFailed;
  const shardText = flags.shard === undefined ? '' : ` (shard ${flags.shard.k}/${flags.shard.n} of ${fmt(whole.first)}–${fmt(whole.first + whole.count - 1)})`;
  const heading = `${partial ? 'PARTIAL SUMMARY — ' : ''}seed ${flags.seed} · deals ${fmt(range.first)}–${fmt(range.first + range.count - 1)}${shardText} · ` +
    `max states ${fmt(flags.maxStates)}${flags.maxDiscards === 'bounds' ? ' (verdicts only)' : ''} · ${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
  const perSecond = fmt(Math.round(solvedNow / Math.max(wallSeconds, 1e-9)));
  const workers = `${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
  const done = played.spec === undefined
    ? `Solved ${fmt(solvedNow)} deal × rule set results in ${wallSeconds.toFixed(1)} s (${perSecond}/s on ${workers})`
    : `Played ${fmt(solvedNow)} games${played.compare === true ? ' and solved their deals' : ''} in ${wallSeconds.toFixed(1)} s: ` +
      `${perSecond} games/s on ${workers} (wall clock${played.compare === true ? ', the solving included' : ''})`;
  const closing = `${done}${resumed > 0 ? `; ${fmt(resumed)} read from ${flags.csv}` : ''}; ${fmt(results)} of ${fmt(wanted)} done.`;
  const failures = await report({
    heading, closing, summaries,
    run: {
      command: commandLine(), ...source, seed: flags.seed, wallSeconds, workers: flags.workers, maxStates: flags.maxStates, complete: !partial,
      maxDiscards: flags.maxDiscards, search: SEARCH_VERSION, mixed: [],
    },
  }, flags);

  const where = csvFile === undefined ? '' : csvWritten ? `; the finished deals are in ${csvFile}` : '';
  const again = csvFile === undefined ? '' : ' (continue with the same options and --resume)';
  if (writeFailure !== undefined) {
    // One line: what failed, and where the finished work is.
    const kept = csvFile === undefined ? ''
      : csvWritten ? `; the run stopped, and its ${fmt(saved)} finished results were written to ${csvFile} in the end${again}`
        : savedAny ? `; ${csvFile} keeps the ${fmt(saved)} results it held before (${fmt(results)} were finished): make room and continue with the same options and --resume`
          : `; none of the ${fmt(results)} finished results could be saved`;
    console.error(`acesup: ${writeFailure}${kept}`);
  }
  for (const failure of failures) console.error(`acesup: ${failure}`);
  if (writeFailure !== undefined || failures.length > 0) return EXIT_FAILED;
  if (end.kind === 'interrupted') {
    console.error(`acesup: interrupted by ${signalled ?? 'a signal'}: ${fmt(results)} of ${fmt(wanted)} results finished${where}${csvFile === undefined ? '' : again}`);
    return exitForSignal(signalled);
  }
  if (end.kind === 'pool-failed') {
    console.error(`acesup: the worker pool failed: ${end.message}${where}`);
    return EXIT_FAILED;
  }
  if (end.kind === 'failed') {
    console.error(`acesup: deal ${end.index} of seed ${flags.seed} (${rulesetName(rulesets[end.slot]!)}) failed: ${end.message}${where}`);
    return EXIT_FAILED;
  }
  return EXIT_OK;
}

interface MergeFlags {
  csv?: string;
  summary?: string;
  json?: boolean;
  timings: boolean;
  allowMixed?: boolean;
}

async function mergeCommand(files: string[], flags: MergeFlags, command: Command): Promise<number> {
  if (files.filter(isStdio).length > 1) throw new UsageError('standard input (-) can be read once only');
  if (flags.csv === undefined) refuseIfGiven(command, '--no-timings', 'timings', 'does nothing without --csv FILE: it empties the ms column of the merged file', true);
  checkOutputs([['--csv', flags.csv], ['--summary', flags.summary]], files.filter((file) => !isStdio(file)));
  if (flags.csv !== undefined) checkWritable(flags.csv, '--csv');
  if (flags.summary !== undefined) checkWritable(flags.summary, '--summary');
  const { table, rows, gaps, missing, mixed } = await mergeDealFiles(files, { allowMixed: flags.allowMixed === true });
  let csvFailure: string | undefined;
  if (flags.csv !== undefined) {
    try {
      await writeDealsCsv(flags.csv, table, flags.timings);
    } catch (error) {
      csvFailure = `cannot write --csv ${flags.csv}: ${ioReason(error)}`;
    }
  }
  const summaries = summarise(table);
  // A table's provenances are those of its rows (each added by the first row that has it).
  const used = table.provenances;
  const uniform = (column: 'max_states' | 'max_discards_mode' | 'search'): string | null => {
    const values = new Set(used.map((p) => p[column]));
    return values.size === 1 && !values.has('') ? [...values][0]! : null;
  };
  const maxStates = uniform('max_states');
  const budget = maxStates === null ? '' : ` · max states ${fmt(Number(maxStates))}${uniform('max_discards_mode') === 'bounds' ? ' (verdicts only)' : ''}`;
  const missingText = missing.slice(0, 3).map(([start, stop]) => (stop - start === 1 ? `${start}` : `${start}–${stop - 1}`)).join(', ') + (missing.length > 3 ? ', …' : '');
  const heading = `${mixed.length > 0 ? `MIXED RESULTS (they differ in ${mixed.join(', ')}; merged with --allow-mixed) — ` : ''}` +
    `seed ${table.seed} · deals ${fmt(table.first)}–${fmt(table.first + table.count - 1)}${budget} · merged from ${files.length} file${files.length === 1 ? '' : 's'}`;
  const closing = `Read ${fmt(rows)} deal × rule set results.` +
    (gaps > 0 ? ` ${fmt(gaps)} results of the run's deals are in no file (deals ${missingText}: a missing or unfinished shard?).` : '');
  const failures = await report({
    heading, closing, summaries,
    run: {
      command: commandLine(), ...provenance(), seed: table.seed, wallSeconds: null, workers: null, maxStates: maxStates === null ? null : Number(maxStates),
      complete: gaps === 0, maxDiscards: uniform('max_discards_mode'), search: uniform('search'), mixed,
    },
  }, flags);
  if (gaps > 0) console.error(`acesup: note: ${fmt(gaps)} results of deals ${table.first}–${table.first + table.count - 1} are missing (deals ${missingText})`);
  if (mixed.length > 0) console.error(`acesup: note: the merged results differ in ${mixed.join(', ')} (--allow-mixed)`);
  for (const failure of [...(csvFailure === undefined ? [] : [csvFailure]), ...failures]) console.error(`acesup: ${failure}`);
  return csvFailure !== undefined || failures.length > 0 ? EXIT_FAILED : EXIT_OK;
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
      if (flags.count > MAX_INDEX - flags.index + 1) throw new UsageError(`--index ${flags.index} --count ${flags.count} goes past the last deal index ${MAX_INDEX}`);
      const lines: string[] = [];
      for (let i = 0; i < flags.count; i++) {
        lines.push(formatDeal(dealFor(flags.seed, flags.index + i)));
        if (lines.length === 1000) process.stdout.write(lines.splice(0).join('\n') + '\n');
      }
      if (lines.length > 0) process.stdout.write(lines.join('\n') + '\n');
    });

  const estimate = program
    .command('estimate')
    .summary('win rates under perfect play from many random deals, on all cores, with CSV output')
    .description('Solve deals --from … --from + --deals − 1 of --seed under each chosen variant and discard rule, ' +
      'on a pool of worker threads, and print per rule set: won, lost, unknown, the win rate with its 95% ' +
      'Wilson interval, a histogram of max discards, states per deal and time. Ctrl-C stops, writes the ' +
      'finished deals and prints a partial summary (exit 130; SIGTERM: 143); --resume continues from the CSV. ' +
      'The per-deal CSV is the same, byte for byte, for any --workers when written with --no-timings ' +
      '(the ms column, the solving time, is the only part that changes from run to run).')
    .addOption(new Option('--variant <name>', 'which card may fill an empty pile; "all" runs the three').choices([...VARIANTS, 'all']).default('all'))
    .addOption(new Option('--discards <rule>', 'optional: deal at any time; forced: every discard before dealing; both').choices([...DISCARD_RULES, 'both']).default('optional'))
    .option('--deals <n>', 'how many deals', integerOption(1), DEFAULT_DEALS)
    .option('--seed <s>', `the seed, 0 to ${MAX_SEED}`, integerOption(0, MAX_SEED), DEFAULT_SEED)
    .option('--from <i>', 'number of the first deal', integerOption(0, MAX_INDEX), 0)
    .option('--shard <k/n>', 'solve only part K of N (1 ≤ K ≤ N) of the deals; put the parts together with `acesup merge`', shardOption)
    .addOption(new Option('--workers <n>', `worker threads (more than the cores warns; more than ${MAX_WORKERS_PER_CORE} per core, or than memory allows, is refused)`).argParser(integerOption(1)).default(availableParallelism(), 'the cores of this machine'))
    .option('--max-states <n>', 'state budget per deal; past it a deal is "unknown" with proven bounds', integerOption(1), DEFAULT_MAX_STATES)
    .addOption(maxDiscardsOption())
    .option('--csv <file>', 'write one row per deal and rule set to this CSV file ("-": standard output; gzipped when it ends in .gz)')
    .option('--no-timings', 'leave the ms column of the CSV empty, so that reruns give identical files')
    .option('--resume', 'continue the run whose per-deal CSV is --csv (plain or .gz): solve only the deals missing from it; refused when its rows differ in --max-states, --max-discards, version or search')
    .option('--summary <file>', 'write the summary (one row per rule set, with the command, version and commit) to this CSV file ("-": standard output)')
    .option('--json', 'print the summary as JSON Lines (one object per rule set) instead of text')
    .option('--progress-every <seconds>', 'when standard error is not a terminal (a log), print a progress line this often; 0: never', secondsOption, 60)
    .option('--checkpoint-every <seconds>', 'with --csv, write the finished deals to it this often, so that even a killed run can --resume; 0: never', secondsOption, 300);
  policyOptions(estimate, SOLVER, [SOLVER, ...POLICY_NAMES])
    .addOption(new Option('--compare <policy>', 'with --policy: also solve each deal exactly, for the clairvoyant rate on the same deals and the winnable deals the policy lost').choices([SOLVER]))
    .addHelpText('after', '\nPolicies (--policy; default solver, the exact solver that knows the whole stock):\n' +
      '  acesup estimate --variant standard --discards forced --policy greedy --ace-bonus 2 --deals 100000\n' +
      '  acesup estimate --variant strict --discards forced --policy expert --compare solver --deals 1000 --csv expert.csv\n' +
      'A policy sees only the table, the discards and the set of unseen cards (docs/play.md); its game of deal I of\n' +
      'seed S draws its random choices from (S, I) alone. Rows get a policy column; "max discards" is then the\n' +
      'cards the game discarded.')
    .action(async (flags: EstimateFlags, command: Command) => {
      process.exitCode = await estimateCommand(flags, command);
    });

  program
    .command('merge')
    .summary('put per-deal CSVs of shards together and print the summary of the whole run')
    .description('Read per-deal CSVs written by `acesup estimate --shard K/N --csv …` (or any runs of one seed, ' +
      'variants and discard rules that do not overlap) and print the summary one run over all of them ' +
      'would print. Time is the solving time summed from the ms column. Results of other budgets, search ' +
      'modes or versions are refused (--allow-mixed to merge them anyway); deals of the run that no file ' +
      'holds (a missing shard) are reported.')
    .argument('<files...>', 'the per-deal CSV files (plain or gzipped; "-" for standard input)')
    .option('--csv <file>', 'write the merged per-deal CSV (sorted as one run writes it; "-": standard output)')
    .option('--no-timings', 'leave the ms column of the merged CSV empty')
    .option('--summary <file>', 'write the summary CSV ("-": standard output)')
    .option('--json', 'print the summary as JSON Lines (one object per rule set) instead of text')
    .option('--allow-mixed', 'merge files whose results differ in --max-states, --max-discards, version or search (refused without it); the summary says so')
    .action(async (files: string[], flags: MergeFlags, command: Command) => {
      process.exitCode = await mergeCommand(files, flags, command);
    });
}
