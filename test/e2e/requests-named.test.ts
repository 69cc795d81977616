// Every request a session makes is named in some answer: each answer's source says how many requests
// it sent (`sent`, whenever it sent any), so an agent adding up what its answers say it spent accounts
// for every request the API counted. Every tool's typical call, once in turn, then each twice at once
// (identical calls share one request: only the one that sent it says so).
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { call, sandboxClient, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { EVERY_TOOL, idsOf, type Plan } from '../support/tool-plans.js';

const session = useSandboxSession({}, { key: () => SANDBOX_PRO_FULL_KEY });

describe('requests named by the answers', () => {
  it('the requests the answers say they sent add up to those the API received', async () => {
    const finder = await sandboxClient(session.sandbox.url, SANDBOX_PRO_FULL_KEY);
    const ids = await idsOf(finder.client).finally(() => finder.close());
    const before = session.sandbox.requestCount();
    let named = 0;
    const play = async ([tool, args]: Plan) => {
      const result = await call(session.client, tool, args(ids));
      expect(result.isError, `${tool}: ${textOf(result)}`).toBeFalsy();
      const { source } = structured(result) as { source?: { cached: boolean; sent?: number } };
      // A fresh answer that does not say what it sent would leave its requests unnamed.
      if (source && !source.cached)
        expect(source.sent, `${tool}: ${JSON.stringify(source)}`).toBeGreaterThan(0);
      named += source?.sent ?? 0;
    };
    for (const plan of EVERY_TOOL) await play(plan);
    await Promise.all(EVERY_TOOL.flatMap((plan) => [play(plan), play(plan)]));
    const received = session.sandbox.requestCount() - before;
    expect(received).toBeGreaterThan(0);
    expect(named).toBe(received);
  });
});
