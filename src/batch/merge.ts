// Merging per-deal CSVs (shards of one run) into one result table: they must share the seed, the variants,
// the discard rules and what the results depend on (provenance.ts), and no deal may appear twice. Each
// row records the deal range of its whole run, so a shard that is missing altogether shows as a gap.

import { InputError } from '../core/game/cards.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant, isDiscardRule, isVariant } from '../core/game/rules.ts';
import { dealMatcher, readDealsCsv } from './csv-read.ts';
import { type Provenance, type ProvenanceField, describeField, provenanceDiffers, provenanceKey } from './provenance.ts';
import { MAX_RESULTS, ResultTable, resultsPerDeal, rulesetName, rulesetsFor } from './results.ts';
import { fmt } from '../core/game/format.ts';

interface FileScan {
  file: string;
  rows: number;
  seed: number;
  rulesets: Set<string>;
  /** The policies of its rows in the order they first come (a file of a run with --policy), else empty. */
  policies: string[];
  /** Whether its rows carry the solver's verdicts beside the policy's games (--compare solver). */
  compare: boolean;
  first: number;
  last: number;
  /** The provenances of its rows (usually one), by rule set and key. */
  provenances: Map<string, { ruleset: string; provenance: Provenance }>;
  /** The widest run range its rows record (none in a file of an older version). */
  runFirst: number;
  runLast: number;
}

const nameOf = (file: string): string => (file === '-' ? 'standard input' : file);

/** A first pass over one file: its seed (one only), rule sets, index range, provenances and run range. */
async function scan(file: string): Promise<FileScan> {
  const found: FileScan = {
    file,
    rows: 0,
    seed: -1,
    rulesets: new Set(),
    policies: [],
    compare: false,
    first: Infinity,
    last: -Infinity,
    provenances: new Map(),
    runFirst: Infinity,
    runLast: -Infinity,
  };
  await readDealsCsv(file, (row, line) => {
    const where = `${nameOf(file)} line ${line}`;
    if (!isVariant(row.variant)) throw new InputError(`${where}: unknown variant "${row.variant}"`);
    if (!isDiscardRule(row.rule)) throw new InputError(`${where}: unknown discard rule "${row.rule}"`);
    if (found.rows === 0) found.seed = row.seed;
    else if (row.seed !== found.seed) throw new InputError(`${where}: seed ${row.seed}, but the rows above have seed ${found.seed}`);
    if (row.run !== undefined && (row.index < row.run.first || row.index > row.run.last)) {
      throw new InputError(`${where}: deal ${row.index} is outside the run's deals ${row.run.first}–${row.run.last} that the row records`);
    }
    found.rows += 1;
    const compare = row.record.solver !== undefined;
    found.rulesets.add(
      rulesetName({
        variant: row.variant,
        rule: row.rule,
        ...(row.policy === undefined ? {} : { policy: row.policy }),
        ...(compare ? { compare } : {}),
      }),
    );
    found.compare ||= compare;
    const ruleset = rulesetName({
      variant: row.variant,
      rule: row.rule,
      ...(row.policy === undefined ? {} : { policy: row.policy }),
      ...(compare ? { compare } : {}),
    });
    if (row.policy !== undefined && !found.policies.includes(row.policy)) found.policies.push(row.policy);
    found.first = Math.min(found.first, row.index);
    found.last = Math.max(found.last, row.index);
    const key = `${ruleset}\u0000${provenanceKey(row.provenance)}`;
    if (!found.provenances.has(key)) found.provenances.set(key, { ruleset, provenance: row.provenance });
    if (row.run !== undefined) {
      found.runFirst = Math.min(found.runFirst, row.run.first);
      found.runLast = Math.max(found.runLast, row.run.last);
    }
  });
  return found;
}

export interface MergeOptions {
  /** Merge files whose results differ in provenance (budget, search mode, version, search); the table
   *  then records each result's own. */
  allowMixed?: boolean;
}

export interface Merged {
  table: ResultTable;
  /** Rows read from all files. */
  rows: number;
  /** Deal × rule set cells of the runs' deal range that no file holds. */
  gaps: number;
  /** The runs of consecutive deal indices missing under some rule set, `[start, end)`. */
  missing: [number, number][];
  /** When the files differ in provenance (allowed by `allowMixed`): the fields in which they differ. */
  mixed: ProvenanceField[];
}

/**
 * Reads per-deal CSVs into one table. Throws an InputError when they differ in seed, in variants and
 * discard rules or (unless `allowMixed`) in provenance, when a deal (under one rule set) is in two files or
 * twice in one, or when a deal string is not the deal its seed and index give. Files without rows are
 * allowed (an empty shard). The table spans the deal range the rows' runs record (or, for files of an
 * older version, the rows themselves), so that a missing first or last shard is a gap.
 */
