// The report's charts as Vega-Lite specs, rendered to SVG strings in Node by Vega's headless view (no browser).

import * as vega from 'vega';
import { type TopLevelSpec, compile } from 'vega-lite';
import { DISCARD_RULES, VARIANTS, WIN_DISCARDS } from '../core/game/rules.ts';
import { type DealSeries, type SummaryRow, runningEstimate } from './data.ts';
import { fmt } from '../core/game/format.ts';

export interface Chart {
  /** File name stem for --svg, and the id of its figure in the page. */
  id: string;
  title: string;
  /** One paragraph under the chart: what it shows and how to read it. */
  caption: string;
  svg: string;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif';
const CONFIG = {
  font: FONT,
  axis: { labelFontSize: 11, titleFontSize: 12 },
  axisY: { labelLimit: 0 },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 0 },
  view: { stroke: '#ddd' },
};
/** Colours of the discard rules (and anything else by rule), the same in every chart. */
const RULE_COLOURS = { domain: [...DISCARD_RULES], range: ['#1f77b4', '#d62728'] };

/** A run as one line of text: variant × rule (× policy) and the file it came from. */
export const runLabel = (row: SummaryRow): string =>
  `${row.variant} × ${row.rule}${row.policy === '' ? '' : ` × ${row.policy}`} · ${stem(row.file)}`;

/** A file name without its CSV extensions, for labels. */
export const stem = (file: string): string => file.replace(/(\.summary)?\.csv(\.gz)?$/u, '');

const groupLabel = (variant: string, rule: string): string => `${variant} × ${rule}`;

/** Renders a Vega-Lite spec to a standalone SVG string. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** Makes the ids inside an SVG unique to `prefix`, so that several SVGs can sit in one page (clip paths). */
export function scopeIds(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/gu, `id="${prefix}-$1"`)
    .replace(/url\(#([^)]+)\)/gu, `url(#${prefix}-$1)`)
    .replace(/href="#([^"]+)"/gu, `href="#${prefix}-$1"`);
}

/** Per variant × rule, the run with the most deals in its max-discards histogram (the clearest picture). */
function largestPerRuleset<T>(items: readonly T[], key: (item: T) => string, size: (item: T) => number): T[] {
  const best = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    const held = best.get(k);
    if (size(item) > 0 && (held === undefined || size(item) > size(held))) best.set(k, item);
  }
  return [...best.values()];
}

/** The order of the rules module (rules.ts); a name read from a file that is not there sorts first. */
const VARIANT_ORDER: readonly string[] = VARIANTS;
const RULE_ORDER: readonly string[] = DISCARD_RULES;
const byRuleset = (a: { variant: string; rule: string }, b: { variant: string; rule: string }): number =>
  VARIANT_ORDER.indexOf(a.variant) - VARIANT_ORDER.indexOf(b.variant) || RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule);

/** The runs in the order the charts list them: by variant, rule, then as given. */
export function orderedRuns(rows: readonly SummaryRow[]): SummaryRow[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => byRuleset(a.row, b.row) || a.i - b.i)
    .map(({ row }) => row);
}

