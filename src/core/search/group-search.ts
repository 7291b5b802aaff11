// A group of threads searching one deal over one shared table (docs/search.md#threads; the shared state is
// group.ts): each thread runs the one-thread search (search.ts) with these ways of storing, stopping and
// winning. A position stored is claimed (Lemma K) and finished by its claimer; helpers re-enter positions on
// another's stack; the table grows while every thread is parked (Lemma G); a run that ends unstopped is
// exhaustive (Lemma T), and a stopped one's bounds hold (Lemma U).

import type { Deal } from '../game/cards.ts';
import { ADDED, NO_ROOM, SEEN, type SharedTable } from '../engine/shared-table.ts';
import { FRAME } from '../engine/state.ts';
import {
  AT_LEAST,
  BEST,
  CLAIMS,
  DEAL_AT,
  EVER,
  FAILED,
  FROM_AT,
  GROUP_DEPTH,
  HAS_FROM,
  JOB,
  PATHS_AT,
  R_ABORTED,
  R_BEST,
  R_EXHAUSTED,
  R_FULL,
  R_REACHED,
  R_STATUS,
  R_UPPER,
  R_WON,
  ROOT_DONE,
  RUNNING,
  SPEC,
  STOP,
  type SearchGroup,
  THREAD_WORDS,
  TOP,
  WIN_AT,
  WIN_LENGTH,
  WINNER,
} from './group.ts';
import { MAX_MOVES } from './movegen.ts';
import { type SearchRun, unwonRun, wonRun } from './run-result.ts';
import { MAX_DEPTH, POLL_STATES, Search, type SearchLimits, type SearchOptions } from './search.ts';

/** Positions between two looks of a thread of a group at the others (their best, the stop flag, the budget). */
const SYNC_STATES = 1 << 10;

/** A search of a group: its group, and the code by which the group's other threads find it. */
export interface GroupSearchOptions extends SearchOptions {
  group: SearchGroup;
  spec: number;
}

/**
 * A search that is one of a group of threads over one shared table: thread 0 runs it as ever (`run`), handing
 * each run to the others as a job; the others serve the jobs (`serveJob`).
 */
export class GroupSearch extends Search {
  private readonly group: SearchGroup;
  private readonly shared: SharedTable;
  /** The job code the group's other threads find this search by. */
  private readonly spec: number;
  /** Per depth of the stack: the slot this thread claimed there, or -1 (a position re-entered). */
  private readonly claimedAt = new Int32Array(MAX_DEPTH + 1);
  /** Per depth: the slot of the stored position there. */
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

  constructor(options: GroupSearchOptions) {
    super(options);
    if (options.group.table.keyWords !== this.keyWords) throw new Error('the shared table holds keys of another width');
    this.group = options.group;
    this.shared = options.group.table;
    this.spec = options.spec;
  }

  /**
   * A run in a group (docs/search.md#threads): clears the shared table, hands the run to the other threads as
   * a job, takes part in it, waits for them (calling the poll meanwhile) and merges what they found.
   */
  override run(deal: Deal, limits: SearchLimits): SearchRun {
    const group = this.group,
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

  /** A thread other than 0 of a group: runs its part of the current job (`run`'s) with this search. */
  serveJob(): void {
    const group = this.group,
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
      this.shared.leave();
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
    const group = this.group,
      control = group.control;
    this.shared.enter();
    this.begin(deal, limits);
    const start = this.frames.slice(0, FRAME);
    const rootBound = this.boundAt(0);
    if (rootBound > this.best) {
      for (;;) {
        this.frames.set(start, 0);
        this.lastStore = -1;
        // The start is popped even when it was not stored in this pass: no claim of an earlier pass is left
        // there to be released twice.
        this.claimedAt[0] = -1;
        this.dfs();
        if (this.won || this.aborted) break;
        // The start is an end, cut, or walked to an end: there is nothing to claim, for every thread alike.
        if (this.counts[0] === 0 && this.lastStore === -1) Atomics.store(control, ROOT_DONE, 1);
        if (group.complete() || Atomics.load(control, STOP) === 1) break;
        group.wait(STOP, 0, 1);
        if (this.shared.growthAsked) this.parkForGrowth();
        this.pollGroup(true);
      }
    }
    this.shared.leave();
    const mine = group.at(group.thread, 0);
    group.counts[1 + group.thread] = this.states;
    group.raiseBest(this.best);
    Atomics.store(control, mine + R_BEST, this.best);
    Atomics.store(control, mine + R_REACHED, this.reached);
    Atomics.store(control, mine + R_UPPER, this.openUpper);
    Atomics.store(control, mine + R_FULL, this.shared.full ? 1 : 0);
    Atomics.store(control, mine + R_STATUS, this.won ? R_WON : this.aborted ? R_ABORTED : R_EXHAUSTED);
    return rootBound;
  }

  /** A thread's part of a run starts: what the search resets, and what the thread counts and publishes. A
   *  helper's limits have no poll: thread 0's alone is the caller's. */
  protected override begin(deal: Deal, limits: SearchLimits): void {
    super.begin(deal, limits);
    this.nextSync = SYNC_STATES;
    this.claims = 0;
    this.ever = 0;
    this.stopNow = false;
    this.polledStop = false;
  }

  /** Every SYNC_STATES positions, or at once when the shared table is full: the group's look (`sync`). */
  protected override interrupted(): boolean {
    return (this.states >= this.nextSync || this.stopNow) && this.sync();
  }

  /** A thread of a group every SYNC_STATES positions: publishes its count and best, takes the group's best,
   *  and says whether its search is to stop (the group stopped, or this thread stops it: the budget of all
   *  threads spent, the table full, the poll). */
  private sync(): boolean {
    const group = this.group,
      control = group.control;
    this.nextSync = this.states + SYNC_STATES;
    if (this.shared.growthAsked) this.parkForGrowth();
    group.counts[1 + group.thread] = this.states;
    const best = group.raiseBest(this.best);
    if (best > this.best) this.best = best;
    if (Atomics.load(control, STOP) === 1) return true;
    if (this.stopNow || this.shared.anyFull || group.totalStates() >= this.maxStates) {
      this.stopGroup();
      return true;
    }
    return this.pollGroup();
  }

  /** Thread 0: calls the run's poll every POLL_STATES positions of the group (and while it waits); true when
   *  the poll stopped the group. */
  private pollGroup(waiting = false): boolean {
    if (this.poll === undefined) return false;
    const states = this.group.totalStates();
    if (states < this.nextPoll && !waiting) return false;
    this.nextPoll = states + POLL_STATES;
    if (!this.poll(states, this.reached, 0)) return false;
    this.polledStop = true;
    this.stopGroup();
    return true;
  }

  private stopGroup(): void {
    const control = this.group.control;
    Atomics.store(control, STOP, 1);
    Atomics.notify(control, STOP);
  }

  /** A win in a group: the first thread to claim it hands back its line and final frame, and stops the others. */
  protected override claimWin(depth: number, at: number): void {
    const group = this.group,
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
    const group = this.group,
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
      return wonRun(states, control.subarray(WIN_AT, WIN_AT + length), control.subarray(WIN_AT + length, WIN_AT + length + FRAME));
    }
    return unwonRun({ aborted, states, best, reached, open, rootBound, full: full && !this.polledStop });
  }

