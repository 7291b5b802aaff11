// Printing a batch summary for people: per rule set the counts, the win rate with its 95% interval, a
// histogram of max discards drawn with block characters, states per deal and time.

import { Z95 } from '../core/stats.ts';
import { type Answer, type Comparison, type PassCount, type RulesetSummary, answerOf, awaitingPass } from '../batch/summary.ts';
import { fmt, percent } from '../core/game/format.ts';
import type { ControlRun, TailRun } from '../batch/lattice-summary.ts';
import { describeReference } from '../batch/reference.ts';

const seconds = (s: number): string => (s >= 100 ? `${fmt(Math.round(s))} s` : `${s.toFixed(s >= 10 ? 1 : 2)} s`);
const rate = (n: number): string => (n >= 100 ? fmt(Math.round(n)) : n.toFixed(1));

/** Width of the longest histogram bar, in characters. */
const BAR_WIDTH = 40;
/** Max discards per histogram row (the last row, 48, is the won deals on their own). */
const BUCKET = 4;

/** The histogram of max discards as lines: rows of BUCKET discards, then 48 (won). */
function histogram(counts: readonly number[]): string[] {
  const rows: [string, number][] = [];
  for (let low = 0; low < 48; low += BUCKET) {
    let n = 0;
    for (let d = low; d < low + BUCKET; d++) n += counts[d]!;
    rows.push([`${low}–${low + BUCKET - 1}`, n]);
  }
  rows.push(['48 won', counts[48]!]);
  const most = Math.max(1, ...rows.map(([, n]) => n));
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  // Rows below the first deal are left out (and said so), as most deals reach far.
  const from = Math.max(
    0,
    Math.min(
      rows.findIndex(([, n]) => n > 0),
      rows.length - 1,
    ),
  );
  const lines = from === 0 ? [] : [`    ${`0–${from * BUCKET - 1}`.padStart(6)} │ none`];
  return [
    ...lines,
    ...rows.slice(from).map(([label, n]) => {
      const eighths = Math.round((n / most) * BAR_WIDTH * 8);
      const bar =
        '█'.repeat(Math.floor(eighths / 8)) + (eighths % 8 === 0 ? (n > 0 && eighths === 0 ? '▏' : '') : ' ▏▎▍▌▋▊▉'[eighths % 8]!);
      const share = total === 0 ? '' : ` (${percent(n / total, 1)})`;
      return `    ${label.padStart(6)} │${bar.padEnd(BAR_WIDTH)} ${fmt(n)}${share}`;
    }),
  ];
}

/** The deals of this run, as a first line names them: "these 1,000 deals". */
const theseDeals = (s: RulesetSummary): string => `${s.deals === 1 ? 'this deal' : `these ${fmt(s.deals)} deals`}`;

/** A larger run as the first line names it: the stored reference run (its deals, seed and commit), or a file. */
function largerRun(run: ControlRun | TailRun): string {
  return run.reference === undefined ? run.file : `a stored run of ${fmt(run.reference.deals)} deals`;
}

/** A larger run with its provenance, as the lines below the first name it. */
function largerRunInFull(run: ControlRun | TailRun): string {
  return run.reference === undefined ? run.file : `the stored run of ${describeReference(run.reference)}`;
}

/** An interval's value as a first line gives it: "1.50%", or "1.50%–2.00%" for a range. */
const value = (i: { low: number; high: number }): string =>
  percent(i.low) === percent(i.high) ? percent(i.high) : `${percent(i.low)}–${percent(i.high)}`;

/**
 * How the answer was reached, in a few words (the end of a rule set's first line): what comes from a larger run
 * (the stored reference runs, or files given) and what from this run's deals.
 */
