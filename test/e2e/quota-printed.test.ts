// The quota an answer prints is the quota as it stands once the answer is made: the requests its run
// sent after the one its rows came from (a league list for a note, a record beside a list) are spent
// too. Every tool's typical call and the branches they leave out, in turn, on a key with a daily limit:
// each answer's remaining count is the limit less every request the API counted for the key so far.
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY, SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { call, sandboxClient, structured, textOf, useSandboxSession } from '../support/mcp.js';
import { EVERY_TOOL, idsOf, MORE_CALLS } from '../support/tool-plans.js';

const DEMO_LIMIT = 2500;

const session = useSandboxSession({}, { key: () => SANDBOX_DEMO_KEY });

describe('the quota an answer prints', () => {
  it('is what the API counted for the key once the answer is made', async () => {
    // Ids found with another key: its requests are not the demo key's.
    const before = session.sandbox.requestCount();
    const finder = await sandboxClient(session.sandbox.url, SANDBOX_PRO_FULL_KEY);
    const ids = await idsOf(finder.client).finally(() => finder.close());
    const others = session.sandbox.requestCount() - before;
    let reset: string | undefined;
    let checked = 0;
    for (const [tool, args, variant] of [...EVERY_TOOL, ...MORE_CALLS]) {
      const result = await call(session.client, tool, args(ids));
      const name = `${tool}${variant ? ` (${variant})` : ''}`;
      const { quota } = (structured(result) ?? {}) as { quota?: { remaining: number | null; reset: string } };
      if (quota === undefined) continue;
      // Every request the demo key made is counted for it (its leagues are all leagues, none refused).
      const spent = session.sandbox.requestCount() - before - others;
      // A UTC midnight between two calls starts a new count: compare within one day only.
      reset ??= quota.reset;
      if (quota.reset !== reset) break;
      expect(quota.remaining, `${name}: ${textOf(result)}`).toBe(DEMO_LIMIT - spent);
      expect(textOf(result), name).toContain(`quota: ${quota.remaining} of ${DEMO_LIMIT} requests left`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(EVERY_TOOL.length / 2);
  });
});
