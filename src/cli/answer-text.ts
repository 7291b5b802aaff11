// How `acesup solve` says an answer (commands/solve.ts): the verdict line, the winning line on the next, the steps
// with the piles after each (--show), the position that --after reaches, and the JSON Lines object (--json).

import { verdictOf } from '../core/api.ts';
import { type Deal, formatDeal } from '../core/game/cards.ts';
import { fmt } from '../core/game/format.ts';
import { type GameMove, describeGameMove, formatMove } from '../core/game/notation.ts';
import { formatPosition } from '../core/game/position.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { Replayer, formatPiles } from '../core/game/verify.ts';
import type { MaxDiscardsMode, SolveResult } from '../core/search/solve.ts';
import type { TimedAnswer } from '../core/search/time-limit.ts';
import { solveVerdict } from '../core/verdict-text.ts';
import type { StoppedBy } from './solve-deal.ts';

/** The options of solve that an answer's words depend on. */
interface AnswerFlags {
  discards: DiscardRule;
  maxDiscards: MaxDiscardsMode;
  maxMemory: number;
  show?: boolean;
}

/** How an answer came, for its verdict line: the --time-limit in seconds (0: none) or the signal that cut the solve
 *  short, and the threads of the pass that answered (1: one thread; its counts are the same every run). */
interface How {
  time: number | StoppedBy;
  threads: number;
}

/** The verdict line of `solve`: the rule set, the verdict in words (core/verdict-text.ts) and its count. */
export function verdictLine(
  result: SolveResult,
  variant: Variant,
  rule: DiscardRule,
  answer: TimedAnswer,
  flags: AnswerFlags,
  how: How,
): string {
  // The same line every run: no timings (--json has them), and a threaded pass's count of positions, which varies
  // from run to run, shown as the threads that searched instead.
  const tail = how.threads > 1 ? `on ${how.threads} threads` : `${fmt(result.states)} states`;
  const run = { maxStates: answer.maxStates, time: how.time, bounds: flags.maxDiscards === 'bounds', maxMemory: flags.maxMemory };
  return `${variant} · ${rule} discards: ${solveVerdict(verdictOf(result), run)} (${tail})`;
}

/** The solution numbered on from the moves played before it (`after`), with the piles after each step (--show). */
function printSteps(
  deal: Deal,
  after: readonly GameMove[],
  solution: readonly GameMove[],
  variant: Variant,
  rule: DiscardRule,
  out: (text: string) => string,
): void {
  const game = new Replayer(deal, variant, rule);
  for (const move of after) game.play(move);
  const width = String(after.length + solution.length).length;
  console.log(out(indent(formatPiles(game.piles()), 6)) + `\n      stock: ${game.stockLeft()}`);
  solution.forEach((move, i) => {
    console.log(out(`  ${String(after.length + i + 1).padStart(width)}. ${describeGameMove(move)}`));
    game.play(move);
    console.log(out(indent(formatPiles(game.piles()), 6)) + `\n      stock: ${game.stockLeft()}, discarded: ${game.discarded()}`);
  });
}

const indent = (text: string, by: number): string =>
  text
    .split('\n')
    .map((line) => ' '.repeat(by) + line)
    .join('\n');

/** The position of a game after `moves`, in the position notation (docs/rules.md) that acesup hint reads. */
export function positionAfter(deal: Deal, moves: readonly GameMove[], variant: Variant, rule: DiscardRule): string {
  const game = new Replayer(deal, variant, rule);
  for (const move of moves) game.play(move);
  const piles = game.piles();
  const seen = new Set([...piles.flat(), ...deal.subarray(52 - game.stockLeft())]);
  const discards = Array.from(deal).filter((card) => !seen.has(card));
  return formatPosition({ piles, stock: game.stockLeft(), discards: discards.sort((a, b) => a - b) });
}

/** One JSON Lines object of an answer. */
export function jsonLine(
  deal: Deal,
  variant: Variant,
  flags: AnswerFlags,
  answer: TimedAnswer,
  out: (text: string) => string,
  interrupted: boolean,
): string {
  const { result, maxStates, ms } = answer;
  return JSON.stringify({
    deal: out(formatDeal(deal)),
    variant,
    discards: flags.discards,
    result: result.result,
    maxDiscards: result.result === 'won' ? 48 : result.lower === result.upper ? result.lower : { lower: result.lower, upper: result.upper },
    ...(result.result === 'won' ? { solution: result.solution.map((move) => out(formatMove(move))) } : {}),
    states: result.states,
    maxStates,
    ms: Math.round(ms * 1000) / 1000,
    ...(interrupted ? { interrupted: true } : {}),
  });
}

/** An answer as text: the verdict line; when won, the whole line of moves on the next (what verify, solve --after,
 *  hint --after and the library read), and with --show the steps with the piles after each. */
export function printAnswer(
  deal: Deal,
  variant: Variant,
  after: readonly GameMove[],
  answer: TimedAnswer,
  flags: AnswerFlags,
  how: How,
  out: (text: string) => string,
): void {
  const { result } = answer;
  console.log(verdictLine(result, variant, flags.discards, answer, flags, how));
  if (result.result !== 'won') return;
  console.log(out(result.solution.map(formatMove).join(', ')));
  if (flags.show) printSteps(deal, after, result.solution, variant, flags.discards, out);
}
