// Black-box tests of the scripts in scripts/ and studies/: a reader that closes the pipe early (`… | head`) ends
// them quietly, as it ends the CLI.

import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

/** Runs a dev script under tsx with its standard output closed before it writes; its exit code and stderr. */
function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('dev scripts', () => {
  it('results-table.ts ends with exit 0 and no trace when its reader has gone', async () => {
    const ran = await runWithClosedStdout(['studies/results-table.ts', 'results/first-runs/strict-forced-1m.summary.csv']);
    expect(ran).toEqual({ code: 0, stderr: '' });
  });

  it('optional-vs-forced.ts likewise', async () => {
    const ran = await runWithClosedStdout(['studies/optional-vs-forced.ts', 'results/first-runs/strict-both.csv.gz']);
    expect(ran).toEqual({ code: 0, stderr: '' });
  });

  it('policies-table.ts likewise', async () => {
    const ran = await runWithClosedStdout([
      'studies/policies-table.ts',
      'results/policies/1m/basic.summary.csv',
      'results/win-rates/standard-forced-1m.summary.csv',
    ]);
    expect(ran).toEqual({ code: 0, stderr: '' });
  });

  it("plan.ts gives a finished run's cheapest two-phase design from its measured costs", () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'studies/plan.ts', 'results/lattice/standard-both-1.csv.gz'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(out).toMatch(
      /^standard × optional:\n {2}two-phase, to ±0\.1 point: about [\d,]+ deals with a sample of 0\.\d+ of their unknown ones, [\d,.]+ core-hours/mu,
    );
    expect(out).toMatch(/^standard × forced:\n {2}two-phase: the run did not sample its unknown deals$/mu);
  });
});
