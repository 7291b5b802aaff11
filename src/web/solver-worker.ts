// The solver's web worker: the library's solve, hint, review and winnable deals, run off the page's thread so that a
// long search never blocks the page.

import { eachWinnableDeal, hint, review, solve } from '../index.ts';
import type { Answers, Job, Reply } from './jobs.ts';

// The worker's global scope, as far as it is used (the page's code is typed with the DOM library, not a worker's).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Job & { id: number }>) => void) | null;
  postMessage(reply: Reply): void;
};

function run(job: Job): Answers[Job['kind']] {
  const game = { variant: job.variant, discards: job.discards };
  switch (job.kind) {
    case 'solve':
      return solve(job.deal, { ...game, reverse: job.reverse, after: job.after, maxStates: job.maxStates });
    case 'hint':
      return hint(job.position, { ...game, reverse: job.reverse });
    case 'review':
      return review(job.deal, job.moves, { ...game, reverse: job.reverse });
    case 'winnable':
      for (const found of eachWinnableDeal({ ...game, seed: job.seed, index: job.index, count: 1 })) return found;
      return null;
  }
}

scope.onmessage = (event) => {
  const { id } = event.data;
  const started = performance.now();
  try {
    scope.postMessage({ id, ok: true, value: run(event.data), ms: performance.now() - started });
  } catch (error) {
    scope.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
