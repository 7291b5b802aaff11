// The policies: ways of playing that see only the view (view.ts) — random, basic, greedy, pimc and expert.

import { type Card, InputError, isAce } from '../game/cards.ts';
import type { GameMove } from '../game/notation.ts';
import { PositionSolver, playOnFrame, positionFrame } from '../search/position-solve.ts';
import { type DiscardRule, type Variant, VARIANT_RULES, mayFill } from '../game/rules.ts';
import type { Policy } from './game.ts';
import { ExpertPolicy } from './expert.ts';
import { FillLookahead } from './lookahead.ts';
import type { Rng } from '../game/random.ts';
import { LOOKAHEAD_FILLS } from './rollout.ts';
import { type View, fills, isRemovable, legalMoves, removals } from './view.ts';
import {
  DEFAULT_ACE_BONUS,
  DEFAULT_EXPERT_SAMPLES,
  DEFAULT_SAMPLE_STATES,
  DEFAULT_SAMPLES,
  PLAYER_SETTINGS,
  POLICY_NAMES,
  type PolicyName,
  type PolicySettings,
} from './settings.ts';

// The names and settings live in settings.ts, which imports nothing (the command line's options read them).
export { POLICY_NAMES, type PolicyName, type PolicySettings };

/** expert: the ace bonus of its greedy rollouts, greedy's best for the variant (its row of PLAYER_SETTINGS). */
export const expertAceBonus = (variant: Variant): number => PLAYER_SETTINGS[variant].expertAceBonus;

/** The policy's label for reports and CSV: its name with the settings that change its play. */
export function policyLabel(name: PolicyName, settings: PolicySettings = {}): string {
  if (name === 'greedy') return `greedy(ace-bonus=${settings.aceBonus ?? DEFAULT_ACE_BONUS})`;
  if (name === 'expert') {
    const bonus = settings.aceBonus === undefined ? '' : `,ace-bonus=${settings.aceBonus}`;
    return `expert(samples=${settings.samples ?? DEFAULT_EXPERT_SAMPLES}${bonus})`;
  }
  if (name === 'pimc') {
    const bonus = settings.aceBonus ?? DEFAULT_ACE_BONUS;
    return (
      `pimc(samples=${settings.samples ?? DEFAULT_SAMPLES},states=${settings.sampleStates ?? DEFAULT_SAMPLE_STATES}` +
      `${bonus === DEFAULT_ACE_BONUS ? '' : `,ace-bonus=${bonus}`})`
    );
  }
  return name;
}

/** A new policy for games of one variant × discard rule (pimc keeps solver tables between games). */
export function makePolicy(name: PolicyName, variant: Variant, rule: DiscardRule, settings: PolicySettings = {}): Policy {
  const label = policyLabel(name, settings);
  switch (name) {
    case 'random':
      return { name: label, choose: chooseRandom };
    case 'basic':
      return { name: label, choose: chooseBasic };
    case 'greedy': {
      const lookahead = greedyLookahead(variant, settings.aceBonus ?? DEFAULT_ACE_BONUS);
      return { name: label, choose: (view) => chooseGreedy(view, lookahead) };
    }
    case 'pimc':
      return new PimcPolicy(label, variant, rule, settings);
    case 'expert':
      return new ExpertPolicy(label, variant, rule, {
        samples: settings.samples ?? DEFAULT_EXPERT_SAMPLES,
        aceBonus: settings.aceBonus ?? expertAceBonus(variant),
        maxSamples: 4 * (settings.samples ?? DEFAULT_EXPERT_SAMPLES),
        z: 1,
      });
  }
}

/**
 * random: a uniformly random legal move, the deal counted as one move where it is legal. With the stock
 * empty, a lone card's move into another empty pile (which only swaps two piles) is left out, so that the
 * game ends: it ends when no other move is left.
 */
function chooseRandom(view: View, rng: Rng): GameMove | null {
  const moves = legalMoves(view, view.stockLeft > 0);
  if (moves.length === 0) return null;
  return moves[rng.below(moves.length)]!;
}

