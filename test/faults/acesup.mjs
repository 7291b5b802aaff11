#!/usr/bin/env node
// The acesup command of the fault tests: the compiled program (dist/, as bin/acesup.js runs it) with faults
// injected through its entry options, as the environment asks:
//   ACESUP_FAULT_WORKER=throw:I|crash:I|sleep:MS|start   the pool runs ./worker.mjs (the real worker, faulty)
//   ACESUP_FAULT_WRITE=CODE[:N][@TEXT]   the N-th write (from 1) of a file whose name contains TEXT, and every
//                                        later one, fails with the system error CODE (ENOSPC, EIO, …) once its
//                                        temporary file is written, as a full or failing disk would
//   ACESUP_SEGMENT_DEALS=N               deals per segment of an estimate run, so that small runs have several
import { rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { main } from '../../dist/cli/main.js';

const options = {};
if (process.env.ACESUP_FAULT_WORKER) options.workerFile = fileURLToPath(new URL('./worker.mjs', import.meta.url));
if (process.env.ACESUP_SEGMENT_DEALS) options.segmentDeals = Number(process.env.ACESUP_SEGMENT_DEALS);
const fault = /^([A-Z]+)(?::(\d+))?(?:@(.+))?$/u.exec(process.env.ACESUP_FAULT_WRITE ?? '');
if (fault !== null) {
  let writes = 0;
  options.rename = async (from, to) => {
    if (fault[3] === undefined || to.includes(fault[3])) {
      writes += 1;
      if (writes >= Number(fault[2] ?? 1))
        throw Object.assign(new Error(`${fault[1]}: injected write fault, write`), { code: fault[1], syscall: 'write' });
    }
    await rename(from, to);
  };
}
await main(process.argv, options);