function howDecided(s: RulesetSummary, a: Answer): string {
  switch (a.method) {
    case 'exact':
      return `${theseDeals(s)}, every one decided`;
    case 'played':
      return 'games played without seeing the stock';
    case 'range':
      return `${theseDeals(s)}: ${fmt(s.unknown)} still unknown, counted lost, then won`;
    case 'two-phase':
      return `${theseDeals(s)}, and a sample of those left unknown given more passes`;
    case 'reference': {
      const run = s.larger!.run;
      return `from ${largerRun(run)}, which holds ${theseDeals(s)}`;
    }
    case 'difference': {
      const l = s.lattice!;
      const e = l.estimate;
      const control = l.controlRun === undefined ? `on ${theseDeals(s)}` : `from ${largerRun(l.controlRun)}`;
      const tc = e.tailControl;
      const own = tc === undefined ? e.difference : { low: e.difference.low - tc.share.low, high: e.difference.high - tc.share.high };
      // The first later pass's budget, past which the tail control's share stands for this run's.
      const boundary = Number(l.tailBoundary?.split('|')[1]?.split(' ')[1]);
      const past = Number.isFinite(boundary) ? `${fmt(boundary)} positions` : 'the first later pass';
      const tail = tc === undefined || l.tailRun === undefined ? '' : ` and ${value(tc.share)} past ${past} from ${largerRun(l.tailRun)}`;
      return `the forced rule's ${value(e.control)} ${control}, plus the wins only the optional rule finds: ${value(own)} on ${theseDeals(s)}${tail}`;
    }
  }
}

/** "standard/forced" as the summary names a rule set: "standard × forced". */
const ruleName = (name: string): string => name.replace('/', ' × ');

/**
 * The first line of a rule set: one a newcomer can quote — the rule set, the answer and its 95% interval, the
 * deals, and how it was reached.
 */
function answerLine(s: RulesetSummary): string {
  const a = answerOf(s);
  const value = a.low === a.high ? percent(a.high) : `${percent(a.low)}–${percent(a.high)}`;
  const range = s.firstIndex === null ? '' : ` (${fmt(s.firstIndex)}–${fmt(s.lastIndex!)})`;
  const name = `${s.variant} × ${s.rule}${s.policy === undefined ? '' : ` · ${s.policy}`}`;
  const games = s.policy !== undefined && s.policy !== 'solver' ? 'games' : 'deals';
  return `${name}: ${value} (95% interval ${percent(a.ci95.low)}–${percent(a.ci95.high)}), ${fmt(s.deals)} ${games}${range} — ${howDecided(s, a)}`;
}

