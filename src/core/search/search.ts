// The memoised depth-first search over packed positions, on one thread: finds a win, or the exact max
// discards, or stops at the state budget with proven lower and upper bounds. Reusable across deals (tables
// are kept). A group of threads runs it over one shared table as group-search.ts's subclass.

import { CanonicalKey } from '../proofs/canonical.ts';
import type { Deal } from '../game/cards.ts';
import { FrozenLine } from '../proofs/frozen.ts';
import { GhostSearch } from '../proofs/ghost.ts';
import type { ExposedCards } from '../engine/exposed.ts';
import { MAX_MOVES, MoveGenerator, type MoveGeneratorOptions } from './movegen.ts';
import { DEAL, MOVE, type Move, REMOVE, moveKind } from '../engine/move.ts';
import type { DiscardRule, Variant } from '../game/rules.ts';
import { WIN_DISCARDS } from '../game/rules.ts';
import { SEARCH_POLICIES } from './search-policies.ts';
import { F_DEALT, F_DISCARDS, FRAME, KEY_WORDS, PILE_KEY_WORDS, startFrame, writeKey } from '../engine/state.ts';
import type { SubsetGame } from '../proofs/subset.ts';
import { VisitedSet } from '../engine/table.ts';
import { type SearchRun, unwonRun, wonRun } from './run-result.ts';

/** Deepest stack the search can build (one level per position with a choice); far above any real line
 *  (≤ 48 removals, 12 deals, a few moves each). */
export const MAX_DEPTH = 2048;
/** Longest line (every move, the lone ones walked through included): the stack's moves plus ≤ 48
 *  removals, 12 deals and the lone moves (each adds a non-empty pile, so ≤ 3 between two removals). */
const MAX_LINE = MAX_DEPTH + 256;

/** Most positions of one ghost search made as a bound (`cutByGhost`): a small search cuts about as often
 *  as a large one, and costs far less (docs/search.md#the-ghost-game). */
const GHOST_BOUND_STATES = 500;

/** The subset games are checked only when the best to beat is at least this: below it they would need a
 *  deficit they seldom have, and the searches for the max with a low best spent their budget on them. */
const SUBSET_FROM_BEST = 44;

/** Cards dealt (one deal left) where a search for a win checks the bound after a move into an empty pile (`cutByBound`). */
const BOUND_AFTER_MOVE_DEALT = 48;
/** Cards dealt from which a deal starts one of the last two rounds, where the bound is checked by the
 *  variant's policy (`cutByBound`). */
const LAST_ROUNDS_DEALT = 48;

export interface SearchLimits {
  /** Stop with `aborted` once this many positions are searched. */
  maxStates: number;
  /** Only lines that beat this many discards are of interest (a proven lower bound found before). */
  atLeast?: number;
  /** The position to search from (a frame of this deal with nothing kept or owed); default: the deal's start. */
  from?: Int32Array;
  /** Called every POLL_STATES positions or so with the positions searched and the most discards reached, and
   *  before the visited set grows with the positions it will rehash (else 0); true stops the run there, as its
   *  budget would (a clock or a progress display: the core has no clock). */
  poll?: (states: number, reached: number, growing: number) => boolean;
}

/** What a search is: its variant and discard rule, every legal move (`reductions: false`, the yardstick) or
 *  the reduced set, and what it may share with the other searches of a solver. */
export interface SearchOptions extends MoveGeneratorOptions {
  /** The visited set; searches that never run at the same time may share one. Default: a set of its own. */
  visited?: VisitedSet;
  /** Optional rule, reduced, where the variant's policy says so: cut with the ghost game where a round
   *  starts. Default true; false only to compare. */
  ghostBound?: boolean;
  /** The subset games of this variant (subset.ts), checked where each round starts by the variant's policy;
   *  searches of one solver share them, and a run starts with their tables empty (so that its result
   *  depends on the deal, the search and its limits alone). Default: none. */
  subset?: SubsetGame | undefined;
}

