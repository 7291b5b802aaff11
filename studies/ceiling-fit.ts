// Fits the ceiling's value estimate (studies/ceiling/value.ts, FittedValue): per variant and per deal, a logistic
// regression of the chance that greedy (ace bonus 2) wins from a position right after a deal, on the position's
// features. The games are played on seed 101 (not the deals the bound is measured on); in each game the first
// rounds (a random number, 0–11) are played by a random choice of fill or none, so that the positions are varied,
// and only positions from which greedy plays on are kept. Prints the source of studies/ceiling/weights.ts on
// standard output (progress on standard error); it writes no file: the weights the code uses change only when
// that output is put there by hand (npx tsx studies/ceiling-fit.ts > studies/ceiling/weights.ts).
//
//   npx tsx studies/ceiling-fit.ts [--games 100000]

import '../scripts/dev-script.ts';
import { dealFor } from '../src/core/game/deals.ts';
import type { GameMove } from '../src/core/game/notation.ts';
import { Board } from './ceiling/board.ts';
import { FEATURE_COUNT, FEATURES, featuresOf } from './ceiling/value.ts';
import { type Policy, playGame } from '../src/core/play/game.ts';
import { makePolicy } from '../src/core/play/policies.ts';
import { Rng } from '../src/core/game/random.ts';
import { type View, fills, removals } from '../src/core/play/view.ts';
import { VARIANTS, type Variant } from '../src/core/game/rules.ts';

const SEED = 101;
const args = process.argv.slice(2);
const gamesArg = args.indexOf('--games');
const GAMES = gamesArg >= 0 ? Number(args[gamesArg + 1]) : 100_000;
if (!Number.isInteger(GAMES) || GAMES < 100) throw new Error(`--games: expected a whole number ≥ 100, got ${args[gamesArg + 1]}`);

/** Per deal k (dealt / 4 − 1), the features and outcomes recorded. */
type Data = { x: number[][]; y: number[] }[];

function collect(variant: Variant): Data {
  const data: Data = Array.from({ length: 12 }, () => ({ x: [], y: [] }));
  const greedy = makePolicy('greedy', variant, 'forced', { aceBonus: 2 });
  const board = new Board();
  const features = new Float64Array(FEATURE_COUNT);
  for (let index = 0; index < GAMES; index++) {
    const deal = dealFor(SEED, index);
    const rng = new Rng(SEED, index, 17);
    const switchAt = 4 * (1 + rng.below(12));
    const recorded: { k: number; f: number[] }[] = [];
    let lastDealt = 0;
    const policy: Policy = {
      name: 'fit',
      choose(view: View, r: Rng): GameMove | null {
        const dealt = view.dealt.length;
        if (dealt !== lastDealt) {
          lastDealt = dealt;
          if (dealt >= switchAt && dealt >= 8 && dealt <= 48) {
            for (let p = 0; p < 4; p++) {
              board.cards.set(view.piles[p]!, p * 52);
              board.height[p] = view.piles[p]!.length;
            }
            featuresOf(board, features);
            recorded.push({ k: dealt / 4 - 1, f: Array.from(features) });
          }
        }
        if (dealt >= switchAt) return greedy.choose(view, r);
        const removal = removals(view.piles)[0];
        if (removal !== undefined) return removal;
        const options = fills(view.piles, variant);
        // Random play before the switch: a fill or none, aces as likely as any.
        const pick = r.below(options.length + 1);
        if (pick < options.length) return options[pick]!;
        return view.stockLeft > 0 ? { kind: 'deal' } : null;
      },
    };
    const game = playGame(deal, policy, variant, 'forced', rng);
    for (const { k, f } of recorded) {
      data[k]!.x.push(f);
      data[k]!.y.push(game.won ? 1 : 0);
    }
  }
  return data;
}

/** Logistic regression by Newton's method with a small ridge (rare wins early on). */
function fit(x: number[][], y: number[]): number[] {
  const d = FEATURE_COUNT;
  const w = new Array<number>(d).fill(0);
  const mean = y.reduce((a, b) => a + b, 0) / Math.max(1, y.length);
  w[0] = Math.log(Math.max(1e-6, mean) / Math.max(1e-6, 1 - mean));
  for (let iter = 0; iter < 30; iter++) {
    const g = new Array<number>(d).fill(0);
    const h = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let i = 0; i < x.length; i++) {
      const xi = x[i]!;
      let s = 0;
      for (let j = 0; j < d; j++) s += w[j]! * xi[j]!;
      const p = 1 / (1 + Math.exp(-s));
      const r = y[i]! - p,
        q = p * (1 - p);
      for (let j = 0; j < d; j++) {
        g[j]! += r * xi[j]!;
        for (let l = 0; l < d; l++) h[j]![l]! += q * xi[j]! * xi[l]!;
      }
    }
    for (let j = 0; j < d; j++) {
      g[j]! -= 1e-3 * w[j]!;
      h[j]![j]! += 1e-3;
    }
    const step = solve(h, g);
    let size = 0;
    for (let j = 0; j < d; j++) {
      w[j]! += step[j]!;
      size = Math.max(size, Math.abs(step[j]!));
    }
    if (size < 1e-7) break;
  }
  return w;
}

/** Solves h · s = g by Gaussian elimination with partial pivoting. */
function solve(h: number[][], g: number[]): number[] {
  const n = g.length;
  const a = h.map((row, i) => [...row, g[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c || a[c]![c] === 0) continue;
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row, i) => (row[i] === 0 ? 0 : row[n]! / row[i]!));
}

const out: string[] = [];
for (const variant of VARIANTS) {
  const data = collect(variant);
  const rows: string[] = [];
  for (let k = 0; k < 12; k++) {
    const { x, y } = data[k]!;
    if (k === 0 || x.length === 0) {
      rows.push('    undefined,');
      continue;
    }
    const w = fit(x, y);
    const wins = y.reduce((a, b) => a + b, 0);
    process.stderr.write(`${variant} dealt ${4 * (k + 1)}: ${x.length} positions, ${wins} won by greedy\n`);
    rows.push(`    [${w.map((v) => Number(v.toPrecision(6))).join(', ')}],`);
  }
  out.push(`  ${variant}: [\n${rows.join('\n')}\n  ],`);
}

process.stdout.write(`// The ceiling's fitted value estimate: logistic weights per variant and deal (printed by studies/ceiling-fit.ts,
// ${GAMES} games of seed ${SEED} per variant, greedy with ace bonus 2 after a random opening; features: ${FEATURES.join(', ')}).

import type { Variant } from '../game/rules.ts';

/** weights[variant][dealt / 4 − 1]: the weights for positions right after the deal that brings \`dealt\` cards. */
export const FITTED_WEIGHTS: Readonly<Record<Variant, readonly (readonly number[] | undefined)[]>> = {
${out.join('\n')}
};
`);
