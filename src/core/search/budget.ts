// The budgets of a solve: the default state budget per deal, how a timed solve grows it pass after pass
// (time-limit.ts), and the default time of a deal given to `acesup solve` as an argument. Plain numbers that
// import nothing: the command line's options show them in their help.

/** Default state budget per deal: bounds time and memory. A state is a position searched; the visited set
 *  stores only the positions with a choice (search.ts), at most all of them: ≤ 4 slots of 28 bytes, or 44
 *  under the optional rule, per state, so at this budget at most 2^22 slots (112 and 176 MiB for the two
 *  tables of a solver, plus the old table while one grows); in practice a few percent of that. */
export const DEFAULT_MAX_STATES = 2_000_000;

/** A pass's budget is this many times the last one's while a pass after it would still fit (see nextBudget). */
export const GROWTH = 8;

/** Seconds a deal given as an argument may take while its budget grows (`--time-limit`). */
export const DEFAULT_TIME_LIMIT = 60;
