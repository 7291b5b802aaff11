// Solving one deal: the public entry of the core. Runs the searches, turns a winning line into a clean,
// 1-minimal solution in docs/rules.md notation, and returns a tagged result: won, lost or unknown.

import { type Deal, isAce } from '../game/cards.ts';
import { DEAL, KEEP, MOVE, REMOVE, moveKind, movePosition, moveTo } from '../engine/move.ts';
import type { GameMove } from '../game/notation.ts';
import { PackedGame, minimise, shortenRounds, winsWith } from './replay.ts';
import { type DiscardRule, type Variant, WIN_DISCARDS } from '../game/rules.ts';
import { SEARCH_POLICIES } from './search-policies.ts';
import { type GroupMemory, SearchGroup } from './group.ts';
import type { SearchRun } from './run-result.ts';
import type { Search, SearchLimits } from './search.ts';
import { Searches, quitGroup, serveGroup } from './searches.ts';
import { DEFAULT_MAX_TABLE_BYTES } from '../engine/table.ts';
import { DEFAULT_MAX_STATES } from './budget.ts';
import { F_DEALT, KEY_WORDS, addToPile, dealFrame, exposedPosition, pileSize, takeFromPile } from '../engine/state.ts';

// The default budget lives in budget.ts, which imports nothing (the command line's options show it).
export { DEFAULT_MAX_STATES };
// The other threads of a search group (SolverOptions.group) serve it from searches.ts; callers find them here,
// beside the solver that hands out the jobs.
export { quitGroup, serveGroup };

/** The ghost search may spend 1/GHOST_SHARE of the budget left when it starts: a larger share decided no
 *  more deals and cost time. */
const GHOST_SHARE = 10;

/** What a lost deal's budget is spent on: `'exact'` its max discards, `'bounds'` only its verdict. */
export type MaxDiscardsMode = 'exact' | 'bounds';

export interface SolveSettings {
  variant: Variant;
  /** The discard rule (the CLI's `--discards`, the CSV's `discards` column). */
  rule: DiscardRule;

  /** Positions the searches for one deal may search, in all, before they stop with `unknown`. */
  maxStates?: number;
  /**
   * The moves already played from the deal's start, legal under the variant and rule: the solve is then of the
   * position they reach. Its solution is the rest of a winning line from there; its max discards counts the
   * cards those moves discarded too. Default: none (the deal's start).
   */
  after?: readonly GameMove[];
  /** false: plain exhaustive search over every legal move (the yardstick). Default true. */
  reductions?: boolean;
  /**
   * The solution of a won deal: `true` (default) a clean, 1-minimal one; `'raw'` the search's winning line
   * as it was found (legal and winning, not shortened: cheap, for batch runs that check every win);
   * `false` none.
   */
  solution?: boolean | 'raw';
  /**
   * `'exact'` (default): once a deal is proved lost, spend what is left of the budget on its exact max
   * discards. `'bounds'`: stop at the verdict; a lost deal's max discards is then a proven range.
   */
  maxDiscards?: MaxDiscardsMode;
  /** Under optional: try the ghost game (ghost.ts) once the forced searches have not won, before the
   *  optional search, and inside it where the variant's policy says so (search.ts). Default true; false
   *  only to compare: it changes no verdict, only the work (and may narrow an unknown's bounds). */
  ghost?: boolean;
  /** The subset games (subset.ts) where the variant's policy says so. Default true; false only to compare:
   *  it changes no verdict, only the work (and may narrow an unknown's bounds). */
  subsets?: boolean;
  /**
   * Called every POLL_STATES positions or so (search.ts) with the positions searched for this deal and the
   * most discards a line has reached (a proven lower bound on max discards), and before a visited set grows
   * with the positions it will rehash (else 0); true stops the solve as its budget would, with limit
   * `'poll'` if the verdict is still open. For a clock and a progress display.
   */
  poll?: (states: number, lower: number, growing: number) => boolean;
}

interface Counters {
  /** Positions searched (entered, whether stored or walked through: search.ts), summed over the searches
   *  run for this deal, the ghost games' included; the budget counts these. */
  states: number;
}

/**
 * What solving a deal gave. `lost` is proved (no line wins); its max discards lies in `lower … upper`
 * (upper ≤ 47), exactly known when they are equal. `unknown`: the budget ran out before the verdict.
 */
