// Black-box tests of `acesup solve` and `acesup verify`: the binary run as a user would, its output and
// exit codes, including bad input and bad options.

import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dealFor } from '../src/core/game/deals.ts';
import { formatDeal, parseDeal } from '../src/core/game/cards.ts';
import { parseMoves } from '../src/core/game/notation.ts';
import { replay } from '../src/core/game/verify.ts';
import { shortenQuotes } from '../src/cli/errors.ts';
import { DEFAULT_MAX_MEMORY_MIB } from '../src/cli/common-options.ts';
import { DEFAULT_MAX_TABLE_BYTES } from '../src/core/engine/table.ts';
import { DEEP, sized } from './deep.ts';
import { OPTIONAL_BEATS_FORCED_TEXT } from './fixtures.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'acesup-solve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function acesup(args: string[], input?: string, stdoutFd?: number): { code: number | null; stdout: string; stderr: string } {
  const ran = spawnSync(process.execPath, ['bin/acesup.js', ...args], {
    cwd: ROOT,
    input: input ?? '',
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    ...(stdoutFd === undefined ? {} : { stdio: ['pipe', stdoutFd, 'pipe'] }),
  });
  return { code: ran.status, stdout: ran.stdout ?? '', stderr: ran.stderr };
}

const NOTES_DEAL = OPTIONAL_BEATS_FORCED_TEXT;

