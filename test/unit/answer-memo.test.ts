// A repeated call is given its kept answer only while nothing it rests on can have changed
// (src/mcp/answer-memo.ts): no request sent or answered, no cache entry written, nothing learned, every
// cached answer its run read still fresh. The check the tests run under (replayCheck) must catch an
// answer that rests on anything else.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseCache } from '../../src/api/cache.js';
import type { ApiClient } from '../../src/api/client.js';
import { RankingsResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { MOST_KEPT_MS, replayCheck } from '../../src/mcp/answer-memo.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { defineTool, type ToolDefinition } from '../../src/mcp/tool.js';
import { withoutReplayChecks } from '../support/replay-checks.js';
import { FULL_RUN, generator, SAMPLE_SEED } from '../support/sample.js';
import { clientFor, JSON_HEADERS, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();
withoutReplayChecks();

const HOUR = 3_600_000;
let clock = Date.UTC(2026, 10, 30, 9, 0, 0);
let runs = 0;
/** State no answer's kept record knows of: only the check may see an answer resting on it. */
let hidden = 0;

const Rows = z.array(z.object({ rank: z.number(), name: z.string() }));

function rankingTool(name: string, alsoHidden = false): ToolDefinition {
  return defineTool({
    name,
    title: name,
    toolset: 'players',
    description: 'A tool for this test only.',
    input: { role: z.string() },
    output: Rows,
    run: async (args, ctx) => {
      runs += 1;
      const read = await ctx.api.call('rankings', RankingsResponse, { query: { role: args.role } });
      const rows = read.data.data.map((row, i) => ({ rank: i + 1, name: String(row.name) }));
      return {
        data: alsoHidden ? rows.map((row) => ({ ...row, name: `${row.name} ${hidden}` })) : rows,
        quota: read.quota,
        source: read.source,
      };
    },
    text: (outcome) => outcome.data.map((row) => `${row.rank} ${row.name}`).join('\n'),
  });
}

let remaining = 100;
function answerRankings(times: number) {
  upstream.pool
    .intercept({ path: (p) => p.startsWith('/v1/rankings'), method: 'GET' })
    .reply(() => {
      remaining -= 1;
      return {
        statusCode: 200,
        data: { data: [{ name: 'Ada', club: 'X', age: 20, score: 80, service_id: null }] },
        responseOptions: {
          headers: {
            ...JSON_HEADERS,
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': String(remaining),
          },
        },
      };
    })
    .times(times);
}

function contextOf(api: ApiClient): ToolContext {
  return {
    api,
    roles: undefined as never,
    logger: createLogger('silent'),
    signal: new AbortController().signal,
    progress: () => {},
  };
}

let api: ApiClient | undefined;
afterEach(async () => {
  await api?.close();
});

function freshClient(): ApiClient {
  api = clientFor(upstream, { cache: new ResponseCache({ now: () => clock }) });
  return api;
}

describe('a kept answer', () => {
  it('answers the same call again without a run, with the quota read anew', async () => {
    const ctx = contextOf(freshClient());
    const tool = rankingTool('memo_same');
    answerRankings(2);
    await tool.handle({ role: 'a' }, ctx);
    runs = 0;
    const second = await tool.handle({ role: 'a' }, ctx);
    const third = await tool.handle({ role: 'a' }, ctx);
    // The second ran from the cache and was kept; the third is the kept one.
    expect(runs).toBe(1);
    expect(third).toEqual(second);
    // Another call's request changes the quota: the kept answer is made again, and shows the new quota.
    await tool.handle({ role: 'b' }, ctx);
    const after = await tool.handle({ role: 'a' }, ctx);
    expect(runs).toBe(3);
    expect(after.structuredContent).toMatchObject({ quota: { remaining: 98 } });
  });

  it('is made again once a cached answer it read is no longer fresh, or after the longest kept time', async () => {
    const ctx = contextOf(freshClient());
    const tool = rankingTool('memo_expiry');
    answerRankings(2);
    await tool.handle({ role: 'a' }, ctx);
    await tool.handle({ role: 'a' }, ctx);
    runs = 0;
    clock += MOST_KEPT_MS - 1;
    await tool.handle({ role: 'a' }, ctx);
    expect(runs).toBe(0);
    clock += 2;
    await tool.handle({ role: 'a' }, ctx);
    expect(runs).toBe(1);
    // Past the cache's own freshness: the run asks upstream again, and says so.
    clock += 24 * HOUR;
    const refetched = await tool.handle({ role: 'a' }, ctx);
    expect(refetched.structuredContent).toMatchObject({ source: { cached: false, sent: 1 } });
  });

  it('is not given to another call, another tool of the same name, or another key', async () => {
    const ctx = contextOf(freshClient());
    const one = rankingTool('memo_twin');
    const two = rankingTool('memo_twin', true);
    answerRankings(2);
    await one.handle({ role: 'a' }, ctx);
    await one.handle({ role: 'a' }, ctx);
    hidden = 7;
    const other = await two.handle({ role: 'a' }, ctx);
    expect(JSON.stringify(other.structuredContent)).toContain('Ada 7');
    const otherKey = contextOf(clientFor(upstream, { cache: new ResponseCache({ now: () => clock }) }));
    runs = 0;
    await one.handle({ role: 'a' }, otherKey);
    expect(runs).toBe(1);
    await otherKey.api.close();
  });
});

describe('the replay check', () => {
  it('names an answer resting on what the kept record does not know', async () => {
    replayCheck.on = true;
    try {
      const ctx = contextOf(freshClient());
      const tool = rankingTool('memo_hidden', true);
      answerRankings(1);
      await tool.handle({ role: 'a' }, ctx);
      await tool.handle({ role: 'a' }, ctx);
      expect((await tool.handle({ role: 'a' }, ctx)).isError).toBeFalsy();
      hidden += 1;
      // An internal error: what differs is in the server's log.
      const checked = await tool.handle({ role: 'a' }, ctx);
      expect(checked.isError).toBe(true);
      expect(JSON.stringify(checked.content)).toContain('Internal error');
    } finally {
      replayCheck.on = false;
    }
  });

  // Generated: calls of a few roles in a seeded order, with requests, expiries and learning between
  // them; under the check, every call that would be given a kept answer is compared with one made anew.
  const cases = Array.from({ length: FULL_RUN ? 200 : 20 }, (_, i) => `${SAMPLE_SEED}:answer-memo:${i}`);
  it.each(cases)('holds for the calls of case %s', async (seed) => {
    const random = generator(seed);
    replayCheck.on = true;
    try {
      const ctx = contextOf(freshClient());
      const tool = rankingTool(`memo_case_${seed}`);
      answerRankings(1_000);
      for (let step = 0; step < 30; step += 1) {
        const r = random();
        if (r < 0.1) clock += Math.floor(random() * 2 * MOST_KEPT_MS);
        else if (r < 0.15) clock += 13 * HOUR;
        const role = ['a', 'b', 'c'][Math.floor(random() * 3)] as string;
        const answer = await tool.handle({ role }, ctx);
        expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
      }
    } finally {
      replayCheck.on = false;
    }
  });
});
