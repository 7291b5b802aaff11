// The hint command's work: reads the position, asks the library for the hint, prints it (options in hint.ts).

import { hint } from '../core/api.ts';
import { hintLines } from '../core/play/hint-text.ts';
import { formatPosition } from '../core/game/position.ts';
import { parseReversedPosition, writeReversed } from '../core/game/reverse.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { EXIT_OK, UsageError } from './errors.ts';

export interface HintFlags {
  variant: Variant;
  discards: DiscardRule;
  seed: number;
  samples?: number;
  rollouts?: number;
  orders?: number;
  maxStates?: number;
  json?: boolean;
  reverse?: boolean;
}

export function hintCommand(words: string[], flags: HintFlags): number {
  if (words.length === 0)
    throw new UsageError('no position given: pass it as an argument, e.g. "7S JS | 5H | - | AC 2D ; stock 20 ; out …"');
  const started = performance.now();
  // Reverse Idiot's Delight: the position read with aces low is the standard game's; the answer is written back.
  const text = flags.reverse ? formatPosition(parseReversedPosition(words.join(' '))) : words.join(' ');
  const out = flags.reverse ? writeReversed : (line: string): string => line;
  const found = hint(text, {
    variant: flags.variant,
    discards: flags.discards,
    seed: flags.seed,
    ...(flags.samples === undefined ? {} : { samples: flags.samples }),
    ...(flags.rollouts === undefined ? {} : { rollouts: flags.rollouts }),
    ...(flags.orders === undefined ? {} : { orders: flags.orders }),
    ...(flags.maxStates === undefined ? {} : { maxStates: flags.maxStates }),
  });
  const answer = { ...found, position: out(found.position), move: found.move === null ? null : out(found.move) };
  const ms = Math.round((performance.now() - started) * 1000) / 1000;
  if (flags.json) {
    console.log(JSON.stringify({ ...answer, variant: flags.variant, discards: flags.discards, seed: flags.seed, ms }));
    return EXIT_OK;
  }
  console.log(`Position ${answer.position}`);
  console.log(`${flags.variant} · ${flags.discards} discards · seed ${flags.seed} (${(ms / 1000).toFixed(2)} s)`);
  for (const line of hintLines(found, out)) console.log(line);
  if (answer.move !== null) console.log(`hint: ${answer.move}`);
  return EXIT_OK;
}
