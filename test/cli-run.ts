// Running acesup in the CLI tests as a user would: the binary bin/acesup.js, or with faults injected the
// test entry test/faults/acesup.mjs (the same compiled program, with a faulty worker, disk or segment size).

import { type ChildProcess, spawn } from 'node:child_process';
import { expect } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The faults of test/faults/acesup.mjs (it says what each does). */
export interface Faults {
  /** throw:I, crash:I, sleep:MS or start. */
  worker?: string;
  /** CODE[:N][@TEXT]. */
  write?: string;
  segmentDeals?: number;
}

export interface StartOptions {
  faults?: Faults;
  input?: string;
  /** A file descriptor to give the process as its standard output (e.g. /dev/full). */
  stdoutFd?: number;
}

/** Starts acesup with `args`; `done` resolves with its exit and output once it has ended. */
export function start(args: string[], options: StartOptions = {}): { child: ChildProcess; done: Promise<Ran> } {
  const { faults } = options;
  const entry = faults === undefined ? 'bin/acesup.js' : 'test/faults/acesup.mjs';
  const env = {
    ...process.env,
    ...(faults?.worker === undefined ? {} : { ACESUP_FAULT_WORKER: faults.worker }),
    ...(faults?.write === undefined ? {} : { ACESUP_FAULT_WRITE: faults.write }),
    ...(faults?.segmentDeals === undefined ? {} : { ACESUP_SEGMENT_DEALS: String(faults.segmentDeals) }),
  };
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: ROOT,
    env,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', options.stdoutFd ?? 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (options.input !== undefined) child.stdin!.end(options.input);
  const done = new Promise<Ran>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, done };
}

/** Runs acesup with `args` to its end. */
export const acesup = (args: string[], options: StartOptions = {}): Promise<Ran> => start(args, options).done;

/** Resolves once the progress lines of a started estimate show some deals of `ruleset` (`strict/forced`) done. */
export function someDealsDone(run: { child: ChildProcess }, ruleset: string): Promise<void> {
  const progress = new RegExp(`${ruleset.replaceAll('/', '\\/')} (\\d+)\\/`, 'u');
  return new Promise((resolve) => {
    run.child.stderr!.on('data', (chunk: Buffer) => {
      const done = progress.exec(chunk.toString());
      if (done !== null && Number(done[1]) > 0) resolve();
    });
  });
}

/**
 * Runs an estimate whose worker sleeps `sleepMs` per deal, sends `signal` once some strict/forced deals are
 * done, and checks what an interrupted run prints: exit 130 (SIGINT) or 143 (SIGTERM), the partial summary,
 * and the one line naming the signal and the results finished of `results`. Its output and process id.
 */
export async function interruptAfterSomeDeals(
  args: string[],
  signal: 'SIGINT' | 'SIGTERM',
  sleepMs: number,
  results: number,
): Promise<Ran & { pid: number }> {
  const run = start(args, { faults: { worker: `sleep:${sleepMs}` } });
  await someDealsDone(run, 'strict/forced');
  run.child.kill(signal);
  const stopped = await run.done;
  expect(stopped.code).toBe(signal === 'SIGINT' ? 130 : 143);
  expect(stopped.stdout).toMatch(/^PARTIAL SUMMARY/u);
  expect(stopped.stderr).toMatch(
    new RegExp(`acesup: interrupted by ${signal}: \\d+ of ${results} results finished; the finished deals are in`, 'u'),
  );
  return { ...stopped, pid: run.child.pid! };
}

/** A usage error as a user sees it: exit 2, `message` on the first line of standard error, at most commander's
 *  hint after it (never a stack trace), nothing on standard output. */
export function expectUsageError(ran: Ran, message: RegExp): void {
  expect(ran.code).toBe(2);
  const lines = ran.stderr.trim().split('\n');
  expect(lines[0]).toMatch(message);
  expect(lines.slice(1).every((line) => line === '(run with --help for usage)')).toBe(true);
  expect(ran.stdout).toBe('');
}
