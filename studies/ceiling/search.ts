// The ceiling: an upper bound on the chance of winning of every player who does not see the stock, by
// information relaxation duality — a clairvoyant solves each stock order but pays a zero-mean penalty at every deal.
//
// Lemma (the ceiling; Brown, Smith and Sun, Operations Research 58(4), 2010; docs/ceiling.md has the full
// statement). Let ω be the stock order, ξ a random stream independent of ω, and v any function of a position
// right after a deal (what a player sees: piles, cards dealt). At each deal from a position x with n unseen
// cards, charge z(x) = v(x + the four real cards) − m(x), where m(x) is the mean of v(x + t) over the ordered
// 4-tuples t of a list T(x) that depends only on x, the set of unseen cards and ξ, each of whose entries is,
// given what the player knows, a uniform draw from the unseen cards (every tuple once, or M draws by ξ).
// Given the player's information at the deal, the real four cards are a uniform ordered draw from the unseen
// set, so E[v(x + real)] = E[m(x)] and E[z(x) | the player's history] = 0 for every x. Hence for every policy π
// that decides on the view alone (its moves are functions of the history, not of ω's unseen part nor of ξ),
// E[Σ z] = 0 over its deals (finitely many, at most 12), and
//     P(π wins) = E[win(π) − Σ z(π)] ≤ E_{ω,ξ}[ W(ω, ξ) ],   W = max over every legal line a of (win(a) − Σ_a z).
// W is computed exactly, per (ω, ξ), by a memoised search over the positions of the deterministic game of ω:
// the value of a position right after a deal is the max, over the positions x reachable in its round from
// which a deal is legal, of −z(x) + the value after dealing; with the stock empty it is 1 if some line wins,
// else 0. Any upper bound on W keeps the lemma; an exhaustive max is needed (a line left out can make W too
// small). Lines may be left out only where it is proved that some optimal non-clairvoyant policy never plays
// them (then the bound holds for that policy, hence for the optimum, hence for every policy):
//   (a) only the leftmost empty pile is filled, and a lone card never moves: for a player who does not see the
//       stock the piles are interchangeable (a permutation of the piles and the matching one of the stock order
//       keep every chance), so these moves change no value (docs/play.md);
//   (b) forced rule: the leftmost removable card goes at once (the solver's R1, movegen.ts: a removable card
//       stays removable until it goes, and by Lemma S every line meets the same positions at its deals);
//   (c) stock empty: every removable card goes at once (R4), piles interchangeable (R5);
//   (d) optional rule: a removable card goes at once when no lower card of its suit is left on the piles or
//       unseen (it can never remove a card again, so by Lemma S, played by a player who sees no more than the
//       table, removing it now wins whenever keeping it does).
// With v = 0 every z is 0: W is the clairvoyant verdict without (a), and with (a) the verdict of a clairvoyant
// held to those moves (already a ceiling). With v the exact non-clairvoyant value and m an exact mean, W(ω)
// equals that value for every ω (the penalties telescope), so the bound is tight.

import { ACE_RANK, CARDS, type Deal } from '../../src/core/game/cards.ts';
import { DealTables, highestPosition, pilesHi, pilesLo } from '../../src/core/engine/masks.ts';
import {
  type DiscardRule,
  type Variant,
  type VariantRules,
  VARIANT_RULES,
  lowestFill,
  mayDeal,
  mayFill,
} from '../../src/core/game/rules.ts';
import {
  F_DEALT,
  F_DISCARDS,
  FRAME,
  PILE_KEY_WORDS,
  addToPile,
  dealFrame,
  pileSize,
  startFrame,
  stockHi,
  stockLo,
  takeFromPile,
  writeKey,
} from '../../src/core/engine/state.ts';
import { VisitedSet } from '../../src/core/engine/table.ts';
import { Rng } from '../../src/core/game/random.ts';
import { Board, Endgame, HEIGHT } from './board.ts';
import { type ValueEstimate, ZERO_VALUE, clamp, tuples } from './value.ts';

export interface CeilingSettings {
  variant: Variant;
  rule: DiscardRule;
  value: ValueEstimate;
  /** Sampled 4-tuples per deal where the mean is not exact. */
  samples: number;
  /** The mean is exact (every ordered 4-tuple of the unseen cards) where there are at most this many tuples. */
  exactTuples: number;
  /** Most positions one deal may search; past it the deal's bound is the fallback (`CeilingResult.capped`). */
  maxStates: number;
  /** false: every empty pile may be filled and lone cards move too — reduction (a) off, the clairvoyant's own
   *  moves (with v = 0, W is then the solver's verdict; tests). Default true. */
  symmetric?: boolean;
  /** Keep the best line's penalties (`CeilingSearch.trace`, `bestLine`): diagnostics. */
  trace?: boolean;
}

