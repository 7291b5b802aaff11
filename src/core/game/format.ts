// Numbers as the commands and the report print them: whole numbers with their thousands grouped, shares as percentages.

/**
 * A number with its thousands separated by commas, exactly as toLocaleString('en-US') writes it
 * ("1,234,567"). Whole numbers (0 and negative ones too) are grouped by hand, without loading the locale
 * data (tens of milliseconds of a command's start-up); every other number goes to toLocaleString.
 */
export const fmt = (n: number): string =>
  Number.isSafeInteger(n) && !Object.is(n, -0)
    ? (n < 0 ? '-' : '') + String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/gu, ',')
    : n.toLocaleString('en-US');

/** A share as a percentage with `digits` decimals: 0.5 → "50.00%". */
export const percent = (p: number, digits = 2): string => `${(p * 100).toFixed(digits)}%`;
