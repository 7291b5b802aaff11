// The pool worker of the fault tests (./acesup.mjs): the compiled worker, with ACESUP_FAULT_WORKER's fault.
//   throw:I  deal I throws (the deals of its chunk before it are solved)   crash:I  the thread exits on deal I's chunk
//   sleep:MS every deal under each rule takes MS ms longer (to interrupt a run at a known pace)
//   start    every thread fails while it loads (the pool fails, not a deal)
// None of them changes a result. `solveDeals` (acesup solve's many deals) has the same faults on deal I of seed 1.
import solveChunk, { solveDeals as realSolveDeals } from '../../dist/batch/worker.js';
import { dealFor } from '../../dist/core/game/deals.js';
import { formatDeal } from '../../dist/core/game/cards.js';

const [, kind, n] = /^(throw|crash|sleep|start)(?::(\d+))?$/u.exec(process.env.ACESUP_FAULT_WORKER ?? '') ?? [];
if (kind === 'start') throw new Error('test failure while a worker thread starts');
const at = Number(n);
const pause = new Int32Array(new SharedArrayBuffer(4));

export default function faultyChunk(task) {
  const holds = at >= task.start && at < task.start + task.count;
  if (kind === 'sleep') Atomics.wait(pause, 0, 0, at * task.count * task.rules.length);
  if (kind === 'crash' && holds) process.exit(70);
  if (kind === 'throw' && holds) {
    const before = solveChunk({ ...task, count: at - task.start });
    return before.error !== undefined ? before : { ...before, error: `test failure on deal ${at}` };
  }
  return solveChunk(task);
}

/** `acesup solve`'s many deals: the same faults, on the deal that is deal I of seed 1 (`acesup deal --seed 1`). */
export function solveDeals(task) {
  const faulty = task.cells.findIndex((cell) => kind !== 'sleep' && formatDeal(cell.deal) === formatDeal(dealFor(1, at)));
  if (kind === 'sleep') Atomics.wait(pause, 0, 0, at * task.cells.length);
  if (kind === 'crash' && faulty >= 0) process.exit(70);
  if (kind === 'throw' && faulty >= 0) {
    const before = realSolveDeals({ ...task, cells: task.cells.slice(0, faulty) });
    return before.error !== undefined ? before : { ...before, error: `test failure on deal ${at}` };
  }
  return realSolveDeals(task);
}
