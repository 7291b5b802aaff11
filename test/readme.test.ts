// The README's commands run as written: every package.json script parses as shell and the ones a user runs
// first run; every command of the README's console blocks parses, and each runs in a temporary folder (long runs
// cut short by rewriting --deals and --count) with its exit code and output checked. A command or script with no
// runner here, and no reason for skipping it, fails the test, so that a new one cannot go untested.

import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verify } from '../src/core/api.ts';
import { DEEP } from './deep.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/acesup.js');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Deals and counts the shortened runs use: a few seconds each on a busy machine. */
const SHORT_DEALS = 20;
const SHORT_COUNT = 4;

/** The commands that do not run inside npm test, with the reason; they are only checked to parse. */
const SKIPPED: Record<string, string> = {
  'npm ci': 'installs the dependencies the tests run on',
  'npm test': 'is this suite',
  'npm run test:deep': 'the long sweeps, minutes to hours',
  'npm run test:slurm': 'installs and starts a Slurm cluster as root',
  'npm run bench': 'a benchmark of minutes that writes results/bench/',
  'npm run bench:hard': 'minutes of one hard deal solved alone, again and again (CI runs a short one)',
  'npm run bench:estimate': 'the plain estimate, minutes, again and again, on a quiet machine',
  'npm run knip': 'CI runs it on its own',
  'npm run prepack': 'npm pack runs it: it rewrites package.json until postpack (test/install.test.ts packs as it does)',
  'npm run postpack': 'npm pack runs it, after prepack',
  'npm link': 'changes the PATH of the machine',
  'npm run build': "rewrites dist/ under the running tests (the suite's global setup has just run it)",
  'npm run typecheck': 'CI runs it on its own; tsc over the project is longer than a test should be',
  'npm run lint': 'CI runs it on its own',
  'npm run format': 'rewrites the sources',
  'npm run prepare': 'npm ci runs it (the build)',
  'npm run build:web': "rewrites dist/web/ under the running tests (the suite's global setup has just brought it up to date)",
  'npm run web': 'a server that runs until it is stopped: test/web.test.ts starts it, fetches the page and stops it',
};

/** The package.json scripts a test runs: npm start, shortened. */
const RUN_SCRIPTS = ['start'];

/** Rewrites `--deals N` and `--count N` to at most the short numbers (a plain `npx acesup estimate`, its 1,000
 *  deals a variant, to the short number too: its whole run takes five minutes, and `npm run bench:estimate`
 *  runs it and prints the answer lines the README's block shows). */
const shorten = (command: string): string =>
  (command === 'npx acesup estimate' ? `${command} --deals ${SHORT_DEALS}` : command)
    .replace(/--deals (\d+)/gu, (_, n: string) => `--deals ${Math.min(Number(n), SHORT_DEALS)}`)
    .replace(/--count (\d+)/gu, (_, n: string) => `--count ${Math.min(Number(n), SHORT_COUNT)}`);

/** The commands of the README's console blocks: the `$ ` lines (or, in a block without them, every line), with
 *  their continuation lines (a trailing backslash) joined as the shell joins them. */
function readmeCommands(text: string): string[] {
  const commands: string[] = [];
  for (const block of text.matchAll(/^```console\n([\s\S]*?)^```$/gmu)) {
    const lines = block[1]!.split('\n').filter((line) => line.trim() !== '');
    const prompted = lines.some((line) => line.startsWith('$ '));
    let current: string | undefined;
    for (const line of lines) {
      if (current !== undefined) current += `\n${line}`;
      else if (!prompted || line.startsWith('$ ')) current = prompted ? line.slice(2) : line;
      if (current !== undefined && !current.endsWith('\\')) {
        commands.push(current);
        current = undefined;
      }
    }
    if (current !== undefined) commands.push(current);
  }
  return commands;
}

interface Ran {
  code: number | null;
  output: string;
}

/** Runs a shell command line in `cwd`, `npx acesup` being the repository's bin/acesup.js. */
const shell = (command: string, cwd: string): Promise<Ran> =>
  new Promise((done) => {
    const child = spawn('bash', ['-c', command.replaceAll('npx acesup', `node ${JSON.stringify(BIN)}`)], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ code, output }));
  });

