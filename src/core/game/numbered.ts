// Numbered games of other programs, read as deals: `kpat:N` is game number N of KPatience's Aces Up, dealt
// exactly as KPatience deals it (docs/rules.md, "Numbered games"). Imports nothing: cards.ts's parseDeal reads
// the names through it, so it numbers cards as cards.ts does (suit × 13 + rank, rank 0 = two … 12 = ace).

/** A program whose numbered games are read: its name in a deal string, its own name, its numbers and its rules. */
export interface NumberedGames {
  /** The prefix of `prefix:N`. */
  prefix: string;
  /** The program's name, for people. */
  program: string;
  /** The numbers the program itself accepts. */
  first: number;
  last: number;
  /** The rules the program's Aces Up plays (docs/rules.md's names). */
  variant: 'standard' | 'strict' | 'easy';
  discards: 'optional' | 'forced';
  /** Game `number`, as card numbers in dealing order. */
  deal(number: number): Uint8Array;
}

/**
 * KPatience's shuffle (its src/shuffle.h): the Windows FreeCell generator on a copy of the list. For i from the
 * list's length down to 2, the seed becomes 214013 × seed + 2531011 (unsigned 32-bit), and items i − 1 and
 * ((seed >> 16) & 0x7fff) mod i are swapped.
 */
export function kpatShuffled<T>(items: readonly T[], seed: number): T[] {
  const list = items.slice();
  let state = seed >>> 0;
  for (let i = list.length; i > 1; i--) {
    state = (Math.imul(214013, state) + 2531011) >>> 0;
    const j = ((state >>> 16) & 0x7fff) % i;
    [list[i - 1], list[j]] = [list[j]!, list[i - 1]!];
  }
  return list;
}

/** KPatience's deck before the shuffle: rank by rank from the ace, each in the suit order clubs, diamonds, hearts,
 *  spades (its DealerScene::setDeckContents): A♣ A♦ A♥ A♠ 2♣ … K♠, as card numbers. */
export const KPAT_DECK: readonly number[] = Array.from({ length: 52 }, (_, i) => {
  const kpatRank = Math.floor(i / 4); // 0 = ace, 1 = two, … 12 = king
  const suit = i % 4;
  return suit * 13 + (kpatRank === 0 ? 12 : kpatRank - 1);
});

/**
 * Game `number` of KPatience's Aces Up, in dealing order. Its Aces Up puts the shuffled list on the stock in order
 * and deals from the stock's top, the list's last card: pile 1 first, then 2, 3 and 4, round after round. So the
 * k-th card dealt is the shuffled list's card 51 − k: the deal is the shuffled list read backwards.
 */
export function kpatDeal(number: number): Uint8Array {
  return Uint8Array.from(kpatShuffled(KPAT_DECK, number).reverse());
}

/**
 * KPatience (KDE's solitaire collection). Its game number N (1 to 2,147,483,647, as its "Choose game number"
 * takes it) is the seed of the Windows FreeCell generator. Its Aces Up fills an empty pile with any exposed card
 * of another pile and deals whenever the stock is not empty: acesup's standard variant under optional discards.
 */
export const KPATIENCE: NumberedGames = {
  prefix: 'kpat',
  program: 'KPatience',
  first: 1,
  last: 2_147_483_647,
  variant: 'standard',
  discards: 'optional',
  deal: kpatDeal,
};

export const NUMBERED_GAMES: readonly NumberedGames[] = [KPATIENCE];

const NAME = /^\s*([a-z]+)\s*:\s*(\S*)\s*$/iu;

/** The program and game number that `text` names (`kpat:17`), or undefined when it names none. */
export function numberedName(text: string): { games: NumberedGames; number: string } | undefined {
  const found = NAME.exec(text);
  if (found === null) return undefined;
  const games = NUMBERED_GAMES.find((g) => g.prefix === found[1]!.toLowerCase());
  return games === undefined ? undefined : { games, number: found[2]! };
}

/**
 * The deal a numbered name reads as, or undefined when `text` is no such name; a name whose number the program
 * does not take is an error, thrown as `fail` makes it (cards.ts passes its InputError).
 */
export function numberedDeal(text: string, fail: (message: string) => Error): Uint8Array | undefined {
  const found = NAME.exec(text);
  if (found === null) return undefined;
  const named = numberedName(text);
  if (named === undefined) {
    const known = NUMBERED_GAMES.map((g) => `${g.prefix}:N (${g.program})`).join(', ');
    throw fail(`"${found[1]}:" names no program whose games acesup reads: ${known}`);
  }
  const { games, number } = named;
  const n = Number(number);
  if (!/^\d+$/u.test(number) || !Number.isSafeInteger(n) || n < games.first || n > games.last)
    throw fail(
      `${games.prefix}:${number}: ${games.program} numbers its games from ${games.first} to ${games.last.toLocaleString('en-US')}`,
    );
  return games.deal(n);
}
