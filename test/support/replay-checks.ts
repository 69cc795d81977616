import { afterAll, beforeAll } from 'vitest';
import { replayCheck } from '../../src/mcp/answer-memo.js';

/**
 * What a server started by a test is told of the replay check (src/mcp/answer-memo.ts): on in the test
 * runs (vitest.config.ts), off in the bench, which starts its servers through the same helpers.
 */
export function replayChecks(): Record<string, string> {
  const check = process.env.FOOTBALL_CHECK_REPLAYS;
  return check ? { FOOTBALL_CHECK_REPLAYS: check } : {};
}

/**
 * The replay check (and the code-word check under the same flag) off for the file's tests, as a server in
 * use runs, and back as it was after them: for tests of what the server does without it.
 */
export function withoutReplayChecks(): void {
  const checking = replayCheck.on;
  beforeAll(() => {
    replayCheck.on = false;
  });
  afterAll(() => {
    replayCheck.on = checking;
  });
}
