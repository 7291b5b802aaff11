// The play command: one deal played by a policy that does not see the stock order, move by move.

import { type Command, Option } from 'commander';
import { formatDeal, parseDeal } from '../core/game/cards.ts';
import { describeMove, formatMove } from '../core/game/notation.ts';
import { playGame } from '../core/play/game.ts';
import {
  DEFAULT_ACE_BONUS, DEFAULT_EXPERT_SAMPLES, DEFAULT_SAMPLE_STATES, DEFAULT_SAMPLES, POLICY_NAMES, type PolicyName, type PolicySettings, makePolicy,
} from '../core/play/policies.ts';
import { Rng } from '../core/game/random.ts';
import { DISCARD_RULES, type DiscardRule, VARIANTS, type Variant } from '../core/game/rules.ts';
import { Game, formatPiles } from '../core/game/verify.ts';
import { EXIT_OK, UsageError, integerOption } from './errors.ts';

interface PlayFlags {
  policy: PolicyName;
  variant: Variant;
  discards: DiscardRule;
  seed: number;
  aceBonus?: number;
  samples?: number;
  sampleStates?: number;
  show?: boolean;
  json?: boolean;
}

/** The policy's settings from the flags; a setting given to a policy that has no use for it is an error. */
export function policySettings(policy: PolicyName, flags: { aceBonus?: number; samples?: number; sampleStates?: number }): PolicySettings {
  if (flags.aceBonus !== undefined && policy !== 'greedy' && policy !== 'pimc' && policy !== 'expert') {
    throw new UsageError('--ace-bonus applies to --policy greedy, pimc and expert only');
  }
  if (flags.samples !== undefined && policy !== 'pimc' && policy !== 'expert') {
    throw new UsageError('--samples applies to --policy pimc and expert only');
  }
  if (flags.sampleStates !== undefined && policy !== 'pimc') {
    throw new UsageError('--sample-states applies to --policy pimc only');
  }
  const settings: PolicySettings = {};
  if (flags.aceBonus !== undefined) settings.aceBonus = flags.aceBonus;
  if (flags.samples !== undefined) settings.samples = flags.samples;
  if (flags.sampleStates !== undefined) settings.sampleStates = flags.sampleStates;
  return settings;
}

/** The options that choose and tune a policy (play and estimate share them). */
export function policyOptions(command: Command, defaultPolicy: string, policies: readonly string[]): Command {
  return command
    .addOption(new Option('--policy <name>', 'who plays (docs/play.md)').choices([...policies]).default(defaultPolicy))
    .addOption(new Option('--ace-bonus <k>', `greedy (and pimc's ties, expert's rollouts): a fill that puts an ace into an empty pile counts as k discards (default ${DEFAULT_ACE_BONUS}; expert: 2 in standard, 0 otherwise)`).argParser(integerOption(0, 48)))
    .addOption(new Option('--samples <n>', `pimc: sampled stock orders per decision (default ${DEFAULT_SAMPLES}); expert: rollouts per choice, four times as many where a sample wins (default ${DEFAULT_EXPERT_SAMPLES})`).argParser(integerOption(1, 100_000)))
    .addOption(new Option('--sample-states <n>', `pimc: solver state budget per sample and choice; an unknown counts as no win (default ${DEFAULT_SAMPLE_STATES.toLocaleString('en-US')})`).argParser(integerOption(1)));
}

