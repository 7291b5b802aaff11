// Reading the files a report is drawn from: summary CSVs (one row per rule set of a run) and per-deal
// CSVs, plain or gzipped, told apart by their header; and the running win-rate estimate of a per-deal file.

import { CsvError, parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { InputError } from '../core/game/cards.ts';
import { WIN_DISCARDS } from '../core/game/rules.ts';
import { winRate } from '../core/stats.ts';
import { ioError } from '../batch/io-reason.ts';
import { SUMMARY_REQUIRED, maxDiscardsColumn } from '../batch/summary-columns.ts';

/** One row of a summary CSV: a variant × discard rule of one run, with the run's provenance. */
export interface SummaryRow {
  /** The file it came from (base name), to tell runs apart. */
  file: string;
  variant: string;
  /** The discard rule (the `discards` column). */
  rule: string;
  /** The playing policy, once summaries carry one (empty for perfect play). */
  policy: string;
  seed: string;
  firstIndex: number | null;
  lastIndex: number | null;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  winRateLow: number;
  winRateHigh: number;
  ci95Low: number;
  ci95High: number;
  statesMedian: number | null;
  statesP99: number | null;
  statesMax: number | null;
  solveSeconds: number | null;
  dealsPerSecond: number | null;
  wallSeconds: number | null;
  workers: number | null;
  maxStates: number | null;
  complete: boolean;
  /** Deals per max discards 0…48 (48: won). */
  maxDiscards: number[];
  command: string;
  version: string;
  commit: string;
  /** A run that sampled the unknown deals (--sample-unknowns): its two-phase estimate (a range while some
   *  sampled deal is still unknown) with its 95% interval, and the share sampled. */
  twoPhase?: { low: number; high: number; ci95Low: number; ci95High: number; sample: string; sampled: number; against?: string };
}

/** One variant × discard rule (× policy) of a per-deal CSV: its outcomes in deal order. */
export interface DealSeries {
  file: string;
  variant: string;
  rule: string;
  /** The playing policy (empty for the solver, also for the solver's verdicts beside a policy's games). */
  policy: string;
  seed: number;
  /** Per deal in index order: 1 won, 2 lost, 3 unknown. */
  outcomes: Uint8Array;
}

const DEAL_REQUIRED = ['seed', 'index', 'deal', 'variant', 'discards', 'result'];

/** Opens `file` as a text stream, gunzipping it when it starts with gzip's magic bytes. */
async function textStream(file: string): Promise<NodeJS.ReadableStream> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(2);
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw ioError('read', file, error);
  }
  const raw = createReadStream(file);
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const gunzip = createGunzip();
    raw.on('error', (error) => gunzip.destroy(error));
    return raw.pipe(gunzip);
  }
  return raw;
}