describe('acesup solve', () => {
  it("answers the rule texts' game for a deal given as an argument: the verdict, then the winning line that verify reads", () => {
    const ran = acesup(['solve', NOTES_DEAL]);
    expect(ran.code, ran.stderr).toBe(0);
    const [verdict, line, ...rest] = ran.stdout.trimEnd().split('\n');
    expect(verdict).toMatch(/^standard · optional discards: WON — 48 discards, (\d+) moves \([\d,]+ states\)$/u);
    expect(rest).toEqual([]);
    expect(line!.split(', ')).toHaveLength(Number(/(\d+) moves/u.exec(verdict!)![1]));
    expect(replay(parseDeal(NOTES_DEAL), parseMoves(line!), 'standard', 'optional')).toEqual({ ok: true });
    expect(acesup(['verify', NOTES_DEAL, line!])).toMatchObject({ code: 0, stdout: 'ok\n' });
    // Every variant with --variant all; the numbered steps (suit symbols, the piles after each) with --show.
    const all = acesup(['solve', '--variant', 'all', NOTES_DEAL]);
    for (const variant of ['standard', 'strict', 'easy'])
      expect(all.stdout).toMatch(new RegExp(`^${variant} · optional discards: (WON|LOST|UNKNOWN)`, 'mu'));
    expect(all.stdout).toMatch(/^strict · optional discards: WON — 48 discards/mu);
    expect(all.stdout).not.toMatch(/^ +1\. /mu);
    const show = acesup(['solve', '--show', NOTES_DEAL]);
    expect(show.stdout).toMatch(/^ +1\. (deal$|remove |move )/mu);
    expect(show.stdout).toMatch(/[♣♦♥♠]/u);
  });

  it('--line prints the winning line alone, which verify, solve --after and the library read; no line is exit 1', () => {
    const line = acesup(['solve', '--variant', 'strict', '--line', NOTES_DEAL]);
    expect(line.code, line.stderr).toBe(0);
    expect(line.stdout).toMatch(/^(deal|remove [2-9TJQKA][CDHS]|move [2-9TJQKA][CDHS] [1-4])(, (deal|remove \S+|move \S+ [1-4]))+\n$/u);
    const moves = line.stdout.trim();
    expect(acesup(['verify', '--variant', 'strict', NOTES_DEAL, moves])).toMatchObject({ code: 0, stdout: 'ok\n' });
    // The position ten moves in is won, and its rest replays from there.
    const first = moves.split(', ').slice(0, 10).join(', ');
    const rest = acesup(['solve', '--variant', 'strict', '--line', '--after', first, NOTES_DEAL]);
    expect(rest.code, rest.stderr).toBe(0);
    expect(acesup(['verify', '--variant', 'strict', NOTES_DEAL, `${first}, ${rest.stdout.trim()}`]).stdout).toBe('ok\n');
    // Strict × forced is lost: no line, the verdict on standard error, exit 1.
    const lost = acesup(['solve', '--variant', 'strict', '--discards', 'forced', '--line', NOTES_DEAL]);
    expect(lost).toMatchObject({ code: 1, stdout: '' });
    expect(lost.stderr).toBe('acesup: no winning line: strict · forced discards: LOST — at most 46 discards (1,484 states)\n');
    // One deal, one variant.
    expect(acesup(['solve', '--line', '--variant', 'all', NOTES_DEAL]).stderr).toMatch(
      /^acesup: --line prints one winning line: name one --variant/u,
    );
    expect(acesup(['solve', '--line', '--json', NOTES_DEAL]).code).toBe(2);
  });

  it('--seed S --index I solves deal I of seed S, as acesup deal prints it', () => {
    const deal = formatDeal(dealFor(1, 1));
    const bySeed = acesup(['solve', '--seed', '1', '--index', '1', '--json']);
    const byText = acesup(['solve', deal, '--json']);
    expect(bySeed.code, bySeed.stderr).toBe(0);
    const timeless = (out: string) => ({ ...(JSON.parse(out) as object), ms: 0 });
    expect(timeless(bySeed.stdout)).toEqual(timeless(byText.stdout));
    expect(JSON.parse(bySeed.stdout)).toMatchObject({ deal, variant: 'standard', discards: 'optional' });
    expect(acesup(['solve', '--seed', '1', deal]).stderr).toMatch(
      /^acesup: give one deal source: the deal as an argument or --seed, not both/u,
    );
    expect(acesup(['solve', '--index', '3']).stderr).toBe('acesup: --index needs --seed: deal I of seed S\n');
  });

  it('prints the same output every run: three runs of the same command, one deal and a pipe of deals', () => {
    const runs = [0, 1, 2].map(() => acesup(['solve', '--variant', 'all', NOTES_DEAL]));
    for (const ran of runs) expect(ran.code, ran.stderr).toBe(0);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout);
    expect(runs[2]!.stdout).toBe(runs[0]!.stdout);
    const deals = Array.from({ length: 6 }, (_, i) => formatDeal(dealFor(5, i))).join('\n');
    const piped = [0, 1, 2].map(() => acesup(['solve', '--max-states', '5000', '--variant', 'all'], deals));
    for (const ran of piped) expect(ran.code, ran.stderr).toBe(0);
    expect(piped[1]!.stdout).toBe(piped[0]!.stdout);
    expect(piped[2]!.stdout).toBe(piped[0]!.stdout);
  });

  it('prints JSON Lines whose solutions replay through verify, and the forced loss with its max discards', () => {
    const ran = acesup(['solve', '--json', '--variant', 'strict', NOTES_DEAL]);
    expect(ran.code).toBe(0);
    const line = JSON.parse(ran.stdout.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ deal: NOTES_DEAL, variant: 'strict', discards: 'optional', result: 'won', maxDiscards: 48 });
    expect(typeof line['states']).toBe('number');
    expect(typeof line['ms']).toBe('number');
    const moves = parseMoves((line['solution'] as string[]).join(','));
    expect(replay(parseDeal(NOTES_DEAL), moves, 'strict', 'optional')).toEqual({ ok: true });

    const forced = JSON.parse(acesup(['solve', '--json', '--variant', 'strict', '--discards', 'forced', NOTES_DEAL]).stdout) as Record<
      string,
      unknown
    >;
    expect(forced).toMatchObject({ result: 'lost', maxDiscards: 46 });
    expect(forced['solution']).toBeUndefined();
  });

  it('reports unknown with bounds when the budget runs out', () => {
    const ran = acesup(['solve', '--json', '--variant', 'standard', '--max-states', '5', '--time-limit', '0', formatDeal(dealFor(1, 0))]);
    const line = JSON.parse(ran.stdout) as { result: string; maxDiscards: { lower: number; upper: number } };
    expect(line.result).toBe('unknown');
    expect(line.maxDiscards.lower).toBeLessThanOrEqual(line.maxDiscards.upper);
  });

  // Deal 19 of seed 1 ends with four suits and no ace (R6): lost, at most 44 discards, before any search.
  const R6_DEAL = formatDeal(dealFor(1, 19));

  it('reports a loss whose max discards the budget did not pin as a proven range', () => {
    const deal = R6_DEAL;
    const once = ['solve', '--variant', 'standard', '--max-states', '5', '--time-limit', '0'];
    const json = JSON.parse(acesup([...once, '--json', deal]).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ result: 'lost', maxDiscards: { upper: 44 } });
    const text = acesup([...once, deal]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /standard · optional discards: LOST — max discards between \d+ and 44; a budget of 5 states proved the loss/u,
    );
  });

  // (Some seconds of search: the deep run; time-limit.test.ts solves a deal given as an argument at growing budgets in npm test.)
  it.runIf(DEEP)('pins that max discards with the time a deal given as an argument gets', () => {
    const deal = R6_DEAL;
    // With the time a deal given as an argument gets, the passes go on until the number is pinned.
    const pinned = JSON.parse(acesup(['solve', '--variant', 'standard', '--max-states', '5', '--json', deal]).stdout) as Record<
      string,
      unknown
    >;
    const exact = JSON.parse(acesup(['solve', '--variant', 'standard', '--json', deal]).stdout) as Record<string, unknown>;
    expect(exact).toMatchObject({ result: 'lost', maxDiscards: expect.any(Number) });
    expect(pinned).toMatchObject({ result: 'lost', maxDiscards: exact['maxDiscards'] });
  });

  it('--max-discards bounds stops at the verdict: the same loss, its max discards as a range around the exact one', () => {
    // Lost under strict × forced, at most 46 discards.
    const deal = OPTIONAL_BEATS_FORCED_TEXT;
    const options = ['solve', '--json', '--variant', 'strict', '--discards', 'forced'];
    const exact = JSON.parse(acesup([...options, deal]).stdout) as { result: string; maxDiscards: number; states: number };
    const bounds = JSON.parse(acesup([...options, '--max-discards', 'bounds', deal]).stdout) as {
      result: string;
      maxDiscards: { lower: number; upper: number };
      states: number;
    };
    expect(exact).toMatchObject({ result: 'lost', maxDiscards: 46 });
    expect(bounds.result).toBe('lost');
    expect(bounds.maxDiscards.lower).toBeLessThanOrEqual(46);
    expect(bounds.maxDiscards.upper).toBeGreaterThanOrEqual(46);
    expect(bounds.states).toBeLessThan(exact.states);
    const text = acesup(['solve', '--variant', 'strict', '--discards', 'forced', '--max-discards', 'bounds', deal]);
    expect(text.stdout).toMatch(/LOST — max discards between \d+ and 4[67] \(--max-discards bounds: the verdict only\)/u);
    expect(acesup(['solve', '--max-discards', 'some', deal]).stderr).toMatch(/^acesup: .*--max-discards/u);
  });

  it('reads deals from standard input and --file, skips blanks and comments, names a bad line and goes on', () => {
    const text = `# two deals and a bad one\n\n${formatDeal(dealFor(1, 0))}\n7S JS 5H\n${formatDeal(dealFor(1, 1))}\n`;
    const fromStdin = acesup(['solve', '--json', '--variant', 'strict', '--discards', 'forced'], text);
    expect(fromStdin.code).toBe(2);
    expect(fromStdin.stdout.trim().split('\n')).toHaveLength(2);
    const [bad, tally, ...more] = fromStdin.stderr.trim().split('\n');
    expect(bad).toBe('acesup: line 4: deal has 3 cards, expected 52 (missing cards 2C 3C 4C 5C 6C 7C 8C 9C …)');
    // The closing tally: the deals, the time, and the verdicts.
    expect(tally).toMatch(
      /^acesup: solved 2 deals in [\d.]+ s on \d+ workers? \(CPU [\d.]+ s\) \(1 bad line skipped\) — strict × forced: won \d · lost \d · unknown 0$/u,
    );
    expect(more).toEqual([]);
    const path = join(dir, 'deals.txt');
    writeFileSync(path, text);
    const fromFile = acesup(['solve', '--json', '--variant', 'strict', '--discards', 'forced', '--file', path]);
    const timeless = (out: string): unknown[] =>
      out
        .trim()
        .split('\n')
        .map((line) => ({ ...(JSON.parse(line) as object), ms: 0 }));
    expect(timeless(fromFile.stdout)).toEqual(timeless(fromStdin.stdout));
    expect(fromFile.code).toBe(2);
  });

  it('shows the four piles after each step with --show', () => {
    const ran = acesup(['solve', '--show', '--variant', 'strict', NOTES_DEAL]);
    expect(ran.stdout).toMatch(/^ +1: .*\n +2: .*\n +3: .*\n +4: .*\n +stock: 48/mu);
    expect(ran.stdout).toContain('discarded: 48');
  });

  it('rejects bad input and options with one line and exit 2, no stack trace', () => {
    const cases: [string[], RegExp][] = [
      [['solve', '7S JS XX'], /^acesup: unknown card "XX" at position 3 \(column 7\)$/u],
      [['solve', NOTES_DEAL.replace('7S', '4C')], /^acesup: duplicate card 4C at positions 1 and 2$/u],
      [['solve', '--variant', 'klondike', NOTES_DEAL], /^acesup: option '--variant <name>' argument 'klondike' is invalid/u],
      [['solve', '--max-states', '0', NOTES_DEAL], /^acesup: option '--max-states <n>' argument '0' is invalid/u],
      [['solve', '--frobnicate'], /^acesup: unknown option '--frobnicate'$/u],
      [['verify', NOTES_DEAL], /^acesup: verify needs a DEAL and a MOVES list/u],
      [['verify', NOTES_DEAL, 'deal, jump 7S'], /^acesup: move 2: "jump 7S" is not a move/u],
    ];
    for (const [args, message] of cases) {
      const ran = acesup(args);
      expect({ args, code: ran.code }).toEqual({ args, code: 2 });
      expect(ran.stderr.trim().split('\n')).toHaveLength(1);
      expect(ran.stderr.trim()).toMatch(message);
      expect(ran.stderr).not.toMatch(/\n\s+at /u);
    }
  });
});

