import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A timeout here only catches a hang: the built servers these tests start and drive take several
    // times longer on a busy machine (2 cores shared with other runs) than on an idle one. What must be
    // quick is checked by the tests themselves, with room.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