/** The summary of one rule set, as lines: its answer first, then the counts behind it. */
function rulesetText(s: RulesetSummary): string[] {
  const played = s.policy !== undefined && s.policy !== 'solver';
  if (s.deals === 0) return [`${s.variant} × ${s.rule}${s.policy === undefined ? '' : ` · ${s.policy}`}: no deal solved`];
  const lines = [answerLine(s)];
  const method = answerOf(s).method;
  // The plain count; its rate where the answer is an estimate (it is the answer otherwise).
  const plain =
    method === 'two-phase' || method === 'difference' || method === 'reference'
      ? s.unknown === 0
        ? ` — plain rate ${percent(s.winRate.low)} (95% Wilson interval ${percent(s.ci95.low)}–${percent(s.ci95.high)})`
        : ` — plain range ${percent(s.winRate.low)}–${percent(s.winRate.high)} (95% Wilson interval ${percent(s.ci95.low)}–${percent(s.ci95.high)})`
      : '';
  lines.push(`  of the ${fmt(s.deals)}: won ${fmt(s.won)} · lost ${fmt(s.lost)} · unknown ${fmt(s.unknown)}${plain}`);
  if (method === 'reference') {
    const run = s.larger!.run;
    lines.push(
      `  ${run.reference === undefined ? run.file : `the stored run: ${describeReference(run.reference)}`}, deals ${fmt(run.first)}–${fmt(run.last)}: won ${fmt(run.won)}, ${run.unknown === 0 ? 'every deal decided' : `${fmt(run.unknown)} unknown`}`,
    );
  }
  if (s.raised !== undefined)
    lines.push(
      `  its ${s.raised.parts.join(' and ')} raised to ${ruleName(s.raised.by)}'s: every win under the forced rule is a win under the optional one`,
    );
  const left = [
    ...(s.unknown > 0 ? [`${fmt(s.unknown)} unknown`] : []),
    ...(s.lostUnpinned > 0 ? [`${fmt(s.lostUnpinned)} lost with max discards not pinned`] : []),
  ];
  // Where the difference estimate answers, the two-phase one's absence goes unsaid; its counts stay.
  if (s.twoPhase !== undefined)
    lines.push(...twoPhaseLines(s.twoPhase).filter((line) => method !== 'difference' || !line.startsWith('  no two-phase')));
  if (s.lattice !== undefined) lines.push(...latticeLines(s.lattice));
  if (s.passes !== undefined) lines.push(passesLine(s.passes));
  if (s.compare !== undefined && s.compare.deals > 0) lines.push(...comparisonLines(s.compare));
  lines.push(
    played
      ? '  cards discarded per game:'
      : `  max discards of the won and lost deals${left.length > 0 ? ` (${left.join(', ')} left out)` : ''}:`,
  );
  lines.push(...histogram(s.maxDiscards));
  if (!played || s.states.max > 0)
    lines.push(
      `  ${played ? 'solver states per game' : 'states per deal'}: median ${fmt(s.states.median)} · p99 ${fmt(s.states.p99)} · max ${fmt(s.states.max)}`,
    );
  lines.push(
    s.timedDeals === 0
      ? '  time: not recorded'
      : `  time: ${seconds(s.solveSeconds)} of ${played ? 'play' : 'solving'}${s.timedDeals < s.deals ? ` (${fmt(s.timedDeals)} timed deals)` : ''} · ${rate(s.timedDeals / Math.max(s.solveSeconds, 1e-9))} ${played ? 'games' : 'deals'}/s per worker` +
          (s.compare === undefined || s.compare.deals === 0
            ? ''
            : `; the solver: ${seconds(s.compare.solverSeconds)}, ${fmt(Math.round(s.compare.solverStates / s.compare.deals))} states per deal on average`),
  );
  return lines;
}

/**
 * What each pass decided, as a line: `by pass: 2,000,000 states 912 decided · ×8 (16,000,000) 60 · ×64
 * (128,000,000) 20; 8 still unknown`, and the unknown deals that still await a pass (an interrupted run).
 */
function passesLine(passes: readonly PassCount[]): string {
  const first = passes[0]!.maxStates;
  const label = (maxStates: number, i: number): string =>
    i === 0
      ? `${fmt(maxStates)} states`
      : Number.isInteger(maxStates / first)
        ? `×${maxStates / first} (${fmt(maxStates)})`
        : fmt(maxStates);
  const left = passes[passes.length - 1]!.unknown;
  const unsampled = passes.reduce((n, p) => n + (p.unsampled ?? 0), 0);
  const awaiting = awaitingPass(passes);
  return (
    `  by pass: ${passes.map((p, i) => `${label(p.maxStates, i)} ${fmt(p.decided)}${i === 0 ? ' decided' : ''}`).join(' · ')}; ` +
    `${fmt(left)} still unknown${passes[0]!.unsampled === undefined ? '' : `, ${fmt(unsampled)} unknown outside the sample of a later pass`}` +
    `${awaiting > 0 ? `, and ${fmt(awaiting)} unknown still to be given a later pass` : ''}`
  );
}

/** An interval's reach below and above its estimate: "±0.52 point", or "−4.90, +18.63 points" where they differ. */
const margin = (below: number, above: number, half: number): string =>
  points(below) === points(above) ? `±${points(half)} point` : `−${points(below)}, +${points(above)} points`;

/** A share of a probability as points: 0.0052 → "0.52". */
const points = (p: number): string => (p * 100).toFixed(p >= 0.1 ? 1 : 2);

/** The shares of the later passes, as the summary names them: " (a sample of 0.05 of them)", " (samples of
 *  0.1, 0.02, 0.005 of them, pass by pass)". */
const sharesLabel = (t: NonNullable<RulesetSummary['twoPhase']>): string => {
  const shares = (t.passShares ?? t.sampleShare).split(' ').filter((x) => x !== '');
  if (shares.length === 0) return '';
  return shares.length === 1 ? ` (a sample of ${shares[0]} of them)` : ` (samples of ${shares.join(', ')} of them, pass by pass)`;
};

