// The library's functions (the package's main entry, src/index.ts, exports them): parse a deal, solve it, check a
// line with the independent replayer, make reproducible deals and winnable ones. Plain values in and out (strings,
// numbers, arrays), so that answers cross a worker's postMessage and JSON as they are. No Node API: it runs in a browser.
// The hint for a game in progress comes from play/ (the expert and its rollouts).

import { type Deal, InputError, MAX_INDEX, MAX_SEED, formatDeal, parseDeal } from './game/cards.ts';
import { type CallGame, dealIn, rulesOf, searchOptions, statesOption, timeLimitOf, wholeNumber } from './api-input.ts';
import { dealFor } from './game/deals.ts';
import { type GameMove, describeGameMove, formatMove, parseMove } from './game/notation.ts';
import { HINT_DEFAULTS, hintFor } from './play/hint.ts';
import type { DiscardRule, Variant } from './game/rules.ts';
import { Replayer, replay } from './game/verify.ts';
import type { GameRules, GameStatus } from './game-api.ts';
import { reviewLine } from './review.ts';
import { DEFAULT_MAX_STATES } from './search/budget.ts';
import { type MaxDiscardsMode, type SolveResult, Solver } from './search/solve.ts';
import { type PassProgress, solveWithin } from './search/time-limit.ts';

export { DEFAULT_MAX_STATES, type Deal, type DiscardRule, InputError, MAX_INDEX, MAX_SEED, type MaxDiscardsMode, type Variant };

/** What stopped a search before its verdict: the budget of positions (`maxStates`), the search's table reaching
 *  its memory cap, the time limit (`timeLimit`), or the caller's `signal`. */
export type StopReason = 'states' | 'memory' | 'time' | 'aborted';

/** How far a solve has got, for a progress display: its pass (1 for the first) and that pass's budget, the
 *  positions that pass has searched, the proven bounds on the max discards, and the milliseconds since the call. */
export interface SolveProgress {
  pass: number;
  maxStates: number;
  states: number;
  lower: number;
  upper: number;
  elapsedMs: number;
}
export { formatDeal, parseDeal };
export { type Game, type GameRules, type GameStatus, type NewGameOptions, newGame } from './game-api.ts';
export { type HintWords, hintWords } from './play/hint-text.ts';
export { type ReviewWords, reviewWords } from './review-text.ts';
export { type VerdictWords, verdictWords } from './verdict-text.ts';

/** A move in the rules' notation (`move 5H 1`) for people, with suit symbols: `move 5♥ to pile 1`. */
export const describeMove = (move: string): string => describeGameMove(parseMove(move));

/**
 * The game: which card may fill an empty pile, whether discards are forced before a deal, and (`reverse`) whether
 * cards are read and written in Reverse Idiot's Delight's reading.
 */
export type GameOptions = GameRules;

export interface SolveOptions extends GameOptions {
  /** Positions the search may visit before it gives up with 'unknown' (default 2,000,000). */
  maxStates?: number;
  /** 'exact' (default): a lost deal's max discards is pinned within the budget; 'bounds': the verdict only. */
  maxDiscards?: MaxDiscardsMode;
  /**
   * Moves already played from the deal's start (an array, or one string in any form parseMoves reads): the verdict is then
   * of the position they reach, the solution the rest of a winning line from there, and the max discards
   * counts the cards those moves discarded. Default: none. An illegal one throws an InputError in verify's words.
   */
  after?: string | readonly string[];
  /**
   * Seconds the solve may take, in all (default 0: one pass at `maxStates`, no clock). With a limit, a deal still
   * open after the first pass (unknown, or lost with its max discards a range under 'exact') is solved again at
   * larger budgets while time is left, as `acesup solve DEAL` does; a pass still running at the limit stops there
   * with the bounds it proved (`stoppedBy: 'time'`).
   */
  timeLimit?: number;
  /** Called as the search goes, about every 65,536 positions (search.ts's POLL_STATES). */
  onProgress?: (progress: SolveProgress) => void;
  /**
   * Stops the solve once aborted, with the bounds proven so far (`stoppedBy: 'aborted'`). It is read at every
   * progress poll: a call on the thread that aborts it sees an abort made before the call or from `onProgress`;
   * from elsewhere, abort a solve that runs on a thread of its own (`solveOnThreads` of 'acesup/node', or `solve`
   * in a web worker).
   */
  signal?: AbortSignal;
}

/**
 * What solving a deal proved. `won`: a winning line in the rules' notation ("deal", "remove 7S", "move 5H 1").
 * `lost`: no line wins; the most cards any line discards lies in lower … upper (equal when pinned, and then in
 * `maxDiscards`). `unknown`: the budget ran out first; lower … upper bound the max discards (upper 48: may win).
 */
