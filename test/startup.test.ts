// `acesup --version` loads the launcher alone; `--help` and a command's --help load only the commands' definitions: not the solver,
// the batch or report code, nor the packages they use (piscina, vega, vega-lite, csv-parse, csv-stringify,
// cli-progress, pure-rand): of the packages, commander alone. Pinned by the modules the process loads
// (recorded by test/loads/record.mjs), not by its time. A command that runs loads its work when it runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'acesup-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The project's modules that define the commands and their options: these, and only these, load for
 *  --help and --version. A module added here must import nothing that does work (docs/architecture.md). */
const DEFINITIONS = [
  'bin/acesup.js',
  'dist/batch/io-reason.js',
  'dist/batch/options.js',
  'dist/batch/shard.js',
  'dist/cli/commands/deal.js',
  'dist/cli/commands/estimate.js',
  'dist/cli/commands/hint.js',
  'dist/cli/commands/merge.js',
  'dist/cli/commands/play.js',
  'dist/cli/commands/report.js',
  'dist/cli/commands/review.js',
  'dist/cli/commands/solve.js',
  'dist/cli/commands/verify.js',
  'dist/cli/commands/web.js',
  'dist/cli/errors.js',
  'dist/cli/main.js',
  'dist/cli/common-options.js',
  'dist/core/game/cards.js',
  'dist/core/game/format.js',
  'dist/core/game/numbered.js',
  'dist/core/game/rules.js',
  'dist/core/play/settings.js',
  'dist/core/search/budget.js',
];

let runs = 0;
/** Runs acesup with `args`; its output and the files of the modules it loaded (relative to the repository):
 *  all, the project's own (bin/, dist/), and the packages' names. */
function loads(args: string[]): { stdout: string; files: string[]; project: string[]; packages: string[] } {
  const log = join(dir, `loads-${(runs += 1)}.txt`);
  const stdout = execFileSync(process.execPath, ['--import', './test/loads/record.mjs', 'bin/acesup.js', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ACESUP_LOAD_LOG: log },
  });
  const root = pathToFileURL(ROOT).href;
  const urls = [
    ...new Set(
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((url) => url.startsWith(root)),
    ),
  ].map((url) => url.slice(root.length));
  const packages = new Set(urls.flatMap((url) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//u.exec(url)?.[1] ?? []));
  return { stdout, files: urls, project: urls.filter((url) => /^(bin|dist)\//u.test(url)).sort(), packages: [...packages].sort() };
}

describe('start-up', () => {
  it.each(['--version', '-V'])('acesup %s loads the launcher alone and prints what commander would', (flag) => {
    const { stdout, project, packages } = loads([flag]);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(stdout).toBe(`${version}\n`);
    expect(project).toEqual(['bin/acesup.js']);
    expect(packages).toEqual([]);
    // With anything else on the line, commander answers, as before.
    expect(loads([flag, '--help']).stdout).toBe(`${version}\n`);
  });

  it.each(['solve --version', '--help', 'estimate --help', 'solve --help', 'hint --help'])(
    'acesup %s loads the definitions alone',
    (line) => {
      const { stdout, project, packages } = loads(line.split(' '));
      expect(stdout).not.toBe('');
      expect(project.filter((file) => !DEFINITIONS.includes(file))).toEqual([]);
      expect(packages).toEqual(['commander']);
    },
  );

  it('a command that runs loads its work (the record sees modules imported late, and those required)', () => {
    const deal = loads(['deal', '--count', '1']);
    expect(deal.project).toContain('dist/core/game/deals.js');
    expect(deal.packages).toContain('pure-rand');
    expect(deal.packages).not.toContain('piscina');
    // the launcher and the definitions are seen too, and the files commander requires (as piscina,
    // cli-progress and csv-stringify are required, with createRequire): the record is not empty by mistake
    expect(deal.project).toEqual(expect.arrayContaining(['bin/acesup.js', 'dist/cli/main.js']));
    expect(deal.files).toContain('node_modules/commander/lib/command.js');
  });
});
