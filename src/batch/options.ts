// The values and readers of the batch commands' options (estimate, merge, deal): the ranges of seeds and
// deal indices, the solver's name among the policies, the passes, the sample share and the workers per core.
// Plain values and functions that import nothing: the command line defines its options with them, and its
// help and option errors come without loading the batch code that uses them (deals.ts, passes.ts,
// sample.ts, results.ts).

/** Largest accepted seed and index. */
export const MAX_SEED = 0xffffffff;
export const MAX_INDEX = Number.MAX_SAFE_INTEGER;

/** The policy that plays the solver's part: the exact solver, the whole stock known. */
export const SOLVER = 'solver';

/** Worker threads per core above which a run is refused: they only slow the run down. */
export const MAX_WORKERS_PER_CORE = 4;

/** The passes of `--escalate` when --passes is not given: 8× and 64× the budget of the earlier run. */
export const DEFAULT_ESCALATE_PASSES: readonly number[] = [8, 64];
/** The most passes after the first one plan may hold. */
export const MAX_PASSES = 8;

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

/** Every deal: the share of a run without --sample-unknowns (and of `--sample-unknowns 1`). */
export const WHOLE_SAMPLE: SampleShare = { text: '', threshold: HASH_RANGE, share: 1 };

/**
 * Reads a sample share: a number in (0, 1] written as a decimal ("0.05") or a percentage ("5%"). 1 is every
 * deal, written '' (so that such a run is a run without the option, byte for byte). A message saying what is
 * wrong, or the share.
 */
export function readSampleShare(text: string): SampleShare | string {
  const trimmed = text.trim();
  const percent = trimmed.endsWith('%');
  const digits = percent ? trimmed.slice(0, -1) : trimmed;
  const value = /^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/u.test(digits) ? Number(digits) / (percent ? 100 : 1) : Number.NaN;
  if (!(value > 0 && value <= 1)) return `"${text}" is not a share of the unknown deals between 0 and 1 (e.g. 0.05 or 5%).`;
  const threshold = Math.round(value * HASH_RANGE);
  if (threshold < 1) return `"${text}" is below the smallest share, 2⁻³².`;
  return threshold === HASH_RANGE ? WHOLE_SAMPLE : { text: String(value), threshold, share: threshold / HASH_RANGE };
}

/**
 * The plan of an estimate that names no budget (none of --max-states, --passes, --sample-unknowns, and the
 * solver plays): a two-phase estimate that gives every row a rate with its interval in minutes, not the hours
 * that deciding every deal of the optional rule takes. --max-discards is `bounds` unless given.
 */
export const DEFAULT_PLAN = { maxStates: 100_000, passes: [20, 160, 1280], sample: '0.05' } as const;
