// `npm run test:deep`: the full sweeps and the long command runs that `npm test` samples (test/deep.ts). It runs
// the test files that import test/deep.ts, with ACESUP_TEST_DEEP=1; the other files run whole in `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

const dir = new URL('test/', import.meta.url);
const deepFiles = readdirSync(dir)
  .filter((name) => name.endsWith('.test.ts') && readFileSync(new URL(name, dir), 'utf8').includes("from './deep.ts'"))
  .map((name) => `test/${name}`);

export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: deepFiles,
      env: { ACESUP_TEST_DEEP: '1' },
      // Full sweeps on a busy machine: time enough that only a hang ends one.
      testTimeout: 1_800_000,
      hookTimeout: 1_800_000,
    },
  }),
);