  /** storeKey in a group (`storeShared`). */
  protected override storeKey(depth: number, count: number): boolean {
    this.writeKeyAt(depth);
    return this.storeShared(depth, count);
  }

  /**
   * Waits while the shared table grows (shared-table.ts: every thread parks), then finds the stored positions
   * on this thread's stack again and publishes their new slots: growth moves entries, and a slot is how the
   * stack names them (for helping and the cycle check). Every stored position stays stored (Lemma G), so
   * each is found. Until a thread has republished, another may read its old slots: that only changes which
   * stored positions a helper re-enters, never whether a claim is finished (Lemma T counts claims, not slots).
   */
  private parkForGrowth(): void {
    const shared = this.shared,
      group = this.group;
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
  private storeShared(depth: number, count: number): boolean {
    const group = this.group,
      control = group.control,
      mine = group.at(group.thread, 0);
    // A helping thread looks before it tries a claim: its walks over stored positions then leave its claim
    // count alone, so that Lemma T's reads find the search complete while it walks.
    if (this.claims === 0 && this.shared.find(this.key, 0)) {
      this.lastStore = SEEN;
      return this.reenter(depth, this.shared.slot, count);
    }
    // A claim is counted before it is tried and after it is made, so that Lemma T's two reads never miss one.
    Atomics.store(control, mine + CLAIMS, ++this.claims);
    const code = this.shared.add(this.key, 0);
    this.lastStore = code;
    const slot = this.shared.slot;
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
    return this.claims === 0 && this.reenter(depth, slot, count);
  }

  /** A helping thread at a stored position: re-enters it when it is on another thread's stack (and not on its
   *  own: a cycle), trying its moves in the helper's order; else skips it. */
  private reenter(depth: number, slot: number, count: number): boolean {
    if (!this.group.onAnotherStack(slot)) return false;
    for (let d = 0; d < depth; d++) if (this.slotAt[d] === slot) return false;
    this.claimedAt[depth] = -1;
    this.publish(depth, slot);
    this.reorder(depth, count);
    return true;
  }

  /** Publishes the stored position at `depth` (its slot) as the top of this thread's stack. */
  private publish(depth: number, slot: number): void {
    this.publishSlot(depth, slot);
    Atomics.store(this.group.control, this.group.at(this.group.thread, TOP), depth + 1);
  }

  /** Publishes the slot of the stored position at `depth` of this thread's stack. */
  private publishSlot(depth: number, slot: number): void {
    const group = this.group;
    this.slotAt[depth] = slot;
    if (depth < GROUP_DEPTH) Atomics.store(group.control, PATHS_AT + group.thread * GROUP_DEPTH + depth, slot);
  }

  /** Leaves the stored position at `depth` (its moves all tried): a claim there is finished. */
  protected override release(depth: number): void {
    const group = this.group,
      control = group.control;
    if (this.claimedAt[depth]! >= 0) {
      Atomics.store(control, group.at(group.thread, CLAIMS), --this.claims);
      if (depth === 0) Atomics.store(control, ROOT_DONE, 1);
    }
    Atomics.store(control, group.at(group.thread, TOP), depth);
  }

  /** A helper's order at a re-entered position (its `n` moves): the claimer tries the moves first to last, so
   *  the helper starts from the last (each thread at its own point of that order, with more than two). */
  private reorder(depth: number, n: number): void {
    const from = depth * MAX_MOVES,
      moves = this.moves;
    for (let i = 0, j = n - 1; i < j; i++, j--) {
      const t = moves[from + i]!;
      moves[from + i] = moves[from + j]!;
      moves[from + j] = t;
    }
    const group = this.group;
    const shift = Math.floor((group.thread * n) / group.threads);
    if (shift > 0 && shift < n) {
      const head = moves.slice(from, from + shift);
      moves.copyWithin(from, from + shift, from + n);
      moves.set(head, from + n - shift);
    }
  }
}
