// A run's passes: the segments solved on one pool, each segment at the first budget and then its deals still
// unknown at each later pass in turn, the implications between its rule sets after each pass, and each
// segment's rows saved once its last pass is done.

import type { PolicySpec } from './worker.ts';
import type { MaxDiscardsMode } from '../core/search/solve.ts';
import { type PoolEnd, type SolverPool, createPool, solveMissing } from './pool.ts';
import { applyImplications } from './implications.ts';
import { HASH_RANGE, type PassShares, shareAt } from './options.ts';
import type { Ruleset } from './results.ts';
import type { SegmentedRun } from './run.ts';
import type { CsvSaves } from './run-saves.ts';

/** What the passes need of a run's plan. */
export interface PassPlan {
  rulesets: readonly Ruleset[];
  /** The budget of every pass, the first's included; the factors of the later ones; per later pass, the
   *  deals solved at once and the threads that search each of them together. */
  budgets: readonly number[];
  passes: readonly number[];
  passThreads: readonly number[];
  dealThreads?: readonly number[];
  maxDiscards: MaxDiscardsMode;
  /** The most bytes one visited set may take (--max-memory). */
  maxTableBytes?: number;
  /** Per rule set, the shares of the later passes it gives its unknown deals. */
  shares: readonly PassShares[];
  policy?: PolicySpec;
  workers: number;
  /** The module the pool's threads run (pool.ts's WORKER by default). */
  workerFile?: string;
}

/** What the passes of a run did: per pass (0: the first), the results solved and, of them, decided. */
export type PassCounts = { solved: number; decided: number }[];

/**
 * Solves the run segment by segment on one pool (started when the first deal needs solving): each segment
 * first at the first budget, then its deals still unknown at each later pass in turn, its rows saved once
 * its last pass is done. Returns how the solving ended; a failed segment write is recorded in `saves`.
 */
export async function solvePasses(
  run: SegmentedRun,
  plan: PassPlan,
  controller: AbortController,
  saves: CsvSaves,
  onPass: (pass: number, label: string, deals: number[]) => void,
  onChunk: (pass: number, slot: number, solved: number, won: number, decided: number) => void,
): Promise<PoolEnd> {
  let pool: SolverPool | undefined;
  const slots = plan.rulesets.map((_, slot) => slot);
  // A later pass given to a sample of a rule set's unknown deals (pass 0, the first, never is).
  const sampledAt = (slot: number, _index: number, pass: number): boolean =>
    pass > 0 && shareAt(plan.shares[slot]!, pass).threshold < HASH_RANGE;
  try {
    for (let table = await run.nextSegment(); table !== undefined; table = await run.nextSegment()) {
      for (const [pass, maxStates] of plan.budgets.entries()) {
        if (table.pending(slots, pass).length === 0) continue;
        if (controller.signal.aborted) return { kind: 'interrupted' };
        if (pass > 0) {
          const deals = slots.map((slot) => table.pending([slot], pass).reduce((n, [start, stop]) => n + stop - start, 0));
          onPass(pass, `×${plan.passes[pass - 1]}`, deals);
        }
        pool ??= createPool(plan.workers, plan.workerFile);
        const end = await solveMissing(table, {
          workers: plan.workers,
          maxStates,
          maxDiscards: plan.maxDiscards,
          ...(plan.maxTableBytes === undefined ? {} : { maxTableBytes: plan.maxTableBytes }),
          signal: controller.signal,
          pool,
          onChunk: (slot, solved, won, decided) => onChunk(pass, slot, solved, won, decided),
          ...(pass === 0 ? {} : { pass, concurrency: plan.passThreads[pass - 1]!, dealThreads: plan.dealThreads?.[pass - 1] ?? 1 }),
          ...(plan.policy === undefined ? {} : { policy: plan.policy }),
        });
        if (end.kind !== 'complete') {
          pool = undefined; // destroyed by solveMissing
          return end;
        }
        // Verdicts that prove other rule sets' unknown results fill them in before the next pass.
        applyImplications(table, sampledAt);
      }
      // A resumed segment whose passes were all done before: its implications, once more (they change nothing twice).
      applyImplications(table, sampledAt);
      try {
        await run.finishSegment();
      } catch (error) {
        saves.failure ??= saves.describeFailure(error);
        return { kind: 'complete' };
      }
    }
    return { kind: 'complete' };
  } finally {
    await pool?.destroy();
  }
}
