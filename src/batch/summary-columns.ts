// The summary file's columns, named once: its writer (summary-file.ts) writes them in this order, the
// report's reader (report/data.ts) tells a summary file by them.

import { WIN_DISCARDS } from '../core/game/rules.ts';

/** The column of the deals whose max discards were `n` (0…48; 48: won). */
export const maxDiscardsColumn = (n: number): string => `max_discards_${n}`;

/** The columns of every summary file, in order. */
export const SUMMARY_COLUMNS = [
  'variant',
  'discards',
  'seed',
  'first_index',
  'last_index',
  'deals',
  'won',
  'lost',
  'unknown',
  'win_rate_low',
  'win_rate_high',
  'ci95_low',
  'ci95_high',
  // The answer: the best estimate the summary offers (answerOf), its 95% interval and how it was reached.
  'estimate_low',
  'estimate_high',
  'estimate_ci95_low',
  'estimate_ci95_high',
  'estimate_method',
  'states_median',
  'states_p99',
  'states_max',
  'states_total',
  'solve_seconds',
  'deals_per_second',
  'wall_seconds',
  'workers',
  'max_states',
  'complete',
  ...Array.from({ length: WIN_DISCARDS + 1 }, (_, n) => maxDiscardsColumn(n)),
  'lost_max_discards_unpinned',
  'command',
  'version',
  'commit',
  'max_discards_mode',
  'search',
  'mixed',
];

/** The columns a header must hold to be read as a summary file (files written before some of the others lack them). */
export const SUMMARY_REQUIRED = [
  'variant',
  'discards',
  'seed',
  'deals',
  'won',
  'lost',
  'unknown',
  'win_rate_low',
  'win_rate_high',
  'ci95_low',
  'ci95_high',
];

/** A run with --policy: the policy, and the solver's verdicts on the same deals (with --compare solver). */
export const POLICY_COLUMNS = ['policy', 'solver_won', 'solver_unknown', 'winnable_lost'];

/** A run with --compare solver: the solver's figures on the same deals. */
export const COMPARE_COLUMNS = [
  'solver_lost',
  'solver_rate_low',
  'solver_rate_high',
  'solver_ci95_low',
  'solver_ci95_high',
  'solver_states_total',
  'solver_seconds',
];

/** A run with passes: the plan, and per pass (space-separated) its budget, the deals decided and left unknown. */
export const SUMMARY_PASS_COLUMNS = ['passes', 'pass_max_states', 'pass_decided', 'pass_unknown'];

/** A run that samples the unknown deals (--sample-unknowns): the two-phase estimate, its parts, each phase's cost. */
export const TWO_PHASE_COLUMNS = [
  'sample_unknowns',
  'two_phase_low',
  'two_phase_high',
  'two_phase_ci95_low',
  'two_phase_ci95_high',
  'two_phase_standard_error',
  'variance_deals',
  'variance_sample',
  'first_decided',
  'first_won',
  'first_unknown',
  'sampled',
  'sampled_won',
  'sampled_lost',
  'sampled_unknown',
  'first_seconds_per_deal',
  'later_seconds_per_sampled_deal',
  'two_phase_note',
];

/** The difference estimate against the same variant under the forced rule (its control). */
export const LATTICE_COLUMNS = [
  'lattice_control',
  'lattice_control_file',
  'lattice_control_deals',
  'lattice_control_won',
  'lattice_control_unknown',
  'lattice_low',
  'lattice_high',
  'lattice_ci95_low',
  'lattice_ci95_high',
  'lattice_standard_error',
  'lattice_variance_control',
  'lattice_variance_target',
  'lattice_variance_covariance',
  'lattice_variance_sample',
  'lattice_note',
  // The run's own tail (the sampled deals its first later pass left undecided: lattice.ts), for a later run's
  // --tail-control; and the tail control this run took, with its share of D-wins.
  'lattice_tail_sampled',
  'lattice_tail_won',
  'lattice_tail_open',
  'lattice_tail_inclusion',
  'lattice_tail_search',
  'lattice_tail_budgets',
  'lattice_tail_mode',
  'lattice_tail_control_file',
  'lattice_tail_control_share_low',
  'lattice_tail_control_share_high',
];
