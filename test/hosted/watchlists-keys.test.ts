// Watchlists in hosted mode: each caller key has its own (stored under a keyed hash of the key, never the
// key), across sessions and across two replicas sharing a real redis-server; with server tokens and no
// caller key, each token has its own (stateful and stateless replicas alike).
import type { ChildProcess } from 'node:child_process';
import { createClient } from '@keyv/redis';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRO_LIGUE_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, SANDBOX_DEMO_KEY, startSandbox } from '../../src/sandbox/server.js';
import { call, spawnHttpServer, stop, structured, textOf } from '../support/mcp.js';
import { GARMONT, MBENRA } from '../support/people.js';
import { httpClient, type RunningRedis, startRedis } from './support.js';

/** A store timeout with room: on a busy machine a slow Redis answer must not fail a watchlist call here. */
const ROOMY = ['--store-timeout-ms', '5000'];
let sandbox: RunningSandbox;
let redis: RunningRedis;
const replicas: { url: string; child: ChildProcess }[] = [];
/** Two replicas behind server tokens, on the server's key (no caller key): stateful, then stateless. */
const tokenReplicas: { url: string; child: ChildProcess }[] = [];
const TOKENS = ['token-scout-a-aaaaaaaa', 'token-scout-b-bbbbbbbb'];

beforeAll(async () => {
  sandbox = await startSandbox();
  redis = await startRedis();
  for (let i = 0; i < 2; i++) {
    replicas.push(
      await spawnHttpServer(
        ['--base-url', sandbox.url, '--require-caller-key', '--store', redis.url, ...ROOMY],
        {},
      ),
    );
  }
  for (const mode of [[], ['--stateless']]) {
    tokenReplicas.push(
      await spawnHttpServer(['--base-url', sandbox.url, '--store', redis.url, ...ROOMY, ...mode], {
        FOOTBALL_API_KEY: SANDBOX_DEMO_KEY,
        FOOTBALL_MCP_AUTH_TOKENS: TOKENS.join(','),
      }),
    );
  }
});

afterAll(async () => {
  for (const replica of [...replicas, ...tokenReplicas]) await stop(replica.child);
  await redis?.stop();
  await sandbox?.close();
});

const as = (replica: number, key: string): Promise<Client> =>
  httpClient(replicas[replica]?.url ?? '', { 'x-api-key': key });

async function players(client: Client, watchlist: string): Promise<string[]> {
  const result = await call(client, 'update_watchlist', { watchlist });
  return structured(result).data.players.map((p: { service_id: string }) => p.service_id);
}

describe('watchlists per caller key', () => {
  it('two keys adding to a list of the same name see only their own, on either replica', async () => {
    const demo = await as(0, SANDBOX_DEMO_KEY);
    const ligue = await as(1, SANDBOX_PRO_LIGUE_KEY);
    structured(
      await call(demo, 'update_watchlist', { watchlist: 'Shortlist', add: [{ player_id: MBENRA }] }),
    );
    structured(
      await call(ligue, 'update_watchlist', { watchlist: 'shortlist', add: [{ player_id: GARMONT }] }),
    );

    // The same key on the other replica, in another session, finds its list; the other key does not.
    const demoElsewhere = await as(1, SANDBOX_DEMO_KEY);
    expect(await players(demoElsewhere, 'Shortlist')).toEqual([MBENRA]);
    expect(await players(ligue, 'Shortlist')).toEqual([GARMONT]);
    const listed = structured(await call(ligue, 'watchlist_report')).data.watchlists;
    expect(listed.map((w: { name: string }) => w.name)).toEqual(['shortlist']);

    // A third key has none, and says so.
    const full = await as(0, 'sbx_profull_0000000000000');
    const none = await call(full, 'update_watchlist', { watchlist: 'Shortlist' });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain('No watchlist "Shortlist" for this API key');
    const resource = await full.readResource({ uri: 'football://watchlists' });
    const [content] = resource.contents;
    expect(JSON.parse(content && 'text' in content ? content.text : '')).toEqual({ data: [] });
    await Promise.all([demo, ligue, demoElsewhere, full].map((c) => c.close()));
  });

  it('Redis holds the lists under keyed hashes: no caller key appears in it', async () => {
    const client = createClient({ url: redis.url });
    await client.connect();
    const keys = await client.keys('*');
    const values = await Promise.all(
      keys.map(async (k) =>
        (await client.type(k)) === 'hash' ? JSON.stringify(await client.hGetAll(k)) : '',
      ),
    );
    await client.close();
    const everything = [...keys, ...values].join('\n');
    expect(everything).toContain('Shortlist');
    for (const key of [SANDBOX_DEMO_KEY, SANDBOX_PRO_LIGUE_KEY]) expect(everything).not.toContain(key);
  });
});

describe('watchlists per server token', () => {
  const holding = (replica: number, token: string): Promise<Client> =>
    httpClient(tokenReplicas[replica]?.url ?? '', { authorization: `Bearer ${token}` });

  it('each token holder has its own lists: another token neither sees nor deletes them', async () => {
    const [tokenA, tokenB] = TOKENS as [string, string];
    const a = await holding(0, tokenA);
    structured(await call(a, 'update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] }));

    // The same token on the stateless replica finds it; the other token, on either replica, does not.
    const aElsewhere = await holding(1, tokenA);
    expect(await players(aElsewhere, 'Keepers')).toEqual([MBENRA]);
    for (const replica of [0, 1]) {
      const b = await holding(replica, tokenB);
      const listed = structured(await call(b, 'watchlist_report')).data.watchlists;
      expect(listed).toEqual([]);
      const removal = await call(b, 'update_watchlist', { watchlist: 'Keepers', delete: true });
      expect(removal.isError).toBe(true);
      expect(textOf(removal)).toContain('No watchlist "Keepers"');
      await b.close();
    }
    expect(await players(a, 'Keepers')).toEqual([MBENRA]);

    // A caller bringing its own key gets that key's lists, whichever token it holds.
    const withKey = (token: string) =>
      httpClient(tokenReplicas[0]?.url ?? '', {
        authorization: `Bearer ${token}`,
        'x-api-key': SANDBOX_PRO_LIGUE_KEY,
      });
    const bWithKey = await withKey(tokenB);
    structured(
      await call(bWithKey, 'update_watchlist', { watchlist: 'Wingers', add: [{ player_id: GARMONT }] }),
    );
    const aWithKey = await withKey(tokenA);
    expect(await players(aWithKey, 'Wingers')).toEqual([GARMONT]);
    const ownLists = structured(await call(a, 'watchlist_report')).data.watchlists;
    expect(ownLists.map((w: { name: string }) => w.name)).toEqual(['Keepers']);
    await Promise.all([a, aElsewhere, bWithKey, aWithKey].map((c) => c.close()));
  });
});
