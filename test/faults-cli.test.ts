// Black-box tests of the batch commands' faults and conventions: injected write faults (a full disk, an
// I/O error) and standard output on /dev/full lose no finished work; outputs never overwrite each other
// or an input; results of other budgets, modes or versions do not mix; a missing shard is seen; bad input
// is one line; "-" is standard input and output; SIGTERM exits 143.

import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_DEAL_COLUMNS } from '../src/batch/csv-columns.ts';
import { dealFor } from '../src/core/game/deals.ts';
import { formatDeal } from '../src/core/game/cards.ts';
import { acesup, interruptAfterSomeDeals, start } from './cli-run.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'acesup-faults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string): string => join(dir, name);
const read = (name: string): string => readFileSync(file(name), 'utf8');
const rowsOf = (text: string): string[][] => (parse(text) as string[][]).slice(1);
/** Temporary files left in the test directory (there must be none). */
const temporaries = (): string[] => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** The reference run: strict × forced, quick (a few ms per deal). */
const RUN = [
  'estimate',
  '--variant',
  'strict',
  '--discards',
  'forced',
  '--deals',
  '60',
  '--seed',
  '9',
  '--max-states',
  '2000000',
  '--passes',
  'none',
  '--max-discards',
  'exact',
  '--workers',
  '1',
  '--no-timings',
];
/** One message line, no stack trace. */
const oneLine = (stderr: string): string => {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('acesup: warning:') && !line.startsWith('acesup: note: the stored reference runs do not fit'));
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /u);
  return lines[0]!;
};

/** After a failed write: no temporary file left, and --resume finishes `name` into the reference run's file. */
async function expectResumesToReference(name: string): Promise<void> {
  expect(temporaries()).toEqual([]);
  const resumed = await acesup([...RUN, '--csv', file(name), '--resume']);
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(read(name)).toBe(reference);
}

const shard = (k: number, extra: string[] = []): string[] => [...RUN, '--shard', `${k}/3`, ...extra];

// The reference run, and shards 1 and 2 of it with shard 3 at another budget (for the merge tests), together.
let reference: string;
beforeAll(async () => {
  const runs = await Promise.all([
    acesup([...RUN, '--csv', file('reference.csv')]),
    acesup(shard(1, ['--csv', file('part1.csv')])),
    acesup(shard(2, ['--csv', file('part2.csv')])),
    acesup(shard(3, ['--csv', file('part3-5000.csv'), '--max-states', '5000'])),
  ]);
  for (const ran of runs) expect(ran.code, ran.stderr).toBe(0);
  reference = read('reference.csv');
});

