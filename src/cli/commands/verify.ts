// `acesup verify`: its options and help, and the check: replays move lists from their deals against the rules (the
// library's verify), one line or a file of DEAL<TAB>MOVES lines, and prints "ok" or the first illegal move. The
// library is loaded when the command runs, so that --help loads the definitions alone.

import type { Command } from 'commander';
import { InputError } from '../../core/game/cards.ts';
import type { DiscardRule, Variant } from '../../core/game/rules.ts';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, UsageError, shortenQuotes } from '../errors.ts';
import { REVERSE_HELP, discardsOption, variantOption } from '../common-options.ts';

interface VerifyFlags {
  file?: string;
  reverse?: boolean;
  variant: Variant;
  discards: DiscardRule;
}

export function addVerifyCommand(program: Command): void {
  program
    .command('verify')
    .summary('check a move list against the rules: prints "ok" or the first illegal move and why')
    .description(
      'Replay a move list from a deal and check every move and the win. Moves are comma-separated (or one per line, ' +
        'or numbered as solve --show prints them): "deal", "remove XY", "move XY N" (N = pile 1–4). Exit 0 when the ' +
        'list wins, 1 when it does not, 2 for bad input, 3 for a file that cannot be read.',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  acesup verify --variant strict "4C 7S 3H KD …" "deal, remove 2D, deal, …"\n' +
        '  acesup verify "4C 7S 3H KD …" "$(acesup solve "4C 7S 3H KD …" --line)"',
    )
    .argument('[deal]', 'the deal (quoted)')
    .argument('[moves]', 'the moves (quoted): comma-separated, one per line, or numbered as `acesup solve --show` prints them')
    .option('-f, --file <path>', 'read DEAL<TAB>MOVES lines from a file ("-" for standard input)')
    .addOption(variantOption())
    .addOption(discardsOption())
    .option('--reverse', REVERSE_HELP)
    .action(async (deal: string | undefined, moves: string | undefined, flags: VerifyFlags) => {
      process.exitCode = await verifyCommand(deal, moves, flags);
    });
}

/** Prints "ok" or the first illegal move of each line; the exit code. */
async function verifyCommand(dealText: string | undefined, movesText: string | undefined, flags: VerifyFlags): Promise<number> {
  const { verify: verifyLine } = await import('../../core/api.ts');
  const { formatMove } = await import('../../core/game/notation.ts');
  const { parseReversedDeal, parseReversedMoves, writeReversed } = await import('../../core/game/reverse.ts');
  const { inputLines } = await import('../input-lines.ts');
  const check = (deal: string, moves: string): string => {
    const game = { variant: flags.variant, discards: flags.discards };
    const verdict = flags.reverse
      ? verifyLine(parseReversedDeal(deal), parseReversedMoves(moves).map(formatMove), game)
      : verifyLine(deal, moves, game);
    if (verdict.ok) return 'ok';
    return `invalid: move ${verdict.move}: ${flags.reverse ? writeReversed(verdict.reason) : verdict.reason}`;
  };
  if (flags.file === undefined) {
    if (dealText === undefined || movesText === undefined) {
      throw new UsageError('verify needs a DEAL and a MOVES list (comma-separated), or --file with DEAL<TAB>MOVES lines');
    }
    const verdict = check(dealText, movesText);
    console.log(verdict);
    return verdict === 'ok' ? EXIT_OK : EXIT_INVALID;
  }
  if (dealText !== undefined) throw new UsageError('give the deal and moves as arguments or with --file, not both');
  let exitCode = EXIT_OK;
  for await (const [line, text] of inputLines(flags.file)) {
    const tab = text.indexOf('\t');
    try {
      if (tab < 0) throw new InputError('expected DEAL<TAB>MOVES');
      const verdict = check(text.slice(0, tab), text.slice(tab + 1));
      console.log(`line ${line}: ${verdict}`);
      if (verdict !== 'ok' && exitCode === EXIT_OK) exitCode = EXIT_INVALID;
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      console.error(`acesup: line ${line}: ${shortenQuotes(error.message)}`);
      exitCode = EXIT_USAGE;
    }
  }
  return exitCode;
}
