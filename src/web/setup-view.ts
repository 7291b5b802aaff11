// The "New game" forms: the rules and the reading, deal I of seed S, a random seed, the next winnable deal, a pasted
// deal or another program's numbered game, and whether new games are only deals proved winnable. Each reads its fields
// and hands the page a setup, or names the problem in one line.

import { InputError, MAX_SEED } from '../index.ts';
import type { DiscardRule, Variant } from '../index.ts';
import { type Rules, type Setup, checked, numberField } from './setup.ts';

export interface SetupActions {
  /** Start the game of this setup. */
  start(setup: Setup): void;
  /** The rules or the reading changed: go on with the same deal under them. */
  rules(rules: Rules): void;
  /** Look for the first winnable deal of `seed` from `index` on. */
  winnable(seed: number, index: number, rules: Rules): void;
  /** A new game of a random seed (a deal proved winnable when new games are only those). */
  random(seed: number, rules: Rules): void;
  /** New games are to be only deals proved winnable, or any deal. */
  winnableOnly(only: boolean): void;
}

const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

export class SetupView {
  readonly #variant = byId<HTMLSelectElement>('variant');
  readonly #discards = byId<HTMLSelectElement>('discards');
  readonly #reverse = byId<HTMLInputElement>('reverse');
  readonly #seed = byId<HTMLInputElement>('seed');
  readonly #index = byId<HTMLInputElement>('index');
  readonly #dealText = byId<HTMLTextAreaElement>('deal-text');
  readonly #winnableOnly = byId<HTMLInputElement>('winnable-only');
  readonly #message = byId<HTMLParagraphElement>('setup-message');

  constructor(actions: SetupActions, winnableOnly: boolean) {
    for (const field of [this.#variant, this.#discards, this.#reverse]) field.addEventListener('change', () => actions.rules(this.rules()));
    this.#winnableOnly.checked = winnableOnly;
    this.#winnableOnly.addEventListener('change', () => actions.winnableOnly(this.#winnableOnly.checked));
    byId<HTMLFormElement>('seeded').addEventListener('submit', (event) => {
      event.preventDefault();
      this.#try(() => actions.start({ source: this.#seedAndIndex(), ...this.rules() }));
    });
    byId('random').addEventListener('click', () => this.#try(() => actions.random(randomSeed(), this.rules())));
    byId('winnable').addEventListener('click', () =>
      this.#try(() => {
        const { seed, index } = this.#seedAndIndex();
        actions.winnable(seed, index, this.rules());
      }),
    );
    byId<HTMLFormElement>('pasted').addEventListener('submit', (event) => {
      event.preventDefault();
      this.#try(() => actions.start(checked({ source: { deal: this.#dealText.value }, ...this.rules() })));
    });
  }

  /** Shows the setup of the game being played in the fields. */
  show(setup: Setup): void {
    this.#variant.value = setup.variant;
    this.#discards.value = setup.discards;
    this.#reverse.checked = setup.reverse;
    if ('seed' in setup.source) {
      this.#seed.value = String(setup.source.seed);
      this.#index.value = String(setup.source.index);
    }
  }

  /** One line under the forms: a problem with what was typed, or what is being done. */
  say(text: string, problem = false): void {
    this.#message.textContent = text;
    this.#message.classList.toggle('problem', problem);
  }

  /** The rules and reading in the fields. */
  rules(): Rules {
    return { variant: this.#variant.value as Variant, discards: this.#discards.value as DiscardRule, reverse: this.#reverse.checked };
  }

  #seedAndIndex(): { seed: number; index: number } {
    return {
      seed: numberField(this.#seed.value, 'seed', MAX_SEED),
      index: numberField(this.#index.value, 'deal number', Number.MAX_SAFE_INTEGER),
    };
  }

  /** Runs `action`; a bad field or deal is named in one line, and nothing else changes. */
  #try(action: () => void): void {
    try {
      this.say('');
      action();
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.say(error.message, true);
    }
  }
}

/** A seed from 0 to MAX_SEED, for a game nobody chose. */
export function randomSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}