export type Verdict =
  | { result: 'won'; solution: string[]; states: number }
  | { result: 'lost'; maxDiscards: number | null; lower: number; upper: number; states: number }
  | { result: 'unknown'; lower: number; upper: number; stoppedBy: StopReason; states: number };

/** A verify answer: ok, or the 1-based number of the first illegal move (moves + 1: legal but not won) and why. */
export type LineCheck = { ok: true } | { ok: false; move: number; reason: string };

/** The library's verdict of a solver result: `polled` names what stopped a search that its poll stopped (the
 *  clock by default), `move` writes its moves (default: the rules' notation). */
export function verdictOf(
  result: SolveResult,
  polled: 'time' | 'aborted' = 'time',
  move: (move: GameMove) => string = formatMove,
): Verdict {
  switch (result.result) {
    case 'won':
      return { result: 'won', solution: result.solution.map(move), states: result.states };
    case 'lost': {
      const { lower, upper, states } = result;
      return { result: 'lost', maxDiscards: lower === upper ? lower : null, lower, upper, states };
    }
    case 'unknown':
      return {
        result: 'unknown',
        lower: result.lower,
        upper: result.upper,
        stoppedBy: result.limit === 'poll' ? polled : result.limit,
        states: result.states,
      };
  }
}

/** A progress report of the library, from the solver's. */
export const progressOf = (p: PassProgress): SolveProgress => ({
  pass: p.pass,
  maxStates: p.maxStates,
  states: p.states,
  lower: p.lower,
  upper: p.upper,
  elapsedMs: p.elapsedMs,
});

function solveWith(solver: Solver, deal: Deal, game: CallGame, options: SolveOptions): Verdict {
  const search = searchOptions(deal, options, game);
  const timeLimit = timeLimitOf(options);
  const { signal, onProgress } = options;
  const write = game.reading.formatMove;
  if (timeLimit === 0 && signal === undefined && onProgress === undefined) return verdictOf(solver.solve(deal, search), 'time', write);
  // Passes within the time limit (one, with none), on the clock of the platform (a browser's or Node's).
  const [answer] = solveWithin(solver, deal, [search], {
    timeLimitMs: timeLimit * 1000,
    now: () => performance.now(),
    ...(onProgress === undefined ? {} : { onProgress: (p: PassProgress) => onProgress(progressOf(p)) }),
    ...(signal === undefined ? {} : { stop: () => signal.aborted }),
  });
  return verdictOf(answer!.result, signal?.aborted === true ? 'aborted' : 'time', write);
}

/**
 * Solves a deal under perfect play (the whole stock known), within the budget of positions: one pass, no clock,
 * unless a `timeLimit` lets a deal still open try larger budgets. With `after`, the position those moves reach.
 */
export function solve(deal: string | Deal, options: SolveOptions = {}): Verdict {
  const game = rulesOf(options);
  return solveWith(new Solver(), dealIn(deal, game.reading), game, options);
}

/**
 * Replays a line from the start of the deal with the independent replayer (written from the rules alone, sharing
 * no code with the solver) and checks every move and the win. Moves: an array, or one string in any form the command line
 * prints or reads (comma-separated, one per line, numbered lines with suit symbols: parseMoves).
 */
export function verify(deal: string | Deal, moves: string | readonly string[], options: GameOptions = {}): LineCheck {
  const { variant, rule, reading } = rulesOf(options);
  const parsed = reading.moves(typeof moves === 'string' ? moves : moves.join(','));
  const check = replay(dealIn(deal, reading), parsed, variant, rule);
  return check.ok ? check : { ...check, reason: reading.write(check.reason) };
}

/** Deal number `index` of `seed`, as a string: the same 52 cards for the same (seed, index) everywhere. */
export function seededDeal(seed: number, index = 0): string {
  return formatDeal(dealFor(wholeNumber(seed, 'seed', 0, MAX_SEED), wholeNumber(index, 'index', 0, MAX_INDEX)));
}

export interface WinnableOptions extends GameOptions {
  seed: number;
  /** How many winnable deals to return. */
  count: number;
  /** The first deal index to look at (default 0). */
  index?: number;
  /** Positions each deal may take to be proved won (default 2,000,000); a deal not won within it is skipped. */
  maxStates?: number;
  /** Deals looked at, at most, before giving up with fewer than `count` (default 1,000 × count). */
  maxTried?: number;
}

export interface WinnableDeal {
  /** The deal's index under the seed: seededDeal(seed, index) is `deal`. */
  index: number;
  deal: string;
  /** A winning line, in the rules' notation. */
  solution: string[];
}

