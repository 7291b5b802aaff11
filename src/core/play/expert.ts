// expert: rollout policy improvement over greedy. Each choice is judged by greedy's play to the end on
// sampled orders of the unseen cards (the same orders for every choice), the last deal by exact expectimax.

import type { GameMove } from '../game/notation.ts';
import { type DiscardRule, type Variant, PILES } from '../game/rules.ts';
import type { Policy } from './game.ts';
import { FillLookahead } from './lookahead.ts';
import type { Rng } from '../game/random.ts';
import { HEIGHT, LOOKAHEAD_FILLS, LastDeal, Sim, playGreedy } from './rollout.ts';
import { type View, fills, removals } from './view.ts';

export interface ExpertSettings {
  /** Sampled orders of the unseen cards per decision. */
  samples: number;
  /** Orders per decision once some sample is won (the decision is then worth judging closely). */
  maxSamples: number;
  /** The ace bonus of the greedy play in the rollouts. */
  aceBonus: number;
  /** How many standard errors a choice must beat greedy's choice by (paired over the samples). */
  z: number;
}

/**
 * The choices at a decision are the moves that can change the chance of winning. Under forced a removal is
 * played at once (it must be made before the deal, and a removable card stays removable until it goes);
 * under optional, with cards left to deal, the choice is between greedy's removal and keeping every
 * removable card by dealing. With nothing removable, the choices are the fills of the leftmost empty pile
 * (view.ts's `fills`). The choice greedy would play is listed first and wins ties. With one deal left,
 * where choices are valued exactly, every move that may change the value is a choice.
 *
 * - Four cards left in the stock (the last deal to come) or none: every choice is valued exactly (`LastDeal`).
 * - More: `samples` orders of the unseen cards are drawn from the game's stream, and from the position after
 *   each choice greedy plays each order to the end (with two deals left: up to the last deal, whose exact
 *   value scores the sample). If no sample is won after any choice, greedy's choice is played. Otherwise
 *   the decision is worth judging closely: `maxSamples` orders in all, and the choice with the most wins is
 *   played if it beats greedy's by more than `z` standard errors of the paired difference (else greedy's).
 * A choice is judged by a player who does not see the stock either (greedy, then the last deal's exact
 * play, on the view alone), so no sample's knowledge of what comes leaks into the choice: the strategy
 * fusion of perfect-information sampling (pimc) does not arise.
 */
export class ExpertPolicy implements Policy {
  readonly states = 0;
  private readonly lookahead: FillLookahead;
  private readonly greedyFill: FillLookahead;
  private readonly last: LastDeal;
  private readonly tail: LastDeal;
  private readonly base = new Sim();
  private readonly sim = new Sim();
  private readonly orders: Uint8Array[];
  private readonly unseen = new Uint8Array(48);
  /** Each choice's score per sample, `stride` apart. */
  private readonly scores: Float64Array;
  private readonly stride: number;
  private readonly wins: Float64Array;

  constructor(
    readonly name: string,
    private readonly variant: Variant,
    private readonly rule: DiscardRule,
    private readonly settings: ExpertSettings,
  ) {
    this.lookahead = new FillLookahead(variant, settings.aceBonus, LOOKAHEAD_FILLS);
    this.greedyFill = new FillLookahead(variant, settings.aceBonus, LOOKAHEAD_FILLS);
    this.last = new LastDeal(variant, rule);
    // The rollouts' last deal: exact play that removes every card it can before dealing (legal under
    // either rule; under optional the search over which cards to keep would cost more than the rollout).
    this.tail = new LastDeal(variant, 'forced');
    this.stride = Math.max(settings.samples, settings.maxSamples);
    this.orders = Array.from({ length: this.stride }, () => new Uint8Array(48));
    // Choices at most: every card of the table as a fill (easy), or a removal and the deal.
    this.wins = new Float64Array(60);
    this.scores = new Float64Array(60 * this.stride);
  }

  /** The choices worth comparing, greedy's first (see the class comment). */
  private choices(view: View): GameMove[] {
    const piles = view.piles;
    const removable = removals(piles);
    if (view.stockLeft === PILES) {
      // The last deal to come is valued exactly, so every move that may change its value is a choice:
      // under optional every removal, every fill and the deal; under forced a removal first, else every
      // fill and the deal.
      if (removable.length > 0 && this.rule === 'forced') return [removable[0]!];
      const list: GameMove[] = [...removable, ...fills(piles, view.variant), { kind: 'deal' }];
      return list;
    }
    if (removable.length > 0) {
      // Under optional with cards left to deal: remove (greedy's leftmost) or keep them all and deal.
      if (this.rule === 'forced' || view.stockLeft === 0) return [removable[0]!];
      return [removable[0]!, { kind: 'deal' }];
    }
    const options = fills(piles, view.variant);
    if (options.length === 0) return view.stockLeft > 0 ? [{ kind: 'deal' }] : [];
    // greedy's best fill first. Dealing instead of filling is left out: it buries a card that a fill
    // would have uncovered, and as a choice it lost games (standard × forced, 2,000 deals: 36 won against 50).
    const best = this.greedyFill.best(piles)!;
    const at = options.findIndex((move) => move.kind === 'move' && move.card === best.card);
    options.unshift(...options.splice(at, 1));
    return options;
  }

