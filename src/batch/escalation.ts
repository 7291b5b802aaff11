// The per-deal CSV that `estimate --escalate` starts from: one run's file (or a merge of its shards), read
// once to find its seed, rule sets, deals, provenance and unknown results before any work. The rows
// themselves are read again, segment by segment, by the run that escalates it (run.ts).

import { InputError } from '../core/game/cards.ts';
import { DISCARD_RULES, VARIANTS, isDiscardRule, isVariant } from '../core/game/rules.ts';
import { readDealRows } from './csv-read.ts';
import { type Provenance, UNRECORDED, describeField, provenanceDiffers, provenanceKey } from './provenance.ts';
import { type Ruleset, UNKNOWN, rulesetsFor } from './results.ts';
import type { IndexRange } from './shard.ts';

export interface EscalationSource {
  seed: number;
  rulesets: Ruleset[];
  /** The deals the file holds: from its lowest deal index to its highest. */
  range: IndexRange;
  /** The deal range of the run that wrote it, as its rows record it (a shard's file: the whole run's). */
  run: { first: number; last: number };
  /** What its results depend on (one provenance for every row, but for the sample's shares, which may be one
   *  rule set's own: `samples`). */
  provenance: Provenance;
  /** Per rule set (`variant/rule`), its rows' sample_unknowns, where the rule sets' differ (the default plan
   *  samples the costly ones only). */
  samples?: Record<string, string>;
  rows: number;
  /** Its unknown results, at whichever pass of its plan. */
  unknown: number;
}

/**
 * Reads the file an escalation starts from and checks that it is one run's results of the solver: one seed,
 * every chosen variant under every chosen discard rule, no policy's games, and one recorded provenance.
 * Throws an InputError naming the file and the problem.
 */
export async function scanEscalation(file: string): Promise<EscalationSource> {
  let seed = -1;
  let rows = 0;
  let unknown = 0;
  let first = Infinity;
  let last = -Infinity;
  let runFirst = Infinity;
  let runLast = -Infinity;
  let provenance: Provenance | undefined;
  const held = new Set<string>();
  const samples = new Map<string, string>();
  for await (const { row, line } of readDealRows(file)) {
    const where = `${file} line ${line}`;
    if (row.policy !== undefined) {
      throw new InputError(
        `${where}: a game of ${row.policy} (--policy): escalation solves the solver's unknown results again, and a policy's games are never unknown`,
      );
    }
    if (!isVariant(row.variant)) throw new InputError(`${where}: unknown variant "${row.variant}"`);
    if (!isDiscardRule(row.rule)) throw new InputError(`${where}: unknown discard rule "${row.rule}"`);
    if (rows === 0) seed = row.seed;
    else if (row.seed !== seed)
      throw new InputError(`${where}: seed ${row.seed}, but the rows above have seed ${seed}: escalate one run's file`);
    if (provenance === undefined) {
      if (provenanceKey(row.provenance) === provenanceKey(UNRECORDED)) {
        throw new InputError(
          `${where}: the row records no max_states (a file of an older acesup): escalation needs the budget its results were found at`,
        );
      }
      provenance = row.provenance;
    } else {
      // Everything but the sample's shares is the run's; those are each rule set's.
      const field = provenanceDiffers({ ...provenance, sample_unknowns: row.provenance.sample_unknowns }, row.provenance);
      if (field !== undefined) {
        throw new InputError(
          `${where}: the row has ${describeField(row.provenance, field)} but the rows above have ${describeField(provenance, field)}: escalate one run's file (not a merge with --allow-mixed)`,
        );
      }
    }
    const name = `${row.variant}/${row.rule}`;
    const sample = samples.get(name);
    if (sample === undefined) samples.set(name, row.provenance.sample_unknowns);
    else if (sample !== row.provenance.sample_unknowns) {
      throw new InputError(
        `${where}: the row has ${describeField(row.provenance, 'sample_unknowns')} but the rows of ${name} above have ${describeField({ ...row.provenance, sample_unknowns: sample }, 'sample_unknowns')}: escalate one run's file (not a merge with --allow-mixed)`,
      );
    }
    held.add(name);
    rows += 1;
    if (row.record.outcome === UNKNOWN) unknown += 1;
    first = Math.min(first, row.index);
    last = Math.max(last, row.index);
    if (row.run !== undefined) {
      runFirst = Math.min(runFirst, row.run.first);
      runLast = Math.max(runLast, row.run.last);
    }
  }
  if (rows === 0) throw new InputError(`${file} holds no deals`);
  const holds = (v: string, d: string): boolean => held.has(`${v}/${d}`);
  const rulesets = rulesetsFor(
    VARIANTS.filter((v) => DISCARD_RULES.some((d) => holds(v, d))),
    DISCARD_RULES.filter((d) => VARIANTS.some((v) => holds(v, d))),
  );
  if (rulesets.length !== held.size) {
    throw new InputError(`${file} holds ${[...held].sort().join(', ')}: a run covers every chosen variant under every chosen discard rule`);
  }
  return {
    seed,
    rulesets,
    range: { first, count: last - first + 1 },
    run: runFirst <= runLast ? { first: Math.min(first, runFirst), last: Math.max(last, runLast) } : { first, last },
    provenance: provenance!,
    ...(new Set(samples.values()).size > 1 ? { samples: Object.fromEntries(samples) } : {}),
    rows,
    unknown,
  };
}