function playCommand(words: string[], flags: PlayFlags): number {
  if (words.length === 0) throw new UsageError('no deal given: pass the 52 cards as an argument (see acesup play --help)');
  const deal = parseDeal(words.join(' '));
  const settings = policySettings(flags.policy, flags);
  const policy = makePolicy(flags.policy, flags.variant, flags.discards, settings);
  const started = performance.now();
  const game = playGame(deal, policy, flags.variant, flags.discards, new Rng(flags.seed));
  const ms = performance.now() - started;
  if (flags.json) {
    console.log(JSON.stringify({
      deal: formatDeal(deal), variant: flags.variant, discards: flags.discards, policy: policy.name, seed: flags.seed,
      result: game.won ? 'won' : 'lost', discarded: game.discarded,
      ...(game.won ? { solution: game.moves.map(formatMove) } : {}),
      moves: game.moves.map(formatMove), states: game.states, ms: Math.round(ms * 1000) / 1000,
    }));
    return EXIT_OK;
  }
  console.log(`Deal ${formatDeal(deal)}`);
  const states = game.states > 0 ? `, ${game.states.toLocaleString('en-US')} solver states` : '';
  console.log(`${flags.variant} · ${flags.discards} discards · ${policy.name}, seed ${flags.seed}: ` +
    `${game.won ? 'WON' : 'LOST'} — ${game.discarded} discards, ${game.moves.length} moves (${ms.toFixed(1)} ms${states})`);
  const replay = new Game(deal, flags.variant, flags.discards);
  const width = String(game.moves.length).length;
  const piles = (): string => formatPiles(replay.piles()).split('\n').map((line) => `      ${line}`).join('\n');
  if (flags.show) console.log(`${piles()}\n      stock: ${replay.stockLeft()}`);
  game.moves.forEach((move, i) => {
    console.log(`  ${String(i + 1).padStart(width)}. ${describeMove(move)}`);
    if (flags.show) {
      replay.play(move);
      console.log(`${piles()}\n      stock: ${replay.stockLeft()}, discarded: ${replay.discarded()}`);
    }
  });
  console.log(`moves: ${game.moves.map(formatMove).join(', ')}`);
  return EXIT_OK;
}

export function addPlayCommand(program: Command): void {
  const command = program
    .command('play')
    .summary('play one deal as a player who does not see the stock order (a policy), move by move')
    .description('Play one deal with a policy that sees only what a player sees: every card on the piles (buried ' +
      'ones included), the discards, and so the set of cards still in the stock, never their order. Prints the ' +
      'result, the cards discarded and every move in the notation of solve; the move list replays through ' +
      '"acesup verify" (which answers "ok" for a win). Policies: random (a uniformly random legal move), basic ' +
      '(every discard; fill an empty pile from the leftmost pile of two cards or more; deal), greedy (every ' +
      'discard; the fill that leads to the most discards before the next deal), pimc (samples orders of the ' +
      'unseen cards, solves each exactly, plays the choice that wins the most samples), expert (judges each ' +
      'choice by greedy\'s play to the end on sampled orders of the unseen cards, the last deal exactly).')
    .addHelpText('after', '\nExamples:\n' +
      '  acesup play "7S JS 5H AC 4C 3H KD 2D …" --policy greedy --ace-bonus 2 --discards forced\n' +
      '  acesup play "…" --policy expert --samples 64 --variant strict --json\n' +
      '  acesup play "…" --policy pimc --samples 50 --sample-states 20000 --discards forced\n' +
      '  acesup deal --seed 1 --index 7 | xargs -0 acesup play --policy basic --show')
    .argument('[deal...]', 'the deal (quoted, or as 52 separate words)')
    .addOption(new Option('--variant <name>', 'which card may fill an empty pile').choices([...VARIANTS]).default('standard'))
    .addOption(new Option('--discards <rule>', 'optional: deal at any time; forced: make every discard before dealing').choices([...DISCARD_RULES]).default('optional'))
    .option('--seed <s>', 'seed of the policy\'s random choices (random moves, expert\'s samples)', integerOption(0, 0xffffffff), 1)
    .option('--show', 'print the four piles after each move')
    .option('--json', 'print one JSON object: the deal, variant, discards, policy, seed, result, discarded, moves (and solution when won), states, ms');
  policyOptions(command, 'expert', POLICY_NAMES);
  command.action((words: string[], flags: PlayFlags) => {
    process.exitCode = playCommand(words, flags);
  });
}