/**
 * Deals index, index + 1, … of `seed`, each solved, keeping those proved won within `maxStates` until `count` are
 * found (or `maxTried` deals were looked at). A budget of positions, not of time: the same options always give
 * the same list, and a larger count extends it.
 */
export function winnableDeals(options: WinnableOptions): WinnableDeal[] {
  return [...eachWinnableDeal(options)];
}

/** winnableDeals one deal at a time, as each is proved won (for a progress display, or to stop early). */
export function* eachWinnableDeal(options: WinnableOptions): Generator<WinnableDeal, void, undefined> {
  const game = rulesOf(options);
  const seed = wholeNumber(options.seed, 'seed', 0, MAX_SEED);
  const count = wholeNumber(options.count, 'count', 1, Number.MAX_SAFE_INTEGER);
  const first = wholeNumber(options.index ?? 0, 'index', 0, MAX_INDEX);
  const maxTried = wholeNumber(options.maxTried ?? 1000 * count, 'maxTried', 1, Number.MAX_SAFE_INTEGER);
  // Only the verdict matters: a lost deal's max discards is not pinned.
  const solveOptions: SolveOptions = {
    maxDiscards: 'bounds',
    ...(options.maxStates === undefined ? {} : { maxStates: options.maxStates }),
  };
  // One solver for the run: its tables are kept from deal to deal.
  const solver = new Solver();
  let found = 0;
  for (let index = first; found < count && index - first < maxTried && index <= MAX_INDEX; index++) {
    const deal = dealFor(seed, index);
    const verdict = solveWith(solver, deal, game, solveOptions);
    if (verdict.result !== 'won') continue;
    found += 1;
    yield { index, deal: game.reading.formatDeal(deal), solution: verdict.solution };
  }
}

export interface HintOptions extends GameOptions {
  /** The expert's sampled orders per choice (default 128). */
  samples?: number;
  /** Orders of the unseen cards greedy plays out after the move (default 2,000). */
  rollouts?: number;
  /** Orders of the unseen cards solved exactly from the position at first (default 200): more where the share is
   *  still wider than 10 points and more is cheap. */
  orders?: number;
  /** The solver's state budget per order at first (default 20,000); an order past it is solved once more at 10×. */
  maxStates?: number;
  /** Seed of the random orders (default 1): the same position and options give the same answer. */
  seed?: number;
  /** Whether to find the share perfect play wins (default true); false: the move and its chance only (faster). */
  perfect?: boolean;
}

/**
 * A share of orders of the unseen cards with its 95% interval; `low … high` differ only by undecided orders.
 * `exact`: every order was counted (four unseen cards or none) and none is undecided: the share is the chance itself.
 */
export interface HintShare {
  won: number;
  of: number;
  low: number;
  high: number;
  ci95: { low: number; high: number };
  exact: boolean;
}

/**
 * A hint. `move`: the expert's move in the rules' notation (null when the game is over: `over` says how).
 * `chance`: a player who plays the move and plays on without seeing the stock (`player`: greedy's rollouts over
 * `of` random orders of the unseen cards, or with four unseen cards or none the last deal's exact best play).
 * `perfect` (null when not asked for): of `of` orders solved exactly from the position, `won` won, `lost` lost,
 * `unknown` undecided at `maxStates`; `decided` false when its interval is still wider than 10 points, when it is
 * not an answer.
 */
export interface HintAnswer {
  position: string;
  move: string | null;
  over: 'won' | 'lost' | null;
  player: string;
  chance: HintShare & { player: string };
  perfect: (HintShare & { lost: number; unknown: number; maxStates: number; states: number; decided: boolean }) | null;
}

/**
 * The hint for a position as a player sees it (docs/rules.md, "Position notation"): `7S JS | 5H | - | AC 2D ;
 * stock 20 ; out …`. Throws an InputError for a position that cannot be (a card twice, a wrong count, …).
 */
export function hint(position: string, options: HintOptions = {}): HintAnswer {
  const { variant, rule, reading } = rulesOf(options);
  const most = 1_000_000;
  const settings = {
    samples: wholeNumber(options.samples ?? HINT_DEFAULTS.samples, 'samples', 1, 100_000),
    rollouts: wholeNumber(options.rollouts ?? HINT_DEFAULTS.rollouts, 'rollouts', 1, most),
    orders: wholeNumber(options.orders ?? HINT_DEFAULTS.orders, 'orders', 1, most),
    maxStates: wholeNumber(options.maxStates ?? HINT_DEFAULTS.maxStates, 'maxStates', 1, Number.MAX_SAFE_INTEGER),
    seed: wholeNumber(options.seed ?? HINT_DEFAULTS.seed, 'seed', 0, 0xffffffff),
    perfect: options.perfect ?? HINT_DEFAULTS.perfect,
  };
  const answer = hintFor(reading.position(position), variant, rule, settings);
  return { ...answer, position: reading.write(answer.position), move: answer.move === null ? null : reading.formatMove(answer.move) };
}

