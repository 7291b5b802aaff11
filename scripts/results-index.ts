// The index of results/: reads each study folder's README.md (its first line, the study's question, and a line
// `current: FILE, …` naming its current runs) and its summary CSVs (`*.summary.csv`, as `acesup estimate
// --summary` and `acesup merge --summary` write them), and writes results/README.md: the table of the current
// figure of each variant × rule (standard, strict, easy × optional, forced) and the list of studies.
//
//   npx tsx scripts/results-index.ts              writes results/README.md
//   npx tsx scripts/results-index.ts --table      prints only the short markdown table (links from the repository root)
//   npx tsx scripts/results-index.ts --table --into README.md
//                                                 writes the short table and the headline (the rule texts' game with
//                                                 perfect play and without seeing the stock) between the file's
//                                                 <!-- table: … --> … <!-- /table --> and <!-- headline: … -->
//                                                 … <!-- /headline --> markers (links from the file's folder)
//   npx tsx scripts/results-index.ts --current    prints the files of the current runs, one a line: the table's
//                                                 summary CSVs, then the per-deal CSVs the `current:` lines name
//                                                 (results/report.sh hands them to acesup report)
//   npx tsx scripts/results-index.ts --reference src/batch/reference-runs.ts
//                                                 writes the table's runs as the package's reference data (their
//                                                 figures and provenance, and the tails the estimate's default plan
//                                                 takes): what an installed acesup reads, having no results/
//   --reference FILE --check                      exits 1 when FILE is not what results/ gives (the tests run it)
//   --dir DIR                                     another results folder (default: results/ of this repository)
//   --prefix P                                    what the table's links start with (--table: the folder's path
//                                                 from the working directory, e.g. results/; README.md: nothing)
//
// Which runs are current: those a study's README.md names in its `current:` line (file names in the folder,
// `*` as a wildcard, comma-separated). A folder in TABLE_STUDIES whose README has no such line (or that has no
// README) counts every summary CSV in it. Only perfect play counts (rows of a --policy run are left out). Per
// variant × rule the table shows one run: a run with a two-phase estimate (--sample-unknowns: columns
// two_phase_*) first, then the one with the most deals, then the later: the later study folder by name, and
// within a folder the later in its `current:` line (or by file name).

import '../scripts/dev-script.ts';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'csv-parse/sync';
import { readSampleShare } from '../src/batch/options.ts';
import { winRate } from '../src/core/stats.ts';

/** Folders whose summaries are the table's by definition (when their README names no `current:` runs). */
const TABLE_STUDIES = ['win-rates', 'two-phase'];
const VARIANTS = ['standard', 'strict', 'easy'] as const;
const RULES = ['optional', 'forced'] as const;

type Row = Record<string, string>;

interface Study {
  folder: string;
  title: string;
  hasReadme: boolean;
  /** The current files in their order (summary and per-deal CSVs), relative to the study folder. */
  current: string[];
}

interface Candidate {
  study: Study;
  file: string;
  order: number;
  row: Row;
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    table: { type: 'boolean', default: false },
    current: { type: 'boolean', default: false },
    prefix: { type: 'string' },
    into: { type: 'string' },
    reference: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
  strict: true,
});

const repository = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(values.dir ?? join(repository, 'results'));
if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`no results folder ${root}`);

