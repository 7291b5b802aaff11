// Test settings: the solver tests search real deals, so they get more than the default 5 s each; the compiled
// build is brought up to date first, for the tests that run bin/acesup.js (test/global-setup.ts). `npm test`
// runs this suite with samples of the long sweeps; vitest.deep.config.ts (`npm run test:deep`) runs them whole.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    // Test files on worker threads, two at a time: vitest's default on two cores would be one (cores − 1), and a
    // thread starts sooner than a process. The command tests run bin/acesup.js in processes of their own.
    pool: 'threads',
    maxWorkers: 2,
  },
});
