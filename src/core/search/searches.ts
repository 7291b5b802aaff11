// The searches of a solver and their tables, kept between deals (solve.ts runs them): one search per variant,
// rule and mode, one visited set per key width, the ghost and subset games, and the forced rule's runs of the
// last deal, handed back when asked again. The threads of a search group serve their jobs from one too.

import type { Deal } from '../game/cards.ts';
import { type DiscardRule, type Variant, VARIANTS } from '../game/rules.ts';
import { KEY_WORDS } from '../engine/state.ts';
import { DEFAULT_MAX_TABLE_BYTES, VisitedSet } from '../engine/table.ts';
import { GhostSearch } from '../proofs/ghost.ts';
import { SubsetGame } from '../proofs/subset.ts';
import { type GroupMemory, JOB, SPEC, SearchGroup } from './group.ts';
import { GroupSearch } from './group-search.ts';
import { copyRun, type SearchRun } from './run-result.ts';
import { Search, type SearchLimits } from './search.ts';
import { SEARCH_POLICIES } from './search-policies.ts';

/** The searches of a solver and their tables, kept between deals; they run one at a time. */
export class Searches {
  private readonly searches = new Map<string, Search>();
  /** One visited set per key width, shared by the searches (the ghost game's included). */
  private readonly visited = new Map<number, VisitedSet>();
  private readonly ghosts = new Map<Variant, GhostSearch>();
  /** Per variant and set list: the subset games, shared by the searches that use them (never at once). */
  private readonly subsets = new Map<string, SubsetGame>();
  /** The forced rule's search runs made on `forcedRunsDeal`, the last deal a forced search ran on (see `run`). */
  private readonly forcedRuns: { search: Search; maxStates: number; atLeast: number; run: SearchRun }[] = [];
  private forcedRunsDeal: Deal | undefined;

  constructor(
    private readonly maxTableBytes: number,
    /** The group the reduced optional searches run with (the other searches are small: one thread each). */
    private readonly group?: SearchGroup,
    private readonly released?: () => void,
  ) {}

  shrink(): void {
    for (const visited of this.visited.values()) visited.clear();
  }

  private visitedSet(words: number): VisitedSet {
    let visited = this.visited.get(words);
    if (visited === undefined) {
      visited = new VisitedSet(words, 16, this.maxTableBytes, this.released);
      this.visited.set(words, visited);
    }
    return visited;
  }

  /** Makes the tables of other widths than `words` give back what they grew to, so that the two are never
   *  large at once (what the memory plan of a pass counts, batch/passes.ts). Each run clears its table as it
   *  starts, so nothing is lost. */
  release(words: number): void {
    for (const [width, visited] of this.visited) if (width !== words) visited.clear();
  }

  ghost(variant: Variant): GhostSearch {
    let search = this.ghosts.get(variant);
    if (search === undefined) {
      search = new GhostSearch(variant, this.visitedSet(KEY_WORDS));
      this.ghosts.set(variant, search);
    }
    return search;
  }

  private subset(variant: Variant, rule: DiscardRule): SubsetGame | undefined {
    const ranks = SEARCH_POLICIES[variant].subsets[rule];
    if (ranks.length === 0) return undefined;
    const name = `${variant}/${ranks.join(',')}`;
    let game = this.subsets.get(name);
    if (game === undefined) {
      game = new SubsetGame(variant, ranks);
      this.subsets.set(name, game);
    }
    return game;
  }