/** A glob of `*` only, as a regular expression of a whole file name. */
const globToRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/gu, '\\$&'))
      .join('.*')}$`,
    'u',
  );

function readStudy(folder: string): Study {
  const dir = join(root, folder);
  const readme = join(dir, 'README.md');
  const files = readdirSync(dir).sort();
  const summaries = files.filter((name) => name.endsWith('.summary.csv'));
  if (!existsSync(readme)) return { folder, title: folder, hasReadme: false, current: TABLE_STUDIES.includes(folder) ? summaries : [] };
  const text = readFileSync(readme, 'utf8');
  const title = (text.split('\n')[0] ?? '').replace(/^#+\s*/u, '').trim() || folder;
  const line = /^current:\s*(.*)$/mu.exec(text);
  if (line === null) return { folder, title, hasReadme: true, current: TABLE_STUDIES.includes(folder) ? summaries : [] };
  const current: string[] = [];
  for (const entry of line[1]!
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const matched = files.filter((name) => globToRegExp(entry).test(name));
    if (matched.length === 0)
      throw new Error(`${relative(repository, readme)}: its current: line names ${entry}, which is not in the folder`);
    for (const name of matched) if (!current.includes(name)) current.push(name);
  }
  return { folder, title, hasReadme: true, current };
}

const studies = readdirSync(root)
  .filter((name) => statSync(join(root, name)).isDirectory() && !name.startsWith('.'))
  .sort()
  .map(readStudy);

const isPerfectPlay = (row: Row): boolean => row['policy'] === undefined || row['policy'] === '' || row['policy'] === 'solver';
const hasTwoPhase = (row: Row): boolean => (row['two_phase_low'] ?? '') !== '' || (row['lattice_low'] ?? '') !== '';

const candidates: Candidate[] = [];
for (const study of studies) {
  study.current
    .filter((name) => name.endsWith('.summary.csv'))
    .forEach((file, order) => {
      const rows = parse(readFileSync(join(root, study.folder, file), 'utf8'), { columns: true, relax_column_count: true }) as Row[];
      for (const row of rows) if (isPerfectPlay(row)) candidates.push({ study, file, order, row });
    });
}

/** Whether a should be shown rather than b: an estimate first (the narrower), then more deals, then the later. */
function better(a: Candidate, b: Candidate): boolean {
  if (hasTwoPhase(a.row) !== hasTwoPhase(b.row)) return hasTwoPhase(a.row);
  if (hasTwoPhase(a.row)) {
    // Two estimates: the narrower 95% interval.
    const width = (c: Candidate): number => {
      const shown = shownOf(figures(c.row));
      return shown.ci95.high - shown.ci95.low;
    };
    if (width(a) !== width(b)) return width(a) < width(b);
  }
  const deals = Number(a.row['deals']) - Number(b.row['deals']);
  if (deals !== 0) return deals > 0;
  if (a.study.folder !== b.study.folder) return a.study.folder > b.study.folder;
  return a.order > b.order;
}

/** A rate as a percentage: the one place a figure is rounded (to 2 decimals). */
const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
const num = (x: string | undefined): string => (x === undefined || x === '' ? '' : Number(x).toLocaleString('en-US'));
const span = (r: { low: number; high: number }): string => (pct(r.low) === pct(r.high) ? pct(r.low) : `${pct(r.low)}–${pct(r.high)}`);
const count = (row: Row, column: string): number | undefined => {
  const text = row[column] ?? '';
  return /^\d+$/u.test(text) ? Number(text) : undefined;
};

/** A rate from every-unknown-lost to every-unknown-won, and its 95% interval. */
interface Rate {
  low: number;
  high: number;
  ci95: { low: number; high: number };
}

interface Figures {
  plain: Rate;
  twoPhase?: Rate & { sampled: number; stillUnknown: number };
  /** The difference estimate against the forced rule (lattice_* columns), where offered. */
  lattice?: Rate & { control: string; controlDeals: number };
}

/** The widest range an estimate may have (its open sampled deals counted lost, then won) and still be shown. */
const OPEN_WIDTH = 0.05;

/** The figure a table shows: the estimate with the narrowest 95% interval of those offered, else the plain range. */
function shownOf(f: Figures): Rate {
  // An estimate that its open sampled deals leave more than 5 points wide is no point estimate: the proven
  // range says more honestly what is known.
  const offered = [f.lattice, f.twoPhase].filter((r): r is NonNullable<typeof r> => r !== undefined && r.high - r.low <= OPEN_WIDTH);
  const width = (r: Rate): number => r.ci95.high - r.ci95.low;
  return offered.sort((a, b) => width(a) - width(b))[0] ?? f.plain;
}

/**
 * A row's figures, exact where its counts give them: the CSV writes rates to 6 places, and rounding those again
 * to 2 can round up a half that the exact rate rounds down (10,225/20,000 at a share of 2⁻³²-steps just over
 * 0.05 is 51.1249…%, written 0.511250). The two-phase interval needs the per-deal spread: its CSV value is used.
 */
function figures(row: Row): Figures {
  const [deals, won, unknown] = [count(row, 'deals'), count(row, 'won'), count(row, 'unknown')];
  const column = (name: string): number => Number(row[name]);
  const plain: Rate =
    deals !== undefined && won !== undefined && unknown !== undefined
      ? winRate(won, unknown, deals)
      : {
          low: column('win_rate_low'),
          high: column('win_rate_high'),
          ci95: { low: column('ci95_low'), high: column('ci95_high') },
        };
  const lattice =
    (row['lattice_low'] ?? '') === ''
      ? undefined
      : {
          low: column('lattice_low'),
          high: column('lattice_high'),
          ci95: { low: column('lattice_ci95_low'), high: column('lattice_ci95_high') },
          control: row['lattice_control'] ?? '',
          controlDeals: count(row, 'lattice_control_deals') ?? 0,
        };
  if ((row['two_phase_low'] ?? '') === '') return { plain, ...(lattice === undefined ? {} : { lattice }) };
  let low = column('two_phase_low');
  let high = column('two_phase_high');
  const [firstWon, sampledWon, sampledUnknown] = [count(row, 'first_won'), count(row, 'sampled_won'), count(row, 'sampled_unknown')];
  const share = readSampleShare(row['sample_unknowns'] ?? '');
  if (
    deals !== undefined &&
    deals > 0 &&
    firstWon !== undefined &&
    sampledWon !== undefined &&
    sampledUnknown !== undefined &&
    typeof share !== 'string'
  ) {
    // The estimator's mean (batch/sample.ts): a sampled win counts 1/π. Kept only where it matches the CSV's
    // figure (a merge of runs with different shares does not fit one π).
    const exactLow = (firstWon + sampledWon / share.share) / deals;
    const exactHigh = (firstWon + (sampledWon + sampledUnknown) / share.share) / deals;
    if (Math.abs(exactLow - low) <= 1e-6 && Math.abs(exactHigh - high) <= 1e-6) [low, high] = [exactLow, exactHigh];
  }
  return {
    plain,
    ...(lattice === undefined ? {} : { lattice }),
    twoPhase: {
      low,
      high,
      ci95: { low: column('two_phase_ci95_low'), high: column('two_phase_ci95_high') },
      sampled: count(row, 'sampled') ?? 0,
      stillUnknown: count(row, 'sampled_unknown') ?? 0,
    },
  };
}

// Chosen once the figures' helpers above are defined (better() reads a row's figures).
const chosen = new Map<string, Candidate>();
for (const candidate of candidates) {
  const key = `${candidate.row['variant']} × ${candidate.row['discards']}`;
  const held = chosen.get(key);
  if (held === undefined || better(candidate, held)) chosen.set(key, candidate);
}

/** The budget: --max-states, and the larger budgets of its passes where it had some. */
function budget(row: Row): string {
  const passes = (row['pass_max_states'] ?? '').split(' ').filter((s) => s !== '');
  if (passes.length > 1) return passes.map(num).join(' → ');
  return num(row['max_states']) || "merged (its parts' summaries have it)";
}

const commitOf = (row: Row): string => `${(row['commit'] ?? '').slice(0, 7)}${(row['commit'] ?? '').endsWith('-dirty') ? '-dirty' : ''}`;

/** results/README.md's table: every figure of the run, with its provenance. */
function fullTable(prefix: string): string {
  const lines = [
    '| variant × rule | win rate | 95% interval | estimate (95% interval) | deals | seed | unknown | budget (positions per deal) | commit | run |',
    '| --- | --- | --- | --- | ---: | ---: | ---: | --- | --- | --- |',
  ];
  for (const variant of VARIANTS) {
    for (const rule of RULES) {
      const key = `${variant} × ${rule}`;
      const c = chosen.get(key);
      if (c === undefined) {
        lines.push(`| ${key} | no current run | | | | | | | | |`);
        continue;
      }
      const r = c.row;
      const f = figures(r);
      const shown = shownOf(f);
      const twoPhase =
        shown === f.plain
          ? '—'
          : `**${span(shown)}** (${pct(shown.ci95.low)}–${pct(shown.ci95.high)}); ${
              shown === f.lattice ? `difference estimate against ${f.lattice.control}, ` : ''
            }${num(r['sampled'])} unknowns sampled`;
      const rate = shown === f.plain ? `**${span(f.plain)}**` : span(f.plain);
      const path = `${c.study.folder}/${c.file}`;
      lines.push(
        `| ${key} | ${rate} | ${pct(f.plain.ci95.low)}–${pct(f.plain.ci95.high)} | ${twoPhase} | ${num(r['deals'])} | ${r['seed'] ?? ''} | ${num(r['unknown'])} |` +
          ` ${budget(r)} | ${commitOf(r)} | [${path}](${prefix}${path}) |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** How a row's rate was decided, in a few words a reader of the README knows (the lab's are in docs/estimate.md). */
