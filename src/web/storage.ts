// The games kept in the browser's localStorage, so that a game survives a reload: per setup (its address), the
// moves played and undone; which game was open last; whether the solver's panel is shown.

const GAMES = 'acesup.games';
const LAST = 'acesup.last';
const SOLVER = 'acesup.solver';
/** Games kept, the most recently played first: enough to go back to a few, little enough to stay small. */
const KEPT = 20;

export interface SavedGame {
  moves: string[];
  undone: string[];
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

function readGames(): Games {
  try {
    const games = JSON.parse(store()?.getItem(GAMES) ?? '[]') as unknown;
    return Array.isArray(games) ? (games as Games) : [];
  } catch {
    return [];
  }
}

function write(key: string, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Full or refused: the game goes on unsaved.
  }
}

/** The saved game of a setup, if any. */
export function loadGame(setup: string): SavedGame | undefined {
  const found = readGames().find(([key]) => key === setup)?.[1];
  if (found === undefined || !Array.isArray(found.moves) || !Array.isArray(found.undone)) return undefined;
  return found;
}

/** Saves the game of a setup, and that it is the one open. */
export function saveGame(setup: string, game: SavedGame): void {
  const games = readGames().filter(([key]) => key !== setup);
  games.unshift([setup, game]);
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