export type SolveResult =
  | (Counters & { result: 'won'; solution: GameMove[] })
  | (Counters & { result: 'lost'; lower: number; upper: number })
  | (Counters & { result: 'unknown'; lower: number; upper: number; limit: SolveLimit });

/** What stopped a search before its verdict: the state budget, the visited sets' memory cap, or the caller's
 *  `poll` (a clock: `solve --time-limit`). */
export type SolveLimit = 'states' | 'memory' | 'poll';

export interface SolverOptions {
  /** The most memory one visited set of the solver may take (default 4 GiB); a search that would need more
   *  stops with `unknown` (limit `memory`) instead of growing it. */
  maxTableBytes?: number;
  /** Search each deal under the optional rule with a group of threads over one shared table (this thread
   *  is the group's thread 0; the others run `serveGroup`). */
  group?: GroupMemory;
  /** Called when a visited set has let go of memory it had written: a host with a garbage collector to call
   *  returns it then, before the next search writes a table as large (the hardest deals take most of a machine). */
  released?: () => void;
}

/** Max discards as proven bounds (equal when exact; 48 for a won deal). */
export function discardBounds(result: SolveResult): { lower: number; upper: number } {
  if (result.result === 'won') return { lower: WIN_DISCARDS, upper: WIN_DISCARDS };
  return { lower: result.lower, upper: result.upper };
}

/** A solver that keeps its search tables between deals (one per variant × discard rule × mode). */
export class Solver {
  private readonly searches: Searches;

  constructor(options: SolverOptions = {}) {
    const group = options.group === undefined ? undefined : new SearchGroup(options.group, 0);
    this.searches = new Searches(options.maxTableBytes ?? DEFAULT_MAX_TABLE_BYTES, group, options.released);
  }

  solve(deal: Deal, options: SolveSettings): SolveResult {
    const from = startOf(deal, options);
    if (options.reductions === false) return solvePlain(this.searches, deal, options, from);
    return new DealSolve(this.searches, deal, options, from).solve();
  }

  /** Gives back the memory that a hard deal grew the visited sets to, beyond their default size; the
   *  searches and the subset games' memos (capped at 8 MiB each) stay, so the next deal does not allocate them
   *  again. */
  shrink(): void {
    this.searches.shrink();
  }
}

/** The frame of the position `options.after` reaches, or undefined for the deal's start. Throws on an illegal move
 *  (the library checks the moves with the verifier first, and says which one and why). */
function startOf(deal: Deal, options: SolveSettings): Int32Array | undefined {
  if (options.after === undefined || options.after.length === 0) return undefined;
  const game = new PackedGame(deal, options.variant, options.rule);
  options.after.forEach((move, i) => {
    if (!game.play(move)) throw new Error(`move ${i + 1} played before the position is not legal`);
  });
  return game.frame.slice();
}

/** The yardstick: one plain exhaustive search, for the verdict and the max discards at once. */
function solvePlain(searches: Searches, deal: Deal, options: SolveSettings, from: Int32Array | undefined): SolveResult {
  const { variant, rule } = options;
  let polled = false;
  const poll =
    options.poll === undefined
      ? undefined
      : (states: number, reached: number, growing: number) => (polled ||= options.poll!(states, reached, growing));
  const run = searches
    .search({ variant, rule, reductions: false })
    .run(deal, { maxStates: options.maxStates ?? DEFAULT_MAX_STATES, ...(poll ? { poll } : {}), ...(from ? { from } : {}) });
  if (run.status === 'won') return { result: 'won', states: run.states, solution: solutionOf(deal, run, options, from) };
  if (run.status === 'exhausted') return { result: 'lost', states: run.states, lower: run.reached, upper: run.upper };
  return { result: 'unknown', states: run.states, lower: run.reached, upper: run.upper, limit: stopReason(run, polled) };
}

/**
 * Solving one deal with the reduced searches, in named steps: the `probe` (a tenth of the budget, for the
 * max), the `verdict` (searches for a win only), then the `exactMax` of a lost deal. Under optional the
 * forced rule is searched first (its wins are wins and its max a lower bound: it only forbids plays,
 * docs/search.md#lemma-f), and the ghost game (ghost.ts G1) may prove the deal lost and bound its max.
 */
