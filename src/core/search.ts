// The memoised depth-first search over packed positions: finds a win, or the exact max discards, or stops
// at the state budget with proven lower and upper bounds. Reusable across deals (tables are kept).

import type { Deal } from './cards.ts';
import { MAX_MOVES, MoveGenerator } from './movegen.ts';
import { DEAL, MOVE, type Move, REMOVE, moveKind } from './move.ts';
import type { DiscardRule, Variant } from './rules.ts';
import { WIN_DISCARDS } from './rules.ts';
import { F_DEALT, F_DISCARDS, FRAME, KEY_WORDS, PILE_KEY_WORDS, startFrame, writeKey } from './state.ts';
import { VisitedSet } from './table.ts';

/** Deepest line the search can follow; far above any real line (≤ 48 removals, 12 deals, a few moves each). */
const MAX_DEPTH = 2048;

export type SearchStatus = 'won' | 'exhausted' | 'aborted';

export interface SearchRun {
  status: SearchStatus;
  /** The larger of `atLeast` and the most discards reached: exact max discards when `exhausted` (given that
   *  `atLeast` is reached by some line), 48 when `won`. */
  best: number;
  /** Most discards reached on any line explored: a lower bound on max discards. */
  reached: number;
  /** A proven upper bound on max discards (`best`, or the root's bound when lower, unless `aborted`). */
  upper: number;
  /** Positions searched during this run (the budget counts these): every position entered, stored or not,
   *  so a stretch of unstored positions walked twice counts twice. */
  states: number;
  /** Of those, the positions stored in the visited set (the memory held). */
  stored: number;
  /** The line that wins (search moves, `KEEP` decisions included), when `won`. */
  path: Move[];
  /** The winning position's frame (to spread the aces), when `won`. */
  final: Int32Array | undefined;
}

export interface SearchLimits {
  /** Stop with `aborted` once this many positions are searched. */
  maxStates: number;
  /** Only lines that beat this many discards are of interest (a proven lower bound found before). */
  atLeast?: number;
}

export class Search {
  private readonly generator: MoveGenerator;
  private readonly visited: VisitedSet;
  private readonly frames = new Int32Array((MAX_DEPTH + 1) * FRAME);
  private readonly moves = new Int32Array(MAX_DEPTH * MAX_MOVES);
  private readonly path = new Int32Array(MAX_DEPTH);
  private readonly key = new Int32Array(KEY_WORDS);
  /** Words of this search's keys: R7's owed and seen masks only under the optional rule, reduced. */
  readonly keyWords: number;
  private best = 0;
  private reached = 0;
  private maxStates = 0;
  private aborted = false;
  private states = 0;
  private won = false;
  private winDepth = 0;
  /** Largest upper bound of the positions left unexplored when the budget stopped the search. */
  private openUpper = 0;

  constructor(
    readonly variant: Variant,
    readonly discards: DiscardRule,
    /** false: the plain exhaustive search over every legal move (the yardstick). */
    readonly reductions = true,
    /** The visited set; searches that never run at the same time may share one. */
    visited?: VisitedSet,
  ) {
    this.generator = new MoveGenerator(variant, discards, reductions);
    this.keyWords = Search.keyWords(discards, reductions);
    this.visited = visited ?? new VisitedSet(this.keyWords);
    if (this.visited.keyWords !== this.keyWords) throw new Error('the visited set holds keys of another width');
  }

  /** Key words of a search: 6, or 10 when R7 is in use (the reduced search under the optional rule). */
  static keyWords(discards: DiscardRule, reductions: boolean): number {
    return reductions && discards === 'optional' ? KEY_WORDS : PILE_KEY_WORDS;
  }

  /** Bytes held by the visited set. */
  get tableBytes(): number {
    return this.visited.bytes;
  }

