// Test settings: the solver tests search real deals, so they get more than the default 5 s each.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
