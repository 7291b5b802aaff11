// The page's entry: the game being played, what the player does to it (cards, piles, buttons, keys), the answers
// beside it (the hint, the exact solver, "Where did I go wrong?") and the games played and won; the game is saved on
// every move and named in the address. It uses the library's public entry only (src/index.ts).

import { DEFAULT_MAX_STATES, InputError, type Verdict, newGame } from '../index.ts';
import { listenToKeys } from './keys.ts';
import { type HintState, LONGER_STATES, type VerdictState, renderHint, renderStats, renderVerdict } from './panel-view.ts';
import { GameReview } from './game-review.ts';
import { renderReview } from './review-view.ts';
import { Round, translateMoves } from './round.ts';
import { type Rules, type Setup, DEFAULT_RULES, checked, describeSetup, isNumbered, readSetup, ruleSetName, writeSetup } from './setup.ts';
import { SetupView, randomSeed } from './setup-view.ts';
import { PageSolver, Superseded } from './solver.ts';
import {
  countGame,
  lastSetup,
  loadGame,
  loadSolverShown,
  loadStats,
  loadWinnableOnly,
  saveGame,
  saveSolverShown,
  saveWinnableOnly,
} from './storage.ts';
import { TableView } from './table-view.ts';

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

/** Verdicts kept per position (deal, rules and moves), so that undo and redo do not search again. */
const KEPT_VERDICTS = 500;

/** A verdict and the budget it was found within (an undecided one holds for that budget only). */
interface Known {
  verdict: Verdict;
  maxStates: number;
}

class Page {
  #round: Round;
  #selected: string | undefined;
  #target: number | undefined;
  #hint: HintState = { kind: 'idle' };
  #verdict: VerdictState = { kind: 'off' };
  #solverShown = loadSolverShown();
  #winnableOnly = loadWinnableOnly();
  #budget = DEFAULT_MAX_STATES;
  readonly #verdicts = new Map<string, Known>();
  readonly #verdictSolver = new PageSolver();
  readonly #hintSolver = new PageSolver();
  readonly #dealSolver = new PageSolver();
  readonly #review = new GameReview(() => this.#redraw());
  readonly #table: TableView;
  readonly #setupView: SetupView;
  readonly #message = byId<HTMLParagraphElement>('message');

