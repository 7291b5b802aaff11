// One run of bench/hard-deal.bench.ts: `acesup` (a compiled build) in this process, then its peak resident
// memory (every thread's: they share the process) on standard error as the last line.
import { writeSync } from 'node:fs';

process.on('exit', () => writeSync(2, `\nmaxRSS ${process.resourceUsage().maxRSS * 1024}\n`));
// The build to run: this checkout's, or the one ACESUP_BENCH_DIST names (a file URL of a dist/ folder).
const dist = process.env.ACESUP_BENCH_DIST ?? new URL('../dist/', import.meta.url).href;
const { main } = await import(new URL('cli/main.js', dist).href);
await main(process.argv);