/** Whether a command line parses as POSIX shell. */
function parses(command: string): boolean {
  try {
    execFileSync('sh', ['-n', '-c', command], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

const work = mkdtempSync(join(tmpdir(), 'acesup-readme-'));
// The report example reads the repository's results/.
symlinkSync(join(ROOT, 'results'), join(work, 'results'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CARD = /^(?:[2-9TJQKA][CDHS] ){51}[2-9TJQKA][CDHS]$/u;
const file = (name: string): string => readFileSync(join(work, name), 'utf8');

/** The README's acesup commands, each found by a pattern, and what its run must show (after exit code 0). */
const RUNNERS: { pattern: RegExp; check: (output: string) => void }[] = [
  {
    pattern: /^npx acesup solve "[^"]+"$/u,
    check: (output) => {
      // The verdict, then the winning line on one line, which the independent replayer accepts.
      const [verdict, line] = output.trim().split('\n') as [string, string];
      expect(verdict).toMatch(/^standard · optional discards: WON — 48 discards, \d+ moves/u);
      expect(verify(DEAL, line)).toEqual({ ok: true });
    },
  },
  { pattern: /^npx acesup verify kpat:17 "\$\(npx acesup solve kpat:17 --line\)"$/u, check: (output) => expect(output.trim()).toBe('ok') },
  {
    pattern: /^npx acesup deal --count \d+ \| npx acesup solve --json > solved\.jsonl$/u,
    check: (output) => {
      const lines = file('solved.jsonl').trim().split('\n');
      expect(lines).toHaveLength(SHORT_COUNT);
      for (const line of lines) expect((JSON.parse(line) as { result: string }).result).toMatch(/^(won|lost|unknown)$/u);
      // The tally on standard error.
      expect(output).toMatch(new RegExp(`^acesup: solved ${SHORT_COUNT} deals in `, 'mu'));
    },
  },
  {
    pattern: /^npx acesup deal --winnable --count \d+ --with-line$/u,
    check: (output) => {
      // Each line a deal and its winning line, which the independent replayer accepts.
      const lines = output.trim().split('\n');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const [deal, moves] = line.split('\t') as [string, string];
        expect(deal).toMatch(CARD);
        expect(verify(deal, moves, { variant: 'standard' })).toEqual({ ok: true });
      }
    },
  },
  {
    pattern: /^npx acesup review kpat:17 "[^"]+"$/u,
    check: (output) => expect(output).toMatch(/^Move \d+ \(.*\) lost it: after it no line of play wins\.$/mu),
  },
  {
    pattern: /^npx acesup hint kpat:17 --after "[^"]+"$/u,
    check: (output) => {
      expect(output).toMatch(/^Play: /mu);
      expect(output).toMatch(/^Your chance of winning from here, .*about 1 game in [\d,]+ /mu);
    },
  },
  {
    pattern: /^npx acesup estimate --variant strict --deals \d+$/u,
    check: (output) => {
      expect(output).toMatch(/^strict × optional: [\d.]+% \(95% interval /mu);
      expect(output).toMatch(/^strict × forced: 5\.87% \(95% interval 5\.82%–5\.92%\), .* — from a stored run of 1,000,000 deals/mu);
    },
  },
  {
    // The default plan, short here (the deep run runs it whole and compares what the README shows it printing).
    pattern: /^npx acesup estimate$/u,
    check: (output) => {
      for (const variant of ['standard', 'strict', 'easy'])
        for (const rule of ['optional', 'forced']) expect(output).toMatch(new RegExp(`^${variant} × ${rule}: [\\d.]+%`, 'mu'));
    },
  },
  {
    pattern: /^for k in 1 2; do npx acesup estimate .*--shard \$k\/2 .*--csv shard-\$k\.csv; done$/u,
    check: (output) => {
      expect(output).toMatch(/^standard × optional: [\d.]+%/mu);
      for (const k of [1, 2]) expect(existsSync(join(work, `shard-${k}.csv`))).toBe(true);
    },
  },
  {
    pattern: /^npx acesup merge shard-\*\.csv --csv all\.csv --summary summary\.csv$/u,
    check: (output) => {
      expect(output).toMatch(/^standard × optional: [\d.]+%/mu);
      // The two shards' rows, all of the run's deals.
      expect(file('all.csv').trim().split('\n').length).toBeGreaterThan(SHORT_DEALS);
      expect(file('summary.csv')).toMatch(/^variant,discards,seed,/u);
    },
  },
  {
    pattern: /^npx acesup play --seed 1 --index 1 --policy greedy --discards forced$/u,
    check: (output) => expect(output).toMatch(/^standard · forced discards · greedy\(ace-bonus=\d\), player seed \d+: (WON|LOST) — /mu),
  },
  {
    pattern: /^npx acesup report results\/win-rates\/\*\.summary\.csv --out report\.html$/u,
    check: () => expect(file('report.html')).toMatch(/^<!doctype html>/iu),
  },
  {
    pattern: /^npx acesup solve --discards forced --html deal\.html --seed 1 --index 1$/u,
    check: () => expect(file('deal.html')).toMatch(/^<!doctype html>/iu),
  },
];

/** The deal the README solves. */
const DEAL =
  '4C 7S 3H KD 2D JS 6D 7H 5D 9D 3D TD AC 5H 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';

const commands = readmeCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));

/** The lines the README shows a command printing: the text block after `<!-- output: COMMAND -->` (its lines
 *  but `…`, which stands for lines left out); a marker whose command ends in `…` names the first command that
 *  starts so. */