/**
 * basic, the "how to play" procedure taken literally: make every discard (leftmost pile first); fill an
 * empty pile with the exposed card of the leftmost pile that has two cards or more whose exposed card may
 * fill it (rules.ts: in strict, only an ace); deal when nothing is left to do; stop when the stock is empty too.
 */
function chooseBasic(view: View): GameMove | null {
  const piles = view.piles;
  for (let pile = 0; pile < 4; pile++) {
    if (isRemovable(piles, pile)) return { kind: 'remove', card: top(piles[pile]!) };
  }
  const target = piles.findIndex((cards) => cards.length === 0);
  if (target >= 0) {
    for (let source = 0; source < 4; source++) {
      const cards = piles[source]!;
      if (cards.length < 2) continue;
      if (!mayFill(VARIANT_RULES[view.variant], true, isAce(top(cards)))) continue;
      return { kind: 'move', card: top(cards), pile: target };
    }
  }
  return view.stockLeft > 0 ? { kind: 'deal' } : null;
}

const top = (cards: readonly Card[]): Card => cards[cards.length - 1]!;

/**
 * greedy: make every discard; when an empty pile can be filled, play the fill that leads to the most
 * discards before the next deal, looking only at the cards on the table (the best line of fills, each
 * followed by every removal it allows), a fill that puts an ace into an empty pile counting `aceBonus`
 * discards more. Like basic it always fills when it can (a fill unburies a card before the deal covers
 * it); ties go to the first fill in `fills` order (leftmost source pile, its top card first).
 */
function chooseGreedy(view: View, lookahead: FillLookahead): GameMove | null {
  const piles = view.piles;
  for (let pile = 0; pile < 4; pile++) {
    if (isRemovable(piles, pile)) return { kind: 'remove', card: top(piles[pile]!) };
  }
  const best = lookahead.best(piles);
  if (best !== undefined) return { kind: 'move', card: best.card, pile: piles.findIndex((cards) => cards.length === 0) };
  return view.stockLeft > 0 ? { kind: 'deal' } : null;
}

const greedyLookahead = (variant: Variant, aceBonus: number): FillLookahead => new FillLookahead(variant, aceBonus, LOOKAHEAD_FILLS);

/**
 * pimc: perfect-information Monte Carlo. Where there is a choice (which card fills an empty pile, or
 * none; under optional also which card to remove and whether to deal over removable cards), it draws
 * `samples` orders of the unseen cards from the game's random stream, solves each sampled deal from the
 * position after each choice with the exact solver (a budget of `sampleStates` states per sample and
 * choice; an unknown counts as no win), and plays the choice that wins the most samples. Ties go to the
 * greedy policy's choice (with the same `aceBonus`): the most discards before the next deal; then to the
 * first listed. (Summing the discards the samples' searches reached broke ties worse: those searches are
 * for a win only and cut short by the budget, so they favoured the wrong choices — standard × forced, 400
 * deals: 15 won against 19.)
 * Under forced, a removal is played at once (the leftmost): a removable card stays removable until it goes,
 * so removing it first loses nothing. Every choice sees the same samples. With the stock empty there is
 * nothing unseen: one sample is the game itself.
 */
class PimcPolicy implements Policy {
  states = 0;
  private readonly solver: PositionSolver;
  private readonly samples: number;
  private readonly sampleStates: number;
  private readonly lookahead: FillLookahead;

  constructor(
    readonly name: string,
    private readonly variant: Variant,
    private readonly rule: DiscardRule,
    settings: PolicySettings,
  ) {
    this.solver = new PositionSolver(variant, rule);
    this.samples = settings.samples ?? DEFAULT_SAMPLES;
    this.sampleStates = settings.sampleStates ?? DEFAULT_SAMPLE_STATES;
    this.lookahead = greedyLookahead(variant, settings.aceBonus ?? DEFAULT_ACE_BONUS);
  }