/** What the first pass and the later ones did, each count adding up to the deals before it. */
function firstPassLine(t: NonNullable<RulesetSummary['twoPhase']>): string {
  // Deals given a later pass but left out of a later one's sample: still unknown, outside the last sample.
  const dropped = t.sampled - t.sampledWon - t.sampledLost - t.sampledUnknown;
  const unknown =
    dropped > 0
      ? `${fmt(t.sampledUnknown + dropped)} unknown (${fmt(dropped)} of them left out of a later pass's sample)`
      : `${fmt(t.sampledUnknown)} unknown`;
  return (
    `    first pass: ${fmt(t.firstDecided)} of ${fmt(t.deals)} decided (${fmt(t.firstWon)} won), ${fmt(t.firstUnknown)} unknown; ` +
    `of those, ${fmt(t.sampled)} given later passes${sharesLabel(t)}: ${fmt(t.sampledWon)} won · ${fmt(t.sampledLost)} lost · ${unknown}`
  );
}

/**
 * The two-phase estimate of a run that samples the unknown deals, as lines: the estimate and its interval,
 * what each phase decided, and how the variance splits.
 */
function twoPhaseLines(t: NonNullable<RulesetSummary['twoPhase']>): string[] {
  const open = t.sampledUnknown > 0;
  const half = (t.ci95.high - t.ci95.low) / 2;
  if (t.offered === false) {
    return [`  no two-phase estimate: ${t.note}`, firstPassLine(t)];
  }
  const lines = [
    open
      ? `  two-phase estimate between ${percent(t.estimate.low)} and ${percent(t.estimate.high)} (${fmt(t.sampledUnknown)} sampled deal${t.sampledUnknown === 1 ? '' : 's'} still unknown, counted lost, then won); 95% interval ${percent(t.ci95.low)}–${percent(t.ci95.high)}`
      : `  two-phase estimate ${percent(t.estimate.high)}, 95% interval ${percent(t.ci95.low)}–${percent(t.ci95.high)} (${margin(t.estimate.high - t.ci95.low, t.ci95.high - t.estimate.high, half)})`,
  ];
  lines.push(firstPassLine(t));
  const total = t.variance.deals + t.variance.sample;
  if (total > 0) {
    const share = (v: number): string => `${Math.round((v / total) * 100)}%`;
    lines.push(
      `    variance: ${share(t.variance.deals)} from the deals (more deals narrow it), ${share(t.variance.sample)} from the sample ` +
        `(a larger --sample-unknowns narrows it; with every unknown deal decided: ±${points(Z95 * Math.sqrt(t.variance.deals))} point)`,
    );
  }
  return lines;
}

/** What makes a difference estimate a range: the control's unknown deals, the sampled deals still open, or both. */
function openVerdicts(e: NonNullable<RulesetSummary['lattice']>['estimate']): string {
  const control =
    e.control.high > e.control.low ? `the control's ${fmt(e.controlUnknown)} unknown deal${e.controlUnknown === 1 ? '' : 's'}` : '';
  const tc = e.tailControl;
  const tail = tc !== undefined && tc.open > 0 ? `the tail control's ${fmt(tc.open)} open deal${tc.open === 1 ? '' : 's'}` : '';
  const own = e.difference.high - (tc?.share.high ?? 0) > e.difference.low - (tc?.share.low ?? 0) ? 'the sampled deals still unknown' : '';
  return [control, own, tail].filter((part) => part !== '').join(' and ');
}

/**
 * The difference estimate against the same variant's forced rule, as lines: the estimate and its interval
 * when offered (else why not), the two means it adds, and how its variance splits.
 */
