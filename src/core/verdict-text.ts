// A solver's verdict in words, for every surface that shows one: `acesup solve`'s verdict line, the replay page that
// `solve --html` writes (its line and its note) and the web page's sentence (the library's verdictWords). What stopped
// a search is said in the surface's own terms (an option, a signal, a budget), which it passes.

import { fmt } from './game/format.ts';
import { DEFAULT_MAX_STATES } from './search/budget.ts';

/** What the words need of a verdict: the library's Verdict (of its solution, the number of moves alone). */
export type VerdictFigures =
  | { result: 'won'; solution: readonly unknown[]; states: number }
  | { result: 'lost'; lower: number; upper: number; states: number }
  | { result: 'unknown'; lower: number; upper: number; stoppedBy: string; states: number };

/** A verdict in words. */
export interface VerdictWords {
  /** In a line, as `acesup solve` prints it after the rule set: `WON — 48 discards, 71 moves`, `LOST — at most 46
   *  discards`, `LOST — max discards between 45 and 47`, `UNKNOWN — between 30 and 48 discards`. */
  line: string;
  /** In a sentence for a player, as the web page says it: `Won from here: perfect play wins with this line of 12
   *  moves (3,456 positions searched).` */
  sentence: string;
}

const plural = (n: number, word: string): string => `${n} ${n === 1 ? word : `${word}s`}`;

/**
 * The verdict in words. `maxStates`: the budget it was searched within (default 2,000,000), which an undecided
 * verdict names; `discarded`: the cards a game in progress has discarded, which a lost verdict names beside its max.
 */
export function verdictWords(verdict: VerdictFigures, context: { maxStates?: number; discarded?: number } = {}): VerdictWords {
  const states = `${fmt(verdict.states)} positions searched`;
  switch (verdict.result) {
    case 'won': {
      const n = verdict.solution.length;
      return {
        line: `WON — 48 discards, ${n} moves`,
        sentence: n === 0 ? 'Won.' : `Won from here: perfect play wins with this line of ${plural(n, 'move')} (${states}).`,
      };
    }
    case 'lost': {
      const { lower, upper } = verdict;
      const pinned = lower === upper;
      const so = context.discarded === undefined ? '' : ` (${context.discarded} discarded so far)`;
      const most = pinned ? `${lower}${so}` : `between ${lower} and ${upper}`;
      return {
        line: pinned ? `LOST — at most ${lower} discards` : `LOST — max discards between ${lower} and ${upper}`,
        sentence: `Lost from here: no line wins; the most cards any line discards is ${most} (${states}).`,
      };
    }
    case 'unknown': {
      const { lower, upper } = verdict;
      const full = verdict.stoppedBy === 'memory' ? ', the search’s table full' : '';
      return {
        line: `UNKNOWN — between ${lower} and ${upper} discards`,
        sentence:
          `Undecided within ${fmt(context.maxStates ?? DEFAULT_MAX_STATES)} positions: the most cards a line discards lies between ` +
          `${lower} and ${upper} (48 wins)${full}.`,
      };
    }
  }
}

/** How `acesup solve` ran a deal, for the words of what kept its answer open. */
export interface SolveRun {
  /** The state budget of the pass that answered. */
  maxStates: number;
  /** The --time-limit in seconds (0: none), or the signal that stopped the solve (`Ctrl-C`, `SIGTERM`). */
  time: number | string;
  /** --max-discards bounds: the verdict only. */
  bounds: boolean;
  /** --max-memory, in MiB. */
  maxMemory: number;
}

/** `acesup solve`'s verdict after its rule set: the line, and for a lost deal whose max is a range or an unknown
 *  one, what stopped the search (its option, or the signal). */
export function solveVerdict(verdict: VerdictFigures, run: SolveRun): string {
  const { line } = verdictWords(verdict);
  const { time, maxStates } = run;
  if (verdict.result === 'won') return line;
  if (verdict.result === 'lost') {
    if (verdict.lower === verdict.upper) return line;
    if (run.bounds) return `${line} (--max-discards bounds: the verdict only)`;
    const stopped =
      typeof time === 'string'
        ? `${time} came before it was pinned`
        : time > 0
          ? `--time-limit ${time} s proved the loss but did not pin the number`
          : `a budget of ${fmt(maxStates)} states proved the loss but did not pin the number`;
    return `${line}; ${stopped}`;
  }
  const why =
    typeof time === 'string'
      ? `stopped by ${time}`
      : verdict.stoppedBy === 'memory'
        ? `stopped when the search's table reached --max-memory ${fmt(run.maxMemory)} MiB`
        : verdict.stoppedBy === 'time'
          ? `stopped at the time limit (--time-limit ${time} s) at a budget of ${fmt(maxStates)} states`
          : `stopped at a budget of ${fmt(maxStates)} states`;
  return `${line}; ${why}`;
}

/** A rule set of the replay page (`solve --html`): its verdict and budget, and for a deal not won the best line
 *  shown instead of a solution. */
export interface ReplayFigures {
  result: 'won' | 'lost' | 'unknown';
  lower: number;
  upper: number;
  maxStates: number;
  /** --max-discards bounds: the verdict only. */
  bounds: boolean;
  /** The moves shown: the solution of a won deal, else the best line found. */
  moves: number;
  /** For a deal not won: what the search for a best line found. */
  line: { discards: number; reached: boolean; positions: number; target: number } | null;
}

/** The replay page's verdict line for a rule set, and the note below it that says how the line shown was found. */
export function replayWords(game: ReplayFigures): { line: string; note: string } {
  const { lower, upper } = game;
  if (game.result === 'won') return { line: `WON — 48 discards, ${game.moves} moves`, note: '' };
  const line = game.line!;
  const max = lower === upper ? `max discards ${lower}` : `max discards between ${lower} and ${upper}`;
  const budget =
    game.result === 'unknown'
      ? `The solver stopped at its budget of ${fmt(game.maxStates)} states before the verdict; its best line discards ${lower} and no line discards more than ${upper}. `
      : lower === upper
        ? `The solver proves the loss and its max discards (${lower}, the most cards any line of play discards). `
        : `The solver proves the loss; its max discards lies between ${lower} and ${upper}${
            game.bounds ? ' (--max-discards bounds: the verdict only). ' : ' (the budget proved the loss but did not pin the number). '
          }`;
  const how = `It keeps no line for a deal it does not win, so the line shown was found by a plain search over the rules (${fmt(line.positions)} positions), `;
  return {
    line: `${game.result === 'lost' ? 'LOST' : 'UNKNOWN'} — ${max}; best line shown: ${line.discards} discards, ${game.moves} moves`,
    note:
      budget +
      how +
      (line.reached
        ? `which stopped at the first line discarding ${line.target}.`
        : `which stopped at its budget: the best line it found discards ${line.discards}, short of ${line.target}.`),
  };
}