  /** The search of a variant and rule, plain or reduced; a reduced one with the ghost bound and the subset
   *  games unless `ghost` or `subsets` is false (only to compare). */
  search(options: { variant: Variant; rule: DiscardRule; reductions: boolean; ghost?: boolean; subsets?: boolean }): Search {
    const { variant, rule, reductions, ghost = true, subsets = true } = options;
    const name = `${variant}/${rule}/${reductions}/${ghost}/${subsets}`;
    let search = this.searches.get(name);
    if (search === undefined) {
      const subset = reductions && subsets ? this.subset(variant, rule) : undefined;
      const visited = this.visitedSet(Search.keyWords(rule, reductions));
      const options = { variant, rule, reductions, visited, ghostBound: ghost, subset };
      search =
        this.group !== undefined && reductions && rule === 'optional'
          ? new GroupSearch({ ...options, group: this.group, spec: specOf(variant, ghost, subsets) })
          : new Search(options);
      this.searches.set(name, search);
    }
    return search;
  }

  /** The search of a job of the group (`serveGroup`): the reduced optional search its code names (`specOf`). */
  job(spec: number): GroupSearch {
    const search = this.search({
      variant: VARIANTS[spec >> 2]!,
      rule: 'optional',
      reductions: true,
      ghost: (spec & 2) !== 0,
      subsets: (spec & 1) !== 0,
    });
    if (!(search instanceof GroupSearch)) throw new Error('internal error: a thread serving a group has no group');
    return search;
  }

  /**
   * Runs `search` on the deal, or, for the forced rule's search, gives back the run already made on this very
   * deal with the very same limits. Solving a deal under optional starts with the very searches that solving
   * it under forced makes (the probe, then the verdict search: `DealSolve`), so a batch that asks for both
   * rules (`--discards both`, one worker solving a deal under both in turn) pays for them once. Reuse changes
   * no result: a run clears its visited set and every counter when it starts, so what it returns depends on
   * the deal, the search and the limits alone (a run clears its subset games' tables too). Only the runs of
   * the last deal are kept. A run with a `poll` is neither kept nor reused: the poll may have ended it early.
   */
  run(search: Search, deal: Deal, limits: SearchLimits): SearchRun {
    this.release(search.keyWords);
    // A run from a position mid-game is neither kept nor reused either: the cache is of runs from the start.
    if (limits.from !== undefined || limits.poll !== undefined || search.rule !== 'forced') return search.run(deal, limits);
    const { maxStates, atLeast = 0 } = limits;
    const known = this.forcedRunsDeal;
    if (known === undefined || known.length !== deal.length || known.some((card, i) => card !== deal[i])) {
      this.forcedRunsDeal = deal.slice();
      this.forcedRuns.length = 0;
    }
    const kept = this.forcedRuns.find((r) => r.search === search && r.maxStates === maxStates && r.atLeast === atLeast);
    if (kept !== undefined) return copyRun(kept.run);
    const run = search.run(deal, { maxStates, atLeast });
    this.forcedRuns.push({ search, maxStates, atLeast, run: copyRun(run) });
    return run;
  }
}

/** The code by which a group's threads name a reduced optional search. */
const specOf = (variant: Variant, ghost: boolean, subsets: boolean): number =>
  VARIANTS.indexOf(variant) * 4 + (ghost ? 2 : 0) + (subsets ? 1 : 0);

/**
 * Thread `thread` (≥ 1) of a search group: waits for the jobs of thread 0's solver and runs its part of each
 * with the search it names, until thread 0 says quit (`quitGroup`).
 */
export function serveGroup(memory: GroupMemory, thread: number): void {
  const group = new SearchGroup(memory, thread);
  const searches = new Searches(DEFAULT_MAX_TABLE_BYTES, group);
  let seen = 0; // jobs are numbered from 1: a thread that starts late still serves the first
  for (;;) {
    Atomics.wait(group.control, JOB, seen);
    const job = Atomics.load(group.control, JOB);
    if (job < 0) return;
    if (job === seen) continue;
    seen = job;
    searches.job(Atomics.load(group.control, SPEC)).serveJob();
  }
}

/** Tells the threads serving a group to quit. */
export function quitGroup(memory: GroupMemory): void {
  const control = new Int32Array(memory.control);
  Atomics.store(control, JOB, -1);
  Atomics.notify(control, JOB);
}
