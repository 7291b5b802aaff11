// One deal solved within its time limit on a thread of its own, so that the caller's thread stays free (to show
// progress, to answer Ctrl-C or an AbortSignal with the bounds proven so far): `acesup solve DEAL` and the
// library's solveOnThreads. The first pass runs on that one thread; a deal still open after it is searched by a
// group of threads (docs/search.md#threads), whose helpers are started only then: a deal settled at once never
// pays for them, and its answer is the same every run.

import { Worker } from 'node:worker_threads';
import type { Deal } from '../core/game/cards.ts';
import { WIN_DISCARDS } from '../core/game/rules.ts';
import type { GroupMemory } from '../core/search/group.ts';
import { Solver, type SolveSettings, type SolveResult, discardBounds, quitGroup } from '../core/search/solve.ts';
import { type PassProgress, type TimedAnswer, isOpen, solveWithin } from '../core/search/time-limit.ts';
import { collectGarbage } from './collect.ts';
import { startHelpers } from './group-threads.ts';

/** What the thread is given; options without their `poll`, which the thread adds (functions do not cross). */
export interface DealTask {
  deal: Deal;
  options: SolveSettings[];
  /** When the deal's time is up, in Date.now() milliseconds; 0: no time limit (one pass per variant). */
  deadline: number;
  maxTableBytes: number;
  /** The group of threads that search the deal from its second pass (thread 0 is the task's; the others are
   *  started when that pass begins), when more than one. */
  group?: GroupMemory;
}

export type ThreadMessage =
  | { type: 'progress'; progress: PassProgress }
  | { type: 'passEnd'; index: number; answer: TimedAnswer }
  | { type: 'answer'; index: number; answer: TimedAnswer }
  /** A pass after the first begins on the group: its helpers are wanted now. */
  | { type: 'threads' }
  | { type: 'done' };

/** Progress is posted at most this often: a terminal line needs no more. */
const PROGRESS_MS = 100;

/** Runs a task, posting what happens: the thread's body. */
export function runDealTask(task: DealTask, post: (message: ThreadMessage) => void): void {
  let posted = -Infinity;
  let grouped = false;
  const solver = new Solver({ maxTableBytes: task.maxTableBytes, released: collectGarbage });
  const laterSolver =
    task.group === undefined ? undefined : new Solver({ maxTableBytes: task.maxTableBytes, group: task.group, released: collectGarbage });
  solveWithin(solver, task.deal, task.options, {
    // At least a millisecond: a deadline already past still means a clock, not none.
    timeLimitMs: task.deadline === 0 ? 0 : Math.max(1, task.deadline - Date.now()),
    now: () => performance.now(),
    ...(laterSolver === undefined ? {} : { laterSolver }),
    onPassStart: (index, pass) => {
      if (pass < 2 || grouped || laterSolver === undefined || task.options[index]!.rule !== 'optional') return;
      grouped = true;
      post({ type: 'threads' });
    },
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

/** How one entry's answer came: `stopped` when the signal came while it was still open (its result then holds the
 *  bounds proven); `threaded` when a pass of the group searched it (its counts and line vary from run to run). */
export interface AnswerInfo {
  stopped: boolean;
  threaded: boolean;
}

export interface DealHandlers {
  /** An entry's answer, in order. */
  answer(index: number, answer: TimedAnswer, info: AnswerInfo): void;
  /** A running pass's progress, about every 100 ms. */
  progress?(progress: PassProgress): void;
}

/** The thread's entry: compiled, the thread loads deal-thread-worker.js; from the TypeScript sources (tests), a
 *  small entry that registers tsx first. */
const ENTRY = import.meta.url.endsWith('.js')
  ? new URL('./deal-thread-worker.js', import.meta.url)
  : new URL('./deal-thread-entry.mjs', import.meta.url);

/**
 * Solves the task on a thread and hands each answer over as it comes. When `signal` aborts, the threads are
 * stopped and every entry not yet answered gets the best bounds proven for it (its last pass's, raised by the
 * running pass's lower bound). Resolves with whether the signal stopped it.
 */
export async function solveDealOnThread(task: DealTask, handlers: DealHandlers, signal?: AbortSignal): Promise<{ stopped: boolean }> {
  const best: (TimedAnswer | undefined)[] = [];
  const answered: boolean[] = [];
  let latest: PassProgress | undefined;
  const worker = new Worker(ENTRY, { workerData: task });
  const group = task.group;
  let helpers: Worker[] = [];
  let threaded = false;
  try {
    return await new Promise((resolve, reject) => {
      const onAbort = () => {
        void worker.terminate();
        for (const helper of helpers) void helper.terminate();
        for (let index = 0; index < task.options.length; index++) {
          if (answered[index]) continue;
          const running = latest?.index === index ? latest : undefined;
          const before = best[index];
          let result: SolveResult = before?.result ?? { result: 'unknown', states: 0, lower: 0, upper: WIN_DISCARDS, limit: 'poll' };
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
            { stopped: open, threaded: threaded && (running?.pass ?? before?.passes ?? 1) > 1 },
          );
        }
        resolve({ stopped: true });
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const unlisten = () => signal?.removeEventListener('abort', onAbort);
      worker.on('message', (message: ThreadMessage) => {
        switch (message.type) {
          case 'threads':
            if (group !== undefined && helpers.length === 0) {
              threaded = true;
              helpers = startHelpers(group);
              for (const helper of helpers) helper.on('error', (error) => worker.emit('error', error));
            }
            break;
          case 'progress':
            latest = message.progress;
            handlers.progress?.(message.progress);
            break;
          case 'passEnd':
            best[message.index] = message.answer;
            if (latest?.index === message.index) latest = undefined;
            break;
          case 'answer':
            answered[message.index] = true;
            handlers.answer(message.index, message.answer, { stopped: false, threaded: threaded && message.answer.passes > 1 });
            break;
          case 'done':
            unlisten();
            resolve({ stopped: false });
        }
      });
      worker.on('error', (error) => {
        unlisten();
        reject(error);
      });
      worker.on('exit', (code) => {
        unlisten();
        if (code !== 0 && !signal?.aborted) reject(new Error(`the solving thread stopped with exit code ${code}`));
      });
    });
  } finally {
    if (group !== undefined) quitGroup(group);
    await Promise.all([worker.terminate(), ...helpers.map((helper) => helper.terminate())]);
  }
}