/** Positions between two calls of a run's `poll`: about 30 ms of search, cheap beside it. */
export const POLL_STATES = 1 << 15;

/** The search of one variant and discard rule, plain or reduced, run on one thread. */
export class Search {
  /** The ghost game, as a bound where a round starts (`cutByGhost`), where the variant's policy says so. */
  private readonly ghost: GhostSearch | undefined;
  /** Positions the ghost bound cut in the last run (the tests check that it works). */
  ghostCuts = 0;
  /** Positions the subset games cut in the last run. */
  subsetCuts = 0;
  /** R10, where the variant's policy says so: frozen positions played out as one line (`playOutFrozen`). */
  private readonly frozen: FrozenLine | undefined;
  /** Frozen positions that R10 ended in the last run (the tests check that it acts). */
  frozenLines = 0;
  /** R12, where the variant's policy says so: the canonical key of positions with no deal left (`storeKey`). */
  private readonly canonical: CanonicalKey | undefined;
  private readonly generator: MoveGenerator;
  /** The exposed cards of the position being entered, when a run of removals has read them (`enter`). */
  private readonly exposed: ExposedCards;
  private readonly visited: VisitedSet;
  protected readonly frames = new Int32Array((MAX_DEPTH + 1) * FRAME);
  protected readonly moves = new Int32Array(MAX_DEPTH * MAX_MOVES);
  /** The current line from the start: every move played, in order (the moves into the stack's positions,
   *  and the lone removals, deals and moves walked through in place after each). */
  protected readonly line = new Int32Array(MAX_LINE);
  /** Per depth of the stack: the length of the line that leads to the position there. */
  private readonly lineEnd = new Int32Array(MAX_DEPTH + 1);
  /** Per depth of the search's stack: the moves generated there, and the index of the next one to try. */
  protected readonly counts = new Int32Array(MAX_DEPTH + 1);
  private readonly next = new Int32Array(MAX_DEPTH + 1);
  protected readonly key = new Int32Array(KEY_WORDS);
  /** Whether the bound is worth computing where a round starts (the variant's policy, search-policies.ts). */
  private readonly boundAfterDeal: boolean;
  /** Whether it is where each of the last two rounds starts (the variant's policy, search-policies.ts). */
  private readonly boundAfterLastDeals: boolean;
  /** Whether removals are walked through in runs (the reduced search under the forced rule). */
  private readonly removesInRuns: boolean;
  /** Words of this search's keys: R7's owed and seen masks only under the optional rule, reduced. */
  readonly keyWords: number;
  protected best = 0;
  protected reached = 0;
  protected maxStates = 0;
  protected poll: SearchLimits['poll'];
  protected nextPoll = 0;
  protected aborted = false;
  protected states = 0;
  protected won = false;
  private winDepth = 0;
  private winLine = 0;
  /** Largest upper bound of the positions left unexplored when the budget stopped the search. */
  protected openUpper = 0;

  readonly variant: Variant;
  readonly rule: DiscardRule;
  /** false: the plain exhaustive search over every legal move (the yardstick). */
  readonly reductions: boolean;
  /** The subset games of this variant, checked where each round starts by the variant's policy. */
  private readonly subset: SubsetGame | undefined;