  run(deal: Deal, limits: SearchLimits): SearchRun {
    this.generator.setDeal(deal);
    this.visited.clear();
    this.best = limits.atLeast ?? 0;
    this.reached = 0;
    this.maxStates = limits.maxStates;
    this.aborted = false;
    this.states = 0;
    this.won = false;
    this.openUpper = 0;
    startFrame(this.frames, 0);
    const rootBound = this.upperBound(0);
    this.dfs(0);
    const states = this.states, stored = this.visited.size;
    if (this.won) {
      const depth = this.winDepth;
      return {
        status: 'won', best: WIN_DISCARDS, reached: WIN_DISCARDS, upper: WIN_DISCARDS, states, stored,
        path: Array.from(this.path.subarray(0, depth)),
        final: this.frames.slice(depth * FRAME, depth * FRAME + FRAME),
      };
    }
    if (this.aborted) {
      const upper = Math.min(rootBound, Math.max(this.best, this.openUpper));
      return { status: 'aborted', best: this.best, reached: this.reached, upper, states, stored, path: [], final: undefined };
    }
    // Exhausted: no line beats `best`, and none beats the root's bound either (when `atLeast` was above it).
    return { status: 'exhausted', best: this.best, reached: this.reached, upper: Math.min(rootBound, this.best), states, stored, path: [], final: undefined };
  }

  /** Adds the position at `depth` to the visited set; false when it was there already. */
  private storeKey(depth: number): boolean {
    const base = depth * FRAME;
    writeKey(this.frames, base, this.key, 0, this.reductions && this.frames[base + F_DEALT]! >= this.generator.endgameDealt, this.keyWords);
    return this.visited.add(this.key, 0);
  }

  /** An upper bound on the discards of every position reachable from the frame at `base` (movegen R6, R8). */
  private upperBound(base: number): number {
    return this.generator.bound(this.frames, base);
  }

  private dfs(depth: number): void {
    const frames = this.frames;
    const base = depth * FRAME;
    const discards = frames[base + F_DISCARDS]!;
    if (discards > this.reached) {
      this.reached = discards;
      if (discards > this.best) this.best = discards;
    }
    if (discards === WIN_DISCARDS) {
      this.won = true;
      this.winDepth = depth;
      return;
    }
    if (++this.states > this.maxStates) {
      // The budget ran out: this position is left unexplored; its bound caps what it could still reach.
      this.aborted = true;
      this.openUpper = Math.max(this.openUpper, this.upperBound(base));
      return;
    }
    const last = depth === 0 ? DEAL : moveKind(this.path[depth - 1]!);
    // The bound is worth its cost where a round starts and after a move into an empty pile (which may lock
    // the piles, movegen R8); after a removal or a keep it rarely cuts more than the next deal's bound does.
    // Skipping a bound never changes a verdict or an exact max discards, only the work: it only ever drops
    // lines that cannot beat the best.
    if ((last === DEAL || last === MOVE) && this.upperBound(base) <= this.best) return;
    if (depth >= MAX_DEPTH) throw new Error('search line too deep');
    const movesAt = depth * MAX_MOVES;
    const count = this.generator.generate(frames, base, this.moves, movesAt);
    // Which positions are stored (the memo): only those with a choice. A position whose only child is a
    // removal or a deal (most positions: under the forced rule, every one with no empty pile) leads where
    // that child leads, and the memo further down (at the next stored position) stops a second visit
    // there. Storing fewer positions never changes what is explored, only how often a stretch of such
    // positions is walked again. It cannot loop: a removal or a deal makes progress (discards and deals
    // only grow), so every cycle of the position graph (moves into empty piles and keeps alone) passes
    // only through stored positions. A position with no child is an end: nothing to store.
    const single = count === 1 && (moveKind(this.moves[movesAt]!) === REMOVE || moveKind(this.moves[movesAt]!) === DEAL);
    if (count > 0 && !single && !this.storeKey(depth)) return;
    const child = base + FRAME;
    for (let i = 0; i < count; i++) {
      const m = this.moves[movesAt + i]!;
      if (!this.generator.apply(frames, base, child, m)) continue;
      this.path[depth] = m;
      this.dfs(depth + 1);
      if (this.won) return;
      if (this.aborted) {
        // What this position leaves unexplored: the siblings after the child just searched (whose own
        // unexplored part is counted below it); their bounds cap the max discards still possible there.
        for (let j = i + 1; j < count; j++) {
          if (!this.generator.apply(frames, base, child, this.moves[movesAt + j]!)) continue;
          this.openUpper = Math.max(this.openUpper, this.upperBound(child));
        }
        return;
      }
    }
  }
}
