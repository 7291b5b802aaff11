// What a per-deal verdict depends on besides the deal and its rule set (the state budget, the search mode,
// the program and its search, the passes that re-solve unknown deals), recorded in every row of the
// per-deal CSV so that --resume and merge can refuse to put together results that do not belong together.

import { passSharesOf, shareAt } from './options.ts';

/**
 * The search's signature. Bump it with every change to the solver that can change a verdict, the bounds
 * of max discards or the states searched for some deal under some budget: rows written before and after
 * then no longer mix.
 */
export const SEARCH_VERSION = 'search-2026-12-01.2';

/**
 * The provenance columns of the per-deal CSV that every row has, in order. A new setting that changes
 * verdicts (a play policy, say) becomes one more column here and one more field where runs build their
 * provenance.
 */
export const PROVENANCE_COLUMNS = ['max_states', 'max_discards_mode', 'version', 'search'] as const;
type ProvenanceColumn = (typeof PROVENANCE_COLUMNS)[number];

/**
 * The plan of passes: the factors of `max_states` at which a deal still unknown is solved again, in turn
 * ("8 64"; empty: one pass). Its column is written only by runs with passes (csv.ts), so that the files of
 * runs without them keep the columns they always had.
 */
export const PASSES_FIELD = 'passes';
/**
 * The share of the first pass's unknown deals that the later passes solve (`--sample-unknowns P`, sample.ts;
 * '' : every one). Its column is written only by runs that sample, so that a run of P = 1 is a run without it.
 */
export const SAMPLE_FIELD = 'sample_unknowns';
export type ProvenanceField = ProvenanceColumn | typeof PASSES_FIELD | typeof SAMPLE_FIELD;
const PROVENANCE_FIELDS: readonly ProvenanceField[] = [...PROVENANCE_COLUMNS, PASSES_FIELD, SAMPLE_FIELD];

/** A row's provenance: each field as written in the CSV; '' when not recorded (a file of an older acesup),
 *  `passes` '' for a run of one pass and `sample_unknowns` '' for a run that gives every unknown deal its passes. */
export type Provenance = Readonly<Record<ProvenanceField, string>>;

/** The provenance of rows that record none. */
export const UNRECORDED: Provenance = Object.fromEntries(PROVENANCE_FIELDS.map((field) => [field, ''])) as Provenance;

/** The provenance of a run of this program; `passes`: the factors of its later passes (none: one pass). */
export function runProvenance(run: {
  maxStates: number;
  maxDiscards: string;
  version: string;
  passes?: readonly number[];
  sample?: string;
}): Provenance {
  return {
    max_states: String(run.maxStates),
    max_discards_mode: run.maxDiscards,
    version: run.version,
    search: SEARCH_VERSION,
    passes: (run.passes ?? []).join(' '),
    sample_unknowns: run.sample ?? '',
  };
}

/** The first field in which two provenances differ, or undefined when they are the same. */
export function provenanceDiffers(a: Provenance, b: Provenance): ProvenanceField | undefined {
  return PROVENANCE_FIELDS.find((field) => a[field] !== b[field]);
}

/** A key equal for equal provenances (for maps). */
export const provenanceKey = (p: Provenance): string => PROVENANCE_FIELDS.map((field) => p[field]).join('\u0000');

/** A field's value for messages: "max_states 100000", "no max_states recorded", "passes 8 64", "no passes". */
export const describeField = (p: Provenance, field: ProvenanceField): string =>
  field === PASSES_FIELD
    ? p.passes === ''
      ? 'no passes (one budget)'
      : `passes ${p.passes}`
    : field === SAMPLE_FIELD
      ? p.sample_unknowns === ''
        ? 'no sample_unknowns (every unknown deal given the passes)'
        : `sample_unknowns ${p.sample_unknowns}`
      : p[field] === ''
        ? `no ${field} recorded (a file of an older acesup)`
        : `${field} ${p[field]}`;

/** The factors of a `passes` field ("8 64" → [8, 64]; '' → []), or undefined when it is not a plan: whole
 *  numbers of 2 or more, each larger than the one before. */
export function parsePasses(text: string): number[] | undefined {
  if (text.trim() === '') return [];
  const factors = text.trim().split(/\s+/u).map(Number);
  if (factors.some((f, i) => !Number.isSafeInteger(f) || f < 2 || (i > 0 && f <= factors[i - 1]!))) return undefined;
  return factors;
}

/** The state budget of each pass of a provenance's plan, the first (`max_states`) included; [] when its
 *  budget is not recorded. */
export function passBudgets(p: Provenance): number[] {
  if (p.max_states === '') return [];
  const base = Number(p.max_states);
  return [base, ...(parsePasses(p.passes) ?? []).map((factor) => base * factor)];
}

/** Whether the plan of `earlier` is the start of the plan of `later` (same budget; its passes a prefix):
 *  then every row of `earlier` is what `later` writes for that deal, or a step on the way to it. */
export function isPlanPrefix(earlier: Provenance, later: Provenance): boolean {
  const a = passBudgets(earlier);
  const b = passBudgets(later);
  return a.length > 0 && a.length <= b.length && a.every((budget, i) => budget === b[i]);
}

/** Whether the sample `later` holds every deal of `earlier`, pass by pass (each of `earlier`'s passes' share at
 *  least as large; the passes `later` adds sample afresh). */
function sampleGrows(earlier: Provenance, later: Provenance): boolean {
  const passes = Math.max(1, passBudgets(earlier).length - 1);
  const a = passSharesOf(earlier.sample_unknowns, passes);
  const b = passSharesOf(later.sample_unknowns, Math.max(1, passBudgets(later).length - 1));
  if (a === undefined || b === undefined) return earlier.sample_unknowns === later.sample_unknowns;
  for (let pass = 1; pass <= passes; pass++) if (shareAt(a, pass).threshold > shareAt(b, pass).threshold) return false;
  return true;
}

/**
 * Whether rows of `earlier` are steps on the way to the rows `later` writes (--escalate): the same in every
 * field but the plan, whose passes are the start of `later`'s, and the sample, which may only grow when
 * `earlier` had passes (a sample lies inside every larger one, so its deals' rows are `later`'s too; a run of one
 * pass sampled nothing yet). The first field that stands in the way, or undefined when none does.
 */
export function planBlocker(earlier: Provenance, later: Provenance): ProvenanceField | undefined {
  const differs = PROVENANCE_FIELDS.find((field) => field !== PASSES_FIELD && field !== SAMPLE_FIELD && earlier[field] !== later[field]);
  if (differs !== undefined) return differs;
  if (!isPlanPrefix(earlier, later)) return PASSES_FIELD;
  if (earlier.passes !== '' && !sampleGrows(earlier, later)) return SAMPLE_FIELD;
  return undefined;
}
