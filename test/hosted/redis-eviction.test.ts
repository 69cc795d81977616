// Watchlists are never kept where Redis may evict them: a store on a Redis whose maxmemory-policy is
// allkeys-* (a cache's usual setting) is refused at start with the fixes; a Redis of their own
// (--watchlist-store) takes them; under volatile-* they and their secret carry no expiry; a Redis that
// will not say its policy (CONFIG disabled, as managed services do) is used with a warning naming the risk.
import type { ChildProcess } from 'node:child_process';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, spawnHttpServer, stop, structured } from '../support/mcp.js';
import { MBENRA } from '../support/people.js';
import { httpClient, type RunningRedis, runHttpToExit, startRedis } from './support.js';

const SECRET_KEY = 'fsm-watchlists-secret';
const redises: RunningRedis[] = [];
const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const child of servers) await stop(child);
  for (const redis of redises) await redis.stop();
});

async function redisWith(args: string[]): Promise<RunningRedis> {
  const redis = await startRedis(args);
  redises.push(redis);
  return redis;
}

async function keysOf(url: string): Promise<{ key: string; ttl: number }[]> {
  const client = createClient({ url });
  await client.connect();
  const keys = await client.keys('*');
  const out = await Promise.all(keys.map(async (key) => ({ key, ttl: await client.pTTL(key) })));
  await client.close();
  return out;
}

function cachedIn(url: string): Promise<void> {
  return expect
    .poll(async () => (await keysOf(url)).some((k) => k.key.startsWith('fsm-cache')), { timeout: 15_000 })
    .toBe(true);
}

/** A hosted server on the embedded sandbox with `args`, one watchlist added through it. */
async function serveAndAdd(
  args: string[],
): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  // A store timeout with room: on a busy machine a slow Redis answer must not fail the add.
  const server = await spawnHttpServer(['--sandbox', '--store-timeout-ms', '5000', ...args], {
    FOOTBALL_MCP_LOG_LEVEL: 'warn',
  });
  servers.push(server.child);
  const client = await httpClient(server.url);
  structured(await call(client, 'update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] }));
  // A cached answer too, to see where the cache goes.
  structured(await call(client, 'list_leagues'));
  await client.close();
  return server;
}

describe('Redis eviction and watchlists', () => {
  let lru: RunningRedis;
  beforeAll(async () => {
    lru = await redisWith(['--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru']);
  });

  it('refuses to keep watchlists in a Redis that may evict any key, naming the policy and the fixes', async () => {
    const { code, stderr } = await runHttpToExit(['--sandbox', '--store', lru.url]);
    expect(code).toBe(1);
    expect(stderr).toContain('maxmemory-policy allkeys-lru');
    expect(stderr).toMatch(/noeviction/);
    expect(stderr).toMatch(/volatile-lru/);
    expect(stderr).toMatch(/--watchlist-store \/ FOOTBALL_MCP_WATCHLIST_STORE/);
    // Nothing was written there: no secret that eviction could take.
    expect((await keysOf(lru.url)).map((k) => k.key)).not.toContain(SECRET_KEY);
  });

  it('keeps watchlists in a Redis of their own (--watchlist-store), the cache in the evicting one', async () => {
    const own = await redisWith([]);
    const server = await serveAndAdd(['--store', lru.url, '--watchlist-store', own.url]);
    // A cached answer is written after it is given: waited for.
    await cachedIn(lru.url);
    const cacheKeys = (await keysOf(lru.url)).map((k) => k.key);
    const watchlistKeys = (await keysOf(own.url)).map((k) => k.key);
    expect(cacheKeys.filter((k) => k.startsWith('fsm-watchlists'))).toEqual([]);
    expect(watchlistKeys).toContain(SECRET_KEY);
    expect(watchlistKeys.some((k) => k.startsWith('fsm-watchlists:'))).toBe(true);

    // Ready while both answer; not once the watchlists' Redis is gone (their tools cannot work).
    const readyz = new URL('/readyz', server.url);
    expect((await fetch(readyz)).status).toBe(200);
    await own.stop();
    await expect.poll(async () => (await fetch(readyz)).status, { timeout: 15_000 }).toBe(503);
  });

  it('refuses a --watchlist-store that may evict, too', async () => {
    const { code, stderr } = await runHttpToExit(['--sandbox', '--watchlist-store', lru.url]);
    expect(code).toBe(1);
    expect(stderr).toContain('maxmemory-policy allkeys-lru');
  });

  it('under volatile-lru, watchlists and their secret carry no expiry; cached answers do', async () => {
    const volatile = await redisWith(['--maxmemory', '64mb', '--maxmemory-policy', 'volatile-lru']);
    await serveAndAdd(['--store', volatile.url]);
    await cachedIn(volatile.url);
    const keys = await keysOf(volatile.url);
    const watchlists = keys.filter((k) => k.key.startsWith('fsm-watchlists'));
    expect(watchlists.map((k) => k.key)).toContain(SECRET_KEY);
    expect(watchlists.length).toBeGreaterThan(1);
    for (const { key, ttl } of watchlists) expect({ key, ttl }).toEqual({ key, ttl: -1 });
    const cached = keys.filter((k) => k.key.startsWith('fsm-cache'));
    expect(cached.length).toBeGreaterThan(0);
    for (const { ttl } of cached) expect(ttl).toBeGreaterThan(0);
  });

  it('a Redis holding lists but not their secret (evicted, deleted) stops the start; no new secret orphans them', async () => {
    const redis = await redisWith([]);
    const server = await serveAndAdd(['--store', redis.url]);
    await stop(server.child);
    const client = createClient({ url: redis.url });
    await client.connect();
    await client.del(SECRET_KEY);
    await client.close();
    const { code, stderr } = await runHttpToExit(['--sandbox', '--store', redis.url]);
    expect(code).toBe(1);
    expect(stderr).toContain(`holds watchlists (fsm-watchlists:*) but not their secret (${SECRET_KEY})`);
    expect(stderr).toMatch(/Restore the key from a backup/);
    expect((await keysOf(redis.url)).map((k) => k.key)).not.toContain(SECRET_KEY);
  });

  it('a Redis that will not say its policy (CONFIG disabled) is used, with a warning that names the risk', async () => {
    const managed = await redisWith(['--rename-command', 'CONFIG', '']);
    const server = await serveAndAdd(['--store', managed.url]);
    expect(server.stderr()).toMatch(
      /cannot read maxmemory-policy of the Redis at redis:\/\/127\.0\.0\.1:\d+/,
    );
    expect(server.stderr()).toMatch(/allkeys-\* Redis evicts watchlists and their secret without a word/);
  });
});