  constructor(options: SearchOptions) {
    const { variant, rule } = options;
    const reductions = options.reductions ?? true;
    this.variant = variant;
    this.rule = rule;
    this.reductions = reductions;
    this.subset = options.subset;
    this.generator = new MoveGenerator({ variant, rule, reductions });
    this.exposed = this.generator.newExposed();
    const policies = SEARCH_POLICIES[variant];
    this.boundAfterDeal = reductions && policies.boundAfterDeal[rule];
    this.boundAfterLastDeals = reductions && policies.boundAfterLastDeals[rule];
    this.removesInRuns = this.generator.removesInRuns;
    this.frozen = this.removesInRuns && policies.frozenLine ? new FrozenLine(this.generator.tables) : undefined;
    this.canonical = reductions && policies.canonicalEndgame[rule] ? new CanonicalKey(this.generator.tables) : undefined;
    this.keyWords = Search.keyWords(rule, reductions);
    this.visited = options.visited ?? new VisitedSet(this.keyWords);
    this.ghost =
      (options.ghostBound ?? true) && reductions && rule === 'optional' && policies.ghostBound
        ? new GhostSearch(variant, new VisitedSet(KEY_WORDS, 12))
        : undefined;
    if (this.visited.keyWords !== this.keyWords) throw new Error('the visited set holds keys of another width');
  }

  /** Times R11 / R13 gave a position its only child in the last run (the tests check that they act). */
  get idleCardOuts(): number {
    return this.generator.idleCardOuts;
  }

  /** Key words of a search: 6, or 10 when R7 is in use (the reduced search under the optional rule). */
  static keyWords(rule: DiscardRule, reductions: boolean): number {
    return reductions && rule === 'optional' ? KEY_WORDS : PILE_KEY_WORDS;
  }

  run(deal: Deal, limits: SearchLimits): SearchRun {
    this.visited.clearFor(limits.maxStates);
    this.begin(deal, limits);
    const rootBound = this.boundAt(0);
    if (rootBound > this.best) this.dfs(); // else no line can beat the best: nothing to search
    if (this.won) {
      const final = this.winDepth * FRAME;
      return wonRun(this.states, this.line.subarray(0, this.winLine), this.frames.subarray(final, final + FRAME));
    }
    const { aborted, states, best, reached } = this;
    return unwonRun({ aborted, states, best, reached, open: this.openUpper, rootBound, full: this.visited.full });
  }

  /** Starts a run (or a thread's part of a group's run): loads the deal, resets what a run counts and finds,
   *  and puts the position it starts from at depth 0. */
  protected begin(deal: Deal, limits: SearchLimits): void {
    this.generator.setDeal(deal);
    this.ghost?.setDeal(deal);
    this.subset?.setDeal(deal);
    this.best = limits.atLeast ?? 0;
    this.reached = 0;
    this.maxStates = limits.maxStates;
    this.poll = limits.poll;
    this.nextPoll = POLL_STATES;
    this.aborted = false;
    this.states = 0;
    this.won = false;
    this.openUpper = 0;
    this.ghostCuts = 0;
    this.subsetCuts = 0;
    this.frozenLines = 0;
    if (limits.from === undefined) startFrame(this.frames, 0);
    else this.frames.set(limits.from.subarray(0, FRAME), 0);
  }

  /** Whether the run stops at this position before its budget is spent: here when the caller's poll, asked
   *  every POLL_STATES positions and before the visited set grows, says so (the run then ends exactly as a
   *  budget of this many positions would). A thread of a group looks at the others instead (group-search.ts). */
  protected interrupted(): boolean {
    if (this.poll === undefined) return false;
    // A growing table pauses the search for a while: the poll sees it coming (until it has grown).
    const growing = this.visited.growing;
    if (this.states < this.nextPoll && growing === 0) return false;
    this.nextPoll = this.states + POLL_STATES;
    return this.poll(this.states, this.reached, growing);
  }

  /** A win at `depth`, by a line of `at` moves (a group's thread hands it to the others: group-search.ts). */
  protected claimWin(_depth: number, _at: number): void {}

  /** Leaves the stored position at `depth`, its moves all tried (a group's thread finishes its claim there). */
  protected release(_depth: number): void {}

  /** Adds the position at `depth` (with `count` moves to try) to the visited set; false when it was there
   *  already. With no deal left the piles are sorted (R5), or the key is R12's canonical one where it applies
   *  (canonical.ts). */
  protected storeKey(depth: number, _count: number): boolean {
    this.writeKeyAt(depth);
    return this.visited.add(this.key, 0);
  }

