// Merging per-deal CSVs (shards of one run) into one result table: they must share the seed, the variants
// and the discard rules, and no deal may appear twice.

import { InputError } from '../core/cards.ts';
import { DISCARD_RULES, VARIANTS, isDiscardRule, isVariant } from '../core/rules.ts';
import { dealMatcher, readDealsCsv } from './csv.ts';
import { ResultTable, rulesetName, rulesetsFor } from './results.ts';

interface FileScan {
  file: string;
  rows: number;
  seed: number;
  rulesets: Set<string>;
  first: number;
  last: number;
}

/** A first pass over one file: its seed (one only), rule sets and index range. */
async function scan(file: string): Promise<FileScan> {
  const found: FileScan = { file, rows: 0, seed: -1, rulesets: new Set(), first: Infinity, last: -Infinity };
  await readDealsCsv(file, (row, line) => {
    const where = `${file} line ${line}`;
    if (!isVariant(row.variant)) throw new InputError(`${where}: unknown variant "${row.variant}"`);
    if (!isDiscardRule(row.discards)) throw new InputError(`${where}: unknown discard rule "${row.discards}"`);
    if (found.rows === 0) found.seed = row.seed;
    else if (row.seed !== found.seed) throw new InputError(`${where}: seed ${row.seed}, but the rows above have seed ${found.seed}`);
    found.rows += 1;
    found.rulesets.add(`${row.variant}/${row.discards}`);
    found.first = Math.min(found.first, row.index);
    found.last = Math.max(found.last, row.index);
  });
  return found;
}

export interface Merged {
  table: ResultTable;
  /** Rows read from all files. */
  rows: number;
  /** Deal × rule set cells between the lowest and the highest index that no file holds. */
  gaps: number;
}

/**
 * Reads per-deal CSVs into one table. Throws an InputError when they differ in seed or in variants and
 * discard rules, when a deal (under one rule set) is in two files or twice in one, or when a deal string
 * is not the deal its seed and index give. Files without rows are allowed (an empty shard).
 */
export async function mergeDealFiles(files: readonly string[]): Promise<Merged> {
  const scans: FileScan[] = [];
  for (const file of files) scans.push(await scan(file));
  const filled = scans.filter((s) => s.rows > 0);
  if (filled.length === 0) throw new InputError(files.length === 1 ? `${files[0]} holds no deals` : 'the files hold no deals');
  const model = filled[0]!;
  const sets = (s: FileScan): string => [...s.rulesets].sort().join(', ');
  for (const other of filled.slice(1)) {
    if (other.seed !== model.seed) {
      throw new InputError(`${model.file} has seed ${model.seed} but ${other.file} has seed ${other.seed}: only shards of one run can be merged`);
    }
    if (sets(other) !== sets(model)) {
      throw new InputError(`${model.file} holds ${sets(model)} but ${other.file} holds ${sets(other)}: only shards of one run (same --variant and --discards) can be merged`);
    }
  }
  const rulesets = rulesetsFor(
    VARIANTS.filter((v) => DISCARD_RULES.some((d) => model.rulesets.has(`${v}/${d}`))),
    DISCARD_RULES.filter((d) => VARIANTS.some((v) => model.rulesets.has(`${v}/${d}`))),
  );
  // A file may hold, say, standard/optional and strict/forced only: then the product above is too big.
  if (rulesets.length !== model.rulesets.size) {
    throw new InputError(`${model.file} holds ${sets(model)}: a run covers every chosen variant under every chosen discard rule`);
  }
  const first = Math.min(...filled.map((s) => s.first));
  const last = Math.max(...filled.map((s) => s.last));
  const table = new ResultTable(model.seed, first, last - first + 1, rulesets);
  const owner = new Uint16Array(table.count * rulesets.length);
  const matches = dealMatcher(model.seed);
  let rows = 0;
  for (const [n, s] of filled.entries()) {
    await readDealsCsv(s.file, (row, line) => {
      const where = `${s.file} line ${line}`;
      const slot = table.slotOf(row.variant, row.discards);
      const cell = slot * table.count + (row.index - first);
      if (owner[cell] !== 0) {
        const twice = owner[cell] === n + 1 ? `twice in ${s.file}` : `in both ${filled[owner[cell]! - 1]!.file} and ${s.file}`;
        throw new InputError(`deal ${row.index} under ${rulesetName(rulesets[slot]!)} is ${twice}: the files overlap`);
      }
      if (!matches(row.index, row.deal)) throw new InputError(`${where}: the deal is not deal ${row.index} of seed ${row.seed}`);
      owner[cell] = n + 1;
      table.set(slot, row.index, row.record);
      rows += 1;
    });
  }
  return { table, rows, gaps: table.count * rulesets.length - rows };
}
