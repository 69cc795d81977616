// The Redis watchlist store on a real redis-server: the contract every store keeps, and two replicas
// changing one watchlist at once (optimistic transactions) losing nothing.
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../src/store/open.js';
import { RedisWatchlistStore } from '../../src/store/watchlists-redis.js';
import { adding, TEST_LIMITS, watchlistContract } from '../support/watchlist-contract.js';
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
