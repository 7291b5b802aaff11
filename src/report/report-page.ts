// The report page: one self-contained HTML file (inline CSS and SVG, no script, nothing fetched) with the
// charts of a set of runs and a table of their figures and provenance.

import { type Chart, orderedRuns, scopeIds } from './charts.ts';
import type { DealSeries, SummaryRow } from './data.ts';
import { escapeHtml, pageHead } from './html.ts';
import { fmt, percent } from '../core/game/format.ts';

/** A figure of a table cell: empty when not recorded. */
const cell = (n: number | null): string => (n === null ? '' : fmt(n));

/** The two-phase estimate of a run that sampled its unknown deals, with its interval and sample; else empty. */
function twoPhaseCell(row: SummaryRow): string {
  const t = row.twoPhase;
  if (t === undefined) return '';
  const estimate = t.low === t.high ? percent(t.low) : `${percent(t.low)}–${percent(t.high)}`;
  const how = t.against === undefined ? '' : `<br>difference estimate against ${escapeHtml(t.against)}`;
  return `<b>${estimate}</b><br><small>95%: ${percent(t.ci95Low)}–${percent(t.ci95High)}<br>${fmt(t.sampled)} sampled (${escapeHtml(t.sample)})${how}</small>`;
}

function runRow(row: SummaryRow): string {
  const rate = row.unknown === 0 ? percent(row.winRateLow) : `${percent(row.winRateLow)}–${percent(row.winRateHigh)}`;
  const range = row.firstIndex === null || row.lastIndex === null ? '' : `${fmt(row.firstIndex)}–${fmt(row.lastIndex)}`;
  const cells = [
    `<td>${escapeHtml(row.file)}</td>`,
    `<td>${escapeHtml(row.variant)}</td>`,
    `<td>${escapeHtml(row.rule)}${row.policy === '' ? '' : ` · ${escapeHtml(row.policy)}`}</td>`,
    `<td class="n">${escapeHtml(row.seed)}</td>`,
    `<td class="n">${fmt(row.deals)}${range === '' ? '' : `<br><small>${range}</small>`}</td>`,
    `<td class="n">${fmt(row.won)}</td>`,
    `<td class="n">${fmt(row.lost)}</td>`,
    `<td class="n">${fmt(row.unknown)}</td>`,
    `<td class="n">${rate}</td>`,
    `<td class="n">${percent(row.ci95Low)}–${percent(row.ci95High)}</td>`,
    `<td class="n">${twoPhaseCell(row)}</td>`,
    `<td class="n">${cell(row.statesMedian)} / ${cell(row.statesP99)} / ${cell(row.statesMax)}</td>`,
    `<td class="n">${cell(row.maxStates)}</td>`,
    `<td class="n">${row.wallSeconds === null ? '' : `${fmt(Math.round(row.wallSeconds))} s`}${row.workers === null ? '' : `<br><small>${row.workers} workers</small>`}</td>`,
    `<td>${row.complete ? 'yes' : '<b>partial</b>'}</td>`,
    `<td>${escapeHtml(row.version)}<br><code>${escapeHtml(row.commit.slice(0, 10))}</code></td>`,
    `<td class="cmd"><code>${escapeHtml(row.command)}</code></td>`,
  ];
  return `<tr>${cells.join('')}</tr>`;
}

const STYLE = `
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 1.5rem; color: #222; background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .3rem; }
h2 { font-size: 1.15rem; margin: 1.8rem 0 .4rem; }
p.lead { color: #555; margin: 0 0 1rem; max-width: 60rem; }
.layout { display: flex; flex-wrap: wrap; gap: 2rem; align-items: flex-start; }
figure { margin: 0; }
figcaption { color: #555; font-size: .88rem; max-width: 46rem; margin: .3rem 0 0; }
.chart svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: .8rem; }
th, td { border-bottom: 1px solid #e3e3e3; padding: .25rem .45rem; vertical-align: top; text-align: left; }
th { background: #f5f5f5; position: sticky; top: 0; }
td.n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.cmd { min-width: 32rem; }
td.cmd code { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .72rem; color: #444; }
.table-wrap { overflow-x: auto; }
small { color: #777; }
footer { margin-top: 2rem; color: #777; font-size: .8rem; }
`;

export interface ReportMeta {
  /** The acesup version that made the page. */
  version: string;
  /** The input files, as given. */
  files: readonly string[];
}

/** The whole page. */
export function reportPage(charts: readonly Chart[], rows: readonly SummaryRow[], series: readonly DealSeries[], meta: ReportMeta): string {
  const figures = charts
    .map(
      (chart) => `
<section class="chart" id="${chart.id}">
<h2>${escapeHtml(chart.title)}</h2>
<figure>
${scopeIds(chart.svg, chart.id)}
<figcaption>${escapeHtml(chart.caption)}</figcaption>
</figure>
</section>`,
    )
    .join('\n');
  const seriesList =
    series.length === 0
      ? ''
      : `
<h2>Per-deal files</h2>
<ul>${series.map((s) => `<li>${escapeHtml(s.file)}: ${escapeHtml(s.variant)} × ${escapeHtml(s.rule)}${s.policy === '' ? '' : ` × ${escapeHtml(s.policy)}`}, seed ${s.seed}, ${fmt(s.outcomes.length)} deals</li>`).join('')}</ul>`;
  const table =
    rows.length === 0
      ? '<p>No summary file given.</p>'
      : `
<div class="table-wrap">
<table id="runs">
<thead><tr><th>file</th><th>variant</th><th>rule</th><th>seed</th><th>deals</th><th>won</th><th>lost</th><th>unknown</th>
<th>win rate</th><th>95% interval</th><th>two-phase estimate<br><small>--sample-unknowns</small></th><th>states per deal<br><small>median / p99 / max</small></th><th>budget<br><small>--max-states</small></th>
<th>wall time</th><th>complete</th><th>version, commit</th><th>command</th></tr></thead>
<tbody>
${orderedRuns(rows).map(runRow).join('\n')}
</tbody>
</table>
</div>`;
  return `${pageHead('acesup report: win rates of Aces Up under perfect play', STYLE, 'img-src data:')}
<h1>Aces Up under perfect play</h1>
<p class="lead">Win rates, max discards and search cost from ${fmt(rows.length)} ${rows.length === 1 ? 'run' : 'runs'} of <code>acesup estimate</code>
(a run is one variant × discard rule of a summary file)${series.length === 0 ? '' : ` and ${fmt(series.length)} per-deal ${series.length === 1 ? 'series' : 'series'}`}.
Perfect play: the whole stock order is known. The table below the charts gives every figure, with the command, seed, budget, version and commit of each run.</p>
<div class="layout">
<div class="charts">
${figures}
</div>
</div>
<h2>Runs</h2>
${table}
${seriesList}
<footer>Made by <code>acesup report</code> ${escapeHtml(meta.version)} from ${meta.files.map((f) => `<code>${escapeHtml(f)}</code>`).join(', ')}.</footer>
</body>
</html>
`;
}