describe('write faults lose no finished work', () => {
  it('a failed --csv write: one line naming the file and the error, the previous file kept, the summary printed, exit 3; --resume then finishes', async () => {
    // A run interrupted earlier left its first 20 rows.
    const [header, ...rows] = reference.trimEnd().split('\n');
    const before = `${[header, ...rows.slice(0, 20)].join('\n')}\n`;
    writeFileSync(file('full.csv'), before);
    const ran = await acesup([...RUN, '--csv', file('full.csv'), '--resume'], { faults: { write: 'ENOSPC@full.csv' } });
    expect(ran.code).toBe(3);
    expect(oneLine(ran.stderr)).toMatch(
      /^acesup: cannot write --csv .*full\.csv: no space left on device; .*full\.csv keeps the 20 results it held before \(60 were finished\): make room and continue with the same options and --resume$/u,
    );
    expect(ran.stdout).toMatch(/^strict × forced: .*, 60 deals/mu);
    expect(read('full.csv')).toBe(before);
    await expectResumesToReference('full.csv');
  });

  it('a failed checkpoint stops the run with the last good checkpoint kept, exit 3; --resume then finishes', async () => {
    // The first checkpoint is written, every later write fails.
    const ran = await acesup([...RUN, '--csv', file('checkpoint.csv'), '--checkpoint-every', '0.3'], {
      faults: { worker: 'sleep:100', write: 'EIO:2@checkpoint.csv' },
    });
    expect(ran.code).toBe(3);
    expect(oneLine(ran.stderr)).toMatch(
      /^acesup: cannot write --csv .*checkpoint\.csv \(checkpoint\): input\/output error; .*checkpoint\.csv keeps the \d+ results it held before/u,
    );
    expect(ran.stdout).toMatch(/^PARTIAL SUMMARY/u);
    const kept = rowsOf(read('checkpoint.csv'));
    expect(kept.length).toBeLessThan(60);
    expect(reference).toContain(kept.map((row) => row.join(',')).join('\n'));
    await expectResumesToReference('checkpoint.csv');
  });

  it('a failed --summary write: one line, the per-deal CSV written, exit 3', async () => {
    const ran = await acesup([...RUN, '--csv', file('deals-s.csv'), '--summary', file('summary.csv')], {
      faults: { write: 'EIO@summary.csv' },
    });
    expect(ran.code).toBe(3);
    expect(oneLine(ran.stderr)).toMatch(/^acesup: cannot write --summary .*summary\.csv: input\/output error$/u);
    expect(read('deals-s.csv')).toBe(reference);
    expect(existsSync(file('summary.csv'))).toBe(false);
    expect(temporaries()).toEqual([]);
  });

  it('standard output on a full device (> /dev/full): one line, exit 3, the files written', async () => {
    const full = openSync('/dev/full', 'w');
    try {
      const ran = await acesup([...RUN, '--csv', file('to-full.csv'), '--summary', file('to-full-summary.csv')], { stdoutFd: full });
      expect(ran.code).toBe(3);
      expect(oneLine(ran.stderr)).toBe('acesup: cannot write to standard output: no space left on device');
      expect(read('to-full.csv')).toBe(reference);
      expect(existsSync(file('to-full-summary.csv'))).toBe(true);
      const solve = await acesup(
        [
          'solve',
          '--variant',
          'strict',
          '9D 4C KS 2C AC TH KH 7C 3S QC AH KD 2S 6C KC 5D 8S JC 2D AS JH TC 7H JS 7D AD 5C 8D 4H 8H 6S 3C TS 2H JD 9C 5S 6D QS 7S QD 3H 4S QH 5H 9S 6H TD 9H 4D 3D 8C',
        ],
        { stdoutFd: full },
      );
      expect(solve.code).toBe(3);
      expect(oneLine(solve.stderr)).toBe('acesup: cannot write to standard output: no space left on device');
    } finally {
      closeSync(full);
    }
  });
});

describe('outputs never overwrite each other or an input', () => {
  it.concurrent.each([
    [['--csv', 'SAME', '--summary', 'SAME'], /^acesup: --csv and --summary are the same file .*same\.csv: one would overwrite the other$/u],
    [['--csv', '-', '--summary', '-'], /^acesup: --csv - and --summary - would both write to standard output/u],
  ])('estimate %j is refused (exit 2)', async (args, message) => {
    const ran = await acesup([...RUN, ...args.map((a) => (a === 'SAME' ? file('same.csv') : a))]);
    expect(ran.code).toBe(2);
    expect(oneLine(ran.stderr)).toMatch(message);
    expect(existsSync(file('same.csv'))).toBe(false);
  });

  it('merge refuses an output that is one of its inputs, however spelled', async () => {
    copyFileSync(file('reference.csv'), file('input.csv'));
    for (const output of [file('input.csv'), join(dir, '.', 'input.csv')]) {
      const ran = await acesup(['merge', file('input.csv'), '--csv', output]);
      expect(ran.code).toBe(2);
      expect(oneLine(ran.stderr)).toMatch(/^acesup: --csv .*input\.csv is also an input file/u);
    }
    expect(read('input.csv')).toBe(reference);
  });
});

