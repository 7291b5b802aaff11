// The options that several commands take, defined once: --variant, --discards, --max-discards, --reverse, the
// deal's --seed and --index, the player's --player-seed, --passes and the policy's options. Like the commands' definitions,
// this module imports only values that do no work, so that --help loads little.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { readPassesOption } from '../batch/options.ts';
import { MAX_INDEX, MAX_SEED } from '../core/game/cards.ts';
import { DEFAULT_ACE_BONUS, DEFAULT_EXPERT_SAMPLES, DEFAULT_SAMPLE_STATES, DEFAULT_SAMPLES } from '../core/play/settings.ts';
import { fmt } from '../core/game/format.ts';
import { DISCARD_RULES, VARIANTS } from '../core/game/rules.ts';
import { integerOption } from './errors.ts';

/** --variant: one variant (default standard), or with `all` also "all", the three, which is then the default
 *  unless `otherDefault` names one. `when` opens the help with when the option applies. */
export const variantOption = ({ all = false, when = '', otherDefault = '' } = {}): Option =>
  new Option('--variant <name>', `${when}which card may fill an empty pile${all ? '; "all" runs the three variants' : ''}`)
    .choices(all ? [...VARIANTS, 'all'] : [...VARIANTS])
    .default(otherDefault !== '' ? otherDefault : all ? 'all' : 'standard');

/** --discards: one rule (default optional), or with `both` also "both". */
export const discardsOption = ({ both = false, when = '' } = {}): Option =>
  new Option('--discards <rule>', `${when}optional: deal at any time; forced: make every discard before dealing${both ? '; both' : ''}`)
    .choices(both ? [...DISCARD_RULES, 'both'] : [...DISCARD_RULES])
    .default('optional');

/** The --max-discards option of `solve` and `estimate`. */
export const maxDiscardsOption = (): Option =>
  new Option(
    '--max-discards <how>',
    "exact: pin each lost deal's max discards within its budget (a tenth of it goes first to the search for the max); bounds: spend it all on the verdict (faster; lost deals get a proven range)",
  )
    .choices(['exact', 'bounds'])
    .default('exact');

/** The tables' default cap in MiB: table.ts's DEFAULT_MAX_TABLE_BYTES, written here as a number so that --help
 *  loads no engine module (test/cli.test.ts checks that the two agree). */
export const DEFAULT_MAX_MEMORY_MIB = 4096;

/** --max-memory of `solve` and `estimate`: the cap of a visited set (`whose`: whose set it is), in MiB. */
export const maxMemoryOption = (whose: string, more = ''): Option =>
  new Option(
    '--max-memory <MiB>',
    `the most memory ${whose} visited set may take; a deal whose search needs more stays unknown (its table stops growing)${more}`,
  )
    .argParser(integerOption(16))
    .default(DEFAULT_MAX_MEMORY_MIB);

/** --seed and --index of a command that takes one deal (solve, play): deal I of seed S, as `acesup deal --seed S
 *  --index I` prints it. `--seed` is the deal's seed in every command. */
export function dealSeedOptions(command: Command): Command {
  return command
    .option(
      '--seed <s>',
      `the deal: deal --index of seed S (0 to ${fmt(MAX_SEED)}), as \`acesup deal --seed S --index I\` prints it`,
      integerOption(0, MAX_SEED),
    )
    .option('--index <i>', 'with --seed: the number of the deal (default 0)', integerOption(0, MAX_INDEX));
}

/** --player-seed: the seed of a player's random choices (play's random moves and samples, hint's rollouts). */
export const playerSeedOption = (what: string): Option =>
  new Option('--player-seed <s>', `seed of ${what} (the same seed gives the same answer)`)
    .argParser(integerOption(0, 0xffffffff))
    .default(1);

/** Reads --passes: factors of --max-states ("none": no later pass). */
export const passesOption = (value: string): number[] => {
  if (value.trim() === 'none') return [];
  const passes = readPassesOption(value);
  if (typeof passes === 'string') throw new InvalidArgumentError(passes);
  return passes;
};

/** --reverse, on every command that reads or prints cards (docs/rules.md, "Reverse Idiot's Delight"). */
export const REVERSE_HELP = "Reverse Idiot's Delight: read and print cards with aces low and the four kings kept (ranks move one place)";

/** The options that choose and tune a policy (play and estimate share them); `tuning` may hide the tuning ones. */
export function policyOptions(
  command: Command,
  defaultPolicy: string,
  policies: readonly string[],
  tuning: (option: Option) => Option = (option) => option,
): Command {
  return command
    .addOption(new Option('--policy <name>', 'who plays (docs/play.md)').choices([...policies]).default(defaultPolicy))
    .addOption(
      tuning(
        new Option(
          '--ace-bonus <k>',
          `greedy (and pimc's ties, expert's rollouts): a fill that puts an ace into an empty pile counts as k discards (default ${DEFAULT_ACE_BONUS}; expert: 2 in standard, 0 otherwise)`,
        ).argParser(integerOption(0, 48)),
      ),
    )
    .addOption(
      tuning(
        new Option(
          '--samples <n>',
          `pimc: sampled stock orders per decision (default ${DEFAULT_SAMPLES}); expert: rollouts per choice, four times as many where a sample wins (default ${DEFAULT_EXPERT_SAMPLES})`,
        ).argParser(integerOption(1, 100_000)),
      ),
    )
    .addOption(
      tuning(
        new Option(
          '--sample-states <n>',
          `pimc: solver state budget per sample and choice; an unknown counts as no win (default ${fmt(DEFAULT_SAMPLE_STATES)})`,
        ).argParser(integerOption(1)),
      ),
    );
}
