// Numbered games of other programs, read as deals: `kpat:N` is game number N of KPatience's Aces Up and `pysol:N`
// of PySolFC's, each dealt exactly as that program deals it (docs/rules.md, "Numbered games of other programs").
// Imports nothing: cards.ts's parseDeal reads the names through it, so it numbers cards as cards.ts does (suit × 13
// + rank, suits clubs, diamonds, hearts, spades, rank 0 = two … 12 = ace).

/** A program whose numbered games are read: its name in a deal string, its own name, its numbers and its rules. */
export interface NumberedGames {
  /** The prefix of `prefix:N`. */
  prefix: string;
  /** The program's name, for people. */
  program: string;
  /** The numbers the program itself accepts. */
  first: bigint;
  last: bigint;
  /** The rules the program's Aces Up plays (docs/rules.md's names). */
  variant: 'standard' | 'strict' | 'easy';
  discards: 'optional' | 'forced';
  /** Game `number`, as card numbers in dealing order. */
  deal(number: bigint): Uint8Array;
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
const KPAT_DECK: readonly number[] = Array.from({ length: 52 }, (_, i) => {
  const kpatRank = Math.floor(i / 4); // 0 = ace, 1 = two, … 12 = king
  const suit = i % 4;
  return suit * 13 + (kpatRank === 0 ? 12 : kpatRank - 1);
});

/**
 * Game `number` of KPatience's Aces Up, in dealing order. Its Aces Up puts the shuffled list on the stock in order
 * and deals from the stock's top, the list's last card: pile 1 first, then 2, 3 and 4, round after round. So the
 * k-th card dealt is the shuffled list's card 51 − k: the deal is the shuffled list read backwards.
 */
function kpatDeal(number: bigint): Uint8Array {
  return Uint8Array.from(kpatShuffled(KPAT_DECK, Number(number)).reverse());
}

/**
 * KPatience (KDE's solitaire collection). Its game number N (1 to 2,147,483,647, as its "Choose game number"
 * takes it) is the seed of the Windows FreeCell generator. Its Aces Up fills an empty pile with any exposed card
 * of another pile and deals whenever the stock is not empty: acesup's standard variant under optional discards.
 */
export const KPATIENCE: NumberedGames = {
  prefix: 'kpat',
  program: 'KPatience',
  first: 1n,
  last: 2_147_483_647n,
  variant: 'standard',
  discards: 'optional',
  deal: kpatDeal,
};

/** A card number of cards.ts from a suit (0 clubs, 1 diamonds, 2 hearts, 3 spades) and a rank counted from the ace. */
const fromAce = (suit: number, rank: number): number => suit * 13 + (rank === 0 ? 12 : rank - 1);

/** PySolFC's deck before the shuffle (its Game.createCards): suit by suit, clubs, spades, hearts, diamonds, each
 *  from the ace to the king. */
const PYSOL_DECK: readonly number[] = [0, 3, 2, 1].flatMap((suit) => Array.from({ length: 13 }, (_, rank) => fromAce(suit, rank)));

/**
 * The Mersenne Twister of Python's `random.Random` (MT19937, seeded from a whole number by init_by_array with its
 * 32-bit words, least significant first; `random()` of 53 bits from two draws), which PySolFC's MTRandom is.
 */
export class PythonRandom {
  readonly #mt = new Uint32Array(624);
  #index = 624;

  constructor(seed: bigint) {
    const key: number[] = [];
    for (let n = seed < 0n ? -seed : seed; n > 0n; n >>= 32n) key.push(Number(n & 0xffffffffn));
    this.#byArray(key.length === 0 ? [0] : key);
  }

  #genrand(seed: number): void {
    const mt = this.#mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < 624; i++) mt[i] = (Math.imul(1812433253, mt[i - 1]! ^ (mt[i - 1]! >>> 30)) + i) >>> 0;
  }

  #byArray(key: readonly number[]): void {
    const mt = this.#mt;
    this.#genrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      mt[i] = ((mt[i]! ^ Math.imul(mt[i - 1]! ^ (mt[i - 1]! >>> 30), 1664525)) + key[j]! + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      mt[i] = ((mt[i]! ^ Math.imul(mt[i - 1]! ^ (mt[i - 1]! >>> 30), 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.#index = 624;
  }

  /** The next 32-bit draw. */
  next32(): number {
    const mt = this.#mt;
    if (this.#index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % 624]! & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.#index = 0;
    }
    let y = mt[this.#index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A float in [0, 1) of 53 random bits, as Python's random() gives it. */
  random(): number {
    const a = this.next32() >>> 5;
    const b = this.next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

/**
 * Game `number` of PySolFC's Aces Up, in dealing order, as its source deals it. construct_random: a number under
 * 32,000 seeds LCRandom31, the Windows FreeCell generator, and the deck is first put in Microsoft's order
 * (ms_rearrange: rank by rank, clubs, diamonds, hearts, spades); a larger one seeds MTRandom, Python's Mersenne
 * Twister. RandomBase.shuffle: for n from 51 down to 1, the cards at n and randint(0, n) swap, randint being
 * `random() mod (n + 1)` for LCRandom31 (its random() the generator's 15 bits) and `int(random() × (n + 1))` for
 * MTRandom. Game.shuffle puts the cards on the talon in order and Aces Up's dealRow takes the talon's top, the last
 * card, for rows 1 to 4: the deal is the shuffled list read backwards. (Under 32,000 that is KPatience's game N.)
 */
function pysolDeal(number: bigint): Uint8Array {
  let cards: number[];
  let randint: (n: number) => number;
  if (number < 32000n) {
    const MS_SUITS = [0, 39, 26, 13]; // ms_rearrange: for each rank, the cards at these offsets of the deck
    cards = Array.from({ length: 52 }, (_, i) => PYSOL_DECK[Math.floor(i / 4) + MS_SUITS[i % 4]!]!);
    let seed = Number(number);
    randint = (n) => {
      seed = (Math.imul(214013, seed) + 2531011) >>> 0;
      return ((seed >>> 16) & 0x7fff) % (n + 1);
    };
  } else {
    cards = [...PYSOL_DECK];
    const random = new PythonRandom(number);
    randint = (n) => Math.floor(random.random() * (n + 1));
  }
  for (let n = cards.length - 1; n > 0; n--) {
    const j = randint(n);
    [cards[n], cards[j]] = [cards[j]!, cards[n]!];
  }
  return Uint8Array.from(cards.reverse());
}

/**
 * PySolFC. Its game numbers are the seeds of construct_random: 1 to 10^20 (its MTRandom's MAX_SEED; 0 is refused).
 * Its Aces Up fills an empty row with one card of another row and deals whenever the talon is not empty: acesup's
 * standard variant under optional discards.
 */
export const PYSOLFC: NumberedGames = {
  prefix: 'pysol',
  program: 'PySolFC',
  first: 1n,
  last: 10n ** 20n,
  variant: 'standard',
  discards: 'optional',
  deal: pysolDeal,
};

const NUMBERED_GAMES: readonly NumberedGames[] = [KPATIENCE, PYSOLFC];

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
  const n = /^\d{1,30}$/u.test(number) ? BigInt(number) : -1n;
  if (n < games.first || n > games.last)
    throw fail(
      `${games.prefix}:${number}: ${games.program} numbers its games from ${games.first} to ${games.last.toLocaleString('en-US')}`,
    );
  return games.deal(n);
}