describe('memory is bounded', () => {
  it('--deals 100,000,000 starts at once in bounded memory (segments), and stops with its finished deals saved', async () => {
    const csv = file('big.csv');
    const run = start([
      'estimate',
      '--variant',
      'strict',
      '--discards',
      'forced',
      '--deals',
      '100000000',
      '--workers',
      '1',
      '--no-timings',
      '--csv',
      csv,
      '--progress-every',
      '0.2',
    ]);
    await new Promise<void>((resolve) => {
      run.child.stderr!.on('data', (chunk: Buffer) => {
        const done = /strict\/forced (\d+)\/100,000,000/u.exec(chunk.toString());
        if (done !== null && Number(done[1]) > 0) resolve();
      });
    });
    // The peak resident memory so far: a table for every deal would take 1.9 GB (19 bytes a result).
    const peak = Number(/VmHWM:\s+(\d+) kB/u.exec(readFileSync(`/proc/${run.child.pid}/status`, 'utf8'))![1]) * 1024;
    run.child.kill('SIGINT');
    const stopped = await run.done;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(peak).toBeLessThan(600 * 2 ** 20);
    const rows = parse(readFileSync(csv, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ index: '0', run_first: '0', run_last: '99999999' });
    expect(temporaries()).toEqual([]);
  });

  it('a deal range past the last deal index is refused with a clear message', async () => {
    const ran = await acesup(['estimate', '--from', '2', '--deals', '9007199254740991']);
    expect(ran.code).toBe(2);
    expect(oneLine(ran.stderr)).toBe('acesup: --from 2 --deals 9007199254740991 goes past the last deal index 9007199254740991');
  });
});

describe('segments', () => {
  const SEGMENTS = { faults: { segmentDeals: 7 } };

  it('a run in segments of 7 deals writes the one-run file and summary', async () => {
    const [segmented, whole] = await Promise.all([
      acesup([...RUN, '--csv', file('segmented.csv'), '--json'], SEGMENTS),
      acesup([...RUN, '--json']),
    ]);
    expect(segmented.code, segmented.stderr).toBe(0);
    expect(read('segmented.csv')).toBe(reference);
    const timeless = (text: string): unknown =>
      text
        .trim()
        .split('\n')
        .map((line) => ({ ...(JSON.parse(line) as object), ms: 0, wallSeconds: 0, command: '' }));
    expect(timeless(segmented.stdout)).toEqual(timeless(whole.stdout));
  });

  it('resumes across segments a file with gaps, and one whose rows are out of order', async () => {
    const [header, ...rows] = reference.trimEnd().split('\n');
    writeFileSync(file('gappy.csv'), `${[header, ...rows.filter((_, i) => i % 3 !== 1)].join('\n')}\n`);
    writeFileSync(file('shuffled.csv'), `${[header, ...rows.filter((_, i) => i % 4 !== 0).reverse()].join('\n')}\n`);
    const [gappy, shuffled] = await Promise.all([
      acesup([...RUN, '--csv', file('gappy.csv'), '--resume'], SEGMENTS),
      acesup([...RUN, '--csv', file('shuffled.csv'), '--resume'], SEGMENTS),
    ]);
    expect(gappy.code, gappy.stderr).toBe(0);
    expect(gappy.stdout).toMatch(/Solved 20 deal × rule set results .*; 40 read from/u);
    expect(read('gappy.csv')).toBe(reference);
    expect(shuffled.code, shuffled.stderr).toBe(0);
    expect(read('shuffled.csv')).toBe(reference);
    // A row twice is refused before any work, however far into the file, and the file is left as it was.
    const twice = `${[header, ...rows.slice(0, 50), rows[49]].join('\n')}\n`;
    writeFileSync(file('twice.csv'), twice);
    const refused = await acesup([...RUN, '--csv', file('twice.csv'), '--resume'], SEGMENTS);
    expect(refused.code).toBe(2);
    expect(oneLine(refused.stderr)).toMatch(/twice\.csv line 52: deal 49 under strict\/forced appears twice$/u);
    expect(read('twice.csv')).toBe(twice);
    expect(temporaries()).toEqual([]);
  });
});

