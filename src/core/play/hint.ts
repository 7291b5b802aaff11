// A hint for a game in progress: the expert's move from a position as a player sees it, the chance of winning of
// a player who plays on well without seeing the stock, and the share of the orders of the unseen cards that perfect
// play wins. Each answer is spent on until it is exact or its 95% interval is at most 10 points wide, where that is
// cheap; a share that cannot be pinned so within the hint's budget is said to be undecided, never offered as a range.

import type { Card } from '../game/cards.ts';
import type { GameMove } from '../game/notation.ts';
import { type Position, dealtOrder, formatPosition, unseenOf } from '../game/position.ts';
import { Rng } from '../game/random.ts';
import { type DiscardRule, PILES, type Variant } from '../game/rules.ts';
import { PositionSolver, positionFrame } from '../search/position-solve.ts';
import { FillLookahead } from './lookahead.ts';
import { expertAceBonus, makePolicy, policyLabel } from './policies.ts';
import { HEIGHT, LOOKAHEAD_FILLS, LastDeal, Sim, playGreedy } from './rollout.ts';
import { type View, isWon } from './view.ts';
import { wilson } from '../stats.ts';

export interface HintSettings {
  /** The expert's sampled orders per choice (four times as many where a sample wins). */
  samples: number;
  /** Orders of the unseen cards that greedy plays out after the move: the chance of winning (twice as many, and
   *  again, while its 95% interval is wider than WIDEST: at least 385 in all). */
  rollouts: number;
  /** Orders of the unseen cards solved exactly from the position at first: the share perfect play wins. */
  orders: number;
  /** The solver's state budget per order at first; past it the order is undecided (and may be solved again). */
  maxStates: number;
  /** Seed of the three random streams (the expert's samples, the rollouts, the solved orders). */
  seed: number;
  /** Whether to find the share perfect play wins (the orders solved exactly), or only the move and its chance. */
  perfect: boolean;
}

/**
 * Defaults tuned so that a mid-game position answers in about a second on one core (an early one in two or three): the expert's choice takes
 * tens of milliseconds, a greedy rollout a few microseconds, a solved order a few milliseconds mid-game.
 * A decision is one move, so the expert gets four times the samples it plays whole games with.
 */
export const HINT_DEFAULTS: HintSettings = { samples: 128, rollouts: 2000, orders: 200, maxStates: 20_000, seed: 1, perfect: true };

/** The widest 95% interval given as an answer: 10 points. A share known no closer is said to be undecided. */
const WIDEST = 0.1;
/** An order still undecided is solved once more at this many times its budget. */
const LATER_PASS = 10;
/** Undecided orders are solved again only while they are at most this share of the orders: past it (early in a
 *  game, where most orders are hard) the interval would stay wide whatever the hint spent. */
const AGAIN_SHARE = 0.2;
/** The most orders solved: the first `orders`, doubled while the interval is too wide (8×: 1,600 at the default). */
const MAX_ORDER_GROWTH = 8;
/** The most positions the perfect-play share may search in all, as a multiple of orders × maxStates (at the
 *  defaults 20,000,000: some tens of seconds at worst). */
const EFFORT = 5;

/** A share with its 95% interval: `low … high` (equal unless some solved orders are undecided). */
interface Share {
  won: number;
  /** Orders (rollouts or solved orders) counted. */
  of: number;
  low: number;
  high: number;
  ci95: { low: number; high: number };
  /** Exact: every order of the unseen cards was counted (none, or the 24 of the last four), none undecided. */
  exact: boolean;
}

