// Test settings: the solver tests search real deals, so they get more than the default 5 s each; the compiled
// build is brought up to date first, for the tests that run bin/acesup.js (test/global-setup.ts). `npm test`
// runs this suite with samples of the long sweeps; vitest.deep.config.ts (`npm run test:deep`) runs them whole.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A test's or hook's time limit only ends a hang: on a busy machine a run of seconds may take minutes, so
    // the limit is the same generous one everywhere (test files set none of their own).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    globalSetup: ['test/global-setup.ts'],
    // Test files on worker threads, two at a time: vitest's default on two cores would be one (cores − 1), and a
    // thread starts sooner than a process. The command tests run bin/acesup.js in processes of their own.
    pool: 'threads',
    maxWorkers: 2,
  },
});