  /** Writes the key of the position at `depth` into `key`. */
  protected writeKeyAt(depth: number): void {
    const base = depth * FRAME;
    const endgame = this.reductions && this.frames[base + F_DEALT]! >= this.generator.bound.endgameDealt;
    if (!endgame || this.canonical === undefined || !this.canonical.write(this.frames, base, this.key, 0, this.keyWords)) {
      writeKey(this.frames, base, this.key, 0, endgame, this.keyWords);
    }
  }

  /** An upper bound on the discards of every position reachable from the frame at `base` (bound.ts). */
  protected boundAt(base: number): number {
    return this.generator.bound.at(this.frames, base);
  }

  /**
   * The depth-first search from the position at depth 0, with an explicit stack: per depth, the moves
   * generated there (`moves`, from depth × MAX_MOVES), how many, and the next one to try. (A loop rather
   * than recursion: on Node 20 a recursive search deoptimised by its first win or exhausted budget could
   * stay unoptimised for the rest of the process, at half the speed; the loop is optimised again on the spot.)
   */
  protected dfs(): void {
    const frames = this.frames,
      moves = this.moves,
      next = this.next,
      counts = this.counts;
    counts[0] = this.enter(0, 0, -1);
    next[0] = 0;
    let depth = 0;
    while (depth >= 0) {
      if (next[depth]! >= counts[depth]!) {
        this.release(depth);
        depth -= 1;
        continue;
      }
      const base = depth * FRAME;
      const m = moves[depth * MAX_MOVES + next[depth]!]!;
      next[depth] += 1;
      if (!this.generator.apply(frames, base, base + FRAME, m)) continue;
      if (depth + 1 >= MAX_DEPTH) throw new Error('search line too deep');
      const at = this.lineEnd[depth]!;
      this.line[at] = m;
      const count = this.enter(depth + 1, at + 1, moveKind(m));
      if (this.won) return;
      if (this.aborted) {
        // The budget ran out. What is left unexplored: the position just entered (counted by `enter`),
        // and at every depth the siblings not yet tried; their bounds cap the max discards still possible.
        for (let d = depth; d >= 0; d--) {
          const at = d * FRAME;
          for (let j = next[d]!; j < counts[d]!; j++) {
            if (!this.generator.apply(frames, at, at + FRAME, moves[d * MAX_MOVES + j]!)) continue;
            this.openUpper = Math.max(this.openUpper, this.boundAt(at + FRAME));
          }
        }
        return;
      }
      if (count > 0) {
        depth += 1;
        counts[depth] = count;
        next[depth] = 0;
      }
    }
  }

  /**
   * Enters the position at `depth`, reached by a line of `at` moves whose last is of kind `last` (-1 at the
   * start): records its discards, ends the search on a win or on the budget, and returns the number of
   * moves to explore from it (0 when it is an end, cut by a bound, or was visited).
   *
   * A position whose only child is a removal, a deal or (reduced search) a move is walked through in
   * place: the child is played in the same frame (and appended to the line), and entered in turn, until a
   * position with a choice or an end. Each position walked through is entered as if it had a level of the
   * stack of its own (it counts against the budget, its discards are recorded, its bound is checked where
   * it would be — except after a lone move, see below), so the search explores the same positions in the
   * same order; only the stack's bookkeeping is saved. The frame at `depth` ends as the last position
   * walked to, whose moves are the ones returned.
   */
  private enter(depth: number, at: number, last: number): number {
    const frames = this.frames,
      base = depth * FRAME,
      movesAt = depth * MAX_MOVES;
    /** Whether `exposed` holds this very position's exposed cards: a run of removals stopped here. */
    let exposedRead = false;
    for (;;) {
      if (this.arrive(depth, at, base)) return 0;
      this.states += 1;
      if (this.cutByBound(base, last) || this.cutBySubset(base, last) || this.cutByGhost(base, last)) return 0;
      if (this.removesInRuns && !exposedRead) {
        if (last !== REMOVE && this.playOutFrozen(base, last)) return 0;
        const k = this.walkRemovals(base, at, last === DEAL);
        exposedRead = true;
        if (k > 0) {
          at += k;
          last = REMOVE;
          continue;
        }
      }
      const count = exposedRead
        ? this.generator.generateFrom(this.exposed, frames, base, this.moves, movesAt)
        : this.generator.generate(frames, base, this.moves, movesAt);
      exposedRead = false;
      if (count === 1 && this.walksThrough(this.moves[movesAt]!)) {
        // Walked through: play the lone child here (R7 may drop it: then this position is an end).
        const only = this.moves[movesAt]!;
        if (!this.generator.play(frames, base, only)) return 0;
        if (at >= MAX_LINE) throw new Error('search line too deep');
        this.line[at++] = only;
        // No bound after a lone move (R9's, R11's and R13's are followed by a removal that empties the pile again).
        last = moveKind(only) === MOVE ? -1 : moveKind(only);
        continue;
      }
      if (count > 0 && !this.storeKey(depth, count)) return 0;
      this.lineEnd[depth] = at;
      return count;
    }
  }

