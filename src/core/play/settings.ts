// The policies' names and the defaults of their settings (policies.ts plays them), and the players' settings
// measured per variant. Plain values that import nothing at run time: the command line's options list and show
// them in their help.

import type { Variant } from '../game/rules.ts';

export const POLICY_NAMES = ['random', 'basic', 'greedy', 'pimc', 'expert'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

export interface PolicySettings {
  /** greedy: what a fill that puts an ace into an empty pile is worth, in discards. */
  aceBonus?: number;
  /** pimc and expert: sampled stock orders per decision. */
  samples?: number;
  /** pimc: state budget of the solver per sample and choice. */
  sampleStates?: number;
}

export const DEFAULT_ACE_BONUS = 0;
export const DEFAULT_SAMPLES = 20;
export const DEFAULT_SAMPLE_STATES = 20_000;
/** expert: sampled orders per decision. */
export const DEFAULT_EXPERT_SAMPLES = 32;

/** Settings of the players measured per variant (docs/play.md): they change how well a player plays, never a rule. */
export interface PlayerSettings {
  /** expert: the ace bonus of its greedy rollouts, greedy's best for the variant (results/policies/policies.md). */
  readonly expertAceBonus: number;
}

/** The players' settings, a row per variant: the one place that says them. */
export const PLAYER_SETTINGS: Readonly<Record<Variant, PlayerSettings>> = {
  standard: { expertAceBonus: 2 },
  strict: { expertAceBonus: 0 },
  easy: { expertAceBonus: 0 },
};