function decided(row: Row, f: Figures): string {
  const unknown = count(row, 'unknown') ?? 0;
  if (f.lattice !== undefined && shownOf(f) === f.lattice) {
    // The first pass's unknown deals, of which the sample was drawn (those left unknown in the end are fewer).
    const firstUnknown = count(row, 'first_unknown') ?? unknown;
    const sampled =
      f.twoPhase === undefined
        ? ''
        : `; ${num(String(f.twoPhase.sampled))} of its ${num(String(firstUnknown))} hardest deals solved further, ${
            f.twoPhase.stillUnknown === 0 ? 'every one decided' : `${num(String(f.twoPhase.stillUnknown))} still open`
          }`;
    return `the forced rule's rate over ${num(String(f.lattice.controlDeals))} deals, plus the deals only the optional rule wins${sampled}`;
  }
  if (f.twoPhase !== undefined && shownOf(f) === f.plain)
    return `a range: ${num(String(unknown))} deals still open; of ${num(String(f.twoPhase.sampled))} of them solved further, ${num(String(f.twoPhase.stillUnknown))} still open`;
  if (f.twoPhase !== undefined) {
    const open = f.twoPhase.stillUnknown > 0 ? `, ${num(String(f.twoPhase.stillUnknown))} still open` : '';
    return `the hardest deals from a sample: ${num(String(f.twoPhase.sampled))} of ${num(String(unknown))} solved further${open}`;
  }
  return unknown === 0 ? 'every deal decided' : `a range: ${num(String(unknown))} deals still open`;
}

