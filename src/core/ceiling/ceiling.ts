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

import { type Card, CARDS, type Deal, RANKS, isAce } from '../game/cards.ts';
import { DealTables, highestPosition, pilesHi, pilesLo } from '../engine/masks.ts';
import { type DiscardRule, type Variant, VARIANT_RULES } from '../game/rules.ts';
import { F_DEALT, F_DISCARDS, FRAME, PILE_KEY_WORDS, addToPile, dealFrame, pileSize, startFrame, stockHi, stockLo, takeFromPile, writeKey } from '../engine/state.ts';
import { VisitedSet } from '../engine/table.ts';
import { Rng } from '../game/random.ts';

/** Most cards one pile can hold. */
const HEIGHT = CARDS;

/**
 * A table of cards as a value estimate reads it: four piles, bottom to top, and the flags of the unseen cards.
 * Scratch storage, overwritten by each evaluation.
 */
export class Board {
  readonly cards = new Uint8Array(4 * HEIGHT);
  readonly height = new Int32Array(4);
  /** unseen[c] = 1: card c is still in the stock. */
  readonly unseen = new Uint8Array(CARDS);

  /** Cards on the piles. */
  onPiles(): number {
    return this.height[0]! + this.height[1]! + this.height[2]! + this.height[3]!;
  }

  top(pile: number): number {
    const h = this.height[pile]!;
    return h === 0 ? -1 : this.cards[pile * HEIGHT + h - 1]!;
  }

  copyFrom(other: Board): void {
    this.cards.set(other.cards);
    this.height.set(other.height);
    this.unseen.set(other.unseen);
  }

  /** The piles as arrays (tests, messages). */
  piles(): Card[][] {
    return [0, 1, 2, 3].map((p) => Array.from(this.cards.subarray(p * HEIGHT, p * HEIGHT + this.height[p]!)));
  }

  static of(piles: readonly (readonly Card[])[], unseen: readonly Card[]): Board {
    const board = new Board();
    for (let p = 0; p < 4; p++) {
      board.cards.set(piles[p]!, p * HEIGHT);
      board.height[p] = piles[p]!.length;
    }
    for (const card of unseen) board.unseen[card] = 1;
    return board;
  }
}

/** Whether the exposed card of `pile` is outranked by the exposed card of another pile (it is removable). */
export function boardRemovable(board: Board, pile: number): boolean {
  const card = board.top(pile);
  if (card < 0) return false;
  const suit = (card / RANKS) | 0;
  for (let other = 0; other < 4; other++) {
    if (other === pile) continue;
    const top = board.top(other);
    if (top > card && ((top / RANKS) | 0) === suit) return true;
  }
  return false;
}

/** Removes removable cards, leftmost pile first, until none is left; how many went. */
export function settleBoard(board: Board): number {
  let count = 0;
  for (let pile = 0; pile < 4; pile++) {
    if (boardRemovable(board, pile)) {
      board.height[pile] = board.height[pile]! - 1;
      count += 1;
      pile = -1;
    }
  }
  return count;
}

/**
 * Whether the position on `board` with the stock empty is won by some line (every variant; the discard rule
 * no longer matters, R4). Removals at once, the leftmost empty pile filled from piles of two cards or more;
 * positions equal up to the order of piles are searched once (R5). `board` is left as it was.
 */
export class Endgame {
  private readonly memo = new Map<string, boolean>();
  private readonly stack: Board[] = [];
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
  /** Endgame positions searched (work, for reports). */
  states = 0;

  constructor(variant: Variant) {
    ({ acesOnly: this.acesOnly, buriedCards: this.buriedCards } = VARIANT_RULES[variant]);
  }

  /** Forgets the memo (it holds for any deal, but grows). */
  clear(): void {
    this.memo.clear();
  }

  won(board: Board): boolean {
    return this.search(board, 0);
  }

  private scratch(depth: number): Board {
    while (this.stack.length <= depth) this.stack.push(new Board());
    return this.stack[depth]!;
  }

