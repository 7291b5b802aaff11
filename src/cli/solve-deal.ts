// One deal given to `acesup solve` as an argument, solved on a thread of its own (batch/deal-thread.ts), so that
// the main thread stays free: it shows the search's progress on a terminal and answers Ctrl-C or SIGTERM with
// the bounds proven so far.

import { type AnswerInfo, type DealTask, solveDealOnThread } from '../batch/deal-thread.ts';
import type { PassProgress, TimedAnswer } from '../core/search/time-limit.ts';

/** The signal that stopped a solve, as the verdict line names it. */
export type StoppedBy = 'Ctrl-C' | 'SIGTERM';

export interface DealOutput {
  /** An entry's answer, in order; `stoppedBy` names the signal that came first, when one did and the entry was
   *  still open (its result then holds the bounds proven). */
  answer(index: number, answer: TimedAnswer, info: AnswerInfo, stoppedBy?: StoppedBy): void;
  /** The text of the one-line status for a running pass (shown on a terminal only). */
  status(progress: PassProgress): string;
}

/** Solves the task on a thread, with a status line on a terminal and SIGINT and SIGTERM answered; resolves with
 *  the signal, when one came. */
export async function solveDealWithSignals(task: DealTask, handlers: DealOutput): Promise<{ stoppedBy?: StoppedBy }> {
  const status = process.stderr.isTTY ? new StatusLine(process.stderr) : undefined;
  const controller = new AbortController();
  let stoppedBy: StoppedBy | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy ??= signal === 'SIGTERM' ? 'SIGTERM' : 'Ctrl-C';
    status?.clear();
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await solveDealOnThread(
      task,
      {
        answer: (index, answer, info) => {
          status?.clear();
          handlers.answer(index, answer, info, info.stopped ? stoppedBy : undefined);
        },
        progress: (progress) => status?.show(handlers.status(progress)),
      },
      controller.signal,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    status?.clear();
  }
  return stoppedBy === undefined ? {} : { stoppedBy };
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
