// Verdicts that imply each other across the rule sets of one run (the rule lattice, core/game/rules.ts
// nestsIn): a win under a stricter rule set is a win under every looser one, and a loss under a looser one
// a loss under every stricter one. After each pass of a run, a rule set's unknown results that another's
// verdict proves are filled in, and say which rule set proved them (`implied_by`).
//
// Why an implication says whether it came from a sampled pass: a two-phase estimate counts a deal as decided
// by its first pass only when that is a property of the deal. A verdict from a pass that every unknown deal of
// its rule set was given (or from the first pass) is; one from a sampled pass depends on the sample, and the
// estimate then counts the implied row as its own search left it (summary.ts, lattice-summary.ts).

import { nestsIn } from '../core/game/rules.ts';
import { WIN_DISCARDS } from '../core/game/rules.ts';
import { HASH_RANGE, passSharesOf, shareAt } from './options.ts';
import { passBudgets } from './provenance.ts';
import { LOST, type ResultTable, type Ruleset, UNKNOWN, WON, rulesetName } from './results.ts';

/** The suffix of an implication whose verdict came from a sampled pass. */
const SAMPLED_IMPLICATION = ' sampled';

/** Whether an `implied_by` makes its row decided whatever the sample (a property of the deal). */
export const impliedForEveryDeal = (impliedBy: string | undefined): boolean =>
  impliedBy !== undefined && !impliedBy.endsWith(SAMPLED_IMPLICATION);

/** Whether some two of `rulesets` (the solver's) nest: then a run of them records implications. */
export const rulesetsNest = (rulesets: readonly Ruleset[]): boolean =>
  rulesets.some((a) => a.policy === undefined && rulesets.some((b) => b.policy === undefined && nestsIn(a, b)));

/**
 * Fills in every unknown result of `table` that another rule set's verdict of the same deal proves, and
 * returns how many. `sampledAt(slot, index, pass)`: whether the rule set in `slot` gave pass `pass` to a
 * sample of its unknown deals only (pass 0, the first, never), by the provenance of deal `index`'s row. A won implication pins max discards at 48; a lost one
 * keeps the row's proven lower bound and takes the smaller upper bound.
 */
export function applyImplications(table: ResultTable, sampledAt: (slot: number, index: number, pass: number) => boolean): number {
  const solver = table.rulesets.map((r, slot) => ({ r, slot })).filter(({ r }) => r.policy === undefined);
  const pairs: [number, number][] = [];
  for (const a of solver) for (const b of solver) if (nestsIn(a.r, b.r)) pairs.push([a.slot, b.slot]);
  if (pairs.length === 0) return 0;
  let filled = 0;
  for (let index = table.first; index < table.first + table.count; index++) {
    // Until nothing changes: an implication may enable another (strict won → standard won → easy won).
    for (let changed = true; changed; ) {
      changed = false;
      for (const [stricter, looser] of pairs) {
        const s = table.get(stricter, index);
        const l = table.get(looser, index);
        if (s === undefined || l === undefined) continue;
        const passOf = (slot: number, budget: number | undefined): number =>
          budget === undefined ? 0 : Math.max(0, table.budgetsOf(slot, index).indexOf(budget));
        const name = (slot: number, budget: number | undefined, from: { impliedBy?: string }): string => {
          const sampled =
            sampledAt(slot, index, passOf(slot, budget)) || (from.impliedBy !== undefined && !impliedForEveryDeal(from.impliedBy));
          return `${rulesetName(table.rulesets[slot]!)}${sampled ? SAMPLED_IMPLICATION : ''}`;
        };
        if (s.outcome === WON && l.outcome === UNKNOWN) {
          table.set(looser, index, {
            ...l,
            outcome: WON,
            lower: WIN_DISCARDS,
            upper: WIN_DISCARDS,
            impliedBy: name(stricter, s.budget, s),
          });
        } else if (l.outcome === LOST && s.outcome === UNKNOWN) {
          const upper = Math.min(s.upper, l.upper);
          table.set(stricter, index, { ...s, outcome: LOST, lower: Math.min(s.lower, upper), upper, impliedBy: name(looser, l.budget, l) });
        } else {
          continue;
        }
        filled += 1;
        changed = true;
      }
    }
  }
  return filled;
}

/** `sampledAt` from each row's own provenance: a later pass whose share is below 1 (a merge of runs). */
export const sampledByProvenance =
  (table: ResultTable) =>
  (slot: number, index: number, pass: number): boolean => {
    if (pass === 0) return false;
    const provenance = table.provenanceOf(slot, index);
    const shares = passSharesOf(provenance.sample_unknowns, Math.max(1, passBudgets(provenance).length - 1));
    return shares === undefined || shareAt(shares, pass).threshold < HASH_RANGE;
  };