/** The share perfect play wins: of the orders solved, `won`, `lost` and `unknown` (undecided at `maxStates`). */
interface PerfectShare extends Share {
  unknown: number;
  lost: number;
  /** The largest budget an order was given. */
  maxStates: number;
  /** Positions the solves searched in all. */
  states: number;
  /** Whether the share is an answer: exact, or with its 95% interval at most WIDEST wide. */
  decided: boolean;
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
  /** A player who plays the move, then plays on without seeing the stock: greedy's rollouts, or exactly (the
   *  last deal's best play) with four cards or none unseen. */
  chance: Share & { player: string };
  /** The orders of the unseen cards that perfect play still wins from the position; null when not asked for. */
  perfect: PerfectShare | null;
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

/** A sampled share, with its Wilson interval. */
function sampled(won: number, of: number): Share {
  return { won, of, low: won / of, high: won / of, ci95: wilson(won, of), exact: false };
}

/** An exact chance `value` (a mean over every order the unseen cards may come in, `of` of them). */
function exactly(value: number, of: number): Share {
  return { won: Math.round(value * of), of, low: value, high: value, ci95: { low: value, high: value }, exact: true };
}

/**
 * The chance of a player who plays `move` (null: the game is over, `over` says how) and then plays on without seeing
 * the stock. With four unseen cards or none it is exact: the last deal's best play (LastDeal), over the 24 orders
 * of the four or the one position left. Otherwise greedy, the player of the expert's own rollouts with its ace
 * bonus, plays the position after the move to the end over `rollouts` random orders.
 */
function chanceOf(view: View, move: GameMove | null, over: 'won' | 'lost' | null, settings: HintSettings): Share {
  if (over !== null) return exactly(over === 'won' ? 1 : 0, 1);
  const unseen = view.unseenCards();
  const order = Uint8Array.from(unseen);
  const base = new Sim();
  base.load(view, order, order.length);
  if (unseen.length <= PILES) {
    const last = new LastDeal(view.variant, view.rule);
    const sim = new Sim();
    sim.copyFrom(base);
    const value = move!.kind === 'deal' ? last.dealValue(sim) : (apply(sim, move!), last.value(sim));
    return exactly(value, unseen.length === 0 ? 1 : ORDERS_OF_FOUR);
  }
  const lookahead = new FillLookahead(view.variant, expertAceBonus(view.variant), LOOKAHEAD_FILLS);
  const rng = new Rng(settings.seed, 2);
  const sim = new Sim();
  let wins = 0;
  let games = 0;
  // Rollouts are cheap: as many again while the interval is wider than WIDEST (only with few rollouts asked for).
  for (let target = settings.rollouts; ; target *= 2) {
    for (; games < target; games++) {
      rng.shuffle(order);
      sim.copyFrom(base);
      apply(sim, move!);
      playGreedy(sim, lookahead, -1);
      if (sim.won()) wins += 1;
    }
    const ci = wilson(wins, games);
    if (ci.high - ci.low <= WIDEST) return sampled(wins, games);
  }
}

/** The 24 orders four cards may come in. */
const ORDERS_OF_FOUR = 24;

/** Every order of `cards` (for the last four unseen cards: 24). */
function permutations(cards: readonly Card[]): Card[][] {
  if (cards.length <= 1) return [[...cards]];
  return cards.flatMap((card, i) => permutations([...cards.slice(0, i), ...cards.slice(i + 1)]).map((rest) => [card, ...rest]));
}

/**
 * The share of the orders of the unseen cards that perfect play wins from the position, each order solved exactly
 * (PositionSolver). With four unseen cards or none, every order; otherwise `orders` random ones, then, while the
 * 95% interval is wider than WIDEST: the undecided orders solved again at LATER_PASS× their budget (while they are
 * few: AGAIN_SHARE), and as many orders again (up to MAX_ORDER_GROWTH× the first), within EFFORT× the first
 * round's positions. Budgets count positions, not time: the same settings give the same answer anywhere.
 */
function perfectOf(position: Position, view: View, settings: HintSettings): PerfectShare {
  const unseen = view.unseenCards();
  const solver = new PositionSolver(view.variant, view.rule);
  const deal = new Uint8Array(52);
  deal.set(view.dealt, 0);
  const dealtCount = view.dealt.length;
  const effort = EFFORT * settings.orders * settings.maxStates;
  const orders: { order: Card[]; verdict: 'won' | 'lost' | 'unknown' }[] = [];
  let states = 0;
  let largest = settings.maxStates;
  const solve = (order: Card[], budget: number): 'won' | 'lost' | 'unknown' => {
    deal.set(order, dealtCount);
    const result = solver.solve(deal, positionFrame(deal, position.piles, dealtCount, view.discarded), budget);
    states += result.states;
    largest = Math.max(largest, budget);
    return result.verdict;
  };
  const add = (list: Card[][]): void => {
    for (const order of list) orders.push({ order, verdict: solve(order, settings.maxStates) });
  };
  const count = (verdict: string): number => orders.filter((o) => o.verdict === verdict).length;
  const again = (): void => {
    const undecided = orders.filter((o) => o.verdict === 'unknown');
    if (undecided.length === 0 || undecided.length > AGAIN_SHARE * orders.length) return;
    for (const o of undecided) {
      if (states >= effort) return;
      o.verdict = solve(o.order, settings.maxStates * LATER_PASS);
    }
  };
  const every = unseen.length <= PILES;
  const rng = new Rng(settings.seed, 3);
  const draw = (n: number): Card[][] =>
    Array.from({ length: n }, () => {
      const order = [...unseen];
      rng.shuffle(order);
      return order;
    });
  const width = (): number => {
    const won = count('won');
    const unknown = count('unknown');
    if (every) return unknown / orders.length;
    return wilson(won + unknown, orders.length).high - wilson(won, orders.length).low;
  };
  add(every ? permutations(unseen) : draw(settings.orders));
  again();
  while (!every && width() > WIDEST && orders.length < MAX_ORDER_GROWTH * settings.orders && states < effort) {
    if (count('unknown') > AGAIN_SHARE * orders.length) break;
    add(draw(orders.length));
    again();
  }
  const won = count('won');
  const unknown = count('unknown');
  const of = orders.length;
  const exact = every && unknown === 0;
  return {
    won,
    of,
    low: won / of,
    high: (won + unknown) / of,
    ci95: exact ? { low: won / of, high: won / of } : { low: wilson(won, of).low, high: wilson(won + unknown, of).high },
    exact,
    unknown,
    lost: of - won - unknown,
    maxStates: largest,
    states,
    decided: width() <= WIDEST + 1e-12,
  };
}

/** The hint for `position` (parsed: parsePosition), under the variant and discard rule. */
export function hintFor(position: Position, variant: Variant, rule: DiscardRule, settings: HintSettings): Hint {
  const view = viewOf(position, variant, rule);
  const expert = makePolicy('expert', variant, rule, { samples: settings.samples });
  const won = isWon(view);
  const move = won ? null : expert.choose(view, new Rng(settings.seed, 1));
  const over = won ? 'won' : move === null ? 'lost' : null;
  const chance = chanceOf(view, move, over, settings);
  const exactPlayer = 'the last deal played exactly';
  const player = chance.exact && over === null ? exactPlayer : policyLabel('greedy', { aceBonus: expertAceBonus(variant) });
  return {
    position: formatPosition(position),
    move,
    over,
    player: expert.name,
    chance: { ...chance, player },
    perfect: settings.perfect ? perfectOf(position, view, settings) : null,
  };
}
