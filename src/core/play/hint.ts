// A hint for a game in progress: the expert's move from a position as a player sees it, the chance of winning
// by rollouts over random orders of the unseen cards, and the share of those orders that perfect play wins.

import type { Card } from '../game/cards.ts';
import type { GameMove } from '../game/notation.ts';
import { type Position, dealtOrder, formatPosition, unseenOf } from '../game/position.ts';
import { Rng } from '../game/random.ts';
import type { DiscardRule, Variant } from '../game/rules.ts';
import { PositionSolver, positionFrame } from '../search/position-solve.ts';
import { FillLookahead } from './lookahead.ts';
import { expertAceBonus, makePolicy, policyLabel } from './policies.ts';
import { HEIGHT, LOOKAHEAD_FILLS, Sim, playGreedy } from './rollout.ts';
import { type View, isWon } from './view.ts';

export interface HintSettings {
  /** The expert's sampled orders per choice (four times as many where a sample wins). */
  samples: number;
  /** Orders of the unseen cards that greedy plays out after the move: the chance of winning. */
  rollouts: number;
  /** Orders of the unseen cards solved exactly from the position: the share perfect play wins. */
  orders: number;
  /** The solver's state budget per order; past it the order is unknown. */
  maxStates: number;
  /** Seed of the three random streams (the expert's samples, the rollouts, the solved orders). */
  seed: number;
}

/**
 * Defaults tuned so that a mid-game position answers in about a second on one core (an early one in two or three): the expert's choice takes
 * tens of milliseconds, a greedy rollout a few microseconds, a solved order a few milliseconds mid-game.
 * A decision is one move, so the expert gets four times the samples it plays whole games with.
 */
export const HINT_DEFAULTS: HintSettings = { samples: 128, rollouts: 2000, orders: 200, maxStates: 20_000, seed: 1 };

/** A share with its 95% interval: `low … high` (equal unless some solved orders are unknown). */
export interface Share {
  won: number;
  /** Orders (rollouts or solved orders) counted. */
  of: number;
  low: number;
  high: number;
  ci95: { low: number; high: number };
}

export interface Hint {
  /** The position in the canonical notation. */
  position: string;
  /** The expert's move, or null when the game is over. */
  move: GameMove | null;
  /** 'won' or 'lost' when the game is over (no move is left that changes anything), else null. */
  over: 'won' | 'lost' | null;
  /** Who chose the move, e.g. `expert(samples=128)`. */
  player: string;
  /** Greedy playing on after the move, over random orders of the unseen cards. */
  chance: Share & { player: string };
  /** The orders of the unseen cards that perfect play still wins from the position (unknowns as a range). */
  perfect: Share & { unknown: number; lost: number; maxStates: number; states: number };
}

const Z95 = 1.959963984540054;

/** The Wilson score interval of `won` in `n` at 95% (as the batch statistics compute it; core imports no batch). */
export function wilson(won: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = won / n;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z95 / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: won === 0 ? 0 : Math.max(0, centre - half), high: won === n ? 1 : Math.min(1, centre + half) };
}

/** The view of a position: what a player sees, with a dealing order of the seen cards made up for the engine. */
function viewOf(position: Position, variant: Variant, rule: DiscardRule): View {
  const unseen = unseenOf(position);
  const isUnseen = new Uint8Array(52);
  for (const card of unseen) isUnseen[card] = 1;
  return {
    variant,
    rule,
    piles: position.piles,
    dealt: dealtOrder(position),
    stockLeft: position.stock,
    discarded: position.discards.length,
    isUnseen: (card: Card) => isUnseen[card] === 1,
    unseenCards: () => [...unseen],
  };
}

/** Plays `move` on a Sim (the move is legal: the expert chose it). */
function apply(sim: Sim, move: GameMove): void {
  if (move.kind === 'deal') {
    sim.deal();
    return;
  }
  const at = sim.locate(move.card);
  const pile = (at / HEIGHT) | 0;
  if (move.kind === 'remove') sim.remove(pile);
  else sim.fill(pile, at % HEIGHT, move.pile);
}

function share(won: number, of: number): Share {
  return { won, of, low: of === 0 ? 0 : won / of, high: of === 0 ? 1 : won / of, ci95: wilson(won, of) };
}

/** The hint for `position` (parsed: parsePosition), under the variant and discard rule. */
export function hintFor(position: Position, variant: Variant, rule: DiscardRule, settings: HintSettings): Hint {
  const view = viewOf(position, variant, rule);
  const unseen = view.unseenCards();
  const expert = makePolicy('expert', variant, rule, { samples: settings.samples });
  const won = isWon(view);
  const move = won ? null : expert.choose(view, new Rng(settings.seed, 1));
  const over = won ? 'won' : move === null ? 'lost' : null;

  // The chance: greedy, as the expert's rollouts play it, after the move. With nothing unseen one game says it all.
  const aceBonus = expertAceBonus(variant);
  const lookahead = new FillLookahead(variant, aceBonus, LOOKAHEAD_FILLS);
  const games = unseen.length === 0 ? 1 : settings.rollouts;
  const rng = new Rng(settings.seed, 2);
  const base = new Sim();
  const sim = new Sim();
  const order = Uint8Array.from(unseen);
  base.load(view, order, order.length);
  let wins = 0;
  for (let g = 0; g < games && over === null; g++) {
    rng.shuffle(order);
    sim.copyFrom(base);
    if (move !== null) apply(sim, move);
    playGreedy(sim, lookahead, -1);
    if (sim.won()) wins += 1;
  }
  const chance = over === null ? share(wins, games) : share(over === 'won' ? 1 : 0, 1);

  // The perfect-play share: each order solved exactly from the position itself.
  const solver = new PositionSolver(variant, rule);
  const orders = unseen.length === 0 ? 1 : settings.orders;
  const solveRng = new Rng(settings.seed, 3);
  const deal = new Uint8Array(52);
  deal.set(view.dealt, 0);
  const shuffled = [...unseen];
  let solved = 0;
  let unknown = 0;
  let states = 0;
  for (let s = 0; s < orders; s++) {
    solveRng.shuffle(shuffled);
    deal.set(shuffled, view.dealt.length);
    const from = positionFrame(deal, position.piles, view.dealt.length, view.discarded);
    const result = solver.solve(deal, from, settings.maxStates);
    states += result.states;
    if (result.verdict === 'won') solved += 1;
    else if (result.verdict === 'unknown') unknown += 1;
  }
  const perfect = {
    won: solved,
    of: orders,
    low: solved / orders,
    high: (solved + unknown) / orders,
    ci95: { low: wilson(solved, orders).low, high: wilson(solved + unknown, orders).high },
    unknown,
    lost: orders - solved - unknown,
    maxStates: settings.maxStates,
    states,
  };
  return {
    position: formatPosition(position),
    move,
    over,
    player: expert.name,
    chance: { ...chance, player: policyLabel('greedy', { aceBonus }) },
    perfect,
  };
}
