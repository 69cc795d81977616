// Watchlists in hosted mode: each caller key has its own (stored under a keyed hash of the key, never the
// key), across sessions and across two replicas sharing a real redis-server.
import type { ChildProcess } from 'node:child_process';
import { createClient } from '@keyv/redis';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PRO_LIGUE_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, SANDBOX_DEMO_KEY, startSandbox } from '../../src/sandbox/server.js';
import { call, spawnHttpServer, stop, structured, textOf } from '../support/mcp.js';
import { GARMONT, MBENRA } from '../support/people.js';
import { httpClient, type RunningRedis, startRedis } from './support.js';

let sandbox: RunningSandbox;
let redis: RunningRedis;
const replicas: { url: string; child: ChildProcess }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  redis = await startRedis();
  for (let i = 0; i < 2; i++) {
    replicas.push(
      await spawnHttpServer(['--base-url', sandbox.url, '--require-caller-key', '--store', redis.url], {}),
    );
  }
});

afterAll(async () => {
  for (const replica of replicas) await stop(replica.child);
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
