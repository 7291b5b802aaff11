// A full garbage collection on demand, for a thread that has just let go of a large table: V8 returns the memory
// of an unreachable ArrayBuffer only when it collects, and an idle or busy thread may not collect before its
// next search writes a table as large (two tables of a hard deal do not fit a machine that holds one).

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/** Collects garbage now (the collector is exposed once, to a context of its own). Twice: the first collection
 *  hands the dead buffers to a background sweeper, and the second waits for it, so their memory is back when
 *  this returns. */
export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  gc();
}
