// Solving from a position mid-game (`after`: the moves played from the start): the reduced solver against the plain
// exhaustive search from the same position, its winning lines replayed by the independent replayer, and the
// library's and the command's answers for the same position.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, seededDeal, solve, verify as verifyLine } from '../src/core/api.ts';
import { parseDeal } from '../src/core/game/cards.ts';
import { type GameMove, describeGameMove, formatMove } from '../src/core/game/notation.ts';
import { Rng } from '../src/core/game/random.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../src/core/game/rules.ts';
import { Replayer, replay } from '../src/core/game/verify.ts';
import { type SolveResult, Solver, discardBounds } from '../src/core/search/solve.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/acesup.js');
const solver = new Solver();

/** A legal line of `rounds` deals from the start: removals taken where the stream says, moves now and then. */
function randomLine(deal: Uint8Array, variant: Variant, rule: DiscardRule, rounds: number, seed: number): GameMove[] {
  const game = new Replayer(deal, variant, rule);
  const rng = new Rng(seed);
  const line: GameMove[] = [];
  let deals = 0;
  while (deals < rounds) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    const others = moves.filter((move) => move.kind !== 'deal');
    // Mostly the other moves (a removal or a fill), else the deal when it is legal.
    const canDeal = moves.length > others.length;
    const move = others.length > 0 && (!canDeal || rng.below(4) > 0) ? others[rng.below(others.length)]! : { kind: 'deal' as const };
    if (move.kind === 'deal') deals += 1;
    game.play(move);
    line.push(move);
  }
  return line;
}

/** The plain search's answer from the position, when it decides within its budget. */
function plain(deal: Uint8Array, variant: Variant, rule: DiscardRule, after: GameMove[]): SolveResult | undefined {
  const result = solver.solve(deal, { variant, rule, after, reductions: false, maxStates: 400_000 });
  return result.result === 'unknown' ? undefined : result;
}

describe('solving from a position mid-game', () => {
  it('gives the plain exhaustive search’s verdict and max discards, and its winning lines replay from the position', () => {
    let compared = 0;
    let won = 0;
    for (const variant of VARIANTS) {
      for (const rule of DISCARD_RULES) {
        for (let index = 0; index < 6; index++) {
          const deal = parseDeal(seededDeal(5, index));
          const after = randomLine(deal, variant, rule, 5 + (index % 3) * 2, index);
          const reference = plain(deal, variant, rule, after);
          if (reference === undefined) continue;
          const fast = solver.solve(deal, { variant, rule, after });
          compared += 1;
          const where = `${variant}/${rule} deal ${index} after ${after.length} moves`;
          expect({ where, kind: fast.result }).toEqual({ where, kind: reference.result });
          if (fast.result === 'lost') expect({ where, ...discardBounds(fast) }).toEqual({ where, ...discardBounds(reference) });
          if (fast.result === 'won') {
            won += 1;
            expect(replay(deal, [...after, ...fast.solution], variant, rule)).toEqual({ ok: true });
          }
        }
      }
    }
    // Enough positions decided, of both verdicts, for the comparison to mean something.
    expect(compared).toBeGreaterThanOrEqual(24);
    expect(won).toBeGreaterThan(0);
    expect(compared - won).toBeGreaterThan(0);
  });

  it('a prefix of a winning line is won from where it stops, and the rest found replays to the win', () => {
    const deal = seededDeal(1, 1);
    const whole = solve(deal, { discards: 'forced' });
    if (whole.result !== 'won') throw new Error('deal 1 of seed 1 is won under forced discards');
    for (const cut of [1, 20, whole.solution.length - 1, whole.solution.length]) {
      const after = whole.solution.slice(0, cut);
      const rest = solve(deal, { discards: 'forced', after });
      expect(rest.result).toBe('won');
      if (rest.result === 'won') expect(verifyLine(deal, [...after, ...rest.solution], { discards: 'forced' })).toEqual({ ok: true });
    }
  });

  it('reads the moves in every form the command line prints: comma-separated, one per line, numbered, "to pile N"', () => {
    const deal = seededDeal(1, 1);
    const whole = solve(deal, { discards: 'forced' });
    if (whole.result !== 'won') throw new Error('deal 1 of seed 1 is won under forced discards');
    const game = new Replayer(parseDeal(deal), 'standard', 'forced');
    const people = whole.solution.map((text) => {
      const move = game.legalMoves().find((m) => formatMove(m) === text)!;
      game.play(move);
      return describeGameMove(move);
    });
    const numbered = people.map((move, i) => `  ${String(i + 1).padStart(2)}. ${move}`).join('\n');
    for (const moves of [numbered, people.join(', '), whole.solution.join('\n')])
      expect(verifyLine(deal, moves, { discards: 'forced' })).toEqual({ ok: true });
    const cut = 12;
    const after = people
      .slice(0, cut)
      .map((move, i) => `${i + 1}. ${move}`)
      .join('\n');
    const rest = solve(deal, { discards: 'forced', after });
    expect(rest.result).toBe('won');
    if (rest.result === 'won')
      expect(verifyLine(deal, [...whole.solution.slice(0, cut), ...rest.solution], { discards: 'forced' })).toEqual({ ok: true });
  });

  it('refuses an illegal move played before, in verify’s words', () => {
    const deal = seededDeal(1, 1);
    const line = ['remove 2D', 'deal', 'remove AH'];
    const check = verifyLine(deal, line);
    if (check.ok) throw new Error('the line is illegal');
    expect(() => solve(deal, { after: line })).toThrow(new InputError(`move ${check.move}: ${check.reason}`));
    expect(() => solve(deal, { after: 'remove 2D, jump' })).toThrow(InputError);
  });

  it('acesup solve --after gives the library’s verdict for the same position, and names an illegal move as verify does', () => {
    const deal = seededDeal(3, 4);
    const after = randomLine(parseDeal(deal), 'strict', 'optional', 6, 9).map(formatMove);
    const library = solve(deal, { variant: 'strict', discards: 'optional', after });
    const out = execFileSync(
      process.execPath,
      [BIN, 'solve', deal, '--variant', 'strict', '--after', after.join(', '), '--json', '--time-limit', '0', '--threads', '1'],
      { encoding: 'utf8' },
    );
    const answer = JSON.parse(out) as { result: string; maxDiscards: unknown; solution?: string[] };
    expect(answer.result).toBe(library.result);
    if (library.result === 'lost')
      expect(answer.maxDiscards).toEqual(library.maxDiscards ?? { lower: library.lower, upper: library.upper });
    if (library.result === 'won') expect(verifyLine(deal, [...after, ...answer.solution!], { variant: 'strict' })).toEqual({ ok: true });

    const text = execFileSync(
      process.execPath,
      [BIN, 'solve', deal, '--variant', 'strict', '--after', after.join(', '), '--time-limit', '0'],
      {
        encoding: 'utf8',
      },
    );
    // The position the moves reach, in the notation acesup hint reads.
    expect(text).toMatch(new RegExp(`^After ${after.length} moves: .+ ; stock \\d+`, 'mu'));

    const bad = [...after, 'remove AS'];
    const check = verifyLine(deal, bad, { variant: 'strict' });
    if (check.ok) throw new Error('the line is illegal');
    let error = '';
    try {
      execFileSync(process.execPath, [BIN, 'solve', deal, '--variant', 'strict', '--after', bad.join(', ')], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (failed) {
      error = String((failed as { stderr: string }).stderr);
    }
    expect(error.trim()).toBe(`acesup: --after: move ${check.move}: ${check.reason}`);
  });
});
