// Test settings: the solver tests search real deals, so they get more than the default 5 s each; the compiled
// build is brought up to date first, for the tests that run bin/acesup.js (test/global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
  },
});
