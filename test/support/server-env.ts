/** The settings of the test runs (vitest.config.ts `env`) that every server a test starts is given too. */
const PASSED_ON = [
  // Every kept answer given again is checked against one made anew (src/mcp/answer-memo.ts).
  'FOOTBALL_CHECK_REPLAYS',
  // The embedded sandbox not warmed: warming builds every league's season at start, 1-2 s of CPU a
  // server, for the searches over all leagues few of them make (test/e2e/search-hint.test.ts warms).
  'FOOTBALL_SANDBOX_WARM',
] as const;

/**
 * The environment of a server a test starts: PATH, the test runs' settings above (set in the test runs,
 * unset in the bench, which starts its servers through the same helpers and measures them as a user runs
 * them), then `env`, which wins.
 */
export function testServerEnv(env: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const name of PASSED_ON) {
    const value = process.env[name];
    if (value) out[name] = value;
  }
  return { ...out, ...env };
}
