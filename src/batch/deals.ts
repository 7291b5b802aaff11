// Reproducible random deals for the batch side: the deals themselves are made in core (core/game/deals.ts,
// where the library and the browser reach them too); the ranges the command line checks are options.ts's.

export { dealFor } from '../core/game/deals.ts';
export { MAX_INDEX, MAX_SEED } from './options.ts';
