// Solving one deal: the public entry of the core. Runs the searches, turns a winning line into a clean,
// 1-minimal solution in RULES notation, and returns a tagged result: won, lost or unknown.

import { type Deal, isAce } from './cards.ts';
import { DEAL, KEEP, MOVE, REMOVE, moveKind, movePosition, moveTo } from './move.ts';
import type { GameMove } from './notation.ts';
import { minimise, shortenRounds, winsWith } from './replay.ts';
import { type DiscardRule, type Variant, WIN_DISCARDS } from './rules.ts';
import { Search, type SearchRun } from './search.ts';
import { VisitedSet } from './table.ts';
import { F_DEALT, addToPile, dealFrame, exposedPosition, pileSize, takeFromPile } from './state.ts';

/** Default state budget per deal: bounds time and memory (a visited set holds ≤ 4 slots of 28 bytes, or 44
 *  under the optional rule, per state; at this budget, at most 2^22 slots: 112 MiB and 176 MiB for the two
 *  tables of a solver, plus the old table while one grows). */
export const DEFAULT_MAX_STATES = 2_000_000;

export interface SolveOptions {
  variant: Variant;
  discards: DiscardRule;
  /** Positions the searches for one deal may store, in all, before they stop with `unknown`. */
  maxStates?: number;
  /** false: plain exhaustive search over every legal move (the yardstick). Default true. */
  reductions?: boolean;
  /**
   * The solution of a won deal: `true` (default) a clean, 1-minimal one; `'raw'` the search's winning line
   * as it was found (legal and winning, not shortened: cheap, for batch runs that check every win);
   * `false` none.
   */
  solution?: boolean | 'raw';
}

interface Counters {
  /** Positions stored, summed over the searches run for this deal. */
  states: number;
}

export type SolveResult =
  | (Counters & { kind: 'won'; solution: GameMove[] })
  | (Counters & { kind: 'lost'; maxDiscards: number })
  | (Counters & { kind: 'unknown'; lower: number; upper: number });

/** Max discards as a number when exact, else its proven bounds. */
export function discardBounds(result: SolveResult): { lower: number; upper: number } {
  if (result.kind === 'won') return { lower: WIN_DISCARDS, upper: WIN_DISCARDS };
  if (result.kind === 'lost') return { lower: result.maxDiscards, upper: result.maxDiscards };
  return { lower: result.lower, upper: result.upper };
}

/** A solver that keeps its search tables between deals (one per variant × discard rule × mode). */
export class Solver {
  private readonly searches = new Map<string, Search>();
  /** One visited set per key width, shared by the searches of this solver (they run one at a time). */
  private readonly visited = new Map<number, VisitedSet>();

  private search(variant: Variant, discards: DiscardRule, reductions: boolean): Search {
    const name = `${variant}/${discards}/${reductions}`;
    let search = this.searches.get(name);
    if (search === undefined) {
      const words = Search.keyWords(discards, reductions);
      let visited = this.visited.get(words);
      if (visited === undefined) {
        visited = new VisitedSet(words);
        this.visited.set(words, visited);
      }
      search = new Search(variant, discards, reductions, visited);
      this.searches.set(name, search);
    }
    return search;
  }

  solve(deal: Deal, options: SolveOptions): SolveResult {
    const { variant, discards } = options;
    const maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
    const reductions = options.reductions ?? true;
    const wanted = options.solution ?? true;
    const finish = (run: SearchRun, rule: DiscardRule): GameMove[] =>
      wanted === false ? [] : finishSolution(deal, run, variant, rule, wanted === true);

    if (discards === 'forced' || !reductions) {
      const run = this.search(variant, discards, reductions).run(deal, { maxStates });
      if (run.status === 'won') return { kind: 'won', states: run.states, solution: finish(run, discards) };
      if (run.status === 'exhausted') return { kind: 'lost', states: run.states, maxDiscards: run.best };
      return { kind: 'unknown', states: run.states, lower: run.best, upper: run.upper };
    }

    // Optional rule. 1. The forced rule only forbids plays: its wins are wins, and its max discards is a
    // lower bound (SEARCH-NOTES fact 6).
    const forced = this.search(variant, 'forced', true).run(deal, { maxStates });
    let states = forced.states;
    if (forced.status === 'won') {
      // Shortened and made 1-minimal under the optional rule, which the forced line also obeys.
      return { kind: 'won', states, solution: finish(forced, 'optional') };
    }
    // 2. The optional search proper, only for lines that beat the forced rule's best.
    const run = this.search(variant, 'optional', true).run(deal, { maxStates: Math.max(1, maxStates - states), atLeast: forced.best });
    states += run.states;
    if (run.status === 'won') return { kind: 'won', states, solution: finish(run, 'optional') };
    if (run.status === 'exhausted') return { kind: 'lost', states, maxDiscards: run.best };
    return { kind: 'unknown', states, lower: run.best, upper: run.upper };
  }
}

/**
 * Turns a winning search line into a solution under `rule` (a forced-rule line is also legal under
 * optional): drop the search's keep decisions, spread stacked aces one per pile, check that it replays to a
 * win; then, when `clean`, replace each round by a shortest one and shorten it to 1-minimal under `rule`.
 */
function finishSolution(deal: Deal, run: SearchRun, variant: Variant, rule: DiscardRule, clean: boolean): GameMove[] {
  const moves: GameMove[] = [];
  for (const m of run.path) {
    const kind = moveKind(m);
    if (kind === DEAL) moves.push({ kind: 'deal' });
    else if (kind === REMOVE) moves.push({ kind: 'remove', card: deal[movePosition(m)]! });
    else if (kind === MOVE) moves.push({ kind: 'move', card: deal[movePosition(m)]!, pile: moveTo(m) });
    else if (kind !== KEEP) throw new Error(`unknown search move ${m}`);
  }
  // 48 discards leave the four aces. Deal any aces still in the stock (R6: a search may stop before an
  // inert last deal of four aces), then spread stacked aces onto the empty piles (legal in every variant).
  const final = run.final!;
  while (final[F_DEALT]! < 52) {
    dealFrame(final, 0);
    moves.push({ kind: 'deal' });
  }
  for (let p = 0; p < 4; p++) {
    while (pileSize(final, 0, p) > 1) {
      let q = 0;
      while (pileSize(final, 0, q) !== 0) q++;
      const pos = exposedPosition(final, 0, p);
      if (!isAce(deal[pos]!)) throw new Error('won position holds a card that is not an ace');
      moves.push({ kind: 'move', card: deal[pos]!, pile: q });
      takeFromPile(final, 0, p, pos);
      addToPile(final, 0, q, pos);
    }
  }
  if (!winsWith(deal, moves, variant, rule)) throw new Error('internal error: the winning line does not replay');
  if (!clean) return moves;
  return minimise(deal, shortenRounds(deal, moves, variant, rule), variant, rule);
}