export function winRateSpec(rows: readonly SummaryRow[]): TopLevelSpec {
  const runs = orderedRuns(rows);
  const values = runs.map((row) => ({
    run: runLabel(row),
    rule: row.rule,
    deals: row.deals,
    unknown: row.unknown,
    low: row.winRateLow,
    high: row.winRateHigh,
    ciLow: row.ci95Low,
    ciHigh: row.ci95High,
    ...(row.twoPhase === undefined
      ? {}
      : {
          estimate: (row.twoPhase.low + row.twoPhase.high) / 2,
          estimateLow: row.twoPhase.low,
          estimateHigh: row.twoPhase.high,
          estimateCiLow: row.twoPhase.ci95Low,
          estimateCiHigh: row.twoPhase.ci95High,
        }),
  }));
  const y = { field: 'run', type: 'nominal', sort: null, title: null } as const;
  // The legend's symbols at full strength, whichever layer's faint mark it takes them from.
  const colour = { field: 'rule', type: 'nominal', scale: RULE_COLOURS, title: 'discard rule', legend: { symbolOpacity: 1 } } as const;
  const estimated = 'isValid(datum.estimate)';
  // The lead of each row is its best figure with its 95% interval: the two-phase estimate where the run has one,
  // else the plain rate. The plain range (every unknown lost to every unknown won) stays behind, light and thin:
  // it is what the run proved, not what it estimates.
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    width: 520,
    data: { values },
    encoding: { y },
    layer: [
      {
        name: 'range',
        transform: [{ filter: 'datum.high > datum.low' }],
        mark: { type: 'bar', height: 5, opacity: 0.18 },
        encoding: {
          x: {
            field: 'low',
            type: 'quantitative',
            title:
              'win rate under perfect play (point and bar: the estimate or rate and its 95% interval; light band: every unknown lost to won)',
            axis: { format: '%' },
            scale: { zero: false },
          },
          x2: { field: 'high' },
          color: colour,
        },
      },
      // The plain 95% interval: the lead of a run without an estimate, a faint line behind one with it.
      {
        mark: { type: 'rule' },
        encoding: {
          x: { field: 'ciLow', type: 'quantitative' },
          x2: { field: 'ciHigh' },
          color: { condition: { test: estimated, value: '#d4d4d4' }, value: '#555' },
          strokeWidth: { condition: { test: estimated, value: 1 }, value: 2 },
        },
      },
      {
        transform: [{ filter: `!${estimated}` }],
        mark: { type: 'tick', thickness: 2, size: 10, color: '#555' },
        encoding: { x: { field: 'ciLow', type: 'quantitative' } },
      },
      {
        transform: [{ filter: `!${estimated}` }],
        mark: { type: 'tick', thickness: 2, size: 10, color: '#555' },
        encoding: { x: { field: 'ciHigh', type: 'quantitative' } },
      },
      {
        name: 'rate',
        mark: { type: 'point', filled: true },
        encoding: {
          x: { field: 'low', type: 'quantitative' },
          color: colour,
          size: { condition: { test: estimated, value: 20 }, value: 60 },
          opacity: { condition: { test: estimated, value: 0.35 }, value: 1 },
          tooltip: [
            { field: 'run' },
            { field: 'deals', format: ',' },
            { field: 'unknown', format: ',' },
            { field: 'low', format: '.2%', title: 'win rate (unknowns lost)' },
            { field: 'high', format: '.2%', title: 'win rate (unknowns won)' },
            { field: 'ciLow', format: '.2%', title: '95% low' },
            { field: 'ciHigh', format: '.2%', title: '95% high' },
          ],
        },
      },
      // A run that sampled its unknown deals: the two-phase estimate (a large point) and its 95% interval (a bar with ends).
      {
        transform: [{ filter: estimated }],
        mark: { type: 'rule', strokeWidth: 2.5, color: '#222' },
        encoding: { x: { field: 'estimateCiLow', type: 'quantitative' }, x2: { field: 'estimateCiHigh' } },
      },
      {
        transform: [{ filter: estimated }],
        mark: { type: 'tick', thickness: 2.5, size: 14, color: '#222' },
        encoding: { x: { field: 'estimateCiLow', type: 'quantitative' } },
      },
      {
        transform: [{ filter: estimated }],
        mark: { type: 'tick', thickness: 2.5, size: 14, color: '#222' },
        encoding: { x: { field: 'estimateCiHigh', type: 'quantitative' } },
      },
      {
        name: 'estimate',
        transform: [{ filter: estimated }],
        mark: { type: 'point', filled: true, size: 110, stroke: '#222', strokeWidth: 1.5, opacity: 1 },
        encoding: {
          x: { field: 'estimate', type: 'quantitative' },
          color: colour,
          tooltip: [
            { field: 'run' },
            { field: 'estimateLow', format: '.2%', title: 'two-phase estimate' },
            { field: 'estimateHigh', format: '.2%', title: '(sampled unknowns won)' },
            { field: 'estimateCiLow', format: '.2%', title: '95% low' },
            { field: 'estimateCiHigh', format: '.2%', title: '95% high' },
          ],
        },
      },
    ],
  } as TopLevelSpec;
}

/** The runs whose histogram the max-discards chart draws: per variant × rule the largest. */
export const histogramRuns = (rows: readonly SummaryRow[]): SummaryRow[] =>
  largestPerRuleset(
    rows,
    (r) => groupLabel(r.variant, r.rule) + (r.policy === '' ? '' : ` × ${r.policy}`),
    (r) => r.maxDiscards.reduce((s, n) => s + n, 0),
  ).sort(byRuleset);

/** A chart of one small panel per value of the field `panel` (in the order they come), two to a row, each
 *  with its own scales on `independent`: the panels' runs differ too much in size to share them. */
