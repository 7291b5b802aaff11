// One deal given to `acesup solve` as an argument, solved within its time limit on a thread of its own, so that
// the main thread stays free: it shows the search's progress on a terminal and answers Ctrl-C with the bounds
// proven so far.

import { Worker } from 'node:worker_threads';
import type { Deal } from '../core/game/cards.ts';
import { type TimedAnswer, type PassProgress, isOpen, solveWithin } from '../core/search/time-limit.ts';
import { WIN_DISCARDS } from '../core/game/rules.ts';
import type { SolveOptions, SolveResult } from '../core/search/solve.ts';
import { Solver, discardBounds, quitGroup } from '../core/search/solve.ts';
import type { GroupMemory } from '../core/search/group.ts';
import { startHelpers } from '../batch/group-threads.ts';
import { collectGarbage } from '../batch/collect.ts';

/** What the thread is given; options without their `poll`, which the thread adds (functions do not cross). */
export interface DealTask {
  deal: Deal;
  options: SolveOptions[];
  /** When the deal's time is up, in Date.now() milliseconds; 0: no time limit (one pass per variant). */
  deadline: number;
  maxTableBytes: number;
  /** The group of threads that search the deal together (thread 0 is the task's; the others are started
   *  beside it), when more than one. */
  group?: GroupMemory;
}

/** The signal that stopped a solve, as the verdict line names it. */
export type StoppedBy = 'Ctrl-C' | 'SIGTERM';

export type ThreadMessage =
  | { type: 'progress'; progress: PassProgress }
  | { type: 'passEnd'; index: number; answer: TimedAnswer }
  | { type: 'answer'; index: number; answer: TimedAnswer }
  | { type: 'done' };

/** Progress is posted at most this often: a terminal line needs no more. */
const PROGRESS_MS = 100;

/** Runs a task, posting what happens: the thread's body. */
export function runDealTask(task: DealTask, post: (message: ThreadMessage) => void): void {
  let posted = -Infinity;
  const solver = new Solver({
    maxTableBytes: task.maxTableBytes,
    ...(task.group === undefined ? {} : { group: task.group }),
    released: collectGarbage,
  });
  solveWithin(solver, task.deal, task.options, {
    // At least a millisecond: a deadline already past still means a clock, not none.
    timeLimitMs: task.deadline === 0 ? 0 : Math.max(1, task.deadline - Date.now()),
    now: () => performance.now(),
    onProgress: (progress) => {
      if (progress.elapsedMs - posted < PROGRESS_MS) return;
      posted = progress.elapsedMs;
      post({ type: 'progress', progress });
    },
    onPassEnd: (index, answer) => post({ type: 'passEnd', index, answer }),
    onAnswer: (index, answer) => post({ type: 'answer', index, answer }),
  });
  post({ type: 'done' });
}

export interface DealHandlers {
  /** An entry's answer, in order; `stoppedBy` names the signal that came first ('Ctrl-C' or 'SIGTERM'), when
   *  one did and the entry was still open (its result then holds the bounds proven). */
  answer(index: number, answer: TimedAnswer, stoppedBy?: StoppedBy): void;
  /** The text of the one-line status for a running pass (shown on a terminal only). */
  status(progress: PassProgress): string;
}

/**
 * Solves the task on a thread and hands each answer over as it comes. On SIGINT or SIGTERM the thread is
 * stopped and every entry not yet answered gets the best bounds proven for it (its last pass's, raised by the
 * running pass's lower bound); resolves with the signal, when one came.
 */
export async function solveDealOnThread(task: DealTask, handlers: DealHandlers): Promise<{ stoppedBy?: StoppedBy }> {
  // The compiled thread entry beside this file (the command runs from dist/, bin/acesup.js).
  const thread = new URL('./solve-thread.js', import.meta.url);
  const status = process.stderr.isTTY ? new StatusLine(process.stderr) : undefined;
  const best: (TimedAnswer | undefined)[] = [];
  const answered: boolean[] = [];
  let latest: PassProgress | undefined;
  const worker = new Worker(thread, { workerData: task });
  // The group's other threads: each serves thread 0's searches until told to quit (or stopped).
  const group = task.group;
  const helpers = group === undefined ? [] : startHelpers(group);
  for (const helper of helpers) helper.on('error', (error) => worker.emit('error', error));
  try {
    return await new Promise((resolve, reject) => {
      const onSignal = (signal: NodeJS.Signals) => {
        unlisten();
        const stoppedBy: StoppedBy = signal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C';
        status?.clear();
        void worker.terminate();
        for (const helper of helpers) void helper.terminate();
        for (let index = 0; index < task.options.length; index++) {
          if (answered[index]) continue;
          const running = latest?.index === index ? latest : undefined;
          const before = best[index];
          let result: SolveResult = before?.result ?? { kind: 'unknown', states: 0, lower: 0, upper: WIN_DISCARDS, limit: 'poll' };
          const open = isOpen(result, task.options[index]!.maxDiscards);
          if (open && running !== undefined)
            result = { ...result, lower: Math.max(discardBounds(result).lower, running.lower), states: running.states } as SolveResult;
          handlers.answer(
            index,
            {
              result,
              maxStates: running?.maxStates ?? before?.maxStates ?? task.options[index]!.maxStates ?? 0,
              passes: running?.pass ?? before?.passes ?? 1,
              ms: (before?.ms ?? 0) + (running?.passMs ?? 0),
            },
            open ? stoppedBy : undefined,
          );
        }
        resolve({ stoppedBy });
      };
      const unlisten = () => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      worker.on('message', (message: ThreadMessage) => {
        switch (message.type) {
          case 'progress':
            latest = message.progress;
            status?.show(handlers.status(message.progress));
            break;
          case 'passEnd':
            best[message.index] = message.answer;
            if (latest?.index === message.index) latest = undefined;
            break;
          case 'answer':
            status?.clear();
            answered[message.index] = true;
            handlers.answer(message.index, message.answer);
            break;
          case 'done':
            unlisten();
            resolve({});
        }
      });
      worker.on('error', (error) => {
        unlisten();
        reject(error);
      });
      worker.on('exit', (code) => {
        unlisten();
        if (code !== 0) reject(new Error(`the solving thread stopped with exit code ${code}`));
      });
    });
  } finally {
    status?.clear();
    if (group !== undefined) quitGroup(group);
    await Promise.all([worker.terminate(), ...helpers.map((helper) => helper.terminate())]);
  }
}

/** One line of standard error, rewritten in place and wiped when done (a terminal only). */
class StatusLine {
  private shown = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  show(text: string): void {
    const width = Math.max(20, (this.stream.columns || 100) - 1);
    this.stream.write(`\r\x1b[K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\x1b[K');
    this.shown = false;
  }
}
