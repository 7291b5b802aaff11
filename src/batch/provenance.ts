// What a per-deal verdict depends on besides the deal and its rule set (the state budget, the search mode,
// the program and its search), recorded in every row of the per-deal CSV so that --resume and merge can
// refuse to put together results that do not belong together.

/**
 * The search's signature. Bump it with every change to the solver that can change a verdict, the bounds
 * of max discards or the states searched for some deal under some budget: rows written before and after
 * then no longer mix.
 */
export const SEARCH_VERSION = 'search-2026-12-01.1';

/**
 * The provenance columns of the per-deal CSV, in order. A new setting that changes verdicts (a play
 * policy, say) becomes one more column here and one more field where runs build their provenance.
 */
export const PROVENANCE_COLUMNS = ['max_states', 'max_discards_mode', 'version', 'search'] as const;
export type ProvenanceColumn = (typeof PROVENANCE_COLUMNS)[number];

/** A row's provenance: each field as written in the CSV; '' when not recorded (a file of an older acesup). */
export type Provenance = Readonly<Record<ProvenanceColumn, string>>;

/** The provenance of rows that record none. */
export const UNRECORDED: Provenance = Object.fromEntries(PROVENANCE_COLUMNS.map((column) => [column, ''])) as Provenance;

/** The provenance of a run of this program. */
export function runProvenance(run: { maxStates: number; maxDiscards: string; version: string }): Provenance {
  return { max_states: String(run.maxStates), max_discards_mode: run.maxDiscards, version: run.version, search: SEARCH_VERSION };
}

/** The first field in which two provenances differ, or undefined when they are the same. */
export function provenanceDiffers(a: Provenance, b: Provenance): ProvenanceColumn | undefined {
  return PROVENANCE_COLUMNS.find((column) => a[column] !== b[column]);
}

/** A key equal for equal provenances (for maps). */
export const provenanceKey = (p: Provenance): string => PROVENANCE_COLUMNS.map((column) => p[column]).join('\u0000');

/** A field's value for messages: "max_states 100000", or "no max_states recorded". */
export const describeField = (p: Provenance, column: ProvenanceColumn): string =>
  p[column] === '' ? `no ${column} recorded (a file of an older acesup)` : `${column} ${p[column]}`;