function panels(values: readonly { panel: string }[], independent: readonly ('x' | 'y')[], spec: object): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    data: { values },
    facet: { field: 'panel', type: 'nominal', sort: [...new Set(values.map((v) => v.panel))], title: null, header: { labelLimit: 0 } },
    columns: 2,
    spec,
    resolve: { scale: Object.fromEntries(independent.map((axis) => [axis, 'independent'])) },
  } as TopLevelSpec;
}

export function maxDiscardsSpec(rows: readonly SummaryRow[]): TopLevelSpec {
  const values = histogramRuns(rows).flatMap((row) => {
    const total = row.maxDiscards.reduce((s, n) => s + n, 0);
    const panel = `${groupLabel(row.variant, row.rule)}${row.policy === '' ? '' : ` × ${row.policy}`} — ${stem(row.file)}, ${fmt(total)} deals`;
    return row.maxDiscards.flatMap((count, discards) =>
      count === 0 ? [] : [{ panel, discards, deals: count, share: count / total, rule: row.rule }],
    );
  });
  return panels(values, ['y'], {
    width: 330,
    height: 150,
    mark: { type: 'bar', width: 5 },
    encoding: {
      x: {
        field: 'discards',
        type: 'quantitative',
        title: 'max discards (48 = won)',
        scale: { domain: [0, WIN_DISCARDS] },
        axis: { values: [0, 8, 16, 24, 32, 40, 48] },
      },
      y: { field: 'share', type: 'quantitative', title: 'share of deals (√ scale)', scale: { type: 'sqrt' }, axis: { format: '%' } },
      color: { field: 'rule', type: 'nominal', scale: RULE_COLOURS, legend: null },
      tooltip: [{ field: 'discards' }, { field: 'deals', format: ',' }, { field: 'share', format: '.2%' }],
    },
  });
}

/** The runs whose states per deal the cost chart draws (those that recorded them). */
export const statesRuns = (rows: readonly SummaryRow[]): SummaryRow[] =>
  orderedRuns(rows).filter((r) => (r.statesMedian ?? 0) > 0 && (r.statesP99 ?? 0) > 0 && (r.statesMax ?? 0) > 0);

export function statesSpec(rows: readonly SummaryRow[]): TopLevelSpec {
  const runs = statesRuns(rows);
  const points = runs.flatMap((row) =>
    (['median', 'p99', 'max'] as const).map((stat) => ({
      run: runLabel(row),
      stat,
      states: stat === 'median' ? row.statesMedian! : stat === 'p99' ? row.statesP99! : row.statesMax!,
    })),
  );
  const spans = runs.map((row) => ({
    run: runLabel(row),
    from: row.statesMedian!,
    to: row.statesMax!,
    budget: row.maxStates,
    rule: row.rule,
  }));
  const y = { field: 'run', type: 'nominal', sort: null, title: null } as const;
  const x = {
    type: 'quantitative',
    scale: { type: 'log' },
    title: "states per deal (log scale; tick: the run's --max-states budget)",
    axis: { format: '~s' },
  } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: CONFIG,
    width: 520,
    encoding: { y },
    layer: [
      { data: { values: spans }, mark: { type: 'rule', color: '#bbb' }, encoding: { x: { ...x, field: 'from' }, x2: { field: 'to' } } },
      {
        data: { values: spans },
        transform: [{ filter: 'datum.budget > 0' }],
        mark: { type: 'tick', color: '#333', thickness: 2, size: 12 },
        encoding: { x: { ...x, field: 'budget' } },
      },
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 40, opacity: 1 },
        encoding: {
          x: { ...x, field: 'states' },
          shape: { field: 'stat', type: 'nominal', sort: ['median', 'p99', 'max'], title: 'states per deal' },
          color: {
            field: 'stat',
            type: 'nominal',
            sort: ['median', 'p99', 'max'],
            scale: { range: ['#2ca02c', '#ff7f0e', '#7b3294'] },
            title: 'states per deal',
          },
          tooltip: [{ field: 'run' }, { field: 'stat' }, { field: 'states', format: ',' }],
        },
      },
    ],
  } as TopLevelSpec;
}

/** A per-deal series' variant × rule (× policy). */
const seriesLabel = (s: DealSeries): string => groupLabel(s.variant, s.rule) + (s.policy === '' ? '' : ` × ${s.policy}`);

