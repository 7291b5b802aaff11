// The work of `acesup deal` (its options and help are in batch-commands.ts): seeded deals, or, with --winnable, the
// seeded deals proved won, through the library's functions (core/api.ts), printed as each is found.

import { eachWinnableDeal, seededDeal } from '../core/api.ts';
import type { DiscardRule, Variant } from '../core/game/rules.ts';
import { writeReversed } from '../core/game/reverse.ts';
import { EXIT_INVALID, EXIT_OK } from './errors.ts';

export interface DealFlags {
  seed: number;
  index: number;
  count: number;
  winnable?: boolean;
  variant: Variant;
  discards: DiscardRule;
  maxStates: number;
  maxTried?: number;
  withLine?: boolean;
  json?: boolean;
  reverse?: boolean;
}

/** Prints the deals; the exit code (1, a negative answer, when --winnable gave up before --count deals were found). */
export function dealCommand(flags: DealFlags): number {
  const { seed, count } = flags;
  // Reverse Idiot's Delight: each card written as its twin with aces low, the same game (docs/rules.md).
  const out = flags.reverse ? writeReversed : (text: string): string => text;
  const lines: string[] = [];
  // Written in blocks: a million deals in one string would be a large one.
  const flush = (): void => {
    if (lines.length > 0) process.stdout.write(`${lines.splice(0).join('\n')}\n`);
  };
  if (!flags.winnable) {
    for (let index = flags.index; index < flags.index + count; index++) {
      const deal = out(seededDeal(seed, index));
      lines.push(flags.json ? JSON.stringify({ seed, index, deal }) : deal);
      if (lines.length === 1000) flush();
    }
    flush();
    return EXIT_OK;
  }
  const { variant, discards } = flags;
  let found = 0;
  for (const won of eachWinnableDeal({
    seed,
    count,
    index: flags.index,
    variant,
    discards,
    maxStates: flags.maxStates,
    ...(flags.maxTried === undefined ? {} : { maxTried: flags.maxTried }),
  })) {
    found += 1;
    const deal = out(won.deal);
    const solution = won.solution.map(out);
    const line = flags.withLine ? { solution } : {};
    // Each deal as soon as it is proved: a slow search shows its progress line by line.
    console.log(
      flags.json
        ? JSON.stringify({ seed, index: won.index, variant, discards, deal, ...line })
        : flags.withLine
          ? `${deal}\t${solution.join(', ')}`
          : deal,
    );
  }
  if (found === count) return EXIT_OK;
  const tried = flags.maxTried ?? 1000 * count;
  console.error(`acesup: only ${found} of ${count} deals proved winnable among the ${tried} looked at (--max-tried ${tried})`);
  return EXIT_INVALID;
}