function shownOutput(command: string): string[] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const marker = [...text.matchAll(/<!-- output: (.*?) -->/gu)].find((m) => {
    const named = m[1]!;
    if (!named.endsWith('…')) return named === command;
    return commands.find((c) => c.startsWith(named.slice(0, -1))) === command;
  });
  const at = marker?.index ?? -1;
  if (at < 0) return [];
  const block = /```text\n([\s\S]*?)^```$/mu.exec(text.slice(at));
  return (block?.[1] ?? '').split('\n').filter((line) => line.trim() !== '' && line.trim() !== '…');
}

/** The npm commands of a line (`npm ci && npm start # …`), each without its comment. */
const npmParts = (command: string): string[] =>
  command
    .replace(/\s#.*$/u, '')
    .split('&&')
    .map((part) => part.trim());

describe('package.json scripts', () => {
  it('each parses as shell, and each is run here or skipped with a reason', () => {
    for (const [name, script] of Object.entries(scripts)) {
      expect(parses(script), `${name}: ${script}`).toBe(true);
      const command = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
      expect(RUN_SCRIPTS.includes(name) || SKIPPED[command] !== undefined, `${command} has no runner and no reason to skip it`).toBe(true);
    }
  });

  // npm start whole is a minute of both cores: the deep run runs it and compares the lines the README shows (CI also
  // runs npm start as its own step); npm test runs its command on a few deals and checks the answers' form.
  it(`npm start (${DEEP ? 'its whole run' : `on ${SHORT_DEALS} deals`}) ends with exit 0 and prints the answers the README shows it printing`, async () => {
    const shown = shownOutput('npm start');
    expect(shown.length).toBeGreaterThan(0);
    const ran = await shell(DEEP ? scripts['start']! : shorten(scripts['start']!), ROOT);
    expect(ran.code, ran.output).toBe(0);
    const printed = ran.output.split('\n');
    if (DEEP) for (const line of shown) expect(printed, line).toContain(line);
    else
      for (const line of shown)
        expect(
          printed.some((p) => p.startsWith(line.slice(0, line.indexOf(':') + 1))),
          line,
        ).toBe(true);
  });
});

describe("the README's commands", () => {
  it('finds them, each parsing as shell and each with a runner or a reason to skip it', () => {
    expect(commands.length).toBeGreaterThanOrEqual(RUNNERS.length);
    for (const command of commands) {
      expect(parses(command), command).toBe(true);
      if (command.startsWith('npx acesup') || command.startsWith('for ')) {
        expect(
          RUNNERS.filter((r) => r.pattern.test(command)),
          `one runner for: ${command}`,
        ).toHaveLength(1);
      } else {
        for (const part of npmParts(command)) {
          const name = part === 'npm start' ? 'start' : undefined;
          expect(name !== undefined || SKIPPED[part] !== undefined, `no runner for: ${part}`).toBe(true);
        }
      }
    }
    // No runner is left without its command.
    for (const runner of RUNNERS)
      expect(
        commands.some((c) => runner.pattern.test(c)),
        String(runner.pattern),
      ).toBe(true);
  });

  it('shows the figures of results/ as they are: its headline and table are what the index writes today', () => {
    // The index writes into a copy (links from the repository root, as in the README); the README must not differ.
    const copy = join(work, 'README.copy.md');
    copyFileSync(join(ROOT, 'README.md'), copy);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/results-index.ts', '--table', '--into', copy, '--prefix', 'results/'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    expect(readFileSync(copy, 'utf8'), 'run: npx tsx scripts/results-index.ts --table --into README.md').toBe(
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
    );
  });

  it('names in its prose only npm commands that are run here or skipped with a reason (npm run web among them)', () => {
    const named = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/`(npm (?:start|test|ci|link|run [\w:-]+))`/gu)].map(
      (m) => m[1]!,
    );
    expect(named).toContain('npm run web');
    for (const command of named) expect(command === 'npm start' || SKIPPED[command] !== undefined, `no runner for: ${command}`).toBe(true);
  });

  it('writes no abbreviation: every deal and move list is whole', () => {
    for (const command of commands) expect(command).not.toMatch(/…|\.\.\./u);
  });

  // Two minutes of estimates, hints and reviews: in the deep run, which CI runs beside npm test (npm test runs
  // every command's short runs in its own files, and the README's npm start and solve here and in install.test.ts).
  // A command run whole prints the lines the README shows (the plain estimate runs shortened: see shorten).
  it.runIf(DEEP)('runs each acesup command in a fresh folder, in order, with exit 0 and the output it promises', async () => {
    for (const command of commands) {
      const runner = RUNNERS.find((r) => r.pattern.test(command));
      if (runner === undefined) continue;
      const ran = await shell(shorten(command), work);
      expect(ran.code, `${command}\n${ran.output}`).toBe(0);
      runner.check(ran.output);
      // Run whole, a command prints the lines the README shows it printing.
      if (shorten(command) === command) for (const line of shownOutput(command)) expect(ran.output.split('\n'), line).toContain(line);
    }
  });
});