describe('results that do not belong together never mix', () => {
  it('--resume refuses a file of another --max-states or --max-discards, naming the field', async () => {
    const [header, ...rows] = reference.trimEnd().split('\n');
    writeFileSync(file('budget.csv'), `${[header, ...rows.slice(0, 10)].join('\n')}\n`);
    const budget = await acesup([...RUN, '--max-states', '5000', '--csv', file('budget.csv'), '--resume']);
    expect(budget.code).toBe(2);
    expect(oneLine(budget.stderr)).toMatch(
      /budget\.csv line 2: the row has max_states 2000000 but this run has max_states 5000: results that differ in it do not mix/u,
    );
    const mode = await acesup([...RUN, '--max-discards', 'bounds', '--csv', file('budget.csv'), '--resume']);
    expect(mode.code).toBe(2);
    expect(oneLine(mode.stderr)).toMatch(/the row has max_discards_mode exact but this run has max_discards_mode bounds/u);
    // A file of an older version, which records no provenance, is not resumed either.
    const legacy = [
      LEGACY_DEAL_COLUMNS.join(','),
      ...rows.slice(0, 10).map((row) => row.split(',').slice(0, LEGACY_DEAL_COLUMNS.length).join(',')),
    ];
    writeFileSync(file('legacy.csv'), `${legacy.join('\n')}\n`);
    const old = await acesup([...RUN, '--csv', file('legacy.csv'), '--resume']);
    expect(old.code).toBe(2);
    expect(oneLine(old.stderr)).toMatch(/the row has no max_states recorded \(a file of an older acesup\)/u);
    // but it merges (the results/ files are of that form).
    const merged = await acesup(['merge', file('legacy.csv')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(/^strict × forced: .*, 10 deals/mu);
  });

  it('merge refuses shards of other budgets (exit 2) unless --allow-mixed, and then says so', async () => {
    const files = [file('part1.csv'), file('part2.csv'), file('part3-5000.csv')];
    const refused = await acesup(['merge', ...files]);
    expect(refused.code).toBe(2);
    expect(oneLine(refused.stderr)).toMatch(
      /^acesup: .*part1\.csv has max_states 2000000 but .*part3-5000\.csv has max_states 5000: results that differ in max_states do not mix \(--allow-mixed merges them anyway\)$/u,
    );
    const mixed = await acesup(['merge', ...files, '--allow-mixed', '--csv', file('mixed.csv'), '--summary', file('mixed-summary.csv')]);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(mixed.stdout).toMatch(/^MIXED RESULTS \(they differ in max_states; merged with --allow-mixed\)/u);
    expect(mixed.stderr).toMatch(/note: the merged results differ in max_states/u);
    const summary = parse(read('mixed-summary.csv'), { columns: true }) as Record<string, string>[];
    expect(summary[0]).toMatchObject({ mixed: 'max_states', max_states: '' });
    // Each row keeps its own budget.
    const budgets = (parse(read('mixed.csv'), { columns: true }) as Record<string, string>[]).map(
      (row) => `${row['index']}:${row['max_states']}`,
    );
    expect(budgets.filter((b) => b.endsWith(':5000')).map((b) => Number(b.split(':')[0]))).toEqual(
      Array.from({ length: 20 }, (_, i) => 40 + i),
    );
  });

  it("merge notices a missing last shard (each row records the run's deal range)", async () => {
    const ran = await acesup(['merge', file('part1.csv'), file('part2.csv'), '--json']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(oneLine(ran.stderr)).toBe('acesup: note: 20 results of deals 0–59 are missing (deals 40–59)');
    const [line] = ran.stdout
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(line).toMatchObject({ deals: 40, complete: false, maxStates: 2_000_000 });
  });
});

describe('a file that cannot be read or written: one line, in the same words in every command, exit 3, before any work', () => {
  const deal =
    '9D 4C KS 2C AC TH KH 7C 3S QC AH KD 2S 6C KC 5D 8S JC 2D AS JH TC 7H JS 7D AD 5C 8D 4H 8H 6S 3C TS 2H JD 9C 5S 6D QS 7S QD 3H 4S QH 5H 9S 6H TD 9H 4D 3D 8C';
  const summary = join(ROOT, 'results/win-rates/strict-forced-1m-seed3.summary.csv');
  it.concurrent.each([
    [['estimate', '--deals', '5', '--csv', '/nonexistent/dir/deals.csv'], 'cannot write --csv /nonexistent/dir/deals.csv: no such folder'],
    [['estimate', '--deals', '5', '--summary', '/'], 'cannot write --summary /: it is a folder'],
    [['estimate', '--deals', '5', '--csv', 'README.md/x.csv'], 'cannot write --csv README.md/x.csv: a part of its path is not a folder'],
    [['estimate', '--escalate', 'nowhere.csv'], 'cannot read nowhere.csv: no such file'],
    [['merge', 'nowhere.csv'], 'cannot read nowhere.csv: no such file'],
    [['merge', summary, '--csv', '/nonexistent/m.csv'], 'cannot write --csv /nonexistent/m.csv: no such folder'],
    [['solve', '--html', '/nonexistent/d.html', deal], 'cannot write --html /nonexistent/d.html: no such folder'],
    [['solve', '--html', 'README.md/d.html', deal], 'cannot write --html README.md/d.html: a part of its path is not a folder'],
    [['solve', '--html', 'src', deal], 'cannot write --html src: it is a folder'],
    [['solve', '--file', 'nowhere.txt'], 'cannot read nowhere.txt: no such file'],
    [['verify', '--file', 'src'], 'cannot read src: it is a folder'],
    [['report', summary, '--out', '/nonexistent/r.html'], 'cannot write --out /nonexistent/r.html: no such folder'],
  ])('%j', async (args, message) => {
    const ran = await acesup(args);
    expect(ran.code).toBe(3);
    expect(oneLine(ran.stderr)).toBe(`acesup: ${message}`);
    // Refused before any work: nothing solved, nothing printed.
    expect(ran.stdout).toBe('');
    expect(ran.stderr).not.toMatch(/\bE[A-Z]{3,}\b|\.tmp\b/u);
  });
});

describe('acesup solve, many deals: a deal that fails stops the run, exit 4, the deals before it answered', () => {
  const deals = Array.from({ length: 10 }, (_, i) => formatDeal(dealFor(1, i))).join('\n');
  it.concurrent.each([
    ['throw', /^acesup: line 8 \(standard × optional\) failed: test failure on deal 7; (\d+) deals? answered before it — /u],
    ['crash', /^acesup: line 8 \(standard × optional\) failed: the worker thread died \(.*\); (\d+) deals? answered before it — /u],
  ])('%s', async (how, message) => {
    const ran = await acesup(['solve', '--json', '--max-states', '20000', '--passes', 'none'], {
      input: deals,
      faults: { worker: `${how}:7` },
    });
    expect(ran.code).toBe(4);
    const line = oneLine(ran.stderr);
    expect(line).toMatch(message);
    const answered = Number(message.exec(line)![1]);
    // What is printed is answered in full, in input order, and stops before the deal that failed.
    const printed =
      ran.stdout === ''
        ? []
        : ran.stdout
            .trim()
            .split('\n')
            .map((text) => (JSON.parse(text) as { deal: string }).deal);
    expect(printed).toEqual(deals.split('\n').slice(0, answered));
    expect(answered).toBeLessThanOrEqual(7);
  });
});

describe('bad input is one line', () => {
  it.concurrent.each([
    [['merge', 'README.md'], /^acesup: README\.md is not a per-deal CSV of acesup \(line \d+: /u, 2],
    [['merge', 'src'], /^acesup: cannot read src: it is a folder$/u, 3],
    [
      ['estimate', '--variant', 'strict', '--deals', '5', '--csv', 'README.md', '--resume'],
      /^acesup: README\.md is not a per-deal CSV of acesup/u,
      2,
    ],
    [
      ['estimate', '--deals', '5', '--workers', '1024'],
      /^acesup: --workers 1024 is more than this machine can use \(at most \d+: .*each worker needs up to [\d,]+ MB at --max-states [\d,]+/u,
      2,
    ],
    [['estimate', '--deals', '5', '--checkpoint-every', '10'], /^acesup: --checkpoint-every does nothing without --csv FILE/u, 2],
    [['estimate', '--deals', '5', '--csv', '-', '--resume'], /^acesup: --resume needs --csv FILE, a file \(not standard output\)$/u, 2],
    [['merge', '-', '-'], /^acesup: standard input \(-\) can be read once only$/u, 2],
  ])('%j', async (args, message, code) => {
    const ran = await acesup(args);
    expect(ran.code).toBe(code);
    expect(oneLine(ran.stderr)).toMatch(message);
  });

  it('more workers than cores is a warning, not an error', async () => {
    const workers = availableParallelism() + 1;
    const ran = await acesup(['estimate', '--variant', 'strict', '--discards', 'forced', '--deals', '2', '--workers', String(workers)]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stderr).toMatch(
      new RegExp(`^acesup: warning: --workers ${workers} is more than the ${workers - 1} cores of this machine`, 'u'),
    );
  });

  it('merge and --resume read gzipped CSVs (as results/ ships them); a .gz --csv is written gzipped', async () => {
    writeFileSync(file('reference.csv.gz'), gzipSync(reference));
    const [plain, zipped] = await Promise.all([
      acesup(['merge', file('reference.csv'), '--json']),
      acesup(['merge', file('reference.csv.gz'), '--json']),
    ]);
    expect(zipped.code, zipped.stderr).toBe(0);
    const runless = (text: string): unknown =>
      text
        .trim()
        .split('\n')
        .map((line) => ({ ...(JSON.parse(line) as object), command: '' }));
    expect(runless(zipped.stdout)).toEqual(runless(plain.stdout));
    const [header, ...rows] = reference.trimEnd().split('\n');
    writeFileSync(file('partial.csv.gz'), gzipSync(`${[header, ...rows.slice(0, 25)].join('\n')}\n`));
    const resumed = await acesup([...RUN, '--csv', file('partial.csv.gz'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/25 read from/u);
    expect(gunzipSync(readFileSync(file('partial.csv.gz'))).toString()).toBe(reference);
    // The smallest per-deal file that results/ ships (in its study folders).
    const results = readdirSync(join(ROOT, 'results'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.csv.gz'))
      .map((name) => ({ name, size: statSync(join(ROOT, 'results', name)).size }))
      .sort((a, b) => a.size - b.size)[0]?.name;
    if (results !== undefined) {
      const shipped = await acesup(['merge', join(ROOT, 'results', results)]);
      expect(shipped.code, shipped.stderr.slice(0, 500)).toBe(0);
      expect(shipped.stdout).toMatch(/merged from 1 file/u);
    }
  });
});

describe('conventions', () => {
  it('"-" is standard output for --csv (the summary then goes to standard error) and standard input for merge', async () => {
    const ran = await acesup([...RUN, '--csv', '-']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toBe(reference);
    expect(ran.stderr).toMatch(/^strict × forced: .*, 60 deals/mu);
    const merged = await acesup(['merge', '-', '--csv', '-'], { input: reference });
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(reference);
    const summary = await acesup(['merge', '-', '--summary', '-'], { input: reference });
    expect((parse(summary.stdout, { columns: true }) as Record<string, string>[])[0]).toMatchObject({
      variant: 'strict',
      discards: 'forced',
      deals: '60',
    });
  });

  it('SIGTERM stops the run, saves the finished deals and exits 143; --resume finishes', async () => {
    mkdirSync(file('term'), { recursive: true });
    const csv = join(file('term'), 'run.csv');
    await interruptAfterSomeDeals([...RUN, '--csv', csv, '--progress-every', '0.1'], 'SIGTERM', 100, 60);
    const kept = rowsOf(readFileSync(csv, 'utf8')).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(60);
    const resumed = await acesup([...RUN, '--csv', csv, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readFileSync(csv, 'utf8')).toBe(reference);
  });
});