export async function mergeDealFiles(files: readonly string[], options: MergeOptions = {}): Promise<Merged> {
  const scans: FileScan[] = [];
  for (const file of files) scans.push(await scan(file));
  const filled = scans.filter((s) => s.rows > 0);
  if (filled.length === 0) throw new InputError(files.length === 1 ? `${nameOf(files[0]!)} holds no deals` : 'the files hold no deals');
  const model = filled[0]!;
  const sets = (s: FileScan): string => [...s.rulesets].sort().join(', ');
  for (const other of filled.slice(1)) {
    if (other.seed !== model.seed) {
      throw new InputError(
        `${nameOf(model.file)} has seed ${model.seed} but ${nameOf(other.file)} has seed ${other.seed}: only shards of one run can be merged`,
      );
    }
    // Shards of one run hold the same rule sets. The solver's runs of other rule sets on the same deals may
    // hold others too (a deal under one rule set in two files is refused below); a policy's runs may not.
    const solverOnly = model.policies.length === 0 && other.policies.length === 0;
    if (sets(other) !== sets(model) && !solverOnly) {
      throw new InputError(
        `${nameOf(model.file)} holds ${sets(model)} but ${nameOf(other.file)} holds ${sets(other)}: only shards of one run (same --variant and --discards) can be merged`,
      );
    }
  }
  // Every provenance in the files, each with the first file that has it; rule sets may differ in provenance
  // (runs of different rule sets on the same deals), the results of one rule set may not.
  const provenances = new Map<string, { ruleset: string; provenance: Provenance; file: string }>();
  for (const s of filled)
    for (const [key, found] of s.provenances) if (!provenances.has(key)) provenances.set(key, { ...found, file: s.file });
  const all = [...provenances.values()];
  const base = all[0];
  const mixed = new Set<ProvenanceField>();
  for (const other of all.slice(1)) {
    const base = all.find((p) => p.ruleset === other.ruleset)!;
    if (base === other) continue;
    const field = provenanceDiffers(base!.provenance, other.provenance)!;
    if (!options.allowMixed) {
      const where = (file: string): string => (file === base!.file ? `${nameOf(file)} has rows with` : `${nameOf(file)} has`);
      throw new InputError(
        `${nameOf(base!.file)} has ${describeField(base!.provenance, field)} but ${other.file === base!.file ? 'it also' : where(other.file)} ` +
          `${describeField(other.provenance, field)}: results that differ in ${field} do not mix (--allow-mixed merges them anyway)`,
      );
    }
    for (const column of Object.keys(base!.provenance) as ProvenanceField[])
      if (base!.provenance[column] !== other.provenance[column]) mixed.add(column);
  }
  const held = new Set(filled.flatMap((f) => [...f.rulesets]));
  const policies = model.policies.length === 0 ? undefined : model.policies;
  const holds = (v: Variant, d: DiscardRule): boolean =>
    (policies ?? [undefined]).some((p) =>
      held.has(
        rulesetName({ variant: v, rule: d, ...(p === undefined ? {} : { policy: p }), ...(model.compare ? { compare: true } : {}) }),
      ),
    );
  const rulesets = rulesetsFor(
    VARIANTS.filter((v) => DISCARD_RULES.some((d) => holds(v, d))),
    DISCARD_RULES.filter((d) => VARIANTS.some((v) => holds(v, d))),
    policies,
    model.compare,
  );
  // A file may hold, say, standard/optional and strict/forced only: then the product above is too big.
  if (rulesets.length !== held.size) {
    throw new InputError(
      `the files hold ${[...held].sort().join(', ')}: a run covers every chosen variant under every chosen discard rule`,
    );
  }
  const first = Math.min(...filled.map((s) => Math.min(s.first, s.runFirst)));
  const last = Math.max(...filled.map((s) => Math.max(s.last, s.runLast)));
  if ((last - first + 1) * resultsPerDeal(rulesets) > MAX_RESULTS) {
    throw new InputError(
      `deals ${first}–${last} × ${resultsPerDeal(rulesets)} results per deal is more than the ${fmt(MAX_RESULTS)} results one merge holds: merge fewer shards at a time`,
    );
  }
  const table = new ResultTable(model.seed, first, last - first + 1, rulesets, base!.provenance);
  const owner = new Uint16Array(table.count * rulesets.length);
  const matches = dealMatcher(model.seed);
  let rows = 0;
  for (const [n, s] of filled.entries()) {
    await readDealsCsv(s.file, (row, line) => {
      const where = `${nameOf(s.file)} line ${line}`;
      const slot = table.slotOf(row.variant, row.rule, row.policy, row.record.solver !== undefined);
      if (slot < 0)
        throw new InputError(
          `${where}: ${row.variant}/${row.rule}${row.policy === undefined ? '' : ` played by ${row.policy}`}${row.record.solver === undefined ? '' : " with the solver's verdicts"} is not in ${nameOf(model.file)}: only shards of one run can be merged`,
        );
      const cell = slot * table.count + (row.index - first);
      if (owner[cell] !== 0) {
        const twice =
          owner[cell] === n + 1 ? `twice in ${nameOf(s.file)}` : `in both ${nameOf(filled[owner[cell]! - 1]!.file)} and ${nameOf(s.file)}`;
        throw new InputError(`deal ${row.index} under ${rulesetName(rulesets[slot]!)} is ${twice}: the files overlap`);
      }
      if (!matches(row.index, row.deal)) throw new InputError(`${where}: the deal is not deal ${row.index} of seed ${row.seed}`);
      owner[cell] = n + 1;
      table.set(slot, row.index, row.record, table.provenanceId(row.provenance));
      rows += 1;
    });
  }
  const missing = table.missing(rulesets.map((_, slot) => slot));
  return { table, rows, gaps: table.count * rulesets.length - rows, missing, mixed: [...mixed] };
}
