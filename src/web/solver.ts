// The page's side of the solver's worker: one job at a time per worker; a new job stops the one still running
// (the worker is ended and started afresh), since its answer would be for a position already left.

import type { Answers, Job, Reply } from './jobs.ts';
import SolverWorker from './solver-worker.ts?worker&inline';

/** A job given up for a newer one: its promise rejects with this. */
export class Superseded extends Error {
  override name = 'Superseded';
}

/** The page's solver: jobs run on a web worker of its own, one at a time. */
export class PageSolver {
  #worker: Worker | undefined;
  #pending: { id: number; reject: (error: Error) => void } | undefined;
  #next = 1;

  /** Runs `job` on the worker; resolves with its answer and the milliseconds it took there. */
  run<J extends Job>(job: J): Promise<{ value: Answers[J['kind']]; ms: number }> {
    this.stop();
    const worker = (this.#worker ??= new SolverWorker());
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending = { id, reject };
      worker.onmessage = (event: MessageEvent<Reply>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        this.#pending = undefined;
        if (reply.ok) resolve({ value: reply.value as Answers[J['kind']], ms: reply.ms });
        else reject(new Error(reply.error));
      };
      worker.onerror = (event) => {
        this.#pending = undefined;
        reject(new Error(event.message || 'the solver stopped'));
      };
      worker.postMessage({ ...job, id });
    });
  }

  /** Stops the job still running, if any (its promise rejects with Superseded). */
  stop(): void {
    if (this.#pending === undefined) return;
    this.#pending.reject(new Superseded('superseded'));
    this.#pending = undefined;
    this.#worker?.terminate();
    this.#worker = undefined;
  }
}
