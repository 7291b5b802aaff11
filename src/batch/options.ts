// The values and readers of the batch commands' options (estimate, merge, deal): the solver's name among the
// policies, the passes, the sample share and the workers per core. Plain values and functions that import
// nothing: the command line defines its options with them, and its help and option errors come without loading
// the batch code that uses them (passes.ts, sample.ts, results.ts).

/** The policy that plays the solver's part: the exact solver, the whole stock known. */
export const SOLVER = 'solver';

/** Worker threads per core above which a run is refused: they only slow the run down. */
export const MAX_WORKERS_PER_CORE = 4;

/** The passes of `--escalate` when --passes is not given: 8× and 64× the budget of the earlier run. */
export const DEFAULT_ESCALATE_PASSES: readonly number[] = [8, 64];
/** The later passes of `acesup solve` over deals read from a file or standard input, when --passes is not given:
 *  8× and 64× --max-states (16,000,000 and 128,000,000 positions at its default), which leave about 1 fresh
 *  standard × optional deal in 250 unknown (results/lattice: of the deals 2,000,000 positions leave unknown,
 *  about 1 in 35 is still unknown at 128,000,000). */
export const DEFAULT_SOLVE_PASSES: readonly number[] = [8, 64];
/** The most passes after the first one plan may hold. */
const MAX_PASSES = 8;

/**
 * Reads `--passes`: factors of --max-states, separated by commas or spaces, each may be written ×8 or x8;
 * whole numbers of 2 or more, each larger than the one before. A message saying what is wrong, or the factors.
 */
export function readPassesOption(text: string): number[] | string {
  const words = text.split(/[\s,]+/u).filter((word) => word !== '');
  if (words.length === 0) return 'expected factors of --max-states, e.g. 8,64.';
  if (words.length > MAX_PASSES) return `expected at most ${MAX_PASSES} factors.`;
  const factors: number[] = [];
  for (const word of words) {
    const digits = word.replace(/^[x×]/u, '');
    const factor = Number(digits);
    if (!/^\d+$/u.test(digits) || !Number.isSafeInteger(factor) || factor < 2)
      return `"${word}" is not a whole number of 2 or more (a factor of --max-states, e.g. 8,64).`;
    if (factors.length > 0 && factor <= factors[factors.length - 1]!) return 'expected each factor larger than the one before (e.g. 8,64).';
    factors.push(factor);
  }
  return factors;
}

/** 2³²: a share is a whole number of 2⁻³² steps of the 32-bit hash. */
export const HASH_RANGE = 0x100000000;

/** A sample share as given (`text`, as written in the CSV) and as used: deals whose hash is below
 *  `threshold` are sampled, so each is with probability exactly `share` = threshold / 2³². */
export interface SampleShare {
  text: string;
  threshold: number;
  share: number;
}

/** No deal: a later pass that a rule set gives none of its unknown deals (a share after the first, as in
 *  "1,0": the deals the first later pass leaves unknown get no more; a tail control accounts for them). */
const NO_SAMPLE: SampleShare = { text: '0', threshold: 0, share: 0 };

/** Every deal: the share of a run without --sample-unknowns (and of `--sample-unknowns 1`). */
export const WHOLE_SAMPLE: SampleShare = { text: '', threshold: HASH_RANGE, share: 1 };

/**
 * Reads a sample share: a number in (0, 1] written as a decimal ("0.05") or a percentage ("5%"). 1 is every
 * deal, written '' (so that such a run is a run without the option, byte for byte). A message saying what is
 * wrong, or the share.
 */
export function readSampleShare(text: string, zero = false): SampleShare | string {
  const trimmed = text.trim();
  const percent = trimmed.endsWith('%');
  const digits = percent ? trimmed.slice(0, -1) : trimmed;
  const value = /^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/u.test(digits) ? Number(digits) / (percent ? 100 : 1) : Number.NaN;
  if (zero && value === 0) return NO_SAMPLE;
  if (!(value > 0 && value <= 1)) return `"${text}" is not a share of the unknown deals between 0 and 1 (e.g. 0.05 or 5%).`;
  const threshold = Math.round(value * HASH_RANGE);
  if (threshold < 1) return `"${text}" is below the smallest share, 2⁻³².`;
  return threshold === HASH_RANGE ? WHOLE_SAMPLE : { text: String(value), threshold, share: threshold / HASH_RANGE };
}

/**
 * The shares of the later passes of a plan, one per pass after the first, as `--sample-unknowns` gives them
 * and `sample_unknowns` records them: one share for every later pass ("0.05"), or one per pass ("1 0.1 0.02",
 * commas or spaces), each at most the one before, so that every pass's sample lies inside the one before it.
 * `text` is the recorded form ('' : every unknown deal at every pass).
 */
