// The checks a run's plan makes before any work (estimate's, merge's): outputs that can be written and do not
// overwrite one another or an input, a worker count and passes the machine can carry, options that do nothing.
// A check that fails throws a PlanError (one line, exit 2); one that warns adds a line to the plan's warnings.

import { closeSync, existsSync, openSync, realpathSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { isStdio, temporaryName } from './files.ts';
import { ioError } from './io-reason.ts';
import { MAX_WORKERS_PER_CORE } from './options.ts';
import { dealThreadsFor, fitPasses, tableBytes, workerBytes } from './passes.ts';
import { positionsIn } from '../core/engine/table.ts';
import { KEY_WORDS, PILE_KEY_WORDS } from '../core/engine/state.ts';
import { DEFAULT_MAX_TABLE_BYTES } from '../core/engine/table.ts';
import { InputError } from '../core/game/cards.ts';
import { fmt } from '../core/game/format.ts';

/** A problem with a run's options that the user can fix, found while planning it: one line, exit 2. */
export class PlanError extends InputError {
  override name = 'PlanError';
}

/** The warnings a plan gathers (printed by the command before the run starts). */
export type Warnings = string[];

/**
 * Fails early (before any solving) when `file` cannot be written: its folder is missing, not a folder or
 * read-only, or the file is a folder. An IoError (exit 3) naming the option, when one is given (`--csv`).
 */
export function checkWritable(file: string, option = ''): void {
  if (isStdio(file)) return;
  const temporary = temporaryName(file);
  try {
    if (existsSync(file) && statSync(file).isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    closeSync(openSync(temporary, 'w'));
    rmSync(temporary);
  } catch (error) {
    throw ioError('write', option === '' ? file : `${option} ${file}`, error);
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
export function checkOutputs(outputs: readonly [string, string | undefined][], inputs: readonly string[] = []): void {
  const seen = new Map<string, string>();
  for (const [option, file] of outputs) {
    if (file === undefined) continue;
    const key = samePathKey(file);
    const other = seen.get(key);
    if (other !== undefined) {
      throw new PlanError(
        isStdio(file)
          ? `${other} - and ${option} - would both write to standard output: give one of them a file`
          : `${other} and ${option} are the same file ${file}: one would overwrite the other`,
      );
    }
    seen.set(key, option);
    if (!isStdio(file) && inputs.some((input) => samePathKey(input) === key)) {
      throw new PlanError(`${option} ${file} is also an input file: write the output to another file`);
    }
  }
}

const mib = (bytes: number): string => `${fmt(Math.round(bytes / 2 ** 20))} MB`;
const gb = (bytes: number): string => `${(bytes / 1e9).toFixed(1)} GB`;

/** The machine's memory, or the container's when a control group limits it to less. */
function machineMemory(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 && limit < totalmem() ? limit : totalmem();
}

/** Positions searched per position stored, at most, as measured: past this many times what the table cap
 *  holds, a pass's budget is warned of. */
const STORED_EVERY = 16;

/** The share of the machine's memory the later passes' threads may plan on (the rest: the main thread, the system). */
const PASS_MEMORY_SHARE = 0.9;

/**
 * How many threads may solve each later pass of `factors` (× `maxStates`) at once: the workers, or as many
 * as the machine's memory holds at the pass's bound per worker, with a warning; refused (exit 2) when not
 * even one does. `optional`: a rule set of the run is under the optional rule (its search has a second table).
 * `memory`: the machine's (by default, as the system reports it); `maxBytes`: the cap of one table (--max-memory).
 */
export function checkPasses(
  factors: readonly number[],
  maxStates: number,
  optional: boolean,
  workers: number,
  warnings: Warnings,
  { memory = machineMemory(), maxBytes = DEFAULT_MAX_TABLE_BYTES }: { memory?: number; maxBytes?: number } = {},
): number[] {
  const fits = fitPasses(factors, maxStates, optional, workers, memory * PASS_MEMORY_SHARE, maxBytes);
  for (const fit of fits) {
    const what = `pass ×${fit.factor} (${fmt(fit.maxStates)} states) may take up to ${gb(fit.workerBytes)} per worker`;
    if (fit.threads < 1) {
      let largest = fit.factor - 1;
      while (largest >= 2 && fitPasses([largest], maxStates, optional, 1, memory * PASS_MEMORY_SHARE, maxBytes)[0]!.threads < 1)
        largest -= 1;
      throw new PlanError(
        `${what}, more than this machine's ${gb(memory)} of memory holds: give smaller --passes (${largest >= 2 ? `the largest that fits is ×${largest}` : 'none fits'})${maxBytes === DEFAULT_MAX_TABLE_BYTES ? '' : ' or a smaller --max-memory'}`,
      );
    }
    if (fit.threads < workers) {
      warnings.push(
        `${what}: it runs on ${fit.threads} of the ${workers} workers at a time, to fit this machine's ${gb(memory)} of memory`,
      );
    }
    // Far past what the tables' memory cap holds a larger budget buys nothing: a deal that would need it stops
    // at the cap. (The searches store about 1 position in 16 to 45 of those they search.)
    const words = optional ? KEY_WORDS : PILE_KEY_WORDS;
    const held = positionsIn(tableBytes(Number.MAX_SAFE_INTEGER, words, maxBytes), words);
    if (fit.maxStates > STORED_EVERY * held) {
      warnings.push(
        `pass ×${fit.factor} (${fmt(fit.maxStates)} states): likely to stop at the tables' ${gb(maxBytes)} memory cap (--max-memory) before its budget (a deal that reaches the cap stays unknown)`,
      );
    }
  }
  return fits.map((fit) => fit.threads);
}

/** The threads that search each deal of each later pass together (batch/passes.ts dealThreadsFor), on this
 *  machine's cores and memory: the plan of checkPasses for `workers`, with `given` (--deal-threads) or the default. */
export function planDealThreads(
  factors: readonly number[],
  maxStates: number,
  optional: boolean,
  passThreads: readonly number[],
  workers: number,
  maxBytes: number,
  given?: number,
): number[] {
  const memory = machineMemory() * PASS_MEMORY_SHARE;
  const fits = fitPasses(factors, maxStates, optional, 1, memory, maxBytes).map((fit, i) => ({ ...fit, threads: passThreads[i]! }));
  return dealThreadsFor(fits, optional, Math.min(workers, availableParallelism()), memory, given);
}

/** Warns above the core count; refuses (exit 2) above MAX_WORKERS_PER_CORE × the cores, or above the cores
 *  when the workers could need more than the machine's memory (`optional`: as checkPasses). */
export function checkWorkers(
  workers: number,
  maxStates: number,
  optional: boolean,
  warnings: Warnings,
  maxBytes = DEFAULT_MAX_TABLE_BYTES,
): void {
  const cores = availableParallelism();
  const each = workerBytes(maxStates, optional, maxBytes);
  // One worker per core is always allowed (the default): a worker's tables only grow as far as its deals need.
  const cap = Math.max(cores, Math.min(MAX_WORKERS_PER_CORE * cores, Math.floor(totalmem() / each)));
  if (workers > cap) {
    throw new PlanError(
      `--workers ${workers} is more than this machine can use (at most ${cap}: ${cores} cores, ${mib(totalmem())} of memory, ` +
        `and each worker needs up to ${mib(each)} at --max-states ${fmt(maxStates)}; ${workers} would need ${mib(workers * each)})`,
    );
  }
  if (workers > cores) {
    warnings.push(
      `--workers ${workers} is more than the ${cores} cores of this machine: the run will be slower, not faster, and each worker needs up to ${mib(each)}`,
    );
  }
}

/** Refuses (exit 2) an option given on the command line (`given`: the options' names) that does nothing in
 *  this context, or with `warnOnly` warns (for an option that changes nothing a user relies on). */
export function refuseIfGiven(
  given: ReadonlySet<string>,
  warnings: Warnings,
  option: string,
  property: string,
  why: string,
  warnOnly = false,
): void {
  if (!given.has(property)) return;
  if (!warnOnly) throw new PlanError(`${option} ${why}`);
  warnings.push(`${option} ${why}`);
}