describe('faults and conventions of solve and verify', () => {
  it("--max-memory's default is the tables' own cap, and solve and estimate (--help-all) both show it", () => {
    expect(DEFAULT_MAX_MEMORY_MIB * 2 ** 20).toBe(DEFAULT_MAX_TABLE_BYTES);
    for (const command of ['solve', 'estimate']) {
      const help = acesup([command, '--help-all']).stdout.replace(/\s+/gu, ' ');
      expect(help).toMatch(
        /--max-memory <MiB> the most memory .* visited set may take; a deal whose search needs more stays unknown \(its table stops growing\).*\(default: 4096\)/u,
      );
    }
  });
  it('every text solution of a batch verifies as it is printed: the line, and the numbered steps of --show (suit symbols, "to pile N")', () => {
    const deals = Array.from({ length: sized(3, 8) }, (_, i) => formatDeal(dealFor(1, i)));
    const ran = acesup(['solve', '--variant', 'all', '--max-states', '50000', '--show'], deals.join('\n'));
    expect(ran.code, ran.stderr).toBe(0);
    // Blocks: "Deal …", then per variant a verdict line and, when won, the line and the numbered steps among the piles.
    const solutions: { deal: string; variant: string; moves: string }[] = [];
    let deal = '';
    const lines = ran.stdout.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.startsWith('Deal ')) deal = lines[i]!.slice(5);
      const won = /^(standard|strict|easy) · optional discards: WON/u.exec(lines[i]!);
      if (won === null) continue;
      let end = i + 2;
      while (end < lines.length && /^ /u.test(lines[end]!)) end += 1;
      const steps = lines.slice(i + 2, end).filter((line) => /^ +\d+\. /u.test(line));
      solutions.push({ deal, variant: won[1]!, moves: lines[i + 1]! }, { deal, variant: won[1]!, moves: steps.join('\n') });
    }
    expect(solutions.length).toBeGreaterThanOrEqual(10);
    expect(solutions.some((s) => s.moves.includes(' to pile '))).toBe(true);
    for (const { deal: text, variant, moves } of solutions) {
      expect(acesup(['verify', '--variant', variant, text, moves])).toMatchObject({ code: 0, stdout: 'ok\n' });
    }
    // A printed list that is cut short is still checked as such.
    const { deal: first, variant, moves } = solutions[0]!;
    const cut = acesup(['verify', '--variant', variant, first, moves.split('\n').slice(0, -1).join('\n')]);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/^invalid: move \d+: not won/u);
  });

  it('a folder or a missing file as --file is one line and exit 3; "-" reads standard input', () => {
    for (const args of [
      ['solve', '--file', 'src'],
      ['verify', '--file', 'src'],
    ]) {
      const ran = acesup(args);
      expect(ran.code).toBe(3);
      expect(ran.stderr).toBe('acesup: cannot read src: it is a folder\n');
    }
    const missing = acesup(['solve', '--file', join(dir, 'nowhere.txt')]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/^acesup: cannot read .*nowhere\.txt: no such file\n$/u);
    const fromStdin = acesup(['solve', '--json', '--variant', 'strict', '--discards', 'forced', '--file', '-'], NOTES_DEAL);
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ result: 'lost', maxDiscards: 46 });
  });

  it('a 10 MB bad token is not echoed whole: quoted input is cut at 60 characters', () => {
    const token = 'X'.repeat(10 * 2 ** 20);
    const ran = acesup(['solve', '--variant', 'strict'], `${token}\n`);
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n')[0]!.length).toBeLessThan(300);
    expect(ran.stderr).toMatch(/^acesup: line 1: .*"X{59}…" \(10,485,760 characters\)/u);
    const option = acesup(['solve', '--variant', 'Y'.repeat(100_000), NOTES_DEAL]);
    expect(option.code).toBe(2);
    expect(option.stderr.length).toBeLessThan(400);
    expect(shortenQuotes(`bad "${'a'.repeat(61)}" and 'short'`)).toBe(`bad "${'a'.repeat(59)}…" (61 characters) and 'short'`);
  });

  it('refuses --show with --json (it would do nothing); standard output on a full device is one line, exit 3', () => {
    const ran = acesup(['solve', '--show', '--json', NOTES_DEAL]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe('acesup: --show prints the piles in the text output: it does nothing with --json\n');
    const full = openSync('/dev/full', 'w');
    try {
      const verifyFull = acesup(['verify', NOTES_DEAL, 'deal'], undefined, full);
      expect(verifyFull.code).toBe(3);
      expect(verifyFull.stderr).toBe('acesup: cannot write to standard output: no space left on device\n');
      // The launcher's own answer to a lone --version fails the same way.
      const versionFull = acesup(['--version'], undefined, full);
      expect(versionFull.code).toBe(3);
      expect(versionFull.stderr).toBe('acesup: cannot write to standard output: no space left on device\n');
    } finally {
      closeSync(full);
    }
  });
});

