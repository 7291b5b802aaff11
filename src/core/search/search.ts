// The memoised depth-first search over packed positions: finds a win, or the exact max discards, or stops
// at the state budget with proven lower and upper bounds. Reusable across deals (tables are kept).

import { CanonicalKey } from '../proofs/canonical.ts';
import type { Deal } from '../game/cards.ts';
import { FrozenLine } from '../proofs/frozen.ts';
import { GhostSearch } from '../proofs/ghost.ts';
import type { ExposedCards } from '../engine/exposed.ts';
import { MAX_MOVES, MoveGenerator, type MoveGeneratorOptions } from './movegen.ts';
import { DEAL, MOVE, type Move, REMOVE, moveKind } from '../engine/move.ts';
import type { DiscardRule, Variant } from '../game/rules.ts';
import { VARIANT_RULES, WIN_DISCARDS } from '../game/rules.ts';
import { F_DEALT, F_DISCARDS, FRAME, KEY_WORDS, PILE_KEY_WORDS, startFrame, writeKey } from '../engine/state.ts';
import type { SubsetGame } from '../proofs/subset.ts';
import { VisitedSet } from '../engine/table.ts';
import { ADDED, NO_ROOM, SEEN, type SharedTable } from '../engine/shared-table.ts';
import {
  AT_LEAST,
  BEST,
  CLAIMS,
  DEAL_AT,
  EVER,
  FROM_AT,
  GROUP_DEPTH,
  HAS_FROM,
  JOB,
  PATHS_AT,
  ROOT_DONE,
  RUNNING,
  R_ABORTED,
  R_BEST,
  R_EXHAUSTED,
  R_FULL,
  R_REACHED,
  R_STATUS,
  R_UPPER,
  R_WON,
  type SearchGroup,
  SPEC,
  FAILED,
  STOP,
  THREAD_WORDS,
  TOP,
  WINNER,
  WIN_AT,
  WIN_LENGTH,
} from './group.ts';

/** Deepest stack the search can build (one level per position with a choice); far above any real line
 *  (≤ 48 removals, 12 deals, a few moves each). */
const MAX_DEPTH = 2048;
/** Longest line (every move, the lone ones walked through included): the stack's moves plus ≤ 48
 *  removals, 12 deals and the lone moves (each adds a non-empty pile, so ≤ 3 between two removals). */
const MAX_LINE = MAX_DEPTH + 256;