  /** The choices worth comparing, the greedy policy's choice first. */
  private choices(view: View): GameMove[] {
    const piles = view.piles;
    const removable = removals(piles);
    // Under forced, and under optional with the stock empty (nothing to keep a card for), remove at once.
    if (removable.length > 0 && (this.rule === 'forced' || view.stockLeft === 0)) return [removable[0]!];
    const list: GameMove[] = [...removable, ...fills(piles, view.variant)];
    if (view.stockLeft > 0) list.push({ kind: 'deal' });
    const preferred = chooseGreedy(view, this.lookahead);
    if (preferred !== null) {
      const at = list.findIndex((move) => sameMove(move, preferred));
      if (at > 0) list.unshift(...list.splice(at, 1));
    }
    return list;
  }

  choose(view: View, rng: Rng): GameMove | null {
    if (view.variant !== this.variant || view.rule !== this.rule) throw new Error('pimc: a game of another variant or rule');
    const choices = this.choices(view);
    if (choices.length === 0) return null; // the stock is empty (else the deal is a choice)
    if (choices.length === 1) return choices[0]!;
    const options = choices;
    const wins = new Int32Array(options.length);
    // A choice that can no longer reach the most wins, even winning every sample left, is not solved
    // again: the choice played is the same, for less work. Every sample is still drawn, so the stream
    // (and the rest of the game) does not depend on what was cut.
    const alive = new Uint8Array(options.length).fill(1);
    let aliveCount = options.length;
    const unseen = view.unseenCards();
    const samples = unseen.length === 0 ? 1 : this.samples;
    const deal = new Uint8Array(52);
    deal.set(view.dealt, 0);
    for (let s = 0; s < samples; s++) {
      rng.shuffle(unseen);
      if (aliveCount === 1) continue;
      deal.set(unseen, view.dealt.length);
      const start = positionFrame(deal, view.piles, view.dealt.length, view.discarded);
      for (let c = 0; c < options.length; c++) {
        if (alive[c] === 0) continue;
        const from = start.slice();
        playOnFrame(from, deal, options[c]!);
        const result = this.solver.solve(deal, from, this.sampleStates);
        this.states += result.states;
        if (result.verdict === 'won') wins[c] += 1;
      }
      const most = Math.max(...wins);
      const left = samples - s - 1;
      for (let c = 0; c < options.length; c++) {
        if (alive[c] === 1 && wins[c]! + left < most) {
          alive[c] = 0;
          aliveCount -= 1;
        }
      }
    }
    let best = 0;
    for (let c = 1; c < options.length; c++) {
      if (wins[c]! > wins[best]!) best = c;
    }
    return options[best]!;
  }
}

function sameMove(a: GameMove, b: GameMove): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'deal' || b.kind === 'deal') return true;
  if (a.card !== b.card) return false;
  return a.kind === 'remove' || (b.kind === 'move' && a.pile === b.pile);
}

/** The policy's settings from the command line's policy options (--ace-bonus, --samples, --sample-states); a
 *  setting given to a policy that has no use for it is an error. */
export function policySettings(policy: PolicyName, flags: { aceBonus?: number; samples?: number; sampleStates?: number }): PolicySettings {
  if (flags.aceBonus !== undefined && policy !== 'greedy' && policy !== 'pimc' && policy !== 'expert') {
    throw new InputError('--ace-bonus applies to --policy greedy, pimc and expert only');
  }
  if (flags.samples !== undefined && policy !== 'pimc' && policy !== 'expert') {
    throw new InputError('--samples applies to --policy pimc and expert only');
  }
  if (flags.sampleStates !== undefined && policy !== 'pimc') {
    throw new InputError('--sample-states applies to --policy pimc only');
  }
  const settings: PolicySettings = {};
  if (flags.aceBonus !== undefined) settings.aceBonus = flags.aceBonus;
  if (flags.samples !== undefined) settings.samples = flags.samples;
  if (flags.sampleStates !== undefined) settings.sampleStates = flags.sampleStates;
  return settings;
}