class DealSolve {
  private readonly variant: Variant;
  private readonly rule: DiscardRule;
  private readonly maxStates: number;
  private readonly forced: Search;
  private readonly optional: Search | undefined;
  /** Positions searched so far, over every search of this deal (the budget counts these). */
  private states = 0;
  /** Proven bounds on the max discards under `rule`. */
  private lower = 0;
  private upper = WIN_DISCARDS;
  /** Under optional: the forced rule's max is known (and in `lower`), so its searches are done. */
  private forcedDone = false;
  /** The ghost game has run (or is not to run). */
  private ghostDone: boolean;
  /** The ghost game proved the deal lost under optional. */
  private ghostLost = false;
  /** The caller's poll asked the solve to stop: nothing is left of the budget. */
  private polled = false;
  /** The searches' poll (absent without the caller's): the deal's positions so far, and its lower bound. */
  private readonly poll: SearchLimits['poll'];

  constructor(
    private readonly searches: Searches,
    private readonly deal: Deal,
    private readonly options: SolveSettings,
    /** The position the searches start from (`options.after`'s), or undefined for the deal's start. */
    private readonly from: Int32Array | undefined,
  ) {
    this.variant = options.variant;
    this.rule = options.rule;
    this.maxStates = options.maxStates ?? DEFAULT_MAX_STATES;
    const subsets = options.subsets !== false;
    this.forced = searches.search({ variant: this.variant, rule: 'forced', reductions: true, subsets });
    this.optional =
      this.rule === 'optional'
        ? searches.search({ variant: this.variant, rule: 'optional', reductions: true, ghost: options.ghost !== false, subsets })
        : undefined;
    this.ghostDone = this.optional === undefined || options.ghost === false || !SEARCH_POLICIES[this.variant].ghostAtStart;
    const asked = options.poll;
    this.poll =
      asked === undefined
        ? undefined
        : (states, reached, growing) => (this.polled ||= asked(this.states + states, Math.max(this.lower, reached), growing));
  }

  solve(): SolveResult {
    const exactMax = this.options.maxDiscards !== 'bounds';
    if (exactMax) {
      const probed = this.probe();
      if (probed !== undefined) return probed;
    }
    const decided = this.verdict();
    if (decided !== undefined) return decided;
    if (!exactMax || this.lower >= this.upper) return this.lost();
    return this.exactMax(this.left()) ?? this.lost();
  }

  /** With exact max discards wanted: the searches for the max within a tenth of the budget. Most deals end
   *  here in one pass (the median deal needs far less). */
  private probe(): SolveResult | undefined {
    return this.exactMax(Math.ceil(this.maxStates / 10), true);
  }

  /**
   * Searches for a win only (lines that may still reach 48 discards: atLeast 47), which the bounds cut far
   * sooner than a search for the max; the forced rule first. Returns the result when won or unknown;
   * undefined when the deal is lost (the bounds raised).
   */
  private verdict(): SolveResult | undefined {
    let ruling: SearchRun | undefined;
    for (const search of this.toRun()) {
      if (search === this.optional) {
        this.ghost();
        if (this.ghostLost) return undefined; // lost: the optional search for a win is not needed
      }
      ruling = this.searches.run(search, this.deal, this.limits(this.left(), WIN_DISCARDS - 1));
      this.states += ruling.states;
      if (ruling.status === 'won') return this.won(ruling);
      this.lower = Math.max(this.lower, ruling.reached);
    }
    // The last search ran under the requested rule (the list is never empty): its bounds are the deal's.
    this.upper = Math.min(this.upper, Math.max(this.lower, ruling!.upper));
    if (ruling!.status === 'aborted') return this.unknown(ruling!);
    return undefined;
  }

