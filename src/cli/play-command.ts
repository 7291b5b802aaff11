// The play command's game: one deal played by a policy that does not see the stock order, move by move (its
// options and help are in play.ts).

import { formatDeal, parseDeal } from '../core/game/cards.ts';
import { describeMove, formatMove } from '../core/game/notation.ts';
import { playGame } from '../core/play/game.ts';
import { type PolicyName, makePolicy } from '../core/play/policies.ts';
import { Rng } from '../core/game/random.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { parseReversedDeal, writeReversed } from '../core/game/reverse.ts';
import { Game, formatPiles } from '../core/game/verify.ts';
import { EXIT_OK, UsageError } from './errors.ts';
import { policySettings } from '../core/play/policies.ts';
import { fmt } from '../core/game/format.ts';

export interface PlayFlags {
  policy: PolicyName;
  variant: Variant;
  discards: DiscardRule;
  seed: number;
  aceBonus?: number;
  samples?: number;
  sampleStates?: number;
  show?: boolean;
  json?: boolean;
  reverse?: boolean;
}

export function playCommand(words: string[], flags: PlayFlags): number {
  if (words.length === 0) throw new UsageError('no deal given: pass the 52 cards as an argument (see acesup play --help)');
  const deal = flags.reverse ? parseReversedDeal(words.join(' ')) : parseDeal(words.join(' '));
  // Reverse Idiot's Delight is played as the standard game it is; its cards are written back with aces low.
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const settings = policySettings(flags.policy, flags);
  const policy = makePolicy(flags.policy, flags.variant, flags.discards, settings);
  const started = performance.now();
  const game = playGame(deal, policy, flags.variant, flags.discards, new Rng(flags.seed));
  const ms = performance.now() - started;
  if (flags.json) {
    console.log(
      JSON.stringify({
        deal: out(formatDeal(deal)),
        variant: flags.variant,
        discards: flags.discards,
        policy: policy.name,
        seed: flags.seed,
        result: game.won ? 'won' : 'lost',
        discarded: game.discarded,
        ...(game.won ? { solution: game.moves.map((move) => out(formatMove(move))) } : {}),
        moves: game.moves.map((move) => out(formatMove(move))),
        states: game.states,
        ms: Math.round(ms * 1000) / 1000,
      }),
    );
    return EXIT_OK;
  }
  console.log(`Deal ${out(formatDeal(deal))}`);
  const states = game.states > 0 ? `, ${fmt(game.states)} solver states` : '';
  console.log(
    `${flags.variant} · ${flags.discards} discards · ${policy.name}, seed ${flags.seed}: ` +
      `${game.won ? 'WON' : 'LOST'} — ${game.discarded} discards, ${game.moves.length} moves (${ms.toFixed(1)} ms${states})`,
  );
  const replay = new Game(deal, flags.variant, flags.discards);
  const width = String(game.moves.length).length;
  const piles = (): string =>
    out(
      formatPiles(replay.piles())
        .split('\n')
        .map((line) => `      ${line}`)
        .join('\n'),
    );
  if (flags.show) console.log(`${piles()}\n      stock: ${replay.stockLeft()}`);
  game.moves.forEach((move, i) => {
    console.log(out(`  ${String(i + 1).padStart(width)}. ${describeMove(move)}`));
    if (flags.show) {
      replay.play(move);
      console.log(`${piles()}\n      stock: ${replay.stockLeft()}, discarded: ${replay.discarded()}`);
    }
  });
  console.log(out(`moves: ${game.moves.map(formatMove).join(', ')}`));
  return EXIT_OK;
}
