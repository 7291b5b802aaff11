// The progress display of `acesup estimate` on standard error: one cli-progress bar per rule set on a
// terminal; otherwise no bar and no control codes, only a plain line now and then (for logs of batch jobs).

import type cliProgress from 'cli-progress';
import { createRequire } from 'node:module';

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

export class EstimateProgress {
  private readonly started = performance.now();
  private readonly done: number[];
  private readonly won: number[];
  private readonly startDone: number[];
  private readonly multibar: cliProgress.MultiBar | undefined;
  private readonly bars: cliProgress.SingleBar[] = [];
  private readonly timer: NodeJS.Timeout | undefined;

  /**
   * `names` of the rule sets; `total` deals each; `done` and `won` already (a resumed run); without a
   * terminal, a plain line every `plainSeconds` (0: never).
   */
  constructor(
    private readonly names: readonly string[],
    private readonly total: number,
    done: readonly number[],
    won: readonly number[],
    plainSeconds: number,
  ) {
    this.done = [...done];
    this.won = [...won];
    this.startDone = [...done];
    if (process.stderr.isTTY) {
      // Loaded only for a terminal: it is a tenth of the command's start-up.
      const bars = createRequire(import.meta.url)('cli-progress') as typeof cliProgress;
      this.multibar = new bars.MultiBar({
        format: ' {name} {bar} {percentage}% {value}/{total} deals · {speed}/s · won {won} · ETA {eta_formatted}',
        barsize: 16,
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 50,
        progressCalculationRelative: true,
        stream: process.stderr,
      }, bars.Presets.shades_classic);
      const width = Math.max(...names.map((n) => n.length));
      names.forEach((name, slot) => {
        this.bars.push(this.multibar!.create(total, this.done[slot]!, { name: name.padEnd(width), speed: '0', won: fmt(this.won[slot]!) }));
      });
    } else if (plainSeconds > 0) {
      this.timer = setInterval(() => this.plainLine(), plainSeconds * 1000);
      this.timer.unref();
    }
  }

  private speed(slot: number): number {
    const seconds = (performance.now() - this.started) / 1000;
    return seconds > 0 ? (this.done[slot]! - this.startDone[slot]!) / seconds : 0;
  }

  /** Records a finished chunk: `solved` more deals under the rule set in `slot`, `won` of them won. */
  advance(slot: number, solved: number, won: number): void {
    this.done[slot]! += solved;
    this.won[slot]! += won;
    const speed = this.speed(slot);
    this.bars[slot]?.update(this.done[slot]!, { speed: speed >= 100 ? fmt(speed) : speed.toFixed(1), won: fmt(this.won[slot]!) });
  }

  private plainLine(): void {
    const parts = this.names.map((name, slot) => `${name} ${fmt(this.done[slot]!)}/${fmt(this.total)} (won ${fmt(this.won[slot]!)}, ${this.speed(slot).toFixed(1)}/s)`);
    process.stderr.write(`acesup: ${parts.join(' · ')}\n`);
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.multibar?.stop();
  }
}
