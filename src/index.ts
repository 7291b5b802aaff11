// The package's main entry (`import … from 'acesup'`): the library's functions and types, from core alone, so that
// it runs in a browser or a web worker as well as in Node. The Node-only extras are in node.ts ('acesup/node').

export {
  DEFAULT_MAX_STATES,
  type Deal,
  type DiscardRule,
  type GameOptions,
  InputError,
  type LineCheck,
  MAX_INDEX,
  MAX_SEED,
  type MaxDiscardsMode,
  type SolveOptions,
  type StopReason,
  type Variant,
  type Verdict,
  type WinnableDeal,
  type WinnableOptions,
  eachWinnableDeal,
  formatDeal,
  parseDeal,
  seededDeal,
  solve,
  verify,
  winnableDeals,
} from './core/api.ts';