  private search(from: Board, depth: number): boolean {
    const board = this.scratch(depth);
    board.cards.set(from.cards);
    board.height.set(from.height);
    settleBoard(board);
    if (board.onPiles() === 4) return true;
    const target = board.height.indexOf(0);
    if (target < 0) return false;
    const key = canonicalKey(board);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.states += 1;
    let won = false;
    for (let source = 0; source < 4 && !won; source++) {
      const h = board.height[source]!;
      if (h < 2) continue;
      for (let index = h - 1; index >= 0 && !won; index--) {
        if (index !== h - 1 && !this.buriedCards) break;
        const base = source * HEIGHT;
        const card = board.cards[base + index]!;
        if (this.acesOnly && !isAce(card)) continue;
        // Fill `target` with the card; the cards above it close the gap; search; undo.
        board.cards.copyWithin(base + index, base + index + 1, base + h);
        board.height[source] = h - 1;
        board.cards[target * HEIGHT] = card;
        board.height[target] = 1;
        won = this.search(board, depth + 1);
        board.height[target] = 0;
        board.cards.copyWithin(base + index + 1, base + index, base + h - 1);
        board.cards[base + index] = card;
        board.height[source] = h;
      }
    }
    // A cache: forgotten past a million positions (a value forgotten is searched again).
    if (this.memo.size >= 1_000_000) this.memo.clear();
    this.memo.set(key, won);
    return won;
  }
}

/** The piles' cards as a string, the piles sorted (R5: with no deal left their order does not matter). */
function canonicalKey(board: Board): string {
  const parts: string[] = [];
  for (let p = 0; p < 4; p++) parts.push(String.fromCharCode(...board.cards.subarray(p * HEIGHT, p * HEIGHT + board.height[p]!)));
  return parts.sort().join('|');
}

/**
 * A value estimate v of the non-clairvoyant game: any function of what a player sees. `dealt` cards have been
 * dealt (a position right after a deal, 8–52). The bound is valid whatever v returns; the closer v is to the true
 * optimal chance of winning, the tighter it is.
 */
export interface ValueEstimate {
  readonly name: string;
  value(board: Board, dealt: number): number;
}

/** v = 0: no penalty, the bound is the clairvoyant rate. */
export const ZERO_VALUE: ValueEstimate = { name: 'zero', value: () => 0 };

/** Cards dealt from which an estimate's figures are exact (the stock empty: nothing is unseen). */
export const LAST_DEALT = 52;

/**
 * v with the stock empty is the exact chance of winning, 0 or 1 (nothing is left unseen, so the player's chance
 * is the clairvoyant verdict); before that, `inner` decides.
 */
export class ExactAtEnd implements ValueEstimate {
  readonly name: string;
  private readonly endgame: Endgame;

  constructor(
    variant: Variant,
    private readonly inner: ValueEstimate,
  ) {
    this.endgame = new Endgame(variant);
    this.name = `${inner.name}+exact-end`;
  }

  value(board: Board, dealt: number): number {
    if (dealt === LAST_DEALT) return this.endgame.won(board) ? 1 : 0;
    return this.inner.value(board, dealt);
  }

  get endgameStates(): number {
    return this.endgame.states;
  }
}

/** Features of a position read by the fitted estimate (`featuresOf`), after its removals are made. */
export const FEATURES = ['bias', 'on-piles', 'empty-piles', 'aces-at-bottom', 'aces-buried', 'same-suit-pairs', 'buried-rank', 'stacked'] as const;
export const FEATURE_COUNT = FEATURES.length;

/**
 * The features of `board` (modified: its removable cards go, leftmost first, as greedy plays them), into `out`:
 * 1; cards on the piles / 10; empty piles; piles with an ace at the bottom; aces buried above the bottom; pairs of
 * cards of one suit on one pile; the summed rank of buried non-aces / 50; cards above the first of each pile / 10.
 */
export function featuresOf(board: Board, out: Float64Array): void {
  settleBoard(board);
  let empty = 0, acesBottom = 0, acesBuried = 0, pairs = 0, buriedRank = 0, stacked = 0;
  for (let p = 0; p < 4; p++) {
    const h = board.height[p]!;
    if (h === 0) {
      empty += 1;
      continue;
    }
    const base = p * HEIGHT;
    const count = [0, 0, 0, 0];
    for (let i = 0; i < h; i++) {
      const card = board.cards[base + i]!;
      const suit = (card / RANKS) | 0;
      count[suit]! += 1;
      if (isAce(card)) {
        if (i === 0) acesBottom += 1;
        else acesBuried += 1;
      } else if (i < h - 1) buriedRank += card % RANKS;
    }
    for (let s = 0; s < 4; s++) pairs += (count[s]! * (count[s]! - 1)) / 2;
    stacked += h - 1;
  }
  out[0] = 1;
  out[1] = board.onPiles() / 10;
  out[2] = empty;
  out[3] = acesBottom;
  out[4] = acesBuried;
  out[5] = pairs;
  out[6] = buriedRank / 50;
  out[7] = stacked / 10;
}

