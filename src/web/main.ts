// The page's entry: the game being played, what the player does to it (cards, piles, buttons, keys), and the
// solver's answers beside it; the game is saved on every move and named in the address.

import type { Card } from '../core/game/cards.ts';
import { type GameMove, formatMove, parseMove } from '../core/game/notation.ts';
import { DEFAULT_MAX_STATES, InputError } from '../index.ts';
import { listenToKeys } from './keys.ts';
import { type HintState, LONGER_STATES, type VerdictState, renderHint, renderVerdict } from './panel-view.ts';
import { Round } from './round.ts';
import { type Setup, dealText, describeSetup, readSetup, writeSetup } from './setup.ts';
import { SetupView, randomSeed } from './setup-view.ts';
import { Solver, Superseded } from './solver.ts';
import { lastSetup, loadGame, loadSolverShown, saveGame, saveSolverShown } from './storage.ts';
import { TableView } from './table-view.ts';
import type { Verdict } from '../index.ts';

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
  #selected: Card | undefined;
  #target: number | undefined;
  #hint: HintState = { kind: 'idle' };
  #verdict: VerdictState = { kind: 'off' };
  #solverShown = loadSolverShown();
  #budget = DEFAULT_MAX_STATES;
  readonly #verdicts = new Map<string, Known>();
  readonly #verdictSolver = new Solver();
  readonly #hintSolver = new Solver();
  readonly #dealSolver = new Solver();
  readonly #table: TableView;
  readonly #setupView: SetupView;
  readonly #message = byId<HTMLParagraphElement>('message');

  constructor(setup: Setup, problem: string | undefined) {
    this.#table = new TableView({
      card: (card) => this.#onCard(card),
      pile: (pile) => this.#onPile(pile),
      drop: (card, pile) => this.#attempt({ kind: 'move', card, pile }),
    });
    this.#setupView = new SetupView({
      start: (next) => this.#start(next),
      rules: (rules) => this.#changeRules(rules),
      winnable: (seed, index, rules) => this.#findWinnable(seed, index, rules),
    });
    for (const [id, action] of [
      ['deal', () => this.#attempt({ kind: 'deal' })],
      ['stock', () => this.#attempt({ kind: 'deal' })],
      ['undo', () => this.#undo()],
      ['redo', () => this.#redo()],
      ['hint', () => this.#askHint()],
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
      deal: () => this.#attempt({ kind: 'deal' }),
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
  }

  /** A round of `setup` (with its saved moves when it was played before and `saved`); named in the address and the forms. */
  #open(setup: Setup, saved = true): Round {
    const round = new Round(setup);
    if ('deal' in setup.source) setup.source.deal = dealText(round.deal, setup.reverse);
    const key = writeSetup(setup);
    const game = saved ? loadGame(key) : undefined;
    if (game !== undefined) round.restore(game.moves, game.undone);
    history.replaceState(null, '', `#${key}`);
    this.#setupView.show(setup);
    byId('game-name').textContent = describeSetup(setup);
    this.#selected = undefined;
    this.#target = undefined;
    this.#budget = DEFAULT_MAX_STATES;
    return round;
  }

  #start(setup: Setup): void {
    const round = this.#open(setup);
    this.#round = round;
    this.#say(round.moves.length > 0 ? `Back to this game: ${round.moves.length} moves played.` : '');
    this.#changed();
  }

  /** New rules or reading, the same deal: the moves played go on as far as they are legal under the new rules. */
  #changeRules(rules: Pick<Setup, 'variant' | 'discards' | 'reverse'>): void {
    const old = this.#round;
    const source = 'deal' in old.setup.source ? { deal: dealText(old.deal, rules.reverse) } : old.setup.source;
    const round = this.#open({ source, ...rules }, false);
    const { moves, undone } = old.saved();
    const played = round.restore(moves, undone);
    this.#round = round;
    this.#say(
      played < moves.length
        ? `${played} of the ${moves.length} moves played are legal under these rules: the game goes on from there.`
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

  #findWinnable(seed: number, index: number, rules: Pick<Setup, 'variant' | 'discards' | 'reverse'>): void {
    const current = this.#round.setup;
    // From the deal after this one when this one is the deal in the fields: "next" means a new game.
    const from = 'seed' in current.source && current.source.seed === seed && current.source.index === index ? index + 1 : index;
    this.#setupView.say(`Looking for a deal the solver proves winnable, from deal ${from} of seed ${seed}…`);
    this.#dealSolver
      .run({ kind: 'winnable', seed, index: from, variant: rules.variant, discards: rules.discards })
      .then(({ value }) => {
        if (value === null) {
          this.#setupView.say(`No deal of seed ${seed} from ${from} on was proved winnable among the next 1,000.`, true);
          return;
        }
        this.#start({ source: { seed, index: value.index }, ...rules });
        this.#setupView.say(`Deal ${value.index} of seed ${seed} is proved winnable (${value.solution.length} moves win it).`);
      })
      .catch((error: Error) => {
        if (!(error instanceof Superseded)) this.#setupView.say(error.message, true);
      });
  }

  #onCard(card: Card): void {
    if (this.#selected === card) {
      this.#letGo();
      return;
    }
    if (this.#target !== undefined) {
      this.#attempt({ kind: 'move', card, pile: this.#target });
      return;
    }
    this.#selected = undefined;
    const remove: GameMove = { kind: 'remove', card };
    if (this.#round.game().illegal(remove) === undefined) {
      this.#attempt(remove);
      return;
    }
    if (this.#round.mayMove(card)) {
      this.#selected = card;
      this.#say(`${this.#round.name(card)}: now choose an empty pile for it (click it or press its number).`);
      this.#redraw();
      return;
    }
    this.#attempt(remove);
  }

  #onPile(pile: number): void {
    if (this.#selected !== undefined) {
      this.#attempt({ kind: 'move', card: this.#selected, pile });
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
    const cards = this.#round.game().piles()[pile]!;
    const top = cards[cards.length - 1];
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
  #attempt(move: GameMove): void {
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
    this.#changed();
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
    this.#changed();
  }

  /** Plays the next `count` moves of the solver's winning line (all of it when Infinity). */
  #playLine(count: number): void {
    const known = this.#verdicts.get(this.#verdictKey())?.verdict;
    if (!this.#solverShown || known?.result !== 'won' || known.solution.length === 0) return;
    for (const text of known.solution.slice(0, count)) {
      const before = this.#verdictKey();
      const move = parseMove(text);
      if (this.#round.play(move) !== undefined) break;
      this.#carryLine(before, move);
    }
    this.#say('');
    this.#changed();
  }

  /** The rest of a winning line is a winning line of the position its first move reaches: no search needed there. */
  #carryLine(before: string, move: GameMove): void {
    const known = this.#verdicts.get(before);
    if (known?.verdict.result !== 'won' || known.verdict.solution[0] !== formatMove(move)) return;
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
    return `${writeSetup(this.#round.setup)}|${this.#round.saved().moves.join(',')}`;
  }

  #askHint(): void {
    const round = this.#round;
    this.#hint = { kind: 'busy' };
    this.#redraw();
    const { variant, discards } = round.setup;
    this.#hintSolver
      .run({ kind: 'hint', position: round.position(), variant, discards })
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

  /** The game changed: save it, drop the hint (it was for another position), ask for the verdict, draw. */
  #changed(): void {
    const round = this.#round;
    saveGame(writeSetup(round.setup), round.saved());
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
    const discarded = round.game().discarded();
    const known = this.#verdicts.get(key);
    if (known !== undefined && (known.verdict.result !== 'unknown' || known.maxStates >= this.#budget)) {
      this.#verdictSolver.stop();
      this.#verdict = { kind: 'done', verdict: known.verdict, maxStates: known.maxStates, moves, discarded };
      this.#redraw();
      return;
    }
    const maxStates = this.#budget;
    this.#verdict = { kind: 'busy', maxStates };
    const { variant, discards } = round.setup;
    const after = round.saved().moves;
    this.#verdictSolver
      .run({ kind: 'solve', deal: dealText(round.deal, false), after, variant, discards, maxStates })
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

  /** Draws the table, the buttons, the game's end and the help. */
  #redraw(): void {
    const round = this.#round;
    const hinted = this.#hint.kind === 'done' && this.#hint.answer.move !== null ? parseMove(this.#hint.answer.move) : undefined;
    this.#table.render(round, { selected: this.#selected, target: this.#target, hinted });
    byId<HTMLButtonElement>('undo').disabled = !round.canUndo;
    byId<HTMLButtonElement>('redo').disabled = !round.canRedo;
    const standing = round.standing();
    document.body.dataset['standing'] = standing.over === false ? 'playing' : standing.over;
    if (standing.over === 'won' && this.#message.textContent === '')
      this.#say(round.write('Won: the four aces are left, one on each pile.'));
    else if (standing.over === 'lost' && this.#message.textContent === '')
      this.#say(`No legal move is left: the game is lost with ${standing.discarded} cards discarded.`);
    const write = (text: string): string => round.write(text);
    renderHint(this.#hint, write);
    renderVerdict(this.#verdict, write, {
      next: () => this.#playLine(1),
      playAll: () => this.#playLine(Number.POSITIVE_INFINITY),
      longer: () => {
        this.#budget = LONGER_STATES;
        this.#update();
      },
    });
  }
}

/** The setup to open: the address's, else the game open last, else deal 0 of a random seed. */
function firstSetup(): { setup: Setup; problem?: string } {
  let problem: string | undefined;
  try {
    const named = readSetup(location.hash);
    if (named !== undefined) return { setup: named };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    problem = `The address: ${error.message}`;
  }
  const last = lastSetup();
  try {
    const setup = last === undefined ? undefined : readSetup(last);
    if (setup !== undefined) return problem === undefined ? { setup } : { setup, problem };
  } catch {
    // A saved setup that no longer reads: start afresh.
  }
  const setup: Setup = { source: { seed: randomSeed(), index: 0 }, variant: 'standard', discards: 'optional', reverse: false };
  return problem === undefined ? { setup } : { setup, problem };
}

const { setup, problem } = firstSetup();
new Page(setup, problem);