  constructor(setup: Setup, fresh: boolean, problem: string | undefined) {
    this.#table = new TableView({
      card: (card) => this.#onCard(card),
      pile: (pile) => this.#onPile(pile),
      drop: (card, pile) => this.#attempt(`move ${card} ${pile + 1}`),
    });
    this.#setupView = new SetupView(
      {
        start: (next) => this.#start(next),
        rules: (rules) => this.#changeRules(rules),
        winnable: (seed, index, rules) => {
          // From the deal after this one when this one is the deal in the fields: "next" means a new game.
          const { source } = this.#round.setup;
          const same = 'seed' in source && source.seed === seed && source.index === index;
          this.#findWinnable(seed, same ? index + 1 : index, rules);
        },
        random: (seed, rules) => this.#fresh(seed, 0, rules),
        winnableOnly: (only) => {
          this.#winnableOnly = only;
          saveWinnableOnly(only);
        },
      },
      this.#winnableOnly,
    );
    for (const [id, action] of [
      ['deal', () => this.#attempt('deal')],
      ['stock', () => this.#attempt('deal')],
      ['undo', () => this.#undo()],
      ['redo', () => this.#redo()],
      ['hint', () => this.#askHint()],
      ['new-game', () => this.#newGame()],
    ] as const)
      byId(id).addEventListener('click', action);
    const toggle = byId<HTMLInputElement>('show-solver');
    toggle.checked = this.#solverShown;
    toggle.addEventListener('change', () => {
      this.#solverShown = toggle.checked;
      saveSolverShown(this.#solverShown);
      this.#update();
    });
    listenToKeys({
      pile: (pile) => this.#onKeyPile(pile),
      deal: () => this.#attempt('deal'),
      undo: () => this.#undo(),
      redo: () => this.#redo(),
      hint: () => this.#askHint(),
      next: () => this.#playLine(1),
      escape: () => this.#letGo(),
    });
    window.addEventListener('hashchange', () => this.#followAddress());
    this.#round = this.#open(setup);
    if (problem !== undefined) this.#setupView.say(problem, true);
    this.#update();
    // A first visit with new games only winnable ones: the first deal of the seed proved winnable, not deal 0 itself.
    if (fresh && this.#winnableOnly && 'seed' in setup.source) this.#findWinnable(setup.source.seed, 0, setup);
  }

  /** A round of `setup` (with its saved moves when it was played before and `saved`); named in the address and the forms. */
  #open(setup: Setup, saved = true): Round {
    const round = new Round(setup);
    const key = writeSetup(setup);
    const game = saved ? loadGame(key) : undefined;
    if (game !== undefined) round.restore(game.moves, game.undone);
    history.replaceState(null, '', `#${key}`);
    this.#setupView.show(setup);
    byId('game-name').textContent = describeSetup(setup);
    this.#selected = undefined;
    this.#target = undefined;
    this.#budget = DEFAULT_MAX_STATES;
    this.#review.forget();
    return round;
  }

  #start(setup: Setup): void {
    const round = this.#open(setup);
    this.#round = round;
    this.#say(round.moves.length > 0 ? `Back to this game: ${round.moves.length} moves played.` : '');
    this.#changed();
  }

  /** New rules or reading, the same deal: the moves played go on as far as they are legal under the new rules. */
  #changeRules(rules: Rules): void {
    const old = this.#round;
    const cards = newGame(old.deal, { reverse: old.setup.reverse }).cards();
    let source = old.setup.source;
    // A deal string is written anew in the other reading; a numbered game keeps its name (and has no reversed reading).
    if ('deal' in source && !isNumbered(old.setup) && rules.reverse !== old.setup.reverse)
      source = { deal: newGame(cards, { reverse: rules.reverse }).deal };
    let round: Round;
    try {
      round = this.#open(checked({ source, ...rules }), false);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.#setupView.say(error.message, true);
      this.#setupView.show(old.setup);
      return;
    }
    const saved = old.saved();
    const oldRules = { variant: old.setup.variant, discards: old.setup.discards, reverse: old.setup.reverse };
    const moves = rules.reverse === old.setup.reverse ? saved.moves : translateMoves(saved.moves, cards, oldRules, rules.reverse);
    const played = round.restore(moves, rules.reverse === old.setup.reverse ? saved.undone : []);
    this.#round = round;
    this.#say(
      played < saved.moves.length
        ? `${played} of the ${saved.moves.length} moves played are legal under these rules: the game goes on from there.`
        : '',
    );
    this.#changed();
  }

  #followAddress(): void {
    try {
      const setup = readSetup(location.hash);
      if (setup === undefined || writeSetup(setup) === writeSetup(this.#round.setup)) return;
      this.#start(setup);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.#setupView.say(`The address: ${error.message}`, true);
    }
  }

  /** A new game: the next deal of this seed (of a random seed after a deal of one's own), proved winnable if asked. */
  #newGame(): void {
    const { source } = this.#round.setup;
    const rules = this.#setupView.rules();
    if ('seed' in source) this.#fresh(source.seed, source.index + 1, rules);
    else this.#fresh(randomSeed(), 0, rules);
  }

  /** Deal `index` of `seed`, or when new games are only winnable ones, the first deal from it proved winnable. */
  #fresh(seed: number, index: number, rules: Rules): void {
    if (this.#winnableOnly) this.#findWinnable(seed, index, rules);
    else this.#start({ source: { seed, index }, ...rules });
  }

  /** Starts the first deal of `seed` from `from` on that the solver proves winnable (as `acesup deal --winnable`). */
  #findWinnable(seed: number, from: number, rules: Rules): void {
    this.#setupView.say(`Looking for a deal the solver proves winnable, from deal ${from} of seed ${seed}…`);
    this.#dealSolver
      .run({ kind: 'winnable', seed, index: from, variant: rules.variant, discards: rules.discards })
      .then(({ value }) => {
        if (value === null) {
          this.#setupView.say(`No deal of seed ${seed} from ${from} on was proved winnable among the next 1,000.`, true);
          return;
        }
        this.#start({ source: { seed, index: value.index }, variant: rules.variant, discards: rules.discards, reverse: rules.reverse });
        this.#setupView.say(`Deal ${value.index} of seed ${seed} is proved winnable (${value.solution.length} moves win it).`);
      })
      .catch((error: Error) => {
        if (!(error instanceof Superseded)) this.#setupView.say(error.message, true);
      });
  }

  #onCard(card: string): void {
    if (this.#selected === card) {
      this.#letGo();
      return;
    }
    if (this.#target !== undefined) {
      this.#attempt(`move ${card} ${this.#target + 1}`);
      return;
    }
    this.#selected = undefined;
    const remove = `remove ${card}`;
    if (this.#round.check(remove) === undefined) {
      this.#attempt(remove);
      return;
    }
    if (this.#round.mayMove(card)) {
      this.#selected = card;
      this.#say(`${card}: now choose an empty pile for it (click it or press its number).`);
      this.#redraw();
      return;
    }
    this.#attempt(remove);
  }

  #onPile(pile: number): void {
    if (this.#selected !== undefined) {
      this.#attempt(`move ${this.#selected} ${pile + 1}`);
      return;
    }
    this.#target = this.#target === pile ? undefined : pile;
    this.#say(this.#target === undefined ? '' : `Pile ${pile + 1}: now choose the card to move into it.`);
    this.#redraw();
  }

  /** Key 1–4: the pile a chosen card goes to, else the pile's exposed card (or the empty pile itself). */
  #onKeyPile(pile: number): void {
    if (this.#selected !== undefined) {
      this.#onPile(pile);
      return;
    }
    const top = this.#round.piles()[pile]!.at(-1);
    if (top === undefined) this.#onPile(pile);
    else this.#onCard(top);
  }

  #letGo(): void {
    this.#selected = undefined;
    this.#target = undefined;
    this.#say('');
    this.#redraw();
  }

  /** Plays `move`, or says in one line why it is not legal (and changes nothing). */
  #attempt(move: string): void {
    this.#selected = undefined;
    this.#target = undefined;
    const before = this.#verdictKey();
    const reason = this.#round.play(move);
    if (reason !== undefined) {
      this.#say(reason, true);
      this.#redraw();
      return;
    }
    this.#carryLine(before, move);
    this.#say('');
    this.#changed(true);
  }

  #undo(): void {
    if (!this.#round.undo()) {
      this.#say('Nothing to undo.', true);
      return;
    }
    this.#say('');
    this.#changed();
  }

  #redo(): void {
    if (!this.#round.redo()) {
      this.#say('Nothing to redo.', true);
      return;
    }
    this.#say('');
    this.#changed(true);
  }

  /** Plays the next `count` moves of the winning line known for the position (all of it when Infinity). */
  #playKnownLine(count: number): void {
    const known = this.#verdicts.get(this.#verdictKey())?.verdict;
    if (known?.result !== 'won' || known.solution.length === 0) return;
    for (const move of known.solution.slice(0, count)) {
      const before = this.#verdictKey();
      if (this.#round.play(move) !== undefined) break;
      this.#carryLine(before, move);
    }
    this.#say('');
    this.#changed(true);
  }

  /** The solver's winning line, played from its panel (or N). */
  #playLine(count: number): void {
    if (this.#solverShown) this.#playKnownLine(count);
  }

  /** The rest of a winning line is a winning line of the position its first move reaches: no search needed there. */
  #carryLine(before: string, move: string): void {
    const known = this.#verdicts.get(before);
    if (known?.verdict.result !== 'won' || known.verdict.solution[0] !== move) return;
    this.#keepVerdict(this.#verdictKey(), {
      verdict: { ...known.verdict, solution: known.verdict.solution.slice(1) },
      maxStates: known.maxStates,
    });
  }

  #keepVerdict(key: string, known: Known): void {
    this.#verdicts.delete(key);
    this.#verdicts.set(key, known);
    if (this.#verdicts.size > KEPT_VERDICTS) this.#verdicts.delete(this.#verdicts.keys().next().value!);
  }

  /** The position with its rules, as the verdicts are kept by. */
  #verdictKey(): string {
    return `${writeSetup(this.#round.setup)}|${this.#round.moves.join(',')}`;
  }

  #rulesOf(round: Round): { variant: Setup['variant']; discards: Setup['discards']; reverse: boolean } {
    return { variant: round.setup.variant, discards: round.setup.discards, reverse: round.setup.reverse };
  }

  #askHint(): void {
    const round = this.#round;
    this.#hint = { kind: 'busy' };
    this.#redraw();
    this.#hintSolver
      .run({ kind: 'hint', position: round.position(), ...this.#rulesOf(round) })
      .then(({ value }) => {
        if (round !== this.#round) return;
        this.#hint = { kind: 'done', answer: value };
        this.#redraw();
      })
      .catch((error: Error) => {
        if (error instanceof Superseded) return;
        this.#hint = { kind: 'error', message: error.message };
        this.#redraw();
      });
  }

  /** Back to before the first losing move; the review's winning line is the known verdict there. */
  #stepBack(): void {
    const back = this.#review.stepBack();
    if (back === undefined) return;
    this.#round.backTo(back.move - 1);
    this.#keepVerdict(this.#verdictKey(), {
      verdict: { result: 'won', solution: back.winningLine, states: 0 },
      maxStates: DEFAULT_MAX_STATES,
    });
    this.#say(`Back before move ${back.move}: the game can still be won from here.`);
    this.#changed();
  }

  /**
   * The game changed: save it, count its end when a move played now ended it (not a game opened, or carried over to
   * other rules, already ended), drop the hint (it was for another position), ask for the verdict, draw.
   */
  #changed(played = false): void {
    const round = this.#round;
    const game = writeSetup(round.setup);
    saveGame(game, round.saved());
    const status = round.status();
    if (played && status !== 'playing') countGame(`${round.setup.variant}/${round.setup.discards}`, game, status === 'won');
    // A larger budget asked for one position is not spent on the next ones unasked.
    this.#budget = DEFAULT_MAX_STATES;
    this.#hintSolver.stop();
    this.#hint = { kind: 'idle' };
    this.#update();
  }

  /** Asks for the verdict of the position when the solver is shown and it is not known yet; draws. */
  #update(): void {
    if (!this.#solverShown) {
      this.#verdictSolver.stop();
      this.#verdict = { kind: 'off' };
      this.#redraw();
      return;
    }
    const round = this.#round;
    const key = this.#verdictKey();
    const moves = round.moves.length;
    const discarded = round.discarded();
    const known = this.#verdicts.get(key);
    if (known !== undefined && (known.verdict.result !== 'unknown' || known.maxStates >= this.#budget)) {
      this.#verdictSolver.stop();
      this.#verdict = { kind: 'done', verdict: known.verdict, maxStates: known.maxStates, moves, discarded };
      this.#redraw();
      return;
    }
    const maxStates = this.#budget;
    this.#verdict = { kind: 'busy', maxStates };
    this.#verdictSolver
      .run({ kind: 'solve', deal: round.deal, after: round.moves, maxStates, ...this.#rulesOf(round) })
      .then(({ value, ms }) => {
        this.#keepVerdict(key, { verdict: value, maxStates });
        if (key !== this.#verdictKey() || maxStates !== this.#budget) return;
        this.#verdict = { kind: 'done', verdict: value, maxStates, moves, discarded, ms };
        this.#redraw();
      })
      .catch((error: Error) => {
        if (error instanceof Superseded) return;
        this.#verdict = { kind: 'error', message: error.message };
        this.#redraw();
      });
    this.#redraw();
  }

  #say(text: string, problem = false): void {
    this.#message.textContent = text;
    this.#message.classList.toggle('problem', problem);
  }

  /** Draws the table, the buttons, the game's end, the help and the games played. */
  #redraw(): void {
    const round = this.#round;
    const move = this.#hint.kind === 'done' ? this.#hint.answer.move : null;
    const hinted = move === null || move === 'deal' ? undefined : move.split(' ')[1];
    this.#table.render(round, { selected: this.#selected, target: this.#target, hinted });
    byId<HTMLButtonElement>('undo').disabled = !round.canUndo;
    byId<HTMLButtonElement>('redo').disabled = !round.canRedo;
    const status = round.status();
    document.body.dataset['standing'] = status;
    if (status === 'won' && this.#message.textContent === '') this.#say(`Won: the four ${round.kept()} are left, one on each pile.`);
    else if (status === 'lost' && this.#message.textContent === '')
      this.#say(`No legal move is left: the game is lost with ${round.discarded()} cards discarded.`);
    renderHint(this.#hint);
    renderVerdict(this.#verdict, {
      next: () => this.#playLine(1),
      playAll: () => this.#playLine(Number.POSITIVE_INFINITY),
      longer: () => {
        this.#budget = LONGER_STATES;
        this.#update();
      },
    });
    renderReview(this.#review.state(round), {
      ask: () => this.#review.ask(round, this.#rulesOf(round), () => round === this.#round),
      stepBack: () => this.#stepBack(),
      play: (count) => this.#playKnownLine(count),
    });
    const rules = round.setup;
    renderStats(ruleSetName(rules), loadStats(`${rules.variant}/${rules.discards}`));
  }
}

/** The setup to open: the address's, else the game open last, else deal 0 of a random seed under the default rules. */
function firstSetup(): { setup: Setup; fresh: boolean; problem?: string } {
  let problem: string | undefined;
  try {
    const named = readSetup(location.hash);
    if (named !== undefined) return { setup: named, fresh: false };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problem = `The address: ${error.message}`;
  }
  const last = lastSetup();
  try {
    const setup = last === undefined ? undefined : readSetup(last);
    if (setup !== undefined) return problem === undefined ? { setup, fresh: false } : { setup, fresh: false, problem };
  } catch {
    // A saved setup that no longer reads: start afresh.
  }
  const setup: Setup = { source: { seed: randomSeed(), index: 0 }, ...DEFAULT_RULES };
  return problem === undefined ? { setup, fresh: true } : { setup, fresh: true, problem };
}

const { setup, fresh, problem } = firstSetup();
new Page(setup, fresh, problem);