export interface PassShares {
  text: string;
  /** One share per later pass; a single share stands for every later pass. */
  shares: readonly SampleShare[];
}

/** Every unknown deal at every pass. */
export const WHOLE_SHARES: PassShares = { text: '', shares: [WHOLE_SAMPLE] };

/** The share of later pass `pass` (1: the first after the first pass). */
export const shareAt = (p: PassShares, pass: number): SampleShare => p.shares[Math.min(pass, p.shares.length) - 1] ?? WHOLE_SAMPLE;

/** `--sample-unknowns`, which may be given more than once: shares for every rule set, or `variant/rule=shares`
 *  for one (the rule sets not named then give every unknown deal every pass). */
export interface SampleOption {
  all?: PassShares;
  byRuleset: Record<string, PassShares>;
}

/** Reads `--sample-unknowns` (one share, or one per later pass, each at most the one before; a share after
 *  the first may be 0: no deal gets that pass). */
export function readPassShares(text: string): PassShares | string {
  const words = text.split(/[\s,]+/u).filter((word) => word !== '');
  if (words.length === 0) return 'expected a share of the unknown deals (e.g. 0.05), or one per later pass (e.g. 1,0.1,0.02).';
  if (words.length > MAX_PASSES) return `expected at most ${MAX_PASSES} shares, one per later pass.`;
  const shares: SampleShare[] = [];
  for (const word of words) {
    // 0 after a share: the deals still unknown get no more passes (`NO_SAMPLE`).
    const share = readSampleShare(word, shares.length > 0);
    if (typeof share === 'string') return share;
    if (shares.length > 0 && share.threshold > shares[shares.length - 1]!.threshold)
      return 'expected each share at most the one before (a later pass solves part of the deals the pass before it solved).';
    shares.push(share);
  }
  if (shares.every((share) => share.threshold === HASH_RANGE)) return WHOLE_SHARES;
  return { text: shares.map((share) => (share.text === '' ? '1' : share.text)).join(' '), shares };
}

/** The shares as recorded in `sample_unknowns` ('' : every deal), for a plan of `laterPasses` passes after the
 *  first; undefined when the text is not shares, or names more shares than the plan has passes. */
export function passSharesOf(text: string, laterPasses = MAX_PASSES): PassShares | undefined {
  if (text === '') return WHOLE_SHARES;
  const read = readPassShares(text);
  if (typeof read === 'string' || read.text !== text || (read.shares.length > 1 && read.shares.length !== laterPasses)) return undefined;
  return read;
}

/**
 * The default plan of an estimate: what each of --max-states, --passes, --sample-unknowns, --discards, --seed and
 * --max-discards means when it is left out (each option given changes only its own part). Every deal at 100,000
 * positions, then the deals left unknown at 2,000,000 and 16,000,000; each variant under the optional rule beside
 * the same variant under the forced rule (cheap: the forced rule decides almost every deal at these budgets, and
 * each forced win is an optional win), the optional rule's rate estimated by the difference against it
 * (docs/estimate.md#lattice), with the forced rule's rate from the stored reference run where it holds the deals
 * (seed 3, the seed of the project's larger runs). Verdicts only: the max discards of a lost deal is left a range.
 *
 * - The forced rule and strict × optional give every unknown deal every pass: their rows are exact, deal by deal
 *   (of a million deals of strict × optional, 645 needed more than 2,000,000 positions and 12 more than
 *   16,000,000).
 * - Standard and easy under the optional rule leave about a third of their deals unknown at 100,000 positions.
 *   With a stored tail (a larger run's sample of the deals that 2,000,000 positions leave undecided), every one
 *   of them gets the ×20 pass and none the next (shares 1, 0): the run counts the optional rule's own wins that
 *   ×20 finds, the stored tail the rest. Without one, hash-chosen shares of them get the passes (0.1, then
 *   0.02 at each further pass), and the summary gives their two-phase estimate where it narrows the range.
 */
export const DEFAULT_PLAN = {
  maxStates: 100_000,
  passes: [20, 160] as readonly number[],
  seed: 3,
  discards: 'both',
  maxDiscards: 'bounds',
  /** `--sample-unknowns` per rule set ('' : every unknown deal at every pass), for a plan of `laterPasses`
   *  passes after the first; `tail`: a stored tail stands for the deals the first later pass leaves unknown. */
  shares: (variant: string, rule: string, tail: boolean, laterPasses: number): string => {
    if (rule !== 'optional' || variant === 'strict' || laterPasses === 0) return '';
    if (tail) return laterPasses === 1 ? '' : ['1', ...new Array<string>(laterPasses - 1).fill('0')].join(' ');
    return ['0.1', ...new Array<string>(laterPasses - 1).fill('0.02')].join(' ');
  },
} as const;
