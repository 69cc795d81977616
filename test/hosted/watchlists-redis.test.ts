// The Redis watchlist store on a real redis-server: the contract every store keeps, two replicas
// changing one watchlist at once (optimistic transactions) losing nothing, lists of the earlier one-hash
// layout read and moved, and a key at the limits listing without touching the cache's Redis.
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { openStores } from '../../src/store/open.js';
import { fieldOf, newWatchlist } from '../../src/store/watchlists.js';
import { RedisWatchlistStore } from '../../src/store/watchlists-redis.js';
import { largeWatchlist } from '../support/large-watchlist.js';
import { adding, linked, TEST_LIMITS, watchlistContract } from '../support/watchlist-contract.js';
import { type RunningRedis, startRedis } from './support.js';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.stop();
});

async function flush(): Promise<void> {
  const client = createClient({ url: redis.url });
  await client.connect();
  await client.flushAll();
  await client.close();
}

watchlistContract(
  'redis',
  async () => {
    await flush();
    return RedisWatchlistStore.open(redis.url, { limits: TEST_LIMITS });
  },
  () => RedisWatchlistStore.open(redis.url, { limits: TEST_LIMITS }),
  async (owner, name, text) => {
    const client = createClient({ url: redis.url });
    await client.connect();
    await client.set(`fsm-watchlists:{${owner}}:${fieldOf(name)}`, text);
    await client.close();
  },
);

describe('a closed redis watchlist store', () => {
  it('refuses later operations instead of opening a connection nobody would close', async () => {
    const store = await RedisWatchlistStore.open(redis.url, { limits: TEST_LIMITS });
    const owner = store.ownerOf('k');
    await store.close();
    await expect(store.list(owner)).rejects.toMatchObject({ code: 'unavailable' });
    await expect(store.update(owner, 'W', adding('W', 'ds_aaaaaaaaaaaaaaaa'))).rejects.toMatchObject({
      code: 'unavailable',
    });
  });
});

describe('redis watchlists across replicas', () => {
  it('two replicas adding 40 players each to one watchlist at once: 80, none lost', async () => {
    await flush();
    const limits = { ...TEST_LIMITS, maxPlayers: 200 };
    const [a, b] = await Promise.all([
      RedisWatchlistStore.open(redis.url, { limits }),
      RedisWatchlistStore.open(redis.url, { limits }),
    ]);
    const owner = a.ownerOf('sbx_demo_0000000000000000');
    expect(b.ownerOf('sbx_demo_0000000000000000')).toBe(owner);
    const id = (side: string, i: number) => `ds_${side}${String(i).padStart(15, '0')}`;
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) =>
        a.update(owner, 'Pressing forwards', adding('Pressing forwards', id('a', i))),
      ),
      ...Array.from({ length: 40 }, (_, i) =>
        b.update(owner, 'Pressing forwards', adding('Pressing forwards', id('b', i))),
      ),
    ]);
    expect((await a.get(owner, 'pressing forwards'))?.entries).toHaveLength(80);
    await Promise.all([a.close(), b.close()]);
  });

  it('openStores(redis://) gives the watchlists with the cache and quota', async () => {
    await flush();
    const stores = await openStores(redis.url, {
      maxEntries: 10,
      partition: 'https://api.example.com',
      timeoutMs: 5_000,
    });
    expect(stores.kind).toBe('redis');
    const owner = stores.watchlists.ownerOf('k');
    await stores.watchlists.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    expect((await stores.watchlists.list(owner)).map((d) => d.name)).toEqual(['Keepers']);
    await stores.close();
  });
});

describe('redis watchlists stored by earlier versions (one hash per owner)', () => {
  it('are read, listed, changed and deleted; each moves to its own key, nothing lost', async () => {
    await flush();
    const store = await RedisWatchlistStore.open(redis.url, { limits: TEST_LIMITS });
    const owner = store.ownerOf('k');
    const now = '2026-11-20T00:00:00.000Z';
    const old = (name: string, ids: string[]) =>
      JSON.stringify({ ...newWatchlist(name, now), entries: ids.map((id) => linked(id, now)) });
    const raw = createClient({ url: redis.url });
    await raw.connect();
    const legacy = `fsm-watchlists:${owner}`;
    await raw.hSet(legacy, {
      [fieldOf('Keepers')]: old('Keepers', ['ds_a', 'ds_b']),
      [fieldOf('Strikers')]: old('Strikers', ['ds_c']),
      [fieldOf('Wingers')]: old('Wingers', ['ds_d']),
    });
    try {
      // Read where it is, before anything moved.
      expect((await store.get(owner, 'keepers'))?.entries.map((e) => e.service_id)).toEqual(['ds_a', 'ds_b']);
      // A change writes the new layout and drops the old field in one transaction.
      await store.update(owner, 'Strikers', adding('Strikers', 'ds_e'));
      expect(Number(await raw.hExists(legacy, fieldOf('Strikers')))).toBe(0);
      // Listing moves the rest over and lists all three; the old hash is gone.
      const listed = await store.list(owner);
      expect(listed.map((l) => [l.name, l.players])).toEqual([
        ['Keepers', 2],
        ['Strikers', 2],
        ['Wingers', 1],
      ]);
      expect(await raw.exists(legacy)).toBe(0);
      expect((await store.get(owner, 'wingers'))?.entries.map((e) => e.service_id)).toEqual(['ds_d']);
      // The per-owner limit counts old and new alike (3 here).
      await expect(store.update(owner, 'Fourth', adding('Fourth', 'ds_a'))).rejects.toMatchObject({
        code: 'too_many_watchlists',
      });
      // A replica of the earlier version writes its old field again: the newer version is kept.
      const newer = {
        ...JSON.parse(old('Wingers', ['ds_d', 'ds_f'])),
        updated_at: '2030-01-01T00:00:00.000Z',
      };
      await raw.hSet(legacy, fieldOf('Wingers'), JSON.stringify(newer));
      const again = await store.list(owner);
      expect(again.find((l) => l.name === 'Wingers')?.players).toBe(2);
      expect(await raw.exists(legacy)).toBe(0);
      // An index entry that does not read is written anew from its list.
      await raw.hSet(`fsm-watchlists:{${owner}}:index`, fieldOf('Strikers'), '{"name":');
      expect((await store.list(owner)).find((l) => l.name === 'Strikers')?.players).toBe(2);
      expect(await raw.hGet(`fsm-watchlists:{${owner}}:index`, fieldOf('Strikers'))).toContain('"players":2');
      expect(await store.delete(owner, 'Keepers')).toBe(true);
      expect((await store.list(owner)).map((l) => l.name)).toEqual(['Strikers', 'Wingers']);
    } finally {
      await raw.close();
      await store.close();
    }
  });
});