  /** Records the discards of the position at `base` (depth `depth`, line of `at` moves); true when the
   *  search ends there: a win, or the budget (states, or the visited set's memory) spent. */
  private arrive(depth: number, at: number, base: number): boolean {
    const discards = this.frames[base + F_DISCARDS]!;
    if (discards > this.reached) {
      this.reached = discards;
      if (discards > this.best) this.best = discards;
    }
    if (discards === WIN_DISCARDS) {
      this.won = true;
      this.winDepth = depth;
      this.winLine = at;
      this.claimWin(depth, at);
      return true;
    }
    if (this.interrupted() || this.states === this.maxStates || this.visited.full) {
      // This position is left unexplored; its bound caps what it could still reach.
      this.aborted = true;
      this.openUpper = Math.max(this.openUpper, this.boundAt(base));
      return true;
    }
    return false;
  }

  /**
   * Whether the bound (bound.ts) drops the position at `base`, reached by a move of kind `last`. Checked
   * where it is worth its cost (docs/search.md#bounds): after a move into an empty pile (which may lock the
   * piles, R8) made while one deal is left, or after any move in a search for the max (there any bound under
   * 48 may cut); where a round starts, or one of the last two, by the variant's policy. Skipping a bound
   * never changes a verdict or an exact max discards, only the work: a bound only drops lines that cannot
   * beat the best.
   */
  private cutByBound(base: number, last: number): boolean {
    const check =
      last === MOVE
        ? this.frames[base + F_DEALT]! === BOUND_AFTER_MOVE_DEALT || this.best < WIN_DISCARDS - 1
        : last === DEAL && (this.boundAfterDeal || (this.boundAfterLastDeals && this.frames[base + F_DEALT]! >= LAST_ROUNDS_DEALT));
    return check && this.boundAt(base) <= this.best;
  }

  /**
   * Where a round starts, by the variant's policy: whether the ghost game from here (ghost.ts `runFrom`, G1:
   * no real play from this position, under either rule, discards more than its max; R7's marks only forbid
   * more lines) cannot beat the best, so that no line through here can. Its positions count against the
   * budget.
   */
  private cutByGhost(base: number, last: number): boolean {
    if (last !== DEAL || this.ghost === undefined) return false;
    const ghost = this.ghost.runFrom(this.frames, base, Math.min(GHOST_BOUND_STATES, this.maxStates - this.states));
    this.states += ghost.states;
    if (ghost.status !== 'exhausted' || ghost.best > this.best) return false;
    this.ghostCuts += 1;
    return true;
  }

