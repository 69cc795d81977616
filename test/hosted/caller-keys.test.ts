// One built server, callers bringing their own sandbox keys with different league access.
import { describe, expect, it } from 'vitest';
import { keyLabel, keyTag } from '../../src/lib/canonical.js';
import { SANDBOX_PRO_LIGUE_KEY, SANDBOX_REVOKED_KEY } from '../../src/sandbox/keys.js';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/server.js';
import { call, structured, textOf, useHttpServer, useSandbox } from '../support/mcp.js';
import { httpClient, INITIALIZE, raw } from './support.js';

const LABEL_SECRET = 'caller-keys-test-label-secret-01';
const sandbox = useSandbox();
// No server-wide key: every caller must bring one.
const server = useHttpServer(
  () => ['--base-url', sandbox.url, '--require-caller-key', '--log-level', 'debug'],
  { FOOTBALL_MCP_KEY_LABEL_SECRET: LABEL_SECRET },
);

const keyOf = (key: string) => ({ 'x-api-key': key });
const BUNDESLIGA = { role: 'lateral_offensif', league: 'Bundesliga', limit: 3 };
const LIGUE_1 = { role: 'lateral_offensif', league: 'Ligue 1', limit: 3 };

describe('per-caller upstream keys', () => {
  it('sends each caller its own key upstream and keeps their caches apart', async () => {
    const demo = await httpClient(server.url, keyOf(SANDBOX_DEMO_KEY));
    // Without server tokens a Bearer value is the caller's key, like X-API-Key.
    const ligue = await httpClient(server.url, { authorization: `Bearer ${SANDBOX_PRO_LIGUE_KEY}` });

    const byLigue = structured(await call(ligue, 'rank_players_by_role', LIGUE_1));
    expect(byLigue.source.cached).toBe(false);
    const before = sandbox.requestCount();
    const byDemo = structured(await call(demo, 'rank_players_by_role', LIGUE_1));
    // Same question, other key: not served from the other caller's entry.
    expect(byDemo.source.cached).toBe(false);
    expect(sandbox.requestCount()).toBe(before + 1);
    expect(sandbox.requests().at(-1)?.key).toBe(SANDBOX_DEMO_KEY);
    expect(structured(await call(ligue, 'rank_players_by_role', LIGUE_1)).source.cached).toBe(true);

    const ligueQuota = structured(await call(ligue, 'quota_status')).quota;
    const demoQuota = structured(await call(demo, 'quota_status')).quota;
    expect(ligueQuota.limit).toBe(10000);
    expect(demoQuota.limit).toBe(2500);
    await Promise.all([demo.close(), ligue.close()]);
  });

  it("a 403 for one caller does not touch another's answers", async () => {
    const demo = await httpClient(server.url, keyOf(SANDBOX_DEMO_KEY));
    const ligue = await httpClient(server.url, keyOf(SANDBOX_PRO_LIGUE_KEY));
    const first = structured(await call(demo, 'rank_players_by_role', BUNDESLIGA));

    const refused = await call(ligue, 'rank_players_by_role', BUNDESLIGA);
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('list_leagues');
    expect(sandbox.requests().at(-1)).toMatchObject({ status: 403, key: SANDBOX_PRO_LIGUE_KEY });

    const again = structured(await call(demo, 'rank_players_by_role', BUNDESLIGA));
    expect(again.data).toEqual(first.data);
    expect(again.source.cached).toBe(true);
    // The refused caller's quota is its own.
    expect(structured(await call(ligue, 'quota_status')).quota.limit).toBe(10000);
    await Promise.all([demo.close(), ligue.close()]);
  });

  it('a revoked key fails for its caller only', async () => {
    const revoked = await httpClient(server.url, keyOf(SANDBOX_REVOKED_KEY));
    const demo = await httpClient(server.url, keyOf(SANDBOX_DEMO_KEY));
    expect((await call(revoked, 'list_leagues')).isError).toBe(true);
    expect((await call(demo, 'list_leagues')).isError).toBeFalsy();
    await Promise.all([demo.close(), revoked.close()]);
  });

  it('refuses a caller without a key with 401, before any MCP exchange', async () => {
    const res = await raw(server.url, { body: INITIALIZE });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toContain('Bearer');
    expect(res.body).toContain('X-API-Key');
  });

  it('a session answers only to the key that opened it', async () => {
    const opened = await raw(server.url, { body: INITIALIZE, headers: keyOf(SANDBOX_DEMO_KEY) });
    const session = String(opened.headers['mcp-session-id']);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const other = await raw(server.url, {
      body: list,
      headers: {
        ...keyOf(SANDBOX_PRO_LIGUE_KEY),
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-06-18',
      },
    });
    expect(other.status).toBe(403);
  });

  it('never writes a caller key to the log (debug level), only its keyed label', () => {
    const log = server.stderr();
    expect(log).toContain(keyLabel(SANDBOX_DEMO_KEY, LABEL_SECRET));
    // Neither the unsalted hash a list of candidate keys would find.
    expect(log).not.toContain(keyTag(SANDBOX_DEMO_KEY));
    for (const key of [SANDBOX_DEMO_KEY, SANDBOX_PRO_LIGUE_KEY, SANDBOX_REVOKED_KEY])
      expect(log).not.toContain(key);
  });
});