/** The per-deal series the running-estimate chart draws: per variant × rule (× policy) the longest. */
export const runningSeries = (series: readonly DealSeries[]): DealSeries[] =>
  largestPerRuleset(series, seriesLabel, (s) => s.outcomes.length).sort(byRuleset);

export function runningSpec(series: readonly DealSeries[]): TopLevelSpec {
  const values = runningSeries(series).flatMap((s) => {
    const panel = `${seriesLabel(s)} — ${stem(s.file)}, seed ${s.seed}, ${fmt(s.outcomes.length)} deals`;
    return runningEstimate(s.outcomes).map((p) => ({ panel, rule: s.rule, ...p }));
  });
  const x = {
    field: 'deals',
    type: 'quantitative',
    scale: { type: 'log' },
    title: 'deals solved (log scale)',
    axis: { format: '~s' },
  } as const;
  return panels(values, ['y', 'x'], {
    width: 330,
    height: 160,
    layer: [
      {
        mark: { type: 'area', opacity: 0.15 },
        encoding: {
          x,
          y: { field: 'ci95Low', type: 'quantitative', title: 'win rate so far', axis: { format: '%' }, scale: { zero: false } },
          y2: { field: 'ci95High' },
          color: { field: 'rule', type: 'nominal', scale: RULE_COLOURS, legend: null },
        },
      },
      {
        mark: { type: 'area', opacity: 0.35 },
        encoding: {
          x,
          y: { field: 'low', type: 'quantitative' },
          y2: { field: 'high' },
          color: { field: 'rule', type: 'nominal', scale: RULE_COLOURS, legend: null },
        },
      },
      {
        mark: { type: 'point', filled: true, size: 7, opacity: 1 },
        encoding: {
          x,
          y: { field: 'low', type: 'quantitative' },
          color: { field: 'rule', type: 'nominal', scale: RULE_COLOURS, legend: null },
          tooltip: [
            { field: 'deals', format: ',' },
            { field: 'low', format: '.2%', title: 'win rate (unknowns lost)' },
            { field: 'high', format: '.2%', title: 'win rate (unknowns won)' },
            { field: 'ci95Low', format: '.2%' },
            { field: 'ci95High', format: '.2%' },
          ],
        },
      },
    ],
  });
}

/** Every chart the inputs allow, rendered (a chart with nothing to draw is left out). */
export async function buildCharts(rows: readonly SummaryRow[], series: readonly DealSeries[]): Promise<Chart[]> {
  const charts: (Omit<Chart, 'svg'> & { when: boolean; spec: () => TopLevelSpec })[] = [
    {
      id: 'win-rate',
      title: 'Win rate per variant × discard rule',
      when: rows.length > 0,
      spec: () => winRateSpec(rows),
      caption:
        'One line per run. Where a run has a two-phase estimate, the large point is that estimate and the dark bar its 95% ' +
        'interval; elsewhere the point is the win rate (every undecided deal counted lost) and the bar its 95% Wilson interval. ' +
        'Behind, light: the band from every unknown lost to every unknown won, and for an estimated run its plain interval and rate.',
    },
    {
      id: 'max-discards',
      title: 'Max discards per deal',
      when: histogramRuns(rows).length > 0,
      spec: () => maxDiscardsSpec(rows),
      caption:
        'Per variant × discard rule, the run with the most deals: the share of deals whose best line discards ' +
        'that many cards (48 is a win). Deals left unknown, and lost deals whose max was not pinned, are left out. Square-root scale, so the rare low counts show.',
    },
    {
      id: 'states',
      title: 'Search cost: states per deal',
      when: statesRuns(rows).length > 0,
      spec: () => statesSpec(rows),
      caption:
        "The median, 99th percentile and maximum of positions searched per deal, on a log scale, against each run's budget: how the " +
        "search's cost grows from rule to rule, and where the budget cuts it.",
    },
    {
      id: 'running-estimate',
      title: 'Running estimate against deals solved',
      when: runningSeries(series).length > 0,
      spec: () => runningSpec(series),
      caption:
        'From the per-deal files (per variant × discard rule × policy, the longest): the win rate after the first n deals, ' +
        'dots counting unknowns as lost, the dark band up to unknowns won, the light band the 95% interval. Where the band stops narrowing, more deals stop paying.',
    },
  ];
  const drawn: Chart[] = [];
  for (const { when, spec, ...chart } of charts) if (when) drawn.push({ ...chart, svg: await renderSvg(spec()) });
  return drawn;
}