export interface CeilingResult {
  /** W(ω, ξ): an upper bound on the penalised clairvoyant value of the deal (exact unless `capped`). */
  bound: number;
  /** Whether some line wins the deal (W with v = 0, read off the same search). */
  clairvoyantWin: boolean;
  /** Positions searched. */
  states: number;
  /** The search reached `maxStates`: `bound` is then the fallback 1 + (deals left), which holds since v is read
   *  in [0, 1], so each −z ≤ 1. */
  capped: boolean;
}

const MAX_DEPTH = 4096;

/**
 * The dual bound of one deal: W(ω, ξ) by an exhaustive memoised search (the lemma above). One instance per
 * variant × rule, reused across deals.
 */
export class CeilingSearch {
  private readonly frames = new Int32Array(MAX_DEPTH * FRAME);
  private readonly key = new Int32Array(PILE_KEY_WORDS);
  private readonly tables = new DealTables();
  private deal: Deal = new Uint8Array(CARDS);
  /** One visited set per round (dealt / 4): the rounds nest, each is enumerated whole before its parent goes on. */
  private readonly visited: VisitedSet[] = [];
  /** W of positions right after a deal, for the whole deal. */
  private readonly memo = new Map<string, number>();
  /** Won/lost of positions with the stock empty, W's two values (with the stock empty no penalty is left). */
  private readonly endgame: Endgame;
  /** The 4-tuples each deal's mean is taken over, per dealt count: 4 cards each. */
  private readonly tupleLists: Uint8Array[] = [];
  private readonly board = new Board();
  private readonly sample = new Board();
  private readonly rules: VariantRules;
  private readonly forced: boolean;
  private readonly symmetric: boolean;
  /** With `trace`: per position after a deal, the penalty of the best line's next deal and the position after it. */
  readonly trace = new Map<string, { dealt: number; z: number; next: string }>();
  private readonly roundBest = new Float64Array(14);
  private readonly roundZ = new Float64Array(14);
  private readonly roundNext: string[] = [];
  private states = 0;
  private capped = false;
  private anyWin = false;
  readonly settings: CeilingSettings;

  constructor(settings: CeilingSettings) {
    this.settings = settings;
    this.rules = VARIANT_RULES[settings.variant];
    this.forced = settings.rule === 'forced';
    this.symmetric = settings.symmetric ?? true;
    this.endgame = new Endgame(settings.variant);
    for (let level = 0; level <= 13; level++) this.visited.push(new VisitedSet(PILE_KEY_WORDS, 10));
  }

