// Replays readable moves on a packed position with the rules' legality checks, and shortens winning
// lines: used to finish the search's solutions. (The independent referee is verify.ts; this one shares state.ts.)

import { type Deal, isAce } from '../game/cards.ts';
import type { GameMove } from '../game/notation.ts';
import { type DiscardRule, type Variant, VARIANT_RULES, WIN_DISCARDS, mayDeal, mayFill, removes } from '../game/rules.ts';
import { DEAL, MOVE, moveKind, movePosition, moveTo } from '../engine/move.ts';
import { MAX_MOVES, MoveGenerator } from './movegen.ts';
import {
  F_DEALT,
  F_DISCARDS,
  FRAME,
  addToPile,
  dealFrame,
  exposedPosition,
  pileOf,
  pileSize,
  startFrame,
  takeFromPile,
} from '../engine/state.ts';

export class PackedGame {
  readonly frame = new Int32Array(FRAME);
  private readonly positionOf = new Int8Array(52);

  constructor(
    private readonly deal: Deal,
    private readonly variant: Variant,
    private readonly rule: DiscardRule,
    /** The position to start from (a frame of this deal); default: the deal's start. */
    private readonly start?: Int32Array,
  ) {
    for (let pos = 0; pos < 52; pos++) this.positionOf[deal[pos]!] = pos;
    this.reset();
  }

  /** Back to the position the game started from. */
  reset(): void {
    if (this.start === undefined) startFrame(this.frame, 0);
    else this.frame.set(this.start.subarray(0, FRAME));
  }

  private removableAt(pile: number): boolean {
    const e = exposedPosition(this.frame, 0, pile);
    if (e < 0) return false;
    const card = this.deal[e]!;
    for (let q = 0; q < 4; q++) {
      const o = exposedPosition(this.frame, 0, q);
      if (q !== pile && o >= 0 && removes(this.deal[o]!, card)) return true;
    }
    return false;
  }

  /** Plays `move` if it is legal now; returns whether it was. */
  play(move: GameMove): boolean {
    const f = this.frame;
    const dealt = f[F_DEALT]!;
    if (move.kind === 'deal') {
      if (dealt >= 52) return false;
      let removable = false;
      for (let p = 0; p < 4; p++) removable ||= this.removableAt(p);
      if (!mayDeal(this.rule, removable)) return false;
      dealFrame(f, 0);
      return true;
    }
    const pos = this.positionOf[move.card]!;
    if (pos >= dealt) return false;
    const from = pileOf(f, 0, pos);
    if (from < 0) return false;
    const exposed = exposedPosition(f, 0, from) === pos;
    if (move.kind === 'remove') {
      if (!exposed || !this.removableAt(from)) return false;
      takeFromPile(f, 0, from, pos);
      f[F_DISCARDS]! += 1;
      return true;
    }
    if (move.pile === from || pileSize(f, 0, move.pile) !== 0) return false;
    if (!mayFill(VARIANT_RULES[this.variant], exposed, isAce(move.card))) return false;
    takeFromPile(f, 0, from, pos);
    addToPile(f, 0, move.pile, pos);
    return true;
  }

  /** The win: stock empty, 48 discards, one card (an ace) on each pile. */
  isWon(): boolean {
    const f = this.frame;
    if (f[F_DEALT] !== 52 || f[F_DISCARDS] !== WIN_DISCARDS) return false;
    for (let p = 0; p < 4; p++) if (pileSize(f, 0, p) !== 1) return false;
    return true;
  }
}

/** Whether `moves`, replayed from the deal (or from the position `start`), are all legal and end in a win. */
export function winsWith(deal: Deal, moves: readonly GameMove[], variant: Variant, rule: DiscardRule, start?: Int32Array): boolean {
  const game = new PackedGame(deal, variant, rule, start);
  for (const move of moves) if (!game.play(move)) return false;
  return game.isWon();
}

/**
 * Shortens a winning move list until it is 1-minimal: dropping any single move makes it invalid. Each pass
 * tries to drop every stretch of consecutive moves (longest first from each start, so a card shuffled
 * between empty piles and back goes in one step) and keeps every drop that still wins; the passes stop
 * when one drops nothing — in particular no single move — so the result is 1-minimal by construction.
 * `from`: the position the line starts from (default: the deal's start).
 */
