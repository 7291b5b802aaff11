// The cost plans of a finished run, for the next study's: its per-deal CSVs summarised as `acesup merge` summarises
// them (the same controls: those given, else the stored reference runs where they fit), then per rule set the
// cheapest two-phase run to ±0.1 point and, for a rule set under the optional rule beside its forced rule, the
// cheapest difference-estimate designs to ±0.5 and ±0.1 point, at the run's measured costs per deal (the ms and
// ms_all_passes columns: a run written with --no-timings has none). docs/estimate.md states the plans.
//
//   npx tsx studies/plan.ts RUN.csv[.gz] [more.csv …] [--control SUMMARY.csv …] [--tail-control SUMMARY.csv …]

import '../scripts/dev-script.ts';
import { parseArgs } from 'node:util';
import { controlsOf } from '../src/batch/estimate-plan.ts';
import { applyImplications, sampledByProvenance } from '../src/batch/implications.ts';
import { mergeDealFiles } from '../src/batch/merge.ts';
import { passBudgets } from '../src/batch/provenance.ts';
import type { RulesetSummary } from '../src/batch/summary.ts';
import { summarise } from '../src/batch/summarise.ts';
import { fmt } from '../src/core/game/format.ts';
import { type LatticePlan, planFor, plansFor } from './plans.ts';

const { positionals: files, values } = parseArgs({
  allowPositionals: true,
  options: { control: { type: 'string', multiple: true }, 'tail-control': { type: 'string', multiple: true } },
});
if (files.length === 0)
  throw new Error('usage: npx tsx studies/plan.ts RUN.csv[.gz] … [--control SUMMARY.csv] [--tail-control SUMMARY.csv]');

const { table } = await mergeDealFiles(files, { allowMixed: true });
applyImplications(table, sampledByProvenance(table));
const first = table.provenances[0];
const warnings: string[] = [];
const controls = await controlsOf(
  values.control === undefined && values['tail-control'] === undefined
    ? 'default'
    : {
        ...(values.control === undefined ? {} : { control: values.control }),
        ...(values['tail-control'] === undefined ? {} : { tailControl: values['tail-control'] }),
      },
  table.rulesets,
  table.seed,
  { first: table.first, last: table.first + table.count - 1 },
  { search: first?.search ?? '', budgets: first === undefined ? [] : passBudgets(first), maxDiscards: first?.max_discards_mode ?? '' },
  warnings,
  [],
);
for (const line of warnings) process.stderr.write(`plan.ts: warning: ${line}\n`);
const summaries = summarise(table, controls);

/** Hours as the plans print them: one decimal below 10, whole hours above. */
const hours = (h: number): string => (h < 10 ? h.toFixed(1) : fmt(Math.round(h)));

/** The two-phase plan to ±0.1 point at the run's costs, or why there is none. */
function twoPhaseLine(s: RulesetSummary): string {
  const t = s.twoPhase;
  if (t === undefined) return '  two-phase: the run did not sample its unknown deals';
  // The plan assumes one share for every later pass.
  if ((t.passShares ?? '').includes(' ')) return '  two-phase: no plan for a run with a share per later pass';
  const plan = planFor(t, { first: t.firstSeconds, later: t.laterSeconds }, 0.001);
  if (plan === undefined || Number.isNaN(plan.firstSeconds + plan.sampleSeconds)) return '  two-phase: no plan (no deals, or no times)';
  return (
    `  two-phase, to ±0.1 point: about ${fmt(plan.deals)} deals with a sample of ${plan.share.toPrecision(2)} of their unknown ones, ` +
    `${fmt(Math.ceil((plan.firstSeconds + plan.sampleSeconds) / 3600))} core-hours at this run's costs per deal`
  );
}

/** The difference estimate's plans at the run's costs (the control's, the first pass's, a sampled deal's every
 *  later pass), or why there are none. */
function latticeLine(s: RulesetSummary): string | undefined {
  const l = s.lattice;
  if (l === undefined) return undefined;
  const t = s.twoPhase;
  const c = summaries.find((other) => `${other.variant}/${other.rule}` === l.control && other.policy === undefined);
  const plans: LatticePlan[] | undefined =
    t === undefined || c === undefined || c.timedDeals === 0
      ? undefined
      : plansFor(l.estimate, { control: c.solveSeconds / c.timedDeals, first: t.firstSeconds, later: t.laterSeconds });
  if (plans === undefined) return `  difference estimate against ${l.control}: no plan (no times, or fewer than 10 sampled wins)`;
  return `  difference estimate against ${l.control}, at this run's costs per deal (every pass counted): ${plans
    .map(
      (p) =>
        `±${(p.halfWidth * 100).toFixed(1)} point, about ${fmt(p.deals)} deals (the control over ${fmt(p.controlDeals)}), ` +
        `a share ${p.shares[0]!.share.toPrecision(2)} of their unknown deals sampled, ${hours(p.seconds.total / 3600)} core-hours`,
    )
    .join('; ')}`;
}

for (const s of summaries) {
  if (s.deals === 0) continue;
  const lattice = latticeLine(s);
  console.log(
    [
      `${s.variant} × ${s.rule}${s.policy === undefined ? '' : ` · ${s.policy}`}:`,
      twoPhaseLine(s),
      ...(lattice === undefined ? [] : [lattice]),
    ].join('\n'),
  );
}
