// Two stateless replicas of the built binary sharing one real redis-server, in front of one sandbox.
import type { ChildProcess } from 'node:child_process';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/server.js';
import { call, spawnHttpServer, stop, structured, useSandbox } from '../support/mcp.js';
import { httpClient, INITIALIZE, raw, useRedis } from './support.js';

const redis = useRedis();
const sandbox = useSandbox();
const replicas: { url: string; child: ChildProcess }[] = [];

beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    replicas.push(
      // A store timeout with room: a busy machine must not turn a slow Redis answer into a miss here.
      await spawnHttpServer(
        ['--stateless', '--store', redis.url, '--base-url', sandbox.url, '--store-timeout-ms', '5000'],
        { FOOTBALL_API_KEY: SANDBOX_DEMO_KEY },
      ),
    );
  }
});

afterAll(async () => {
  await Promise.all(replicas.map((r) => stop(r.child)));
});

/** The values Redis holds under keys starting with `prefix`. */
async function redisValues(prefix: string): Promise<string[]> {
  const client = createClient({ url: redis.url });
  await client.connect();
  const keys = (await client.keys(`${prefix}*`)).sort();
  const values = await Promise.all(keys.map((k) => client.get(k)));
  await client.close();
  return values.map((v) => v ?? '');
}

const RANKING = { role: 'lateral_offensif', league: 'Bundesliga', limit: 3 };

describe('two stateless replicas on one Redis', () => {
  it('a call through A, then the same call through B, makes one upstream request', async () => {
    const [a, b] = replicas.map((r) => r.url) as [string, string];
    const viaA = await httpClient(a);
    const beforeA = sandbox.requestCount();
    const first = structured(await call(viaA, 'rank_players_by_role', RANKING));
    expect(first.source.cached).toBe(false);
    const afterA = sandbox.requestCount();
    // A writes its answers to Redis after giving them: B asks once they are there.
    await expect
      .poll(async () => (await redisValues('fsm-cache')).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(afterA - beforeA);

    const viaB = await httpClient(b);
    const second = structured(await call(viaB, 'rank_players_by_role', RANKING));
    expect(sandbox.requestCount()).toBe(afterA);
    expect(second.source).toEqual({ cached: true, fetched_at: first.source.fetched_at });
    expect(second.data).toEqual(first.data);
    await Promise.all([viaA.close(), viaB.close()]);
  });

  it("B reports the quota A's call observed, without a request of its own", async () => {
    const viaA = await httpClient(replicas[0]?.url ?? '');
    const spent = structured(await call(viaA, 'list_leagues'));
    expect(spent.quota.remaining).toBeGreaterThan(0);
    const before = sandbox.requestCount();
    // A writes the quota it saw to Redis after answering: B asks once it is there.
    await expect
      .poll(async () => (await redisValues('fsm-quota')).join('\n'), { timeout: 15_000 })
      .toContain(`"remaining":${spent.quota.remaining}`);

    const viaB = await httpClient(replicas[1]?.url ?? '');
    const status = structured(await call(viaB, 'quota_status'));
    expect(sandbox.requestCount()).toBe(before);
    expect(status.quota).toMatchObject({ limit: 2500, remaining: spent.quota.remaining });
    await Promise.all([viaA.close(), viaB.close()]);
  });

  it('a stateless replica keeps no session: GET is refused, every POST stands alone', async () => {
    const url = replicas[0]?.url ?? '';
    const init = await raw(url, { body: INITIALIZE });
    expect(init.status).toBe(200);
    expect(init.headers['mcp-session-id']).toBeUndefined();
    expect((await raw(url, { method: 'GET', headers: { accept: 'text/event-stream' } })).status).toBe(405);
  });

  it('is ready while Redis answers, and not ready once it is gone; calls still work, uncached', async () => {
    const readyz = new URL('/readyz', replicas[0]?.url);
    expect((await fetch(readyz)).status).toBe(200);
    await redis.stop();
    const res = await fetch(readyz);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ store: 'down' });
    expect((await fetch(new URL('/healthz', replicas[0]?.url))).status).toBe(200);
    const client = await httpClient(replicas[0]?.url ?? '');
    const result = structured(await call(client, 'rank_players_by_role', { ...RANKING, limit: 2 }));
    expect(result.data).toHaveLength(2);
    await client.close();
  });
});