/** The README's table: one rate and its 95% interval per rule set, how it was decided, and the run. */
function shortTable(prefix: string): string {
  const lines = ['| rule set | win rate (95% interval) | deals | how it was decided | run |', '| --- | --- | ---: | --- | --- |'];
  for (const variant of VARIANTS) {
    for (const rule of RULES) {
      const key = `${variant} × ${rule}`;
      const c = chosen.get(key);
      if (c === undefined) {
        lines.push(`| ${key} | no current run | | | |`);
        continue;
      }
      const f = figures(c.row);
      const shown = shownOf(f);
      const path = `${c.study.folder}/${c.file}`;
      lines.push(
        `| ${key} | **${span(shown)}** (${pct(shown.ci95.low)}–${pct(shown.ci95.high)}) | ${num(c.row['deals'])} | ${decided(c.row, f)} |` +
          ` [${c.study.folder}/${c.file.replace(/\.summary\.csv$/u, '')}](${prefix}${path}) |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The study whose summaries are players that do not see the stock (the headline's second figure). */
const POLICY_STUDY = 'policies';

/** Every summary CSV under a folder, its subfolders included. */
function summariesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return summariesUnder(path);
      return name.endsWith('.summary.csv') ? [path] : [];
    });
}

/** The best measured player that does not see the stock in `variant` × `rule`: the most deals, then the highest rate. */
function bestPlayer(variant: string, rule: string): { row: Row; file: string } | undefined {
  let best: { row: Row; file: string } | undefined;
  for (const file of summariesUnder(join(root, POLICY_STUDY))) {
    const rows = parse(readFileSync(file, 'utf8'), { columns: true, relax_column_count: true }) as Row[];
    for (const row of rows) {
      if (isPerfectPlay(row) || row['variant'] !== variant || row['discards'] !== rule) continue;
      const deals = Number(row['deals']) - Number(best?.row['deals'] ?? -1);
      if (best === undefined || deals > 0 || (deals === 0 && Number(row['won']) > Number(best.row['won']))) best = { row, file };
    }
  }
  return best;
}

/** The README's first sentence: the rule texts' game under perfect play, and without seeing the stock. */
function headline(prefix: string): string {
  const c = chosen.get('standard × optional');
  if (c === undefined) return "No current run of the rule texts' game (standard, optional discards) yet.\n";
  const f = figures(c.row);
  const shown = shownOf(f);
  let text =
    `**Aces Up as its rules are written (standard variant, optional discards) can be won in ${span(shown)} of deals with perfect ` +
    `play** (95% interval ${pct(shown.ci95.low)}–${pct(shown.ci95.high)})`;
  const player = bestPlayer('standard', 'optional');
  if (player !== undefined) {
    const rate = figures(player.row).plain;
    const name = (player.row['policy'] ?? '').replace(/\(.*$/u, '');
    const path = relative(root, player.file);
    text +=
      `; a player who cannot see the stock wins ${span(rate)} (${pct(rate.ci95.low)}–${pct(rate.ci95.high)}), about 1 deal in ` +
      `${Math.round(1 / rate.low)} ([${name}](${prefix}${path}), the best measured player, ${num(player.row['deals'])} deals)`;
  }
  return `${text}.\n`;
}

/** Replaces what lies between `<!-- NAME: … -->` and `<!-- /NAME -->` in `text`; refuses a file without them. */
function between(text: string, name: string, content: string, file: string): string {
  const open = new RegExp(`<!-- ${name}: [^\\n]*-->\\n`, 'u').exec(text);
  const close = text.indexOf(`<!-- /${name} -->`);
  if (open === null || close < open.index) throw new Error(`${file} has no <!-- ${name}: … --> … <!-- /${name} --> markers`);
  return text.slice(0, open.index + open[0].length) + content + text.slice(close);
}

function studyList(): string {
  const shown = new Set([...chosen.values()].map((c) => c.study.folder));
  return (
    studies
      .map(
        (s) =>
          `- [${s.folder}/](${s.folder}/${s.hasReadme ? 'README.md' : ''}): ${s.title}` +
          (shown.has(s.folder) ? ' (its current runs are in the table)' : ''),
      )
      .join('\n') + '\n'
  );
}

function readme(): string {
  return `# Results

<!-- Written by scripts/results-index.ts from each study's README.md and summary CSVs: edit those, then run
     npx tsx scripts/results-index.ts, npx tsx scripts/results-index.ts --table --into README.md (the top
     README's headline and table) and results/report.sh (report.html). -->

The outcomes of real runs of acesup, one folder per study. Each folder's README.md states the question, the
commands (its script, in the folder), the commits, the dates and the result; every run's summary CSV
(\`*.summary.csv\`) records its figures, its command line, the version and the git commit. Runs superseded by a
later run of the same question were removed (git keeps them; each README says which).

## Current figures

Perfect play (the whole stock known), per variant × rule: the current run that a study names (in its README's
\`current:\` line; every summary CSV of a \`two-phase/\` folder counts), a run with a two-phase estimate before
one without, then the run with the most deals, then the later. The figures are each summary CSV's own.

${fullTable(values.prefix ?? '')}
**How to read a rate.** With *unknown* deals (the search reached its budget of positions first) a win rate is
a range, from "every unknown lost" to "every unknown won"; the 95% interval runs from the Wilson low end of
the first to the Wilson high end of the second. A *two-phase* run (\`acesup estimate --sample-unknowns P\`)
solves a random share P of its unknowns again at larger budgets and scales their verdicts to all of them:
its estimate and 95% interval stand beside the run's plain range. Where a study's own figure counts more than
its summary CSVs hold (unknowns decided later, or another run's wins), its README gives both.

[report.html](report.html) draws the current runs (made by [report.sh](report.sh): one line per variant × rule
on its first chart).

## Studies

${studyList()}`;
}

/** The day a commit was made (YYYY-MM-DD), or '' where this repository does not hold it. */
function commitDate(commit: string): string {
  try {
    return execFileSync('git', ['show', '-s', '--format=%cs', commit.replace(/-dirty$/u, '')], {
      cwd: repository,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** The numbers of a space-separated column ('' : none). */
const numbers = (text: string | undefined): number[] =>
  (text ?? '')
    .split(' ')
    .filter((word) => word !== '')
    .map(Number);

/** The package's reference data: the table's run of each variant × rule, as src/batch/reference-runs.ts holds it. */
function referenceModule(): string {
  const runs: unknown[] = [];
  for (const variant of VARIANTS) {
    for (const rule of RULES) {
      const c = chosen.get(`${variant} × ${rule}`);
      if (c === undefined) continue;
      const r = c.row;
      const f = figures(r);
      const shown = shownOf(f);
      const whole = (column: string): number => {
        const value = count(r, column);
        if (value === undefined) throw new Error(`${c.study.folder}/${c.file}: its ${variant} × ${rule} row has no whole ${column}`);
        return value;
      };
      const budgets = numbers(r['pass_max_states']);
      const tailed = (r['lattice_tail_sampled'] ?? '') !== '' && (r['lattice_tail_search'] ?? '') !== '';
      runs.push({
        variant,
        rule,
        seed: whole('seed'),
        first: whole('first_index'),
        last: whole('last_index'),
        deals: whole('deals'),
        won: whole('won'),
        lost: whole('lost'),
        unknown: whole('unknown'),
        rate: { low: shown.low, high: shown.high },
        ci95: shown.ci95,
        how: decided(r, f),
        budgets: budgets.length > 0 ? budgets : [Number(r['max_states'])],
        commit: (r['commit'] ?? '').slice(0, 7),
        date: commitDate(r['commit'] ?? ''),
        source: `${c.study.folder}/${c.file}`,
        ...(tailed
          ? {
              tail: {
                sampled: whole('lattice_tail_sampled'),
                won: whole('lattice_tail_won'),
                open: whole('lattice_tail_open'),
                inclusion: Number(r['lattice_tail_inclusion']),
                search: r['lattice_tail_search'],
                budgets: numbers(r['lattice_tail_budgets']),
                mode: r['lattice_tail_mode'],
              },
            }
          : {}),
      });
    }
  }
  return `// The reference data an installed acesup reads (it carries no study files): the runs of the README's table, one per
// variant × rule, with their figures and provenance. Generated from the repository's results folder by
// \`npx tsx scripts/results-index.ts --reference src/batch/reference-runs.ts\`: do not edit; a test checks that it
// is what that folder gives.

import type { ReferenceRun } from './reference.ts';

export const REFERENCE_RUNS: readonly ReferenceRun[] = ${JSON.stringify(runs, null, 2)};
`;
}

if (values.reference !== undefined) {
  // Formatted as the project formats its sources (Biome, from standard input with the file's name for its settings).
  const biome = join(repository, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
  const file = resolve(values.reference);
  const text = execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${relative(repository, file)}`], {
    cwd: repository,
    input: referenceModule(),
    encoding: 'utf8',
  });
  if (values.check) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      process.stderr.write(
        `${values.reference} is not what results/ gives: run npx tsx scripts/results-index.ts --reference ${values.reference}\n`,
      );
      process.exitCode = 1;
    }
  } else {
    writeFileSync(file, text);
    process.stderr.write(`wrote ${values.reference}: ${chosen.size} reference runs\n`);
  }
} else if (values.current) {
  const base = relative(process.cwd(), root) || '.';
  const files = [...chosen.values()].map((c) => `${c.study.folder}/${c.file}`);
  const unique = [...new Set(files)];
  for (const study of studies) for (const name of study.current) if (!name.endsWith('.summary.csv')) unique.push(`${study.folder}/${name}`);
  process.stdout.write(unique.map((f) => join(base, f)).join('\n') + '\n');
} else if (values.table && values.into !== undefined) {
  const file = resolve(values.into);
  const folder = relative(dirname(file), root);
  const prefix = values.prefix ?? (folder === '' ? '' : `${folder}/`);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, between(between(text, 'headline', headline(prefix), values.into), 'table', shortTable(prefix), values.into));
  process.stderr.write(`wrote the headline and the table of ${values.into}\n`);
} else if (values.table) {
  process.stdout.write(shortTable(values.prefix ?? `${relative(process.cwd(), root) || '.'}/`));
} else {
  writeFileSync(join(root, 'README.md'), readme());
  process.stderr.write(
    `wrote ${relative(process.cwd(), join(root, 'README.md'))}: ${chosen.size} variant × rule figures from ${studies.length} studies\n`,
  );
}