export type SearchStatus = 'won' | 'exhausted' | 'aborted';

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
  /** The line that wins (search moves, `KEEP` decisions included), when `won`. */
  path: Move[];
  /** The winning position's frame (to spread the aces), when `won`. */
  final: Int32Array | undefined;
  /** `aborted` by the visited set's memory cap, not by the state budget. */
  full: boolean;
}

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
/** Positions between two looks of a thread of a group at the others (their best, the stop flag, the budget). */
const SYNC_STATES = 1 << 10;

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
  private readonly frames = new Int32Array((MAX_DEPTH + 1) * FRAME);
  private readonly moves = new Int32Array(MAX_DEPTH * MAX_MOVES);
  /** The current line from the start: every move played, in order (the moves into the stack's positions,
   *  and the lone removals, deals and moves walked through in place after each). */
  private readonly line = new Int32Array(MAX_LINE);
  /** Per depth of the stack: the length of the line that leads to the position there. */
  private readonly lineEnd = new Int32Array(MAX_DEPTH + 1);
  /** Per depth of the search's stack: the moves generated there, and the index of the next one to try. */
  private readonly counts = new Int32Array(MAX_DEPTH + 1);
  private readonly next = new Int32Array(MAX_DEPTH + 1);
  private readonly key = new Int32Array(KEY_WORDS);
  /** Whether the bound is worth computing where a round starts (the variant's policy, rules.ts). */
  private readonly boundAfterDeal: boolean;
  /** Whether it is where each of the last two rounds starts (the variant's policy, rules.ts). */
  private readonly boundAfterLastDeals: boolean;
  /** Whether removals are walked through in runs (the reduced search under the forced rule). */
  private readonly removesInRuns: boolean;
  /** Words of this search's keys: R7's owed and seen masks only under the optional rule, reduced. */
  readonly keyWords: number;
  private best = 0;
  private reached = 0;
  private maxStates = 0;
  private poll: SearchLimits['poll'];
  private nextPoll = 0;
  private aborted = false;
  private states = 0;
  private won = false;
  private winDepth = 0;
  private winLine = 0;
  /** Largest upper bound of the positions left unexplored when the budget stopped the search. */
  private openUpper = 0;
  /** Searching with a group of threads over one shared table (`share`), else undefined. */
  private group: SearchGroup | undefined;
  private shared: SharedTable | undefined;
  /** The job code the group's other threads find this search by. */
  private spec = 0;
  /** Per depth of the stack, in a group: the slot this thread claimed there, or -1 (a position re-entered). */
  private readonly claimedAt = new Int32Array(MAX_DEPTH + 1);
  /** Per depth, in a group: the slot of the stored position there. */
  private readonly slotAt = new Int32Array(MAX_DEPTH + 1);
  /** Claims on this thread's stack, and claims it ever made in this job (published for Lemma T). */
  private claims = 0;
  private ever = 0;
  private nextSync = 0;
  /** The shared table is full: stop at the next position. */
  private stopNow = false;
  /** The leader's poll asked the group to stop. */
  private polledStop = false;
  /** What the last `storeKey` did: -1 nothing stored, else ADDED, SEEN or NO_ROOM (a group's start). */
  private lastStore = -1;
  /** The moves of the position being stored (`enter`: what `reorder` reorders). */
  private pendingCount = 0;

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
    const policies = VARIANT_RULES[variant].search;
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

  /**
   * Makes this search one of a group of threads over one shared table (docs/search.md#threads): thread 0 runs
   * it as ever (`run`), handing each run to the others as a job; the others serve the jobs (`serveJob`).
   * `spec` names this search among the group's.
   */
  share(group: SearchGroup, spec: number): void {
    if (group.table.keyWords !== this.keyWords) throw new Error('the shared table holds keys of another width');
    this.group = group;
    this.shared = group.table;
    this.spec = spec;
  }

  run(deal: Deal, limits: SearchLimits): SearchRun {
    if (this.group !== undefined) return this.runGroup(deal, limits);
    this.generator.setDeal(deal);
    this.ghost?.setDeal(deal);
    this.subset?.setDeal(deal);
    this.visited.clearFor(limits.maxStates);
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
    const rootBound = this.boundAt(0);
    if (rootBound > this.best) this.dfs(); // else no line can beat the best: nothing to search
    const states = this.states;
    if (this.won) {
      const depth = this.winDepth;
      return {
        status: 'won',
        best: WIN_DISCARDS,
        reached: WIN_DISCARDS,
        upper: WIN_DISCARDS,
        states,
        path: Array.from(this.line.subarray(0, this.winLine)),
        final: this.frames.slice(depth * FRAME, depth * FRAME + FRAME),
        full: false,
      };
    }
    if (this.aborted) {
      const upper = Math.min(rootBound, Math.max(this.best, this.openUpper));
      return {
        status: 'aborted',
        best: this.best,
        reached: this.reached,
        upper,
        states,
        path: [],
        final: undefined,
        full: this.visited.full,
      };
    }
    // Exhausted: no line beats `best`, and none beats the root's bound either (when `atLeast` was above it).
    return {
      status: 'exhausted',
      best: this.best,
      reached: this.reached,
      upper: Math.min(rootBound, this.best),
      states,
      path: [],
      final: undefined,
      full: false,
    };
  }

  /**
   * A run in a group (docs/search.md#threads): clears the shared table, hands the run to the other threads as
   * a job, takes part in it, waits for them (calling the poll meanwhile) and merges what they found.
   */
  private runGroup(deal: Deal, limits: SearchLimits): SearchRun {
    const group = this.group!,
      control = group.control;
    group.table.clear(limits.maxStates);
    for (const word of [STOP, ROOT_DONE, WIN_LENGTH, FAILED]) Atomics.store(control, word, 0);
    Atomics.store(control, BEST, limits.atLeast ?? 0);
    Atomics.store(control, WINNER, -1);
    for (let t = 0; t < group.threads; t++) {
      for (let w = 0; w < THREAD_WORDS; w++) Atomics.store(control, group.at(t, w), 0);
      group.counts[1 + t] = 0;
    }
    group.counts[0] = limits.maxStates;
    Atomics.store(control, SPEC, this.spec);
    Atomics.store(control, AT_LEAST, limits.atLeast ?? 0);
    Atomics.store(control, HAS_FROM, limits.from === undefined ? 0 : 1);
    if (limits.from !== undefined) for (let w = 0; w < FRAME; w++) control[FROM_AT + w] = limits.from[w]!;
    for (let i = 0; i < deal.length; i++) control[DEAL_AT + i] = deal[i]!;
    Atomics.store(control, RUNNING, group.threads - 1);
    Atomics.add(control, JOB, 1);
    Atomics.notify(control, JOB);
    const rootBound = this.runPart(deal, limits);
    for (let running = Atomics.load(control, RUNNING); running > 0; running = Atomics.load(control, RUNNING)) {
      group.wait(RUNNING, running, 20);
      this.pollGroup(true);
    }
    if (Atomics.load(control, FAILED) === 1) throw new Error('a thread of the search group failed');
    return this.merge(rootBound);
  }

  /** A thread other than 0 of a group: runs its part of the current job (`runGroup`) with this search. */
  serveJob(): void {
    const group = this.group!,
      control = group.control;
    const deal: Deal = Uint8Array.from(control.subarray(DEAL_AT, DEAL_AT + 52));
    const limits: SearchLimits = { maxStates: group.counts[0]!, atLeast: Atomics.load(control, AT_LEAST) };
    if (Atomics.load(control, HAS_FROM) === 1) limits.from = control.slice(FROM_AT, FROM_AT + FRAME);
    try {
      this.runPart(deal, limits);
    } catch (error) {
      // Its claims stay unfinished: the group stops rather than wait for them, and thread 0 reports it. It
      // leaves the table, so that a growth does not wait for it.
      Atomics.store(control, FAILED, 1);
      this.stopGroup();
      this.shared!.leave();
      throw error;
    } finally {
      Atomics.sub(control, RUNNING, 1);
      Atomics.notify(control, RUNNING);
    }
  }

  /**
   * One thread's part of a group's run: depth-first passes from the start until the group's search is
   * complete (Lemma T), a thread wins, or the group stops; then its result, for `merge`. Returns the root's
   * bound.
   */
  private runPart(deal: Deal, limits: SearchLimits): number {
    const group = this.group!,
      control = group.control;
    this.generator.setDeal(deal);
    this.ghost?.setDeal(deal);
    this.subset?.setDeal(deal);
    this.shared!.enter();
    this.best = limits.atLeast ?? 0;
    this.reached = 0;
    this.maxStates = limits.maxStates;
    this.poll = group.thread === 0 ? limits.poll : undefined;
    this.nextPoll = POLL_STATES;
    this.nextSync = SYNC_STATES;
    this.aborted = false;
    this.states = 0;
    this.won = false;
    this.openUpper = 0;
    this.ghostCuts = 0;
    this.subsetCuts = 0;
    this.frozenLines = 0;
    this.claims = 0;
    this.ever = 0;
    this.stopNow = false;
    this.polledStop = false;
    const start = new Int32Array(FRAME);
    if (limits.from === undefined) startFrame(start, 0);
    else start.set(limits.from.subarray(0, FRAME));
    this.frames.set(start, 0);
    const rootBound = this.boundAt(0);
    if (rootBound > this.best) {
      for (;;) {
        this.frames.set(start, 0);
        this.lastStore = -1;
        this.dfs();
        if (this.won || this.aborted) break;
        // The start is an end, cut, or walked to an end: there is nothing to claim, for every thread alike.
        if (this.counts[0] === 0 && this.lastStore === -1) Atomics.store(control, ROOT_DONE, 1);
        if (group.complete() || Atomics.load(control, STOP) === 1) break;
        group.wait(STOP, 0, 1);
        if (this.shared!.growthAsked) this.parkForGrowth();
        this.pollGroup(true);
      }
    }
    this.shared!.leave();
    const mine = group.at(group.thread, 0);
    group.counts[1 + group.thread] = this.states;
    group.raiseBest(this.best);
    Atomics.store(control, mine + R_BEST, this.best);
    Atomics.store(control, mine + R_REACHED, this.reached);
    Atomics.store(control, mine + R_UPPER, this.openUpper);
    Atomics.store(control, mine + R_FULL, this.shared!.full ? 1 : 0);
    Atomics.store(control, mine + R_STATUS, this.won ? R_WON : this.aborted ? R_ABORTED : R_EXHAUSTED);
    return rootBound;
  }

  /** A thread of a group every SYNC_STATES positions: publishes its count and best, takes the group's best,
   *  and says whether its search is to stop (the group stopped, or this thread stops it: the budget of all
   *  threads spent, the table full, the poll). */
  private sync(): boolean {
    const group = this.group!,
      control = group.control;
    this.nextSync = this.states + SYNC_STATES;
    if (this.shared!.growthAsked) this.parkForGrowth();
    group.counts[1 + group.thread] = this.states;
    const best = group.raiseBest(this.best);
    if (best > this.best) this.best = best;
    if (Atomics.load(control, STOP) === 1) return true;
    if (this.stopNow || this.shared!.anyFull || group.totalStates() >= this.maxStates) {
      this.stopGroup();
      return true;
    }
    return this.pollGroup();
  }

  /** Thread 0: calls the run's poll every POLL_STATES positions of the group (and while it waits); true when
   *  the poll stopped the group. */
  private pollGroup(waiting = false): boolean {
    if (this.poll === undefined) return false;
    const states = this.group!.totalStates();
    if (states < this.nextPoll && !waiting) return false;
    this.nextPoll = states + POLL_STATES;
    if (!this.poll(states, this.reached, 0)) return false;
    this.polledStop = true;
    this.stopGroup();
    return true;
  }

  private stopGroup(): void {
    const control = this.group!.control;
    Atomics.store(control, STOP, 1);
    Atomics.notify(control, STOP);
  }

  /** A win in a group: the first thread to claim it hands back its line and final frame, and stops the others. */
  private claimWin(depth: number, at: number): void {
    const group = this.group!,
      control = group.control;
    if (Atomics.compareExchange(control, WINNER, -1, group.thread) !== -1) return;
    for (let i = 0; i < at; i++) control[WIN_AT + i] = this.line[i]!;
    for (let w = 0; w < FRAME; w++) control[WIN_AT + at + w] = this.frames[depth * FRAME + w]!;
    Atomics.store(control, WIN_LENGTH, at);
    this.stopGroup();
  }

  /** Thread 0, once every thread is done: the group's run (Lemma T for an exhausted run, Lemma U for the
   *  bound of a stopped one). */
  private merge(rootBound: number): SearchRun {
    const group = this.group!,
      control = group.control;
    const states = group.totalStates();
    let best = Atomics.load(control, BEST),
      reached = 0,
      open = 0,
      aborted = false,
      full = false;
    for (let t = 0; t < group.threads; t++) {
      const at = group.at(t, 0);
      best = Math.max(best, Atomics.load(control, at + R_BEST));
      reached = Math.max(reached, Atomics.load(control, at + R_REACHED));
      open = Math.max(open, Atomics.load(control, at + R_UPPER));
      if (Atomics.load(control, at + R_STATUS) === R_ABORTED) aborted = true;
      if (Atomics.load(control, at + R_FULL) === 1) full = true;
    }
    if (Atomics.load(control, WINNER) >= 0) {
      const length = Atomics.load(control, WIN_LENGTH);
      return {
        status: 'won',
        best: WIN_DISCARDS,
        reached: WIN_DISCARDS,
        upper: WIN_DISCARDS,
        states,
        path: Array.from(control.subarray(WIN_AT, WIN_AT + length)),
        final: control.slice(WIN_AT + length, WIN_AT + length + FRAME),
        full: false,
      };
    }
    if (aborted) {
      return {
        status: 'aborted',
        best,
        reached,
        upper: Math.min(rootBound, Math.max(best, open)),
        states,
        path: [],
        final: undefined,
        full: full && !this.polledStop,
      };
    }
    return { status: 'exhausted', best, reached, upper: Math.min(rootBound, best), states, path: [], final: undefined, full: false };
  }

  /** Adds the position at `depth` to the visited set; false when it was there already. With no deal left
   *  the piles are sorted (R5), or the key is R12's canonical one where it applies (canonical.ts). */
  private storeKey(depth: number): boolean {
    this.writeKeyAt(depth);
    if (this.shared !== undefined) return this.storeShared(depth);
    return this.visited.add(this.key, 0);
  }

  /** Writes the key of the position at `depth` into `key`. */
  private writeKeyAt(depth: number): void {
    const base = depth * FRAME;
    const endgame = this.reductions && this.frames[base + F_DEALT]! >= this.generator.bound.endgameDealt;
    if (!endgame || this.canonical === undefined || !this.canonical.write(this.frames, base, this.key, 0, this.keyWords)) {
      writeKey(this.frames, base, this.key, 0, endgame, this.keyWords);
    }
  }

  /**
   * Waits while the shared table grows (shared-table.ts: every thread parks), then finds the stored positions
   * on this thread's stack again and publishes their new slots: growth moves entries, and a slot is how the
   * stack names them (for helping and the cycle check). Every stored position stays stored (Lemma G), so
   * each is found. Until a thread has republished, another may read its old slots: that only changes which
   * stored positions a helper re-enters, never whether a claim is finished (Lemma T counts claims, not slots).
   */
  private parkForGrowth(): void {
    const shared = this.shared!,
      group = this.group!;
    shared.park();
    const top = Atomics.load(group.control, group.at(group.thread, TOP));
    for (let d = 0; d < top; d++) {
      if (this.slotAt[d]! < 0) continue;
      this.writeKeyAt(d);
      if (!shared.find(this.key, 0)) throw new Error('internal error: a stored position was lost as the shared table grew');
      if (this.claimedAt[d]! >= 0) this.claimedAt[d] = shared.slot;
      this.publishSlot(d, shared.slot);
    }
  }

  /**
   * storeKey in a group: claims the position (Lemma K) or finds it stored. A claimed position is this
   * thread's to finish; one stored by another is skipped, except by a thread with no claim of its own on its
   * stack (it is helping), which re-enters a position still on another thread's stack to find the moves no
   * thread has tried (Lemma T: re-entering never replaces a claim, so it only adds work).
   */
  private storeShared(depth: number): boolean {
    const group = this.group!,
      control = group.control,
      mine = group.at(group.thread, 0);
    // A helping thread looks before it tries a claim: its walks over stored positions then leave its claim
    // count alone, so that Lemma T's reads find the search complete while it walks.
    if (this.claims === 0 && this.shared!.find(this.key, 0)) {
      this.lastStore = SEEN;
      return this.reenter(depth, this.shared!.slot);
    }
    // A claim is counted before it is tried and after it is made, so that Lemma T's two reads never miss one.
    Atomics.store(control, mine + CLAIMS, ++this.claims);
    const code = this.shared!.add(this.key, 0);
    this.lastStore = code;
    const slot = this.shared!.slot;
    if (code === ADDED) {
      Atomics.store(control, mine + EVER, ++this.ever);
      this.claimedAt[depth] = slot;
      this.publish(depth, slot);
      return true;
    }
    Atomics.store(control, mine + CLAIMS, --this.claims);
    if (code === NO_ROOM) {
      // Not stored: kept on the stack unclaimed, so that its moves count among the open ones when the run stops.
      this.stopNow = true;
      this.claimedAt[depth] = -1;
      this.publish(depth, -1);
      return true;
    }
    return this.claims === 0 && this.reenter(depth, slot);
  }

  /** A helping thread at a stored position: re-enters it when it is on another thread's stack (and not on its
   *  own: a cycle), trying its moves in the helper's order; else skips it. */
  private reenter(depth: number, slot: number): boolean {
    if (!this.group!.onAnotherStack(slot)) return false;
    for (let d = 0; d < depth; d++) if (this.slotAt[d] === slot) return false;
    this.claimedAt[depth] = -1;
    this.publish(depth, slot);
    this.reorder(depth);
    return true;
  }

  /** Publishes the stored position at `depth` (its slot) as the top of this thread's stack. */
  private publish(depth: number, slot: number): void {
    this.publishSlot(depth, slot);
    Atomics.store(this.group!.control, this.group!.at(this.group!.thread, TOP), depth + 1);
  }

  /** Publishes the slot of the stored position at `depth` of this thread's stack. */
  private publishSlot(depth: number, slot: number): void {
    const group = this.group!;
    this.slotAt[depth] = slot;
    if (depth < GROUP_DEPTH) Atomics.store(group.control, PATHS_AT + group.thread * GROUP_DEPTH + depth, slot);
  }

  /** Leaves the stored position at `depth` (its moves all tried): a claim there is finished. */
  private release(depth: number): void {
    const group = this.group!,
      control = group.control;
    if (this.claimedAt[depth]! >= 0) {
      Atomics.store(control, group.at(group.thread, CLAIMS), --this.claims);
      if (depth === 0) Atomics.store(control, ROOT_DONE, 1);
    }
    Atomics.store(control, group.at(group.thread, TOP), depth);
  }

  /** A helper's order at a re-entered position: the claimer tries the moves first to last, so the helper
   *  starts from the last (each thread at its own point of that order, with more than two). */
  private reorder(depth: number): void {
    const from = depth * MAX_MOVES,
      moves = this.moves,
      n = this.pendingCount;
    for (let i = 0, j = n - 1; i < j; i++, j--) {
      const t = moves[from + i]!;
      moves[from + i] = moves[from + j]!;
      moves[from + j] = t;
    }
    const group = this.group!;
    const shift = Math.floor((group.thread * n) / group.threads);
    if (shift > 0 && shift < n) {
      const head = moves.slice(from, from + shift);
      moves.copyWithin(from, from + shift, from + n);
      moves.set(head, from + n - shift);
    }
  }

  /** An upper bound on the discards of every position reachable from the frame at `base` (bound.ts). */
  private boundAt(base: number): number {
    return this.generator.bound.at(this.frames, base);
  }

  /**
   * The depth-first search from the position at depth 0, with an explicit stack: per depth, the moves
   * generated there (`moves`, from depth × MAX_MOVES), how many, and the next one to try. (A loop rather
   * than recursion: on Node 20 a recursive search deoptimised by its first win or exhausted budget could
   * stay unoptimised for the rest of the process, at half the speed; the loop is optimised again on the spot.)
   */
  private dfs(): void {
    const frames = this.frames,
      moves = this.moves,
      next = this.next,
      counts = this.counts;
    // The start is popped below even when it was not stored in this pass: no claim of an earlier pass is
    // left there to be released twice.
    this.claimedAt[0] = -1;
    counts[0] = this.enter(0, 0, -1);
    next[0] = 0;
    let depth = 0;
    while (depth >= 0) {
      if (next[depth]! >= counts[depth]!) {
        if (this.group !== undefined) this.release(depth);
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
      this.pendingCount = count;
      if (count > 0 && !this.storeKey(depth)) return 0;
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
      if (this.group !== undefined) this.claimWin(depth, at);
      return true;
    }
    if (this.group !== undefined) {
      if ((this.states >= this.nextSync || this.stopNow) && this.sync()) {
        this.aborted = true;
        this.openUpper = Math.max(this.openUpper, this.boundAt(base));
        return true;
      }
    } else if (this.poll !== undefined) {
      // A growing table pauses the search for a while: the poll sees it coming (until it has grown).
      const growing = this.visited.growing;
      if (this.states >= this.nextPoll || growing > 0) {
        this.nextPoll = this.states + POLL_STATES;
        // Asked to stop: the budget ends here, so the run ends exactly as a budget of this many states would.
        if (this.poll(this.states, this.reached, growing)) this.maxStates = this.states;
      }
    }
    if (this.states === this.maxStates || this.visited.full) {
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