/** Bytes Redis has sent to all its clients so far. */
async function sentBytes(): Promise<number> {
  const client = createClient({ url: redis.url });
  await client.connect();
  const info = await client.info('stats');
  await client.close();
  return Number(/total_net_output_bytes:(\d+)/.exec(info)?.[1]);
}

describe('large redis watchlists', () => {
  it('50 lists of 200 players × 8 snapshots on one key: listed; the cache stays up; another key changes its lists', async () => {
    await flush();
    const log: string[] = [];
    const logger = createLogger('info', [], (line) => log.push(line));
    // The cache's short timeout, the watchlists' default one.
    const stores = await openStores(redis.url, { maxEntries: 10, timeoutMs: 250, logger });
    try {
      const { watchlists } = stores;
      const big = watchlists.ownerOf('big key');
      const doc = largeWatchlist('List 00');
      for (let i = 0; i < 50; i++) {
        const name = `List ${String(i).padStart(2, '0')}`;
        await watchlists.update(big, name, (_current, now) => ({
          ...doc,
          name,
          created_at: now,
          updated_at: now,
        }));
      }
      const sentBefore = await sentBytes();
      const started = performance.now();
      const listed = await watchlists.list(big);
      const ms = performance.now() - started;
      // Read from the index: Redis sent kilobytes, not the 37 MB of the lists (one HGETALL before).
      const sent = (await sentBytes()) - sentBefore;
      expect(sent).toBeLessThan(1_000_000);
      expect(listed).toHaveLength(50);
      expect(listed[0]).toMatchObject({ name: 'List 00', players: 200, snapshots: 8 });
      expect(listed.reduce((sum, l) => sum + l.bytes, 0)).toBeGreaterThan(30_000_000);
      console.info(
        `listing 50 lists (${Math.round(listed.reduce((s, l) => s + l.bytes, 0) / 1e6)} MB) on Redis: ${Math.round(ms)} ms`,
      );
      // Another key, at once: changes its list, and the cache's Redis is not down.
      const other = watchlists.ownerOf('other key');
      await Promise.all([
        watchlists.list(big),
        watchlists.get(big, 'List 07'),
        watchlists.update(other, 'Keepers', adding('Keepers', 'ds_a')),
      ]);
      await stores.cache.set('probe', 'x');
      expect(await stores.cache.get('probe')).toBe('x');
      expect(log.filter((line) => /not answering/.test(line))).toEqual([]);
    } finally {
      await stores.close();
    }
  }, 120_000);
});

describe('the watchlists timeout, apart from the cache', () => {
  it("a watchlist command given up on marks the watchlists down, never the cache's Redis", async () => {
    await flush();
    const log: string[] = [];
    const logger = createLogger('info', [], (line) => log.push(line));
    const stores = await openStores(redis.url, {
      maxEntries: 10,
      timeoutMs: 5_000,
      watchlistTimeoutMs: 200,
      logger,
    });
    const owner = stores.watchlists.ownerOf('k');
    try {
      redis.freeze();
      await expect(stores.watchlists.get(owner, 'Keepers')).rejects.toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('did not answer within 200 ms'),
      });
      redis.thaw();
      // The cache never waited, nor was told Redis was down: it answers at once.
      await stores.cache.set('probe', 'x');
      expect(await stores.cache.get('probe')).toBe('x');
      const outages = log.filter((line) => /not answering/.test(line));
      expect(outages).toHaveLength(1);
      expect(outages[0]).toContain('(watchlists) not answering within 200 ms');
      expect(outages[0]).toContain('FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS');
      await stores.watchlists.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    } finally {
      redis.thaw();
      await stores.close();
    }
  });
});
