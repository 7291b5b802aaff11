// `acesup estimate`'s words: the summary's heading and closing lines, and the one-line messages and exit
// status of a run that did not end well.

import { rulesetName } from '../batch/results.ts';
import { EXIT_FAILED, EXIT_IO, EXIT_OK, exitForSignal } from './errors.ts';
import type { EstimatePlan } from '../batch/estimate-plan.ts';
import type { RunOutcome } from '../batch/estimate-run.ts';
import { fmt } from '../core/game/format.ts';
import { passesText } from './batch-output.ts';

/** How the heading names the sample of unknown deals the later passes get: '' when every one gets them. */
function sampleText(plan: EstimatePlan): string {
  const shares = (text: string): string => text.split(' ').join(', ');
  if (plan.slotProvenances !== undefined) {
    const sampled = plan.rulesets.filter((_, slot) => plan.slotProvenances![slot]!.sample_unknowns !== '');
    if (sampled.length === 0) return ' for every unknown deal';
    const some = sampled.map((r) => `${r.variant} × ${r.rule}`).join(', ');
    return ` for every unknown deal (${some}: a sample of ${shares(plan.slotProvenances[plan.rulesets.indexOf(sampled[0]!)]!.sample_unknowns)} of them)`;
  }
  const text = plan.provenance.sample_unknowns;
  return text === '' ? '' : ` for a sample of ${shares(text)} of the unknown deals`;
}

/** The summary's first line: the run's seed, deals, budgets and workers (and the file an escalation continues). */
export function estimateHeading(plan: EstimatePlan, partial: boolean): string {
  const { whole, range, flags } = plan;
  const shardText =
    flags.shard === undefined
      ? ''
      : ` (shard ${flags.shard.k}/${flags.shard.n} of ${fmt(whole.first)}–${fmt(whole.first + whole.count - 1)})`;
  return (
    `${partial ? 'PARTIAL SUMMARY — ' : ''}seed ${plan.seed} · deals ${fmt(range.first)}–${fmt(range.first + range.count - 1)}${shardText} · ` +
    `max states ${fmt(plan.maxStates)}${plan.passes.length === 0 ? '' : `, passes ${passesText(plan.passes)}`}${sampleText(plan)}${plan.maxDiscards === 'bounds' ? ' (verdicts only)' : ''} · ` +
    `${flags.workers} worker${flags.workers === 1 ? '' : 's'}${plan.escalate === undefined ? '' : ` · escalating ${plan.escalate.file}`}`
  );
}

/** The summary's last line: what this run solved (or played) in how long, on how many workers, and what is done. */
export function estimateClosing(plan: EstimatePlan, outcome: RunOutcome): string {
  const { flags } = plan;
  const { counts, passCounts: passes, wallSeconds } = outcome;
  const perSecond = fmt(Math.round(counts.now / Math.max(wallSeconds, 1e-9)));
  const workers = `${flags.workers} worker${flags.workers === 1 ? '' : 's'}`;
  const again = plan.passes
    .map((factor, i) => `${fmt(passes[i + 1]!.solved)} at ×${factor} (${fmt(passes[i + 1]!.decided)} decided)`)
    .join(', ');
  const done =
    plan.policy !== undefined
      ? `Played ${fmt(counts.now)} games${plan.compare ? ' and solved their deals' : ''} in ${wallSeconds.toFixed(1)} s: ` +
        `${perSecond} games/s on ${workers} (wall clock${plan.compare ? ', the solving included' : ''})`
      : plan.passes.length === 0
        ? `Solved ${fmt(counts.now)} deal × rule set results in ${wallSeconds.toFixed(1)} s (${perSecond}/s on ${workers})`
        : `Solved ${counts.now > 0 ? `${fmt(counts.now)} deal × rule set results, and ` : ''}the unknown ones again: ${again}, in ${wallSeconds.toFixed(1)} s on ${workers}`;
  const source = plan.resuming ? flags.csv : plan.escalate?.file;
  return `${done}${counts.resumed > 0 ? `; ${fmt(counts.resumed)} read from ${source}` : ''}; ${fmt(counts.results)} of ${fmt(counts.wanted)} done.`;
}

/** The one-line messages of a run that did not end well, and its exit status (EXIT_OK when it did). */
export function endMessages(
  plan: EstimatePlan,
  outcome: RunOutcome,
  failures: readonly string[],
  signal: NodeJS.Signals | undefined,
): { lines: string[]; status: number } {
  const { csvFile } = plan;
  const { end, saves, csvWritten, counts } = outcome;
  const where = csvFile === undefined ? '' : csvWritten ? `; the finished deals are in ${csvFile}` : '';
  const again = csvFile === undefined ? '' : ' (continue with the same options and --resume)';
  const lines: string[] = [];
  if (saves.failure !== undefined) {
    // One line: what failed, and where the finished work is.
    const kept =
      csvFile === undefined
        ? ''
        : csvWritten
          ? `; the run stopped, and its ${fmt(saves.saved)} finished results were written to ${csvFile} in the end${again}`
          : saves.savedAny
            ? `; ${csvFile} keeps the ${fmt(saves.saved)} results it held before (${fmt(counts.results)} were finished): make room and continue with the same options and --resume`
            : `; none of the ${fmt(counts.results)} finished results could be saved${plan.escalate === undefined ? '' : ` (${plan.escalate.file}, the file escalated, is as it was)`}`;
    lines.push(`${saves.failure}${kept}`);
  }
  lines.push(...failures);
  // A file that could not be written: exit 3.
  if (lines.length > 0) return { lines, status: EXIT_IO };
  if (end.kind === 'interrupted') {
    const awaiting = counts.awaiting > 0 ? ` (${fmt(counts.awaiting)} of them unknown and still to be given a later pass)` : '';
    return {
      lines: [
        `interrupted by ${signal ?? 'a signal'}: ${fmt(counts.results)} of ${fmt(counts.wanted)} results finished${awaiting}${where}${csvFile === undefined ? '' : again}`,
      ],
      status: exitForSignal(signal),
    };
  }
  if (end.kind === 'pool-failed') return { lines: [`the worker pool failed: ${end.message}${where}`], status: EXIT_FAILED };
  if (end.kind === 'failed') {
    return {
      lines: [`deal ${end.index} of seed ${plan.seed} (${rulesetName(plan.rulesets[end.slot]!)}) failed: ${end.message}${where}`],
      status: EXIT_FAILED,
    };
  }
  return { lines: [], status: EXIT_OK };
}