  /**
   * W for `deal` from its start (or from `from`, a frame of this deal right after a deal), with ξ the stream of
   * the words `stream` (e.g. seed, deal index): it draws each deal's sampled tuples from the unseen cards in card
   * order, so it depends on the stock only through the set of its cards.
   */
  run(deal: Deal, stream: readonly number[], from?: Int32Array): CeilingResult {
    this.deal = deal;
    this.tables.setDeal(deal);
    this.memo.clear();
    this.trace.clear();
    this.endgame.clear();
    this.states = 0;
    this.capped = false;
    this.anyWin = false;
    const { samples, exactTuples } = this.settings;
    for (let dealt = 4; dealt < CARDS; dealt += 4) {
      const unseen = Array.from(deal.subarray(dealt)).sort((a, b) => a - b);
      const n = unseen.length;
      if (tuples(n) <= exactTuples) {
        const list = new Uint8Array(tuples(n) * 4);
        let at = 0;
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++)
            for (let c = 0; c < n; c++)
              for (let d = 0; d < n; d++) {
                if (a === b || a === c || a === d || b === c || b === d || c === d) continue;
                list[at++] = unseen[a]!;
                list[at++] = unseen[b]!;
                list[at++] = unseen[c]!;
                list[at++] = unseen[d]!;
              }
        this.tupleLists[dealt] = list;
      } else {
        const rng = new Rng(...stream, dealt);
        const list = new Uint8Array(samples * 4);
        const pool = unseen.slice();
        for (let s = 0; s < samples; s++) {
          // A partial Fisher–Yates: four distinct cards, uniformly, in order.
          for (let i = 0; i < 4; i++) {
            const j = i + rng.below(n - i);
            const t = pool[i]!;
            pool[i] = pool[j]!;
            pool[j] = t;
            list[s * 4 + i] = pool[i]!;
          }
        }
        this.tupleLists[dealt] = list;
      }
    }
    if (from === undefined) startFrame(this.frames, 0);
    else this.frames.set(from.subarray(0, FRAME), 0);
    let bound = this.roundValue(0);
    if (this.capped) bound = 1 + (CARDS - this.frames[F_DEALT]!) / 4;
    return { bound, clairvoyantWin: this.anyWin, states: this.states, capped: this.capped };
  }

  /** With `trace`, after a run from the start: the penalties of the best line's deals, first to last. */
  bestLine(): { dealt: number; z: number }[] {
    const line: { dealt: number; z: number }[] = [];
    startFrame(this.frames, 0);
    let key = this.keyString(0);
    for (let step = this.trace.get(key); step !== undefined; step = this.trace.get(step.next)) {
      line.push({ dealt: step.dealt, z: step.z });
      key = step.next;
    }
    return line;
  }

  /** The 4-tuples the mean after a deal from `dealt` cards dealt is taken over in the last run (4 cards each). */
  tuplesAt(dealt: number): Uint8Array {
    return this.tupleLists[dealt]!;
  }

  /** The position at `depth` as a board: its piles' cards, and the unseen flags. */
  private readBoard(depth: number, board: Board): void {
    const base = depth * FRAME;
    const dealt = this.frames[base + F_DEALT]!;
    for (let p = 0; p < 4; p++) {
      let h = 0;
      const lo = this.frames[base + 2 * p]!,
        hi = this.frames[base + 2 * p + 1]!;
      for (let bits = lo; bits !== 0; bits &= bits - 1) board.cards[p * HEIGHT + h++] = this.deal[31 - Math.clz32(bits & -bits)]!;
      for (let bits = hi; bits !== 0; bits &= bits - 1) board.cards[p * HEIGHT + h++] = this.deal[63 - Math.clz32(bits & -bits)]!;
      board.height[p] = h;
    }
    board.unseen.fill(0);
    for (let pos = dealt; pos < CARDS; pos++) board.unseen[this.deal[pos]!] = 1;
  }

  private keyString(depth: number): string {
    writeKey(this.frames, depth * FRAME, this.key, 0, false, PILE_KEY_WORDS);
    const k = this.key;
    return `${k[0]},${k[1]},${k[2]},${k[3]},${k[4]},${k[5]}`;
  }

  /** W of the position at `depth`, right after a deal (or the start). */
  private roundValue(depth: number): number {
    const key = this.keyString(depth);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const dealt = this.frames[depth * FRAME + F_DEALT]!;
    let value: number;
    if (dealt === CARDS) {
      this.states += 1;
      this.readBoard(depth, this.board);
      value = this.endgame.won(this.board) ? 1 : 0;
      if (value === 1) this.anyWin = true;
    } else {
      const level = dealt / 4;
      this.visited[level]!.clear();
      this.roundBest[level] = Number.NEGATIVE_INFINITY;
      value = this.explore(depth);
      if (this.settings.trace === true) this.trace.set(key, { dealt, z: this.roundZ[level]!, next: this.roundNext[level]! });
    }
    this.memo.set(key, value);
    return value;
  }

  /** The best of −z(x) + W(after the deal) over the positions x reachable from the one at `depth` in its round
   *  (−∞ when it was met before in this round: its value is counted where it was first met). */
  private explore(depth: number): number {
    if (this.capped) return 0;
    const frames = this.frames;
    const base = depth * FRAME;
    writeKey(frames, base, this.key, 0, false, PILE_KEY_WORDS);
    const dealt = frames[base + F_DEALT]!;
    const visited = this.visited[dealt / 4]!;
    if (!visited.add(this.key, 0)) return Number.NEGATIVE_INFINITY;
    this.states += 1;
    // (A visited set at its memory cap stops the search as the budget does.)
    if (this.states > this.settings.maxStates || depth + 2 >= MAX_DEPTH || visited.full) {
      this.capped = true;
      return 0;
    }
    const tables = this.tables;
    const exposed = [-1, -1, -1, -1];
    for (let p = 0; p < 4; p++) exposed[p] = highestPosition(frames[base + 2 * p]!, frames[base + 2 * p + 1]!);
    // The removable piles, from the left.
    let removableMask = 0;
    let first = -1;
    for (let p = 0; p < 4; p++) {
      const pos = exposed[p]!;
      if (pos < 0) continue;
      for (let q = 0; q < 4; q++) {
        const other = exposed[q]!;
        if (q !== p && other >= 0 && tables.suit[other] === tables.suit[pos] && tables.rank[other]! > tables.rank[pos]!) {
          removableMask |= 1 << p;
          // (b) forced: the leftmost removal alone; (d) optional: a card that can never act again, alone.
          if (first < 0 && (this.forced || this.useless(base, pos))) first = p;
          break;
        }
      }
    }
    const removable = removableMask !== 0;
    const child = base + FRAME;
    // Decided before any child is explored: a position's children are always the same set, so the value of a
    // position met again in its round (−∞ here) was counted in full where it was first met.
    if (first >= 0) {
      frames.copyWithin(child, base, base + FRAME);
      takeFromPile(frames, child, first, exposed[first]!);
      frames[child + F_DISCARDS] += 1;
      return this.explore(depth + 1);
    }
    let best = Number.NEGATIVE_INFINITY;
    for (let p = 0; p < 4; p++) {
      if ((removableMask & (1 << p)) === 0) continue;
      frames.copyWithin(child, base, base + FRAME);
      takeFromPile(frames, child, p, exposed[p]!);
      frames[child + F_DISCARDS] += 1;
      const value = this.explore(depth + 1);
      if (value > best) best = value;
    }
    // (a) fills of the leftmost empty pile from piles of two cards or more (without (a): of every empty pile,
    // from every pile).
    for (let target = 0; target < 4; target++) {
      if (exposed[target]! >= 0) continue;
      for (let source = 0; source < 4; source++) {
        const size = pileSize(frames, base, source);
        if (size < (this.symmetric ? 2 : 1)) continue;
        // The pile's cards from the top down (easy: any of them; else the exposed card only).
        const lo = frames[base + 2 * source]!,
          hi = frames[base + 2 * source + 1]!;
        const list: number[] = [];
        for (let bits = lo; bits !== 0; bits &= bits - 1) list.push(31 - Math.clz32(bits & -bits));
        for (let bits = hi; bits !== 0; bits &= bits - 1) list.push(63 - Math.clz32(bits & -bits));
        for (let i = list.length - 1; i >= lowestFill(this.rules, list.length); i--) {
          const pos = list[i]!;
          if (!mayFill(this.rules, i === list.length - 1, tables.rank[pos] === ACE_RANK)) continue;
          frames.copyWithin(child, base, base + FRAME);
          takeFromPile(frames, child, source, pos);
          addToPile(frames, child, target, pos);
          const value = this.explore(depth + 1);
          if (value > best) best = value;
        }
      }
      if (this.symmetric) break;
    }
    // The deal: legal with the stock not empty, under forced only with no removal left.
    if (mayDeal(this.settings.rule, removable)) {
      const z = this.penalty(depth);
      frames.copyWithin(child, base, base + FRAME);
      dealFrame(frames, child);
      const value = -z + this.roundValue(depth + 1);
      if (value > best) best = value;
      const level = dealt / 4;
      if (this.settings.trace === true && value > this.roundBest[level]!) {
        this.roundBest[level] = value;
        this.roundZ[level] = z;
        this.roundNext[level] = this.keyString(depth + 1);
      }
    }
    return best;
  }

  /** (d): no lower card of the suit of the card at `pos` is left on the piles or in the stock. */
  private useless(base: number, pos: number): boolean {
    const dealt = this.frames[base + F_DEALT]!;
    const inPlayLo = pilesLo(this.frames, base) | stockLo(dealt);
    const inPlayHi = pilesHi(this.frames, base) | stockHi(dealt);
    return (this.tables.lowerLo[pos]! & inPlayLo) === 0 && (this.tables.lowerHi[pos]! & inPlayHi) === 0;
  }

  /** z(x) for the position x at `depth` (a deal is legal there): v after the real four cards, less the mean of v
   *  after the list's tuples. */
  private penalty(depth: number): number {
    const value = this.settings.value;
    if (value === ZERO_VALUE) return 0;
    const board = this.board;
    this.readBoard(depth, board);
    const dealt = this.frames[depth * FRAME + F_DEALT]!;
    const sample = this.sample;
    const land = (cards: ArrayLike<number>, at: number): void => {
      sample.cards.set(board.cards);
      sample.unseen.set(board.unseen);
      for (let p = 0; p < 4; p++) {
        const card = cards[at + p]!;
        sample.cards[p * HEIGHT + board.height[p]!] = card;
        sample.height[p] = board.height[p]! + 1;
        sample.unseen[card] = 0;
      }
    };
    land(this.deal, dealt);
    const real = clamp(value.value(sample, dealt + 4));
    const list = this.tupleLists[dealt]!;
    const count = list.length / 4;
    let sum = 0;
    for (let s = 0; s < count; s++) {
      land(list, s * 4);
      sum += clamp(value.value(sample, dealt + 4));
    }
    return real - sum / count;
  }
}
