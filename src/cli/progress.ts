// The progress display of `acesup estimate` on standard error: one cli-progress bar per rule set on a
// terminal, and per rule set and later pass once that pass starts; otherwise no bar and no control codes,
// only a plain line now and then (for logs of batch jobs).

import type cliProgress from 'cli-progress';
import { createRequire } from 'node:module';
import { fmt } from '../core/game/format.ts';

/** A count or a rate, rounded to a whole number and grouped. */
const whole = (n: number): string => fmt(Math.round(n));

/** The figures of one pass (0: the first) of one rule set. */
interface Tally {
  total: number;
  done: number;
  /** The first pass counts wins; a later one, deals decided. */
  tally: number;
  startDone: number;
  bar?: cliProgress.SingleBar;
}

export class EstimateProgress {
  private readonly multibar: cliProgress.MultiBar | undefined;
  private readonly timer: NodeJS.Timeout | undefined;
  /** Per pass that has started: its label, when it started and per rule set its figures. */
  private readonly passes = new Map<number, { label: string; started: number; slots: Tally[] }>();
  private readonly width: number;

  /**
   * `names` of the rule sets; `total` deals each; `done` and `won` already (a resumed run); without a
   * terminal, a plain line every `plainSeconds` (0: never). `firstPass`: whether the first pass has work
   * to show (an escalation may have none: then only the later passes' bars show).
   */
  constructor(
    private readonly names: readonly string[],
    total: number,
    done: readonly number[],
    won: readonly number[],
    plainSeconds: number,
    firstPass = true,
  ) {
    this.width = Math.max(...names.map((n) => n.length));
    if (process.stderr.isTTY) {
      // Loaded only for a terminal: it is a tenth of the command's start-up.
      const bars = createRequire(import.meta.url)('cli-progress') as typeof cliProgress;
      this.multibar = new bars.MultiBar(
        {
          format: ' {name} {bar} {percentage}% {value}/{total} deals · {speed}/s · {tally} · ETA {eta_formatted}',
          barsize: 16,
          hideCursor: true,
          clearOnComplete: false,
          etaBuffer: 50,
          progressCalculationRelative: true,
          stream: process.stderr,
        },
        bars.Presets.shades_classic,
      );
    } else if (plainSeconds > 0) {
      this.timer = setInterval(() => this.plainLine(), plainSeconds * 1000);
      this.timer.unref();
    }
    if (firstPass)
      this.addPass(
        0,
        '',
        names.map(() => total),
        done,
        won,
      );
  }

  /**
   * Shows pass `pass` (0: the first; `label` before the rule sets' names, e.g. "×8") with `totals` more deals
   * per rule set to solve in it (a later pass: added segment by segment, as the deals unknown at the pass
   * before are known), `done` and `tally` of them already.
   */
  addPass(
    pass: number,
    label: string,
    totals: readonly number[],
    done: readonly number[] = totals.map(() => 0),
    tally: readonly number[] = done.map(() => 0),
  ): void {
    let shown = this.passes.get(pass);
    if (shown === undefined) {
      shown = {
        label,
        started: performance.now(),
        slots: totals.map((_, slot) => ({ total: 0, done: done[slot]!, tally: tally[slot]!, startDone: done[slot]! })),
      };
      this.passes.set(pass, shown);
    }
    for (const [slot, more] of totals.entries()) {
      const figures = shown.slots[slot]!;
      figures.total += more;
      if (this.multibar === undefined || figures.total === 0) continue;
      if (figures.bar === undefined) {
        const name = `${label === '' ? '' : `${label} `}${this.names[slot]!}`.padEnd(this.width + (label === '' ? 0 : label.length + 1));
        figures.bar = this.multibar.create(figures.total, figures.done, { name, speed: '0', tally: this.tallyText(pass, figures.tally) });
      } else {
        figures.bar.setTotal(figures.total);
      }
    }
  }

  private tallyText(pass: number, n: number): string {
    return `${pass === 0 ? 'won' : 'decided'} ${whole(n)}`;
  }

  private speed(pass: number, slot: number): number {
    const shown = this.passes.get(pass)!;
    const seconds = (performance.now() - shown.started) / 1000;
    const figures = shown.slots[slot]!;
    return seconds > 0 ? (figures.done - figures.startDone) / seconds : 0;
  }

  /** Records a finished chunk of pass `pass`: `solved` more deals under the rule set in `slot`, `tally` of
   *  them won (the first pass) or decided (a later one). */
  advance(slot: number, solved: number, tally: number, pass = 0): void {
    const figures = this.passes.get(pass)?.slots[slot];
    if (figures === undefined) return;
    figures.done += solved;
    figures.tally += tally;
    const speed = this.speed(pass, slot);
    figures.bar?.update(figures.done, {
      speed: speed >= 100 ? whole(speed) : speed >= 1 ? speed.toFixed(1) : speed.toFixed(2),
      tally: this.tallyText(pass, figures.tally),
    });
  }

  private plainLine(): void {
    const parts: string[] = [];
    for (const [pass, { label, slots }] of this.passes) {
      // A pass whose deals are all done says nothing more (a later one is under way, or the run ends).
      if (slots.every((figures) => figures.done >= figures.total)) continue;
      const shown = slots.flatMap((figures, slot) =>
        pass > 0 && figures.total === 0
          ? []
          : [
              `${this.names[slot]!} ${whole(figures.done)}/${whole(figures.total)} (${this.tallyText(pass, figures.tally)}, ${this.speed(pass, slot).toFixed(pass === 0 ? 1 : 2)}/s)`,
            ],
      );
      if (shown.length > 0) parts.push(`${label === '' ? '' : `pass ${label}: `}${shown.join(' · ')}`);
    }
    if (parts.length > 0) process.stderr.write(`acesup: ${parts.join(' · ')}\n`);
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.multibar?.stop();
  }
}