/** The records of a CSV file as objects keyed by its header, with line numbers. */
async function* csvRecords(file: string): AsyncGenerator<{ header: string[]; record: Record<string, string>; line: number }> {
  const input = await textStream(file);
  const parser = parse({ info: true, relax_column_count: true, bom: true });
  input.on('error', (error: NodeJS.ErrnoException) =>
    parser.destroy(
      error.code?.startsWith('Z_') ? new InputError(`${file}: not a valid gzip file (${error.message})`) : ioError('read', file, error),
    ),
  );
  input.pipe(parser);
  let header: string[] | undefined;
  try {
    for await (const { record: fields, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header === undefined) {
        header = fields;
        yield { header, record: {}, line: info.lines };
        continue;
      }
      if (fields.length !== header.length)
        throw new InputError(`${file} line ${info.lines}: expected ${header.length} fields, found ${fields.length}`);
      const record: Record<string, string> = {};
      header.forEach((name, i) => (record[name] = fields[i]!));
      yield { header, record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (error instanceof CsvError) throw new InputError(`${file} is not a CSV file of acesup: ${error.message}`);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new InputError(`${file}: not a readable gzip file (${(error as Error).message})`);
    throw error;
  }
  if (header === undefined) throw new InputError(`${file} is empty`);
}

/** What a file is, from its header. */
type FileKind = 'summary' | 'deals';

export interface ReportInputs {
  summaries: SummaryRow[];
  series: DealSeries[];
}

const kindOf = (header: readonly string[]): FileKind | undefined =>
  SUMMARY_REQUIRED.every((c) => header.includes(c)) ? 'summary' : DEAL_REQUIRED.every((c) => header.includes(c)) ? 'deals' : undefined;

/** Reads every file, each either a summary CSV or a per-deal CSV (plain or gzipped), and sorts them apart. */
export async function readInputs(files: readonly string[]): Promise<ReportInputs> {
  const inputs: ReportInputs = { summaries: [], series: [] };
  for (const file of files) {
    const name = basename(file);
    let kind: FileKind | undefined;
    // Per-deal rows per variant × rule × policy: index → outcome.
    const rows = new Map<string, { seed: number; indices: number[]; outcomes: number[] }>();
    for await (const { header, record, line } of csvRecords(file)) {
      if (kind === undefined) {
        kind = kindOf(header);
        if (kind === undefined) {
          throw new InputError(
            `${file} is neither a summary CSV nor a per-deal CSV of acesup (its header has no ${header.includes('result') ? 'variant/discards' : 'won/lost/unknown or result'} columns)`,
          );
        }
        continue;
      }
      const where = `${file} line ${line}`;
      if (kind === 'summary') inputs.summaries.push(summaryRow(name, record, where));
      else {
        const add = (policy: string, result: string, column: string): void => {
          const key = `${record.variant}\t${record.discards}\t${policy}`;
          const outcome = { won: 1, lost: 2, unknown: 3 }[result];
          if (outcome === undefined) throw new InputError(`${where}: ${column} "${result}" is not won, lost or unknown`);
          let entry = rows.get(key);
          if (entry === undefined) rows.set(key, (entry = { seed: wholeNumber(record.seed!, 'seed', where), indices: [], outcomes: [] }));
          entry.indices.push(wholeNumber(record.index!, 'index', where));
          entry.outcomes.push(outcome);
        };
        add(record.policy === 'solver' ? '' : (record.policy ?? ''), record.result!, 'result');
        // The solver's verdict beside a policy's game (--compare solver): the clairvoyant series of the same deals.
        if (record.solver_result !== undefined) add('', record.solver_result, 'solver_result');
      }
    }
    for (const [key, entry] of rows) {
      const [variant, rule, policy] = key.split('\t') as [string, string, string];
      // Rows come by deal index in files that acesup writes; sort anyway, as the estimate runs in deal order.
      const order = entry.indices.map((_, i) => i).sort((a, b) => entry.indices[a]! - entry.indices[b]!);
      inputs.series.push({
        file: name,
        variant,
        rule,
        policy,
        seed: entry.seed,
        outcomes: Uint8Array.from(order, (i) => entry.outcomes[i]!),
      });
    }
  }
  return inputs;
}

function wholeNumber(text: string, name: string, where: string): number {
  const n = Number(text);
  if (!/^\d+$/u.test(text) || !Number.isSafeInteger(n)) throw new InputError(`${where}: ${name} "${text}" is not a whole number`);
  return n;
}

function summaryRow(file: string, r: Record<string, string>, where: string): SummaryRow {
  const num = (name: string): number | null => {
    const text = r[name];
    if (text === undefined || text === '') return null;
    const n = Number(text);
    if (!Number.isFinite(n)) throw new InputError(`${where}: ${name} "${text}" is not a number`);
    return n;
  };
  const must = (name: string): number => {
    const n = num(name);
    if (n === null) throw new InputError(`${where}: ${name} is empty`);
    return n;
  };
  return {
    file,
    variant: r.variant!,
    rule: r.discards!,
    policy: r.policy ?? '',
    seed: r.seed!,
    firstIndex: num('first_index'),
    lastIndex: num('last_index'),
    deals: must('deals'),
    won: must('won'),
    lost: must('lost'),
    unknown: must('unknown'),
    winRateLow: must('win_rate_low'),
    winRateHigh: must('win_rate_high'),
    ci95Low: must('ci95_low'),
    ci95High: must('ci95_high'),
    statesMedian: num('states_median'),
    statesP99: num('states_p99'),
    statesMax: num('states_max'),
    solveSeconds: num('solve_seconds'),
    dealsPerSecond: num('deals_per_second'),
    wallSeconds: num('wall_seconds'),
    workers: num('workers'),
    maxStates: num('max_states'),
    complete: r.complete !== 'false',
    maxDiscards: Array.from({ length: WIN_DISCARDS + 1 }, (_, d) => num(maxDiscardsColumn(d)) ?? 0),
    command: r.command ?? '',
    version: r.version ?? '',
    commit: r.commit ?? '',
    ...estimateOf(num, must, r),
  };
}

/** One point of a running estimate: after the first `deals` deals. */
export interface RunningPoint {
  deals: number;
  low: number;
  high: number;
  ci95Low: number;
  ci95High: number;
}

/** Deal counts at which the running estimate is drawn: every deal up to `dense`, then about `perDecade`
 *  per factor of ten (log-spaced, since the interval narrows as 1/√n), always ending at `total`. */
export function checkpoints(total: number, dense = 100, perDecade = 40): number[] {
  const points: number[] = [];
  for (let n = 1; n <= Math.min(total, dense); n++) points.push(n);
  if (total <= dense) return points;
  const step = 10 ** (1 / perDecade);
  for (let x = dense * step; x < total; x *= step) {
    const n = Math.round(x);
    if (n > points[points.length - 1]!) points.push(n);
  }
  points.push(total);
  return points;
}

/** The win rate (every unknown lost … every unknown won) and its 95% interval after each checkpoint. */
export function runningEstimate(outcomes: Uint8Array): RunningPoint[] {
  const marks = checkpoints(outcomes.length);
  const points: RunningPoint[] = [];
  let won = 0;
  let unknown = 0;
  let next = 0;
  for (let i = 0; i < outcomes.length && next < marks.length; i++) {
    if (outcomes[i] === 1) won += 1;
    else if (outcomes[i] === 3) unknown += 1;
    if (i + 1 === marks[next]) {
      const rate = winRate(won, unknown, i + 1);
      points.push({ deals: i + 1, low: rate.low, high: rate.high, ci95Low: rate.ci95.low, ci95High: rate.ci95.high });
      next += 1;
    }
  }
  return points;
}

/**
 * The estimate a summary row offers: its two-phase estimate, or its difference estimate against a stricter rule
 * set (`lattice_*`, with `against` naming it) where that one's 95% interval is narrower; none when it offers
 * neither (their columns are empty where not offered).
 */
function estimateOf(
  num: (column: string) => number | null,
  must: (column: string) => number,
  r: Record<string, string>,
): { twoPhase?: NonNullable<SummaryRow['twoPhase']> } {
  const sample = { sample: r['sample_unknowns'] ?? '', sampled: num('sampled') ?? 0 };
  const twoPhase =
    num('two_phase_low') === null
      ? undefined
      : {
          low: must('two_phase_low'),
          high: must('two_phase_high'),
          ci95Low: must('two_phase_ci95_low'),
          ci95High: must('two_phase_ci95_high'),
          ...sample,
        };
  const lattice =
    num('lattice_low') === null
      ? undefined
      : {
          low: must('lattice_low'),
          high: must('lattice_high'),
          ci95Low: must('lattice_ci95_low'),
          ci95High: must('lattice_ci95_high'),
          ...sample,
          against: r['lattice_control'] ?? '',
        };
  const width = (e: { ci95Low: number; ci95High: number }): number => e.ci95High - e.ci95Low;
  const chosen = lattice !== undefined && (twoPhase === undefined || width(lattice) < width(twoPhase)) ? lattice : twoPhase;
  return chosen === undefined ? {} : { twoPhase: chosen };
}
