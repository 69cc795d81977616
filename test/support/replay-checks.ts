import { afterAll, beforeAll } from 'vitest';
import { replayCheck } from '../../src/mcp/answer-memo.js';

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