export interface ReviewOptions extends GameOptions {
  /** The positions the first solve of each position of the line may search (default 2,000,000). */
  maxStates?: number;
  /** Solves per position: one still undecided is solved again at 8× the last budget, up to this many times (default 2). */
  passes?: number;
}

/**
 * What a review found. `outcome`: `won` (the line won the game), `winnable` (a win is still there from where the
 * line ends), `lost` (the deal was winnable and move `firstLosingMove` lost it), `unwinnable` (no line won the deal
 * from the start) or `unknown` (the solver could not decide enough positions within its budget: `lastWinnable` and
 * `firstLost` say what it did prove). Positions are counted in moves played: 0 is the start.
 */
export interface ReviewAnswer {
  /** Moves in the line. */
  moves: number;
  /** Where the line ends: won, lost (no legal move left) or still playing. */
  end: GameStatus;
  outcome: 'won' | 'winnable' | 'lost' | 'unwinnable' | 'unknown';
  /** Whether some line won the deal from the start; null when the solver could not tell. */
  winnableAtStart: boolean | null;
  /** The 1-based number in the line of the first move after which the game could no longer be won, or null. */
  firstLosingMove: number | null;
  /** That move, in the rules' notation. */
  losingMove: string | null;
  /**
   * A line that wins from the position before the first losing move (outcome `lost`), or from where the line ends
   * (`winnable`; empty when `won`); else null.
   */
  winningLine: string[] | null;
  /** The most moves of the line after which the game was proved still winnable (0: at the start), or null. */
  lastWinnable: number | null;
  /** The fewest moves of the line after which the game was proved lost (0: lost from the start), or null. */
  firstLost: number | null;
  /** Positions of the line solved, the positions their searches visited, and the largest budget a solve was given. */
  solved: number;
  states: number;
  maxStates: number;
}

/**
 * Reviews a player's line (moves played from the deal's start, in any form `verify` reads): whether the deal was
 * winnable at the start and, if the line lost a winnable game, the first move after which it could no longer be
 * won, with a line that wins from just before it. An illegal move throws an InputError naming it as `verify` does.
 * A binary search over the positions of the line (src/core/review.ts says why it is sound): a few solves.
 */
export function review(deal: string | Deal, moves: string | readonly string[], options: ReviewOptions = {}): ReviewAnswer {
  const { variant, rule, reading } = rulesOf(options);
  const cards = dealIn(deal, reading);
  const maxStates = statesOption(options.maxStates, 'maxStates', DEFAULT_MAX_STATES);
  const passes = wholeNumber(options.passes ?? 2, 'passes', 1, 8);
  const line = reading.moves(typeof moves === 'string' ? moves : moves.join(','));
  const game = new Replayer(cards, variant, rule);
  line.forEach((move, i) => {
    const reason = game.illegal(move);
    if (reason !== undefined) throw new InputError(reading.write(`move ${i + 1} (${formatMove(move)}): ${reason}`));
    game.play(move);
  });
  const end: GameStatus = game.isWon() ? 'won' : game.legalMoves().length === 0 ? 'lost' : 'playing';
  const n = line.length;
  if (end === 'won')
    return {
      moves: n,
      end,
      outcome: 'won',
      winnableAtStart: true,
      firstLosingMove: null,
      losingMove: null,
      winningLine: [],
      lastWinnable: n,
      firstLost: null,
      solved: 0,
      states: 0,
      maxStates: 0,
    };
  const found = reviewLine(new Solver(), cards, line, { variant, rule, maxStates, passes });
  const lastWinnable = found.lastWinnable >= 0 ? found.lastWinnable : null;
  const firstLost = found.firstLost <= n ? found.firstLost : null;
  const lostAt = lastWinnable !== null && firstLost === lastWinnable + 1 ? firstLost : null;
  const outcome: ReviewAnswer['outcome'] =
    firstLost === 0 ? 'unwinnable' : lastWinnable === n ? 'winnable' : lostAt !== null ? 'lost' : 'unknown';
  const winningLine = found.winningLine?.map(reading.formatMove) ?? null;
  return {
    moves: n,
    end,
    outcome,
    winnableAtStart: lastWinnable !== null ? true : firstLost === 0 ? false : null,
    firstLosingMove: lostAt,
    losingMove: lostAt === null ? null : reading.formatMove(line[lostAt - 1]!),
    winningLine: outcome === 'lost' || outcome === 'winnable' ? winningLine : null,
    lastWinnable,
    firstLost,
    solved: found.solved,
    states: found.states,
    maxStates: found.maxStates,
  };
}
