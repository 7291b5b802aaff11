// The suite's two sizes. `npm test` runs a sample of each sweep (deals, property runs, endgame positions) and
// the short runs of every command; `npm run test:deep` (vitest.deep.config.ts, which sets ACESUP_TEST_DEEP=1)
// runs the files that import this module again with the full sweeps and the long runs.

/** Whether this is the deep run. */
export const DEEP = process.env['ACESUP_TEST_DEEP'] === '1';

/** `fast` under `npm test`, `deep` under `npm run test:deep`: a sweep's size, or a floor that scales with it. */
export function sized<T>(fast: T, deep: T): T {
  return DEEP ? deep : fast;
}
