// What the page keeps in the browser's localStorage, so that it survives a reload: per setup (its address), the moves
// played and undone; which game was open last; whether the solver's panel is shown; whether new games are only deals
// proved winnable; and per rule set the games played and won and the streaks (each game counted once, at its end).

const GAMES = 'acesup.games';
const LAST = 'acesup.last';
const SOLVER = 'acesup.solver';
const WINNABLE_ONLY = 'acesup.winnable-only';
const STATS = 'acesup.stats';
const COUNTED = 'acesup.counted';
/** Games kept, the most recently played first: enough to go back to a few, little enough to stay small. */
const KEPT = 20;
/** Games remembered as counted in the statistics, so that one is never counted twice (the latest kept). */
const KEPT_COUNTED = 1000;

export interface SavedGame {
  moves: string[];
  undone: string[];
  /** The moves are written in the setup's reading (games saved by older pages wrote the standard one). */
  shown?: true;
}

type Games = [setup: string, game: SavedGame][];

/** localStorage, or undefined where the browser refuses it (some private modes): the page then plays without saving. */
function store(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function read<T>(key: string, fallback: T, valid: (value: unknown) => boolean): T {
  try {
    const value = JSON.parse(store()?.getItem(key) ?? 'null') as unknown;
    return value !== null && valid(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Full or refused: the game goes on unsaved.
  }
}

const readGames = (): Games => read<Games>(GAMES, [], Array.isArray);

/** The saved game of a setup, if any. A reversed game saved by an older page (its moves in the standard reading) is not. */
export function loadGame(setup: string): SavedGame | undefined {
  const found = readGames().find(([key]) => key === setup)?.[1];
  if (found === undefined || !Array.isArray(found.moves) || !Array.isArray(found.undone)) return undefined;
  if (found.shown !== true && new URLSearchParams(setup).get('reverse') === '1') return undefined;
  return found;
}

/** Saves the game of a setup, and that it is the one open. */
export function saveGame(setup: string, game: { moves: string[]; undone: string[] }): void {
  const games = readGames().filter(([key]) => key !== setup);
  games.unshift([setup, { ...game, shown: true }]);
  write(GAMES, JSON.stringify(games.slice(0, KEPT)));
  write(LAST, setup);
}

/** The setup of the game open last, if any. */
export function lastSetup(): string | undefined {
  return store()?.getItem(LAST) ?? undefined;
}

export function loadSolverShown(): boolean {
  return store()?.getItem(SOLVER) === '1';
}

export function saveSolverShown(shown: boolean): void {
  write(SOLVER, shown ? '1' : '0');
}

export function loadWinnableOnly(): boolean {
  return store()?.getItem(WINNABLE_ONLY) === '1';
}

export function saveWinnableOnly(only: boolean): void {
  write(WINNABLE_ONLY, only ? '1' : '0');
}

/** A rule set's games: played (ended, won or lost), won, the wins in a row now and the most in a row. */
export interface Stats {
  played: number;
  won: number;
  streak: number;
  best: number;
}

const NO_GAMES: Stats = { played: 0, won: 0, streak: 0, best: 0 };

const readStats = (): Record<string, Stats> => read<Record<string, Stats>>(STATS, {}, (value) => typeof value === 'object');

/** The statistics of a rule set ("standard/optional"). */
export function loadStats(ruleSet: string): Stats {
  const found = readStats()[ruleSet];
  return found === undefined ? { ...NO_GAMES } : { ...NO_GAMES, ...found };
}

/**
 * Counts the end of game `game` (its setup's address) under `ruleSet`, once: a game ended before (then taken back
 * and ended again) is not counted again. Returns the rule set's statistics after it.
 */
export function countGame(ruleSet: string, game: string, won: boolean): Stats {
  const counted = read<string[]>(COUNTED, [], Array.isArray);
  const stats = loadStats(ruleSet);
  if (counted.includes(game)) return stats;
  stats.played += 1;
  if (won) {
    stats.won += 1;
    stats.streak += 1;
    stats.best = Math.max(stats.best, stats.streak);
  } else stats.streak = 0;
  write(STATS, JSON.stringify({ ...readStats(), [ruleSet]: stats }));
  write(COUNTED, JSON.stringify([game, ...counted].slice(0, KEPT_COUNTED)));
  return stats;
}