export function minimise(deal: Deal, moves: readonly GameMove[], variant: Variant, rule: DiscardRule, from?: Int32Array): GameMove[] {
  let list = moves.slice();
  // The position after list[0 … start) is kept and advanced with `start`, so each candidate replays only
  // the moves after its gap: the same candidates in the same order as replaying each from the start.
  const prefix = new PackedGame(deal, variant, rule, from);
  const game = new PackedGame(deal, variant, rule, from);
  let dropped = true;
  while (dropped) {
    dropped = false;
    prefix.reset();
    for (let start = 0; start < list.length; start++) {
      for (let end = list.length; end > start; end--) {
        game.frame.set(prefix.frame);
        let legal = true;
        for (let i = end; legal && i < list.length; i++) legal = game.play(list[i]!);
        if (legal && game.isWon()) {
          list = list.slice(0, start).concat(list.slice(end));
          dropped = true;
          break;
        }
      }
      if (start < list.length && !prefix.play(list[start]!)) throw new Error('minimise: the line does not replay');
    }
  }
  return list;
}

/** Most positions the per-round shortest-path search may visit before it keeps a round as it is. */
const ROUND_BFS_LIMIT = 200_000;

/**
 * Rewrites each round of a winning line (the moves between two deals, and after the last one) as a
 * shortest sequence of removals and moves from the round's first position to its last one, found by
 * breadth-first search over every legal move. The positions at each deal are unchanged, so the line still
 * wins; a round whose search passes ROUND_BFS_LIMIT positions is kept as it was. `from`: the position the line
 * starts from (default: the deal's start).
 */
export function shortenRounds(deal: Deal, moves: readonly GameMove[], variant: Variant, rule: DiscardRule, from?: Int32Array): GameMove[] {
  const generator = new MoveGenerator({ variant, rule, reductions: false });
  generator.setDeal(deal);
  const game = new PackedGame(deal, variant, rule, from);
  const out: GameMove[] = [];
  let start = 0;
  while (start <= moves.length) {
    let end = start;
    while (end < moves.length && moves[end]!.kind !== 'deal') end++;
    const from = game.frame.slice();
    for (let i = start; i < end; i++) if (!game.play(moves[i]!)) throw new Error('shortenRounds: the line does not replay');
    const shortest = shortestRound(generator, deal, from, game.frame);
    out.push(...(shortest ?? moves.slice(start, end)));
    if (end < moves.length) {
      if (!game.play(moves[end]!)) throw new Error('shortenRounds: the line does not replay');
      out.push(moves[end]!);
    }
    start = end + 1;
  }
  return out;
}

const frameKey = (frames: Int32Array, base: number): string => frames.subarray(base, base + 8).join(',');

function shortestRound(generator: MoveGenerator, deal: Deal, from: Int32Array, to: Int32Array): GameMove[] | undefined {
  const target = frameKey(to, 0);
  if (frameKey(from, 0) === target) return [];
  const frames: Int32Array[] = [from];
  const parent: number[] = [-1];
  const via: number[] = [0];
  const seen = new Set<string>([frameKey(from, 0)]);
  const scratch = new Int32Array(2 * FRAME);
  const list = new Int32Array(MAX_MOVES);
  for (let head = 0; head < frames.length && frames.length < ROUND_BFS_LIMIT; head++) {
    scratch.set(frames[head]!, 0);
    const count = generator.generate(scratch, 0, list, 0);
    for (let i = 0; i < count; i++) {
      const m = list[i]!;
      if (moveKind(m) === DEAL) continue;
      generator.apply(scratch, 0, FRAME, m);
      const key = frameKey(scratch, FRAME);
      if (seen.has(key)) continue;
      seen.add(key);
      frames.push(scratch.slice(FRAME, 2 * FRAME));
      parent.push(head);
      via.push(m);
      if (key === target) {
        const path: GameMove[] = [];
        for (let at = frames.length - 1; at > 0; at = parent[at]!) {
          const move = via[at]!;
          const card = deal[movePosition(move)]!;
          path.push(moveKind(move) === MOVE ? { kind: 'move', card, pile: moveTo(move) } : { kind: 'remove', card });
        }
        return path.reverse();
      }
    }
  }
  return undefined;
}
