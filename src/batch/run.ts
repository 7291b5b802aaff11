// An estimate run over a deal range of any length in memory that does not grow with it: the range is solved
// in segments of consecutive deals, each segment's rows appended, in order, to a file of finished rows as it
// completes, and the summary gathered as they pass. A resumed run reads its earlier file segment by
// segment; a run that escalates an earlier one (more passes, another --csv) reads that run's file the same
// way. The per-deal CSV is only ever replaced whole (checkpoints and the end: finished segments, the
// current one, and the earlier file's rows still ahead), so it always holds every result saved so far.

import { link, copyFile, open, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { InputError } from '../core/game/cards.ts';
import { csvText, dealHeader, dealRowFields, dealRows, provenanceFields } from './csv.ts';
import { type DealRow, readDealRows, resumeChecker } from './csv-read.ts';
import { isStdio, renameInto, writeFileAtomic } from './files.ts';
import { type Provenance, passBudgets } from './provenance.ts';
import { MAX_RESULTS, ResultTable, type Ruleset, WON, isRulesetOf, resultsPerDeal } from './results.ts';
import type { IndexRange } from './shard.ts';
import type { Controls } from './lattice-summary.ts';
import { rulesetsNest } from './implications.ts';
import type { RulesetSummary } from './summary.ts';
import { SummaryAccumulator } from './summarise.ts';

/** Results (deal × rule set) per segment: 19 bytes each, about 75 MB a segment. */
const SEGMENT_RESULTS = 4_000_000;

export interface RunSpec {
  seed: number;
  /** The deals this process solves (a shard's part of the run). */
  range: IndexRange;
  /** The deal range of the whole run, recorded in every row. */
  run: { first: number; last: number };
  rulesets: readonly Ruleset[];
  provenance: Provenance;
  /** Per rule set (in `rulesets`' order), its results' provenance where it differs from `provenance` in its
   *  sample of unknown deals (the default plan samples the costly rule sets only); default: `provenance`. */
  slotProvenances?: readonly Provenance[];
  /** The per-deal CSV ("-": standard output), if any. */
  csv?: string;
  timings: boolean;
  /** Continue from the per-deal CSV `csv` (which exists). */
  resume?: boolean;
  /** Without `resume`: start from the rows of this per-deal CSV of an earlier run (`--escalate`), whose
   *  plan of passes is the start of this run's; its rows outside `range` are passed over. */
  escalate?: string;
  /** Deals per segment (default: SEGMENT_RESULTS / rule sets). */
  segmentDeals?: number;
  /** Larger runs of the control rule set and of the target, for the difference estimate (`--control`, `--tail-control`). */
  controls?: Controls;
}

/** What the earlier file of a resumed run holds, from a first pass over it. */
interface Resumed {
  rows: number;
  done: number[];
  won: number[];
  /** Whether its rows come in deal order (acesup writes them so); if not, the run is one segment. */
  ordered: boolean;
  /** Whether some of its rows were proved by another rule set's verdict (their implied_by stays with them). */
  implied: boolean;
}

export class SegmentedRun {
  readonly segmentDeals: number;
  /** Per rule set: results already in the earlier file, and wins among them. */
  readonly resumedDone: number[];
  readonly resumedWon: number[];
  resumedRows = 0;
  private readonly accumulator: SummaryAccumulator;
  /** The next segment's first deal. */
  private next: number;
  /** The segment being solved (undefined between segments and at the end). */
  private current: ResultTable | undefined;
  /** The file of finished rows (header first) and its length: the finished segments. */
  private readonly rowsFile: string | undefined;
  private rowsBytes = 0;
  /** The earlier file (a link to or copy of the resumed file, or the escalated one), read segment by segment,
   *  and the reader with one row ahead. */
  private readonly earlierFile: string | undefined;
  /** Whether the earlier file is the --csv file's own second name (removed at the end), not an escalated file. */
  private readonly ownEarlier: boolean;
  private earlier: AsyncGenerator<{ row: DealRow; line: number }> | undefined;
  private ahead: { row: DealRow; line: number } | undefined;
  private headerWritten = false;
  /** Whether the rows carry the implied_by column: decided once, so that every segment's rows match the header. */
  private readonly implied: boolean;

  private constructor(
    private readonly spec: RunSpec,
    resumed: Resumed | undefined,
  ) {
    const perSegment = spec.segmentDeals ?? Math.max(1, Math.floor(SEGMENT_RESULTS / resultsPerDeal(spec.rulesets)));
    // An earlier file not in deal order is read whole into one segment (if it fits).
    this.segmentDeals =
      resumed !== undefined && !resumed.ordered ? Math.max(1, spec.range.count) : Math.max(1, Math.min(perSegment, spec.range.count));
    this.resumedDone = resumed?.done ?? spec.rulesets.map(() => 0);
    this.resumedWon = resumed?.won ?? spec.rulesets.map(() => 0);
    this.resumedRows = resumed?.rows ?? 0;
    this.implied = rulesetsNest(spec.rulesets) || resumed?.implied === true;
    this.accumulator = new SummaryAccumulator(spec.rulesets, passBudgets(spec.provenance), spec.seed, spec.controls);
    this.next = spec.range.first;
    const file = spec.csv !== undefined && !isStdio(spec.csv) ? spec.csv : undefined;
    this.rowsFile = file === undefined ? undefined : `${file}.${process.pid}.rows.tmp`;
    this.ownEarlier = spec.resume === true && file !== undefined && resumed !== undefined;
    this.earlierFile = this.ownEarlier ? `${file}.${process.pid}.resume.tmp` : resumed !== undefined ? spec.escalate : undefined;
  }

  /** The file the earlier rows come from, as named by the user: the resumed --csv file or the escalated one. */
  static earlierSource(spec: RunSpec): string | undefined {
    return spec.resume === true && spec.csv !== undefined ? spec.csv : spec.escalate;
  }

  /** The earlier file's rows of this run's deals (an escalated file may hold other shards' too). */
  private async *earlierRows(): AsyncGenerator<{ row: DealRow; line: number }> {
    const { first, count } = this.spec.range;
    for await (const entry of readDealRows(this.earlierFile!)) if (entry.row.index >= first && entry.row.index < first + count) yield entry;
  }

  /** Prepares a run: a first pass over the earlier file when resuming (every row checked), the file of finished rows. */
  static async start(spec: RunSpec): Promise<SegmentedRun> {
    let resumed: Resumed | undefined;
    const source = SegmentedRun.earlierSource(spec);
    if (source !== undefined) resumed = await scanEarlier(source, spec, source !== spec.csv);
    if (resumed !== undefined && !resumed.ordered && spec.range.count * resultsPerDeal(spec.rulesets) > MAX_RESULTS) {
      throw new InputError(
        `${source} is not in deal order and too big to ${source === spec.csv ? 'resume' : 'escalate'} in memory: sort it with \`acesup merge ${source} --csv sorted.csv\``,
      );
    }
    const run = new SegmentedRun(spec, resumed);
    try {
      if (run.rowsFile !== undefined) {
        const handle = await open(run.rowsFile, 'w');
        await handle.writeFile(
          dealHeader(
            spec.rulesets,
            spec.provenance.passes !== '',
            run.provenances().some((p) => p.sample_unknowns !== ''),
            run.implied,
          ),
        );
        await handle.close();
        run.rowsBytes = (await stat(run.rowsFile)).size;
      }
      if (run.earlierFile !== undefined) {
        // A second name for a resumed file, so that its rows stay readable once checkpoints replace it.
        if (run.ownEarlier) await link(spec.csv!, run.earlierFile).catch(() => copyFile(spec.csv!, run.earlierFile!));
        run.earlier = run.earlierRows();
      }
    } catch (error) {
      await run.cleanUp();
      throw error;
    }
    return run;
  }

  /** The next segment, filled with the earlier file's rows for it; undefined when every segment is done. */
  async nextSegment(): Promise<ResultTable | undefined> {
    const end = this.spec.range.first + this.spec.range.count;
    if (this.next >= end) return undefined;
    const count = Math.min(this.segmentDeals, end - this.next);
    const table = new ResultTable(this.spec.seed, this.next, count, this.spec.rulesets, this.spec.provenance);
    for (let slot = 0; slot < this.spec.rulesets.length; slot++) table.useProvenance(slot, this.provenanceOf(slot));
    table.run = this.spec.run;
    if (this.earlier !== undefined) {
      for (;;) {
        this.ahead ??= (await this.earlier.next()).value ?? undefined;
        if (this.ahead === undefined || this.ahead.row.index >= this.next + count) break;
        // Every row was checked by the first pass (scanEarlier); rows twice are found here.
        const { row, line } = this.ahead;
        const slot = this.slotOf(row);
        if (table.has(slot, row.index))
          throw new InputError(`${this.spec.csv} line ${line}: deal ${row.index} under ${row.variant}/${row.rule} appears twice`);
        table.set(slot, row.index, row.record);
        this.ahead = undefined;
      }
    }
    this.current = table;
    this.next += count;
    return table;
  }

  /**
   * Records the current segment as finished: its rows are appended to the file of finished rows (or
   * written to standard output) and pass into the summary. On a write error the segment stays current
   * (its rows are written with the earlier ones at the end) and the error is thrown.
   */
  async finishSegment(): Promise<void> {
    const table = this.current!;
    if (this.spec.csv !== undefined && isStdio(this.spec.csv)) {
      await this.toStdout(table);
    } else if (this.rowsFile !== undefined) {
      const handle = await open(this.rowsFile, 'r+');
      try {
        let at = this.rowsBytes;
        for await (const chunk of csvText(dealRows(table, this.spec.timings, this.implied))) {
          const bytes = Buffer.from(chunk as string);
          await handle.write(bytes, 0, bytes.length, at);
          at += bytes.length;
        }
        this.rowsBytes = at;
      } catch (error) {
        await handle.truncate(this.rowsBytes).catch(() => undefined);
        throw error;
      } finally {
        await handle.close();
      }
    }
    this.accumulator.addTable(table);
    this.current = undefined;
  }

  private slotOf(row: DealRow): number {
    return this.spec.rulesets.findIndex((r) => isRulesetOf(r, row.variant, row.rule, row.policy, row.record.solver !== undefined));
  }

  /** Writes the header (the first time) and the rows of `table` to standard output. */
  private async toStdout(table: ResultTable | undefined): Promise<void> {
    const header = this.headerWritten
      ? ''
      : dealHeader(
          this.spec.rulesets,
          this.spec.provenance.passes !== '',
          this.provenances().some((p) => p.sample_unknowns !== ''),
          this.implied,
        );
    this.headerWritten = true;
    const { timings } = this.spec;
    const implied = this.implied;
    async function* parts(): AsyncGenerator<string> {
      yield header;
      if (table !== undefined) yield* csvText(dealRows(table, timings, implied)) as AsyncIterable<string>;
    }
    await writeFileAtomic('-', Readable.from(parts()));
  }

  /** The earlier file's rows of deals from `from` on, as written by this run (its range and timings). */
  private async *earlierRowsFrom(from: number): AsyncGenerator<string[]> {
    if (this.earlierFile === undefined) return;
    const run = [String(this.spec.run.first), String(this.spec.run.last)];
    const passes = this.spec.provenance.passes === '' ? undefined : this.spec.provenance.passes;
    const sampling = this.provenances().some((p) => p.sample_unknowns !== '');
    const implied = this.implied;
    for await (const { row } of this.earlierRows()) {
      if (row.index < from) continue;
      const own = this.provenanceOf(this.slotOf(row));
      const provenance = provenanceFields(own);
      const sample = sampling ? own.sample_unknowns : undefined;
      yield dealRowFields(
        row.seed,
        row.index,
        row.deal,
        this.spec.rulesets[this.slotOf(row)]!,
        row.record,
        this.spec.timings,
        provenance,
        run,
        passes,
        sample,
        implied,
      );
    }
  }

  /**
   * Replaces the per-deal CSV with every result saved so far: the finished segments, the current one's
   * finished deals and the earlier file's rows ahead of them (`final`: at the end of the run; else a checkpoint).
   */
  async save(final: boolean): Promise<void> {
    const csv = this.spec.csv;
    if (csv === undefined) return;
    if (isStdio(csv)) {
      // Standard output gets each row once: here the current segment's, when the run stops.
      if (final && (this.current !== undefined || !this.headerWritten)) await this.toStdout(this.current);
      return;
    }
    const rowsBytes = this.rowsBytes;
    const current = this.current;
    const ahead = current === undefined ? this.next : current.first + current.count;
    const everything =
      this.next >= this.spec.range.first + this.spec.range.count && current === undefined && this.earlierFile === undefined;
    if (final && everything && !csv.endsWith('.gz')) {
      // The file of finished rows is the whole file: it becomes it.
      await renameInto(this.rowsFile!, csv);
      return;
    }
    const rowsFile = this.rowsFile!;
    const self = this;
    async function* parts(): AsyncGenerator<Buffer | string> {
      if (rowsBytes > 0) yield* createReadStream(rowsFile, { start: 0, end: rowsBytes - 1 }) as AsyncIterable<Buffer>;
      if (current !== undefined) yield* csvText(dealRows(current, self.spec.timings, self.implied)) as AsyncIterable<string>;
      yield* csvText(self.earlierRowsFrom(ahead)) as AsyncIterable<string>;
    }
    await writeFileAtomic(csv, Readable.from(parts()));
  }

  /** The summary of every result: finished segments, the current one's finished deals, the earlier file's rows ahead. */
  async summaries(): Promise<RulesetSummary[]> {
    const accumulator = this.accumulator;
    if (this.current !== undefined) {
      accumulator.addTable(this.current);
      this.current = undefined;
    }
    if (this.earlierFile !== undefined) {
      const budgets = passBudgets(this.spec.provenance);
      for await (const { row } of this.earlierRows()) {
        if (row.index < this.next) continue;
        const slot = this.slotOf(row);
        accumulator.add(slot, row.index, row.record, budgets, this.provenanceOf(slot).sample_unknowns, this.provenanceOf(slot));
      }
    }
    return accumulator.summaries();
  }

  /** The provenance of the results of the rule set in `slot`. */
  private provenanceOf(slot: number): Provenance {
    return this.spec.slotProvenances?.[slot] ?? this.spec.provenance;
  }

  /** Every provenance of the run's results. */
  provenances(): Provenance[] {
    return this.spec.rulesets.map((_, slot) => this.provenanceOf(slot));
  }

  /** Removes the run's temporary files (the file of finished rows, the resumed file's second name). */
  async cleanUp(): Promise<void> {
    await this.earlier?.return(undefined);
    for (const file of [this.rowsFile, this.ownEarlier ? this.earlierFile : undefined])
      if (file !== undefined) await rm(file, { force: true });
  }
}

/**
 * A first pass over the earlier file of a resumed run: every row checked against the run (seed, deal
 * range, rule sets, deal strings, provenance) and counted per rule set. `escalating`: the file of the run
 * that this one escalates (its plan may be the start of this one's; its rows of other deals are passed over).
 */
async function scanEarlier(file: string, spec: RunSpec, escalating: boolean): Promise<Resumed> {
  const check = resumeChecker(
    file,
    { ...spec.range, seed: spec.seed, rulesets: spec.rulesets, provenances: spec.slotProvenances ?? [spec.provenance] },
    escalating,
  );
  const found: Resumed = { rows: 0, done: spec.rulesets.map(() => 0), won: spec.rulesets.map(() => 0), ordered: true, implied: false };
  let lastIndex = -1;
  /** The rule sets of the deal `lastIndex` seen so far: in a file in deal order, a row twice is found here,
   *  before any work (in another file, when its one segment is filled). */
  const slots = new Set<number>();
  for await (const { row, line } of readDealRows(file)) {
    const slot = check(row, line);
    if (slot < 0) continue;
    // Segments need the deals in order; the rule sets of one deal may come in any order (one segment holds them).
    if (row.index < lastIndex) found.ordered = false;
    if (row.index > lastIndex) slots.clear();
    if (found.ordered && slots.has(slot))
      throw new InputError(`${file} line ${line}: deal ${row.index} under ${row.variant}/${row.rule} appears twice`);
    slots.add(slot);
    lastIndex = Math.max(lastIndex, row.index);
    found.rows += 1;
    found.done[slot]! += 1;
    if (row.record.outcome === WON) found.won[slot]! += 1;
    if (row.record.impliedBy !== undefined) found.implied = true;
  }
  return found;
}