  /**
   * Where a round starts: whether a subset game (subset.ts, Lemma A: no real play from this position, under
   * either rule, discards more than 48 minus its deficit) shows that no line through here beats the best.
   * The positions the subset games compute count against the budget.
   */
  private cutBySubset(base: number, last: number): boolean {
    if (last !== DEAL || this.subset === undefined || this.best < SUBSET_FROM_BEST) return false;
    const before = this.subset.states;
    const bound = this.subset.bound(this.frames, base, this.best, this.maxStates - this.states);
    this.states += this.subset.states - before;
    if (bound > this.best) return false;
    this.subsetCuts += 1;
    return true;
  }

  /**
   * R10 (frozen.ts, docs/search.md#r10): under the forced rule, a position with an ace on every pile has one
   * line left. Where R8′'s bound cannot beat the best it ends here; otherwise the line is played out on a
   * scratch frame rather than entered position by position, its positions count as searched, and its last
   * one's discards are recorded. Returns whether R10 ended the position; a line that wins, or that the
   * budget or the memory cap would stop, is left to the ordinary walk. Only a deal that brings an ace or a
   * move can make a position frozen (`last`: the move that led here; never a removal), so the test is
   * skipped elsewhere.
   */
  private playOutFrozen(base: number, last: number): boolean {
    const frozen = this.frozen;
    if (frozen === undefined) return false;
    if (last === DEAL && !frozen.dealtAnAce(this.frames[base + F_DEALT]!)) return false;
    if (!frozen.frozen(this.frames, base)) return false;
    // A frozen position is locked (bound.ts, R8): where R8′ cannot beat the best, the line is not played.
    if (this.boundAt(base) > this.best) {
      frozen.playOut(this.frames, base, this.generator.bound.endgameDealt);
      if (frozen.discards === WIN_DISCARDS || frozen.steps > this.maxStates - this.states || this.visited.full) return false;
      this.states += frozen.steps;
      const discards = frozen.discards;
      if (discards > this.reached) {
        this.reached = discards;
        if (discards > this.best) this.best = discards;
      }
    }
    this.frozenLines += 1;
    return true;
  }

  /**
   * Forced rule: a run of lone removals from the position at `base`, walked through in one go (movegen
   * `removeRun`); the positions it passes are counted here, and the one it stops at is left to be entered
   * (a run stops for want of a removable card, or where the search ends: a win or the budget). Leaves that
   * position's exposed cards in `exposed`; returns the removals played.
   */
  private walkRemovals(base: number, at: number, justDealt: boolean): number {
    if (justDealt) this.exposed.readDealt(this.frames, base);
    else this.exposed.read(this.frames, base);
    const k = this.generator.removeRun(this.frames, base, this.exposed, this.line, at, this.maxStates - this.states);
    if (k > 0) this.states += k - 1;
    return k;
  }

  /**
   * Whether a lone child m is walked through rather than stored (the memo keeps only positions with a
   * choice). A position whose only child is a removal, a deal or a move (most positions: under the forced
   * rule, every one with no empty pile) leads where that child leads, and the memo further down (at the
   * next stored position) stops a second visit there. Storing fewer positions never changes what is
   * explored, only how often a stretch of such positions is walked again. It cannot loop: a removal or a
   * deal makes progress (discards and deals only grow); a lone move with a deal left is R11's or R13's,
   * followed at once by the moved card's removal; any other happens with no deal left (else the deal is a
   * second child), where the reduced search never moves a lone card (movegen R5), so the move fills an
   * empty pile and leaves its source pile non-empty: the number of non-empty piles grows, and only a
   * removal lowers it. (The plain search moves lone cards, back and forth: it stores its lone moves.) So
   * every cycle of the position graph (moves into empty piles and keeps alone, with a choice of a deal)
   * passes only through stored positions. A position with no child is an end: nothing to store.
   */
  private walksThrough(m: Move): boolean {
    const kind = moveKind(m);
    return kind === REMOVE || kind === DEAL || (kind === MOVE && this.reductions);
  }
}