  /**
   * The searches for the max (which also find any win), within `budget` states: the forced search for lines
   * that beat `lower` (a real line's discards, so `atLeast` holds), then, under optional, the optional
   * search for lines that beat the forced rule's max. The result when they decide, else undefined with the
   * bounds raised: only a search under the requested rule bounds the max from above. The ghost game runs
   * before the first optional search except the probe's (the deals whose optional wins come quickly skip it).
   */
  private exactMax(budget: number, probe = false): SolveResult | undefined {
    const end = this.states + budget;
    for (const search of this.toRun()) {
      if (search === this.optional && !probe) {
        this.ghost();
        if (this.lower >= this.upper) return this.lost();
      }
      const budget = Math.min(this.left(), Math.max(0, end - this.states));
      const run = this.searches.run(search, this.deal, this.limits(budget, this.lower));
      this.states += run.states;
      if (run.status === 'won') return this.won(run);
      this.lower = Math.max(this.lower, run.reached);
      const ruling = search.rule === this.rule;
      if (run.status === 'aborted') {
        if (ruling) this.upper = Math.min(this.upper, Math.max(this.lower, run.upper));
        return undefined;
      }
      if (ruling) return { result: 'lost', states: this.states, lower: this.lower, upper: this.lower };
      this.forcedDone = true;
    }
    return undefined;
  }

  /** Under optional, once: the ghost game within a share of what is left. When it cannot win, the deal is
   *  lost under optional and the ghost game's max bounds the optional rule's from above (ghost.ts G1). */
  private ghost(): void {
    if (this.ghostDone) return;
    this.ghostDone = true;
    this.searches.release(KEY_WORDS);
    const ghost = this.searches.ghost(this.variant);
    const budget = Math.ceil(this.left() / GHOST_SHARE);
    // G1 holds from any real position, so from a position mid-game the ghost game starts there.
    if (this.from !== undefined) ghost.setDeal(this.deal);
    const run = this.from === undefined ? ghost.run(this.deal, budget) : ghost.runFrom(this.from, 0, budget);
    this.states += run.states;
    if (run.status !== 'exhausted') return;
    this.ghostLost = true;
    this.upper = Math.min(this.upper, run.best);
  }

  /** The searches to run, in order: the forced one (unless done), then under optional the optional one. */
  private toRun(): Search[] {
    if (this.optional === undefined) return [this.forced];
    return this.forcedDone ? [this.optional] : [this.forced, this.optional];
  }

  /** A search's limits: its budget and the discards to beat, from where this solve starts, with its poll. */
  private limits(maxStates: number, atLeast: number): SearchLimits {
    const limits: SearchLimits = { maxStates, atLeast };
    if (this.poll !== undefined) limits.poll = this.poll;
    if (this.from !== undefined) limits.from = this.from;
    return limits;
  }

  private left(): number {
    return this.polled ? 0 : Math.max(0, this.maxStates - this.states);
  }

  /** A won result; a forced-rule line is also legal under optional: shortened and made 1-minimal under `rule`. */
  private won(run: SearchRun): SolveResult {
    return { result: 'won', states: this.states, solution: solutionOf(this.deal, run, this.options, this.from) };
  }

  private lost(): SolveResult {
    return { result: 'lost', states: this.states, lower: this.lower, upper: this.upper };
  }

  private unknown(run: SearchRun): SolveResult {
    return { result: 'unknown', states: this.states, lower: this.lower, upper: this.upper, limit: stopReason(run, this.polled) };
  }
}

/** What stopped an aborted run: the memory cap, the caller's poll (`polled`), or else the state budget. */
function stopReason(run: SearchRun, polled: boolean): SolveLimit {
  return run.full ? 'memory' : polled ? 'poll' : 'states';
}

/** The solution `options.solution` asks for of a won run: clean and 1-minimal, the raw line, or none. */
function solutionOf(deal: Deal, run: SearchRun, options: SolveSettings, from: Int32Array | undefined): GameMove[] {
  const wanted = options.solution ?? true;
  return wanted === false ? [] : finishSolution(deal, run, options.variant, options.rule, wanted === true, from);
}

/**
 * Turns a winning search line into a solution under `rule` (a forced-rule line is also legal under
 * optional): drop the search's keep decisions, spread stacked aces one per pile, check that it replays to a
 * win; then, when `clean`, replace each round by a shortest one and shorten it to 1-minimal under `rule`.
 * `from`: the position the line starts from (default: the deal's start); the moves before it are not part of it.
 */
function finishSolution(deal: Deal, run: SearchRun, variant: Variant, rule: DiscardRule, clean: boolean, from?: Int32Array): GameMove[] {
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
  if (!winsWith(deal, moves, variant, rule, from)) throw new Error('internal error: the winning line does not replay');
  if (!clean) return moves;
  return minimise(deal, shortenRounds(deal, moves, variant, rule, from), variant, rule, from);
}
