/**
 * What a server started by a test is told of the replay check (src/mcp/answer-memo.ts): on in the test
 * runs (vitest.config.ts), off in the bench, which starts its servers through the same helpers.
 */
export function replayChecks(): Record<string, string> {
  const check = process.env.FOOTBALL_CHECK_REPLAYS;
  return check ? { FOOTBALL_CHECK_REPLAYS: check } : {};
}
