// Deals that several test files use, written out once.

import { type Deal, parseDeal } from '../src/core/game/cards.ts';

/**
 * A strict deal that the optional rule wins and the forced rule loses with at most 46 discards (both
 * answers are checked independently: the reference solver finds the forced loss, the verifier replays the
 * optional win). The example of "optional beats forced" in docs/search.md and results/optional-vs-forced/optional-beats-forced.md.
 */
export const OPTIONAL_BEATS_FORCED_TEXT =
  '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';
export const OPTIONAL_BEATS_FORCED: Deal = parseDeal(OPTIONAL_BEATS_FORCED_TEXT);