function latticeLines(l: NonNullable<RulesetSummary['lattice']>): string[] {
  const e = l.estimate;
  const against = `against ${l.control}${l.controlRun === undefined ? " (this run's deals)" : ` (${largerRunInFull(l.controlRun)})`}`;
  if (!l.offer.offer) return [`  no difference estimate ${against}: ${l.offer.reason}`];
  const half = (e.ci95.high - e.ci95.low) / 2;
  const value =
    e.estimate.low === e.estimate.high
      ? `${percent(e.estimate.high)}, 95% interval ${percent(e.ci95.low)}–${percent(e.ci95.high)} (${margin(e.estimate.high - e.ci95.low, e.ci95.high - e.estimate.high, half)})`
      : `between ${percent(e.estimate.low)} and ${percent(e.estimate.high)} (${openVerdicts(e)}, counted lost, then won); 95% interval ${percent(e.ci95.low)}–${percent(e.ci95.high)}`;
  const sampled = e.strata.reduce((n, st) => n + st.sampled, 0);
  const dWins = e.strata.reduce((n, st) => n + st.firstWon + st.sampledWon, 0);
  const v = e.variance;
  const total = Math.max(v.control + v.target + v.covariance + v.sample, 1e-300);
  const share = (x: number): string => `${Math.round((x / total) * 100)}%`;
  const tc = e.tailControl;
  const own = (end: 'low' | 'high'): number => (tc === undefined ? e.difference[end] : e.difference[end] - tc.share[end]);
  const ownText = own('low') === own('high') ? percent(own('high')) : `${percent(own('low'))}–${percent(own('high'))}`;
  const tailText =
    tc === undefined ? '' : tc.share.low === tc.share.high ? percent(tc.share.high) : `${percent(tc.share.low)}–${percent(tc.share.high)}`;
  const parts =
    tc === undefined
      ? `${fmt(dWins)} of these ${fmt(e.deals)} deals won only under the optional rule, ${fmt(sampled)} of them sampled`
      : `${fmt(dWins)} of these ${fmt(e.deals)} deals won only under the optional rule by the first later pass; the ${fmt(e.tail.leftToControl)} it left ` +
        `undecided count through the tail control, ${tailText} (${fmt(tc.won)} such win${tc.won === 1 ? '' : 's'}` +
        `${tc.open > 0 ? ` and ${fmt(tc.open)} open` : ''} among the ${fmt(tc.sampled)} sampled deals of ${fmt(tc.deals)} in ${l.tailRun === undefined ? (tc.file ?? 'its run') : largerRunInFull(l.tailRun)})`;
  return [
    `  difference estimate ${against}: ${value}`,
    `    = ${ruleName(l.control)} ${e.control.low === e.control.high ? percent(e.control.high) : `${percent(e.control.low)}–${percent(e.control.high)}`} + won only under the optional rule ${ownText}` +
      `${tc === undefined ? '' : ` + its tail ${tailText}`}: ${parts}`,
    `    variance: ${share(v.control)} the control's deals, ${share(v.target)} this run's deals, ${share(v.covariance)} their covariance, ${share(v.sample)} the sample`,
  ];
}

/** The solver's verdicts on a policy's deals (--compare solver), as lines: its rate (a range with unknown
 *  deals) with its interval, and the winnable deals the policy lost. */
function comparisonLines(c: Comparison): string[] {
  const rate =
    c.solverUnknown === 0
      ? `${percent(c.solverRate.low)} (95% Wilson interval ${percent(c.solverCi95.low)}–${percent(c.solverCi95.high)})`
      : `between ${percent(c.solverRate.low)} and ${percent(c.solverRate.high)} (95% Wilson interval ${percent(c.solverCi95.low)}–${percent(c.solverCi95.high)})`;
  return [
    `  the solver (whole stock known) on the same ${fmt(c.deals)} deals: won ${fmt(c.solverWon)} · lost ${fmt(c.solverLost)} · unknown ${fmt(c.solverUnknown)}, win rate ${rate}`,
    `  winnable deals this policy lost: ${fmt(c.winnableLost)} of the ${fmt(c.solverWon)} the solver wins`,
  ];
}

/** The whole summary as text: a heading, each rule set, a closing line. */
export function summaryText(heading: string, summaries: readonly RulesetSummary[], closing: string): string {
  return [heading, '', ...summaries.flatMap((s) => [...rulesetText(s), '']), closing].join('\n');
}