describe('acesup verify', () => {
  const deal =
    '7S JS 5H AC 4C 3H KD 2D 6D 7H 5D 9D 3D TD 8C 6H TC AS KC KH TS JC KS 4S 5C 2C AH QC JD JH AD 9S 4H 3S QH TH QD 7C QS 5S 2H 2S 9H 8H 4D 8S 3C 8D 7D 9C 6C 6S';

  it("accepts the solver's own solution (exit 0) and names the first illegal move (exit 1)", () => {
    const solved = JSON.parse(acesup(['solve', '--json', '--variant', 'standard', deal]).stdout) as { solution: string[] };
    const ok = acesup(['verify', deal, solved.solution.join(', ')]);
    expect(ok).toMatchObject({ code: 0, stdout: 'ok\n' });
    const bad = acesup(['verify', deal, 'remove 5H']);
    expect(bad).toMatchObject({ code: 1, stdout: 'invalid: move 1: no exposed card of hearts higher than 5H on another pile\n' });
    const unfinished = acesup(['verify', deal, 'remove 7S, move 5H 1, deal']);
    expect(unfinished).toMatchObject({ code: 1, stdout: 'invalid: move 4: not won: 44 cards left in the stock\n' });
  });

  it('checks DEAL<TAB>MOVES lines from a file, line by line', () => {
    const solved = JSON.parse(acesup(['solve', '--json', '--variant', 'easy', deal]).stdout) as { solution: string[] };
    const path = join(dir, 'moves.tsv');
    writeFileSync(path, `${deal}\t${solved.solution.join(',')}\n${deal}\tremove AC\n`);
    const ran = acesup(['verify', '--variant', 'easy', '--file', path]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('line 1: ok\nline 2: invalid: move 1: an ace cannot be removed\n');
  });
});