/**
 * A logistic estimate fitted to greedy play: v = σ(w_k · features), one weight vector per deal number k
 * (dealt / 4 − 1, 1–11, for 8–48 cards dealt); weights fitted by bench/ceiling-fit.ts.
 */
export class FittedValue implements ValueEstimate {
  private readonly features = new Float64Array(FEATURE_COUNT);
  private readonly scratch = new Board();

  constructor(
    readonly name: string,
    /** weights[k] for k = dealt / 4 − 1; missing rows give 0. */
    private readonly weights: readonly (readonly number[] | undefined)[],
  ) {}

  value(board: Board, dealt: number): number {
    const w = this.weights[dealt / 4 - 1];
    if (w === undefined) return 0;
    this.scratch.cards.set(board.cards);
    this.scratch.height.set(board.height);
    featuresOf(this.scratch, this.features);
    let s = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) s += w[i]! * this.features[i]!;
    return 1 / (1 + Math.exp(-s));
  }
}

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

/** v is read in [0, 1] (any estimate keeps the lemma; the clamp keeps every |z| ≤ 1 for the fallback). */
const clamp = (x: number): number => (x > 1 ? 1 : x > 0 ? x : 0);

/** Ordered 4-tuples of n cards. */
const tuples = (n: number): number => n * (n - 1) * (n - 2) * (n - 3);

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
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
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
    ({ acesOnly: this.acesOnly, buriedCards: this.buriedCards } = VARIANT_RULES[settings.variant]);
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
        for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) for (let c = 0; c < n; c++) for (let d = 0; d < n; d++) {
          if (a === b || a === c || a === d || b === c || b === d || c === d) continue;
          list[at++] = unseen[a]!; list[at++] = unseen[b]!; list[at++] = unseen[c]!; list[at++] = unseen[d]!;
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
      const lo = this.frames[base + 2 * p]!, hi = this.frames[base + 2 * p + 1]!;
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
        const lo = frames[base + 2 * source]!, hi = frames[base + 2 * source + 1]!;
        const list: number[] = [];
        for (let bits = lo; bits !== 0; bits &= bits - 1) list.push(31 - Math.clz32(bits & -bits));
        for (let bits = hi; bits !== 0; bits &= bits - 1) list.push(63 - Math.clz32(bits & -bits));
        for (let i = list.length - 1; i >= 0; i--) {
          if (i !== list.length - 1 && !this.buriedCards) break;
          const pos = list[i]!;
          if (this.acesOnly && tables.rank[pos] !== 12) continue;
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
    if (!(this.forced && removable)) {
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

/**
 * v one deal before the estimate `inner` decides, by one step of expectimax: at `dealt` cards dealt, the best, over
 * the positions the round can reach (moves (a)–(d)), of the mean of `inner` after the deal — over every ordered
 * 4-tuple of the unseen cards where there are at most `exactTuples` of them, else over `samples` tuples drawn by a
 * stream seeded from the position's cards alone (so v stays a function of what the player sees); at other deals,
 * `inner`. With the exact value as `inner` and exact means, it is the exact value (the recursion of expectimax).
 */
export class Backup implements ValueEstimate {
  readonly name: string;
  private readonly stack: Board[] = [];
  private readonly seen = new Set<string>();
  private readonly acesOnly: boolean;
  private readonly buriedCards: boolean;
  private readonly forced: boolean;
  private readonly unseen: number[] = [];
  /** The tuples of the current evaluation, 4 cards each. */
  private tuples = new Uint8Array(0);
  private readonly land = new Board();
  private best = 0;

  constructor(
    variant: Variant,
    rule: DiscardRule,
    private readonly dealt: number,
    private readonly inner: ValueEstimate,
    private readonly exactTuples: number,
    private readonly samples: number,
  ) {
    ({ acesOnly: this.acesOnly, buriedCards: this.buriedCards } = VARIANT_RULES[variant]);
    this.forced = rule === 'forced';
    this.name = `${inner.name}+backup@${dealt}`;
  }

  value(board: Board, dealt: number): number {
    if (dealt !== this.dealt) return this.inner.value(board, dealt);
    const unseen = this.unseen;
    unseen.length = 0;
    for (let card = 0; card < CARDS; card++) if (board.unseen[card] === 1) unseen.push(card);
    const n = unseen.length;
    if (tuples(n) <= this.exactTuples) {
      this.tuples = new Uint8Array(tuples(n) * 4);
      let at = 0;
      for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) for (let c = 0; c < n; c++) for (let d = 0; d < n; d++) {
        if (a === b || a === c || a === d || b === c || b === d || c === d) continue;
        this.tuples[at++] = unseen[a]!; this.tuples[at++] = unseen[b]!; this.tuples[at++] = unseen[c]!; this.tuples[at++] = unseen[d]!;
      }
    } else {
      // Seeded by the piles' cards: a function of the position alone.
      const words: number[] = [dealt];
      for (let p = 0; p < 4; p++) for (let i = 0; i < board.height[p]!; i++) words.push(board.cards[p * HEIGHT + i]! + 64 * p);
      const rng = new Rng(...words);
      this.tuples = new Uint8Array(this.samples * 4);
      const pool = unseen.slice();
      for (let s = 0; s < this.samples; s++) {
        for (let i = 0; i < 4; i++) {
          const j = i + rng.below(n - i);
          const t = pool[i]!;
          pool[i] = pool[j]!;
          pool[j] = t;
          this.tuples[s * 4 + i] = pool[i]!;
        }
      }
    }
    this.seen.clear();
    this.best = 0;
    this.explore(board, 0);
    return this.best;
  }

  private scratch(depth: number): Board {
    while (this.stack.length <= depth) this.stack.push(new Board());
    return this.stack[depth]!;
  }

  private explore(from: Board, depth: number): void {
    if (this.best === 1) return;
    const key = canonicalKey(from);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const board = this.scratch(depth);
    let removable = false;
    let first = -1;
    for (let p = 0; p < 4; p++) {
      if (!boardRemovable(from, p)) continue;
      removable = true;
      if (first < 0 && (this.forced || !lowerInPlay(from, from.top(p)))) first = p;
    }
    for (let p = 0; p < 4; p++) {
      if (!boardRemovable(from, p) || (first >= 0 && p !== first)) continue;
      board.copyFrom(from);
      board.height[p] = board.height[p]! - 1;
      this.explore(board, depth + 1);
    }
    if (first >= 0) return;
    const target = from.height.indexOf(0);
    if (target >= 0) {
      for (let source = 0; source < 4; source++) {
        const h = from.height[source]!;
        if (h < 2) continue;
        for (let index = h - 1; index >= 0; index--) {
          if (index !== h - 1 && !this.buriedCards) break;
          const base = source * HEIGHT;
          const card = from.cards[base + index]!;
          if (this.acesOnly && !isAce(card)) continue;
          board.copyFrom(from);
          board.cards.copyWithin(base + index, base + index + 1, base + h);
          board.height[source] = h - 1;
          board.cards[target * HEIGHT] = card;
          board.height[target] = 1;
          this.explore(board, depth + 1);
        }
      }
    }
    if (this.forced && removable) return;
    // The deal: the mean of the inner estimate over the tuples.
    const list = this.tuples;
    const count = list.length / 4;
    let sum = 0;
    const land = this.land;
    for (let s = 0; s < count; s++) {
      land.copyFrom(from);
      for (let p = 0; p < 4; p++) {
        const card = list[s * 4 + p]!;
        land.cards[p * HEIGHT + from.height[p]!] = card;
        land.height[p] = from.height[p]! + 1;
        land.unseen[card] = 0;
      }
      sum += clamp(this.inner.value(land, this.dealt + 4));
    }
    if (sum / count > this.best) this.best = sum / count;
  }
}

/** Whether a lower card of `card`'s suit is on the piles or unseen ((d): else keeping it is of no use). */
function lowerInPlay(board: Board, card: number): boolean {
  const first = ((card / RANKS) | 0) * RANKS;
  for (let c = first; c < card; c++) if (board.unseen[c] === 1) return true;
  for (let p = 0; p < 4; p++) {
    for (let i = 0; i < board.height[p]!; i++) {
      const other = board.cards[p * HEIGHT + i]!;
      if (other >= first && other < card) return true;
    }
  }
  return false;
}

/** v with one deal left (48 cards dealt) the exact optimal value (a backup of the exact end, every 24 orders). */
export class ExactLastDeal extends Backup {
  constructor(variant: Variant, rule: DiscardRule, inner: ValueEstimate) {
    super(variant, rule, LAST_DEALT - 4, new ExactAtEnd(variant, inner), 24, 24);
  }
}
