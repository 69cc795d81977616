// An answer printing what only a program prints (src/mcp/code-words.ts): the test runs fail the call; a
// server in use gives the answer and says it in the log, so an API's shape no test had is reported.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient } from '../../src/api/client.js';
import { createLogger } from '../../src/log.js';
import { replayCheck } from '../../src/mcp/answer-memo.js';
import { defineTool } from '../../src/mcp/tool.js';
import { withoutReplayChecks } from '../support/replay-checks.js';
import { clientFor, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();
withoutReplayChecks();

let api: ApiClient | undefined;
afterEach(async () => {
  await api?.close();
});

/** A tool whose text writes a missing club as JavaScript writes it. */
const careless = defineTool({
  name: 'careless',
  title: 'careless',
  toolset: 'players',
  description: 'A tool for this test only.',
  input: {},
  output: z.array(z.object({ name: z.string(), club: z.string().optional() })),
  run: async (_args, ctx) => ({
    data: [{ name: 'Ada' }],
    quota: ctx.api.quota.current(),
    source: { cached: true, fetched_at: new Date().toISOString() },
  }),
  text: ({ data }) => data.map((row) => `${row.name} (${row.club})`).join('\n'),
});

async function call(lines: string[]) {
  api = clientFor(upstream);
  const logger = createLogger('warn', [], (line) => lines.push(line));
  return careless.handle(
    {},
    { api, roles: undefined as never, logger, signal: AbortSignal.timeout(10_000), progress: () => {} },
  );
}

describe('an answer printing a code word', () => {
  it('is given in use, and the log says which tool printed what', async () => {
    const lines: string[] = [];
    const result = await call(lines);
    expect(result.isError).toBeFalsy();
    expect(lines.join('\n')).toContain('careless printed "undefined" in its text');
  });

  it("fails the call under the test runs' checks", async () => {
    replayCheck.on = true;
    try {
      const result = await call([]);
      expect(result.isError).toBe(true);
    } finally {
      replayCheck.on = false;
    }
  });
});