  choose(view: View, rng: Rng): GameMove | null {
    if (view.variant !== this.variant || view.rule !== this.rule) throw new Error('expert: a game of another variant or rule');
    const choices = this.choices(view);
    if (choices.length === 0) return null;
    if (choices.length === 1) return choices[0]!;
    const unseen = view.unseenCards();
    const n = unseen.length;
    for (let i = 0; i < n; i++) this.unseen[i] = unseen[i]!;
    this.base.load(view, this.unseen, n);
    if (n <= PILES) return this.chooseExactly(choices);
    const { samples, maxSamples, z } = this.settings;
    const tail = n <= 2 * PILES;
    this.draw(rng, n, 0, samples);
    this.rollouts(choices, 0, samples, tail);
    let used = samples;
    let most = 0;
    for (let c = 0; c < choices.length; c++) most = Math.max(most, this.wins[c]!);
    // No sample won after any choice: greedy's choice (more samples would mostly measure noise).
    if (most === 0) return choices[0]!;
    if (maxSamples > samples) {
      this.draw(rng, n, samples, maxSamples);
      this.rollouts(choices, samples, maxSamples, tail);
      used = maxSamples;
    }
    let best = 0;
    for (let c = 1; c < choices.length; c++) if (this.wins[c]! > this.wins[best]! + 1e-9) best = c;
    if (best === 0 || z <= 0) return choices[best]!;
    // Paired over the samples: play `best` over greedy's choice only when it is clearly better.
    let mean = 0;
    let square = 0;
    for (let s = 0; s < used; s++) {
      const d = this.scores[best * this.stride + s]! - this.scores[s]!;
      mean += d;
      square += d * d;
    }
    mean /= used;
    const variance = Math.max(0, square / used - mean * mean) / Math.max(1, used - 1);
    return mean > z * Math.sqrt(variance) ? choices[best]! : choices[0]!;
  }

  /** Orders `from … to` of the `n` unseen cards, from the game's stream. */
  private draw(rng: Rng, n: number, from: number, to: number): void {
    for (let s = from; s < to; s++) {
      const order = this.orders[s]!;
      order.set(this.unseen.subarray(0, n));
      for (let i = n - 1; i > 0; i--) {
        const j = rng.below(i + 1);
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
      }
    }
  }

  /**
   * Plays samples `from … to` after every choice, adding to `wins` (reset at `from` 0). With the last deal
   * at most one deal away (`tail`), greedy plays up to it and its exact value scores the sample.
   */
  private rollouts(choices: readonly GameMove[], from: number, to: number, tail: boolean): void {
    for (let c = 0; c < choices.length; c++) {
      if (from === 0) this.wins[c] = 0;
      for (let s = from; s < to; s++) {
        const sim = this.sim;
        sim.copyFrom(this.base);
        sim.stock = this.orders[s]!;
        this.apply(sim, choices[c]!);
        let win: number;
        if (tail) {
          if (sim.stockLeft() > PILES) playGreedy(sim, this.lookahead, PILES);
          win = this.tail.value(sim);
        } else {
          playGreedy(sim, this.lookahead, -1);
          win = sim.won() ? 1 : 0;
        }
        this.scores[c * this.stride + s] = win;
        this.wins[c] += win;
      }
    }
  }

  /** Four cards left or none: the choice of the highest exact value (greedy's on ties). */
  private chooseExactly(choices: readonly GameMove[]): GameMove {
    let best = 0;
    let bestValue = -1;
    for (let c = 0; c < choices.length; c++) {
      const move = choices[c]!;
      const sim = this.sim;
      sim.copyFrom(this.base);
      const value = move.kind === 'deal' ? this.last.dealValue(sim) : (this.apply(sim, move), this.last.value(sim));
      if (value > bestValue + 1e-12) {
        best = c;
        bestValue = value;
      }
    }
    return choices[best]!;
  }

  private apply(sim: Sim, move: GameMove): void {
    if (move.kind === 'deal') {
      sim.deal();
      return;
    }
    const at = sim.locate(move.card);
    const pile = (at / HEIGHT) | 0;
    if (move.kind === 'remove') sim.remove(pile);
    else sim.fill(pile, at % HEIGHT, move.pile);
  }
}
