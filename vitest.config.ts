import { defineConfig } from 'vitest/config';

// Tiers by folder, so a new test file lands in one: unit (no processes: a setup file refuses
// child_process), contract (the sandbox over real HTTP), e2e (real SDK clients, the built binary), hosted,
// reliability and conformance (process-heavy). Two vitest projects run them: unit, whose module mock needs
// its own, and every other tier in one, so each worker imports the code once for all of them (a project
// per tier made each worker import and transform it once per tier: 284 s against 237 s for the suite).
// A tier runs alone by its folder (`npx vitest run test/contract`). The exhaustive cases run a sample
// drawn from a seed (test/support/sample.ts); `npm run test:full` (mode "full") runs them whole.
const PROCESS_TIERS = [
  'test/contract/**/*.test.ts',
  'test/e2e/**/*.test.ts',
  'test/hosted/**/*.test.ts',
  'test/reliability/**/*.test.ts',
  'test/conformance/*.test.ts',
];

export default defineConfig(({ mode }) => {
  // The config is evaluated again for each project, where `mode` is not always passed on: the full run is
  // kept in the environment, which later evaluations and the workers read.
  if (mode === 'full') process.env.FOOTBALL_TEST_FULL = '1';
  const full = process.env.FOOTBALL_TEST_FULL === '1';
  const seed = process.env.FOOTBALL_TEST_SAMPLE_SEED || new Date().toISOString().slice(0, 10);
  // The config is read once per project: say it once.
  const said = globalThis as { sampleSaid?: boolean };
  if (!said.sampleSaid) {
    said.sampleSaid = true;
    process.stdout.write(
      full
        ? 'test:full: every exhaustive case, no sample\n'
        : `exhaustive cases sampled with seed ${seed} (replay: FOOTBALL_TEST_SAMPLE_SEED=${seed} npm test; all: npm run test:full)\n`,
    );
  }
  return {
    test: {
      // A timeout here only catches a hang: the built servers these tests start and drive take several
      // times longer on a busy machine (2 cores shared with other runs) than on an idle one. What must be
      // quick is checked by the tests themselves, with room.
      testTimeout: 90_000,
      hookTimeout: 90_000,
      pool: 'forks',
      maxWorkers: 2,
      // One module graph per worker, not per file: importing it again for each file was a third of the
      // suite's time. No test mocks a module or leaves a global changed (a fake clock is put back after
      // each test; the unit project's setup mocks child_process for all of its files), and each project passes
      // with its files shuffled (`--sequence.shuffle.files`). A test that needs modules of its own goes in a
      // project with `isolate: true`. Tests within a file keep their order: some measure what an earlier
      // one cached.
      isolate: false,
      // Every kept answer given again is checked against one made anew (src/mcp/answer-memo.ts), in the
      // workers and in the servers the tests start; their embedded sandboxes are not warmed (1-2 s of CPU
      // each). Both passed on by test/support/server-env.ts.
      env: {
        FOOTBALL_TEST_SAMPLE_SEED: seed,
        FOOTBALL_TEST_FULL: full ? '1' : '',
        FOOTBALL_CHECK_REPLAYS: '1',
        FOOTBALL_SANDBOX_WARM: 'false',
      },
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['test/unit/**/*.test.ts'],
            // Unit tests start no processes: spawning here fails with where such a test belongs.
            setupFiles: ['test/support/no-processes.ts'],
          },
        },
        { extends: true, test: { name: 'processes', include: PROCESS_TIERS } },
      ],
    },
  };
});
