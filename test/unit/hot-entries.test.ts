// Answers kept parsed beside the store (src/api/hot-entries.ts): frozen, bounded by entries and by
// bytes, least recently used first out; and what ResponseCache does with them.
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { type CacheEntry, ResponseCache } from '../../src/api/cache.js';
import { freezeAndMeasure, HotEntries } from '../../src/api/hot-entries.js';

const page = (n: number) => ({ data: Array.from({ length: n }, (_, i) => ({ name: `p${i}`, score: i })) });

describe('HotEntries', () => {
  it('freezes what it keeps, deeply, and measures about its JSON size', () => {
    const value = page(3);
    const bytes = freezeAndMeasure(value);
    expect(Math.abs(bytes - JSON.stringify(value).length)).toBeLessThan(JSON.stringify(value).length * 0.5);
    expect(Object.isFrozen(value.data[1])).toBe(true);
    expect(() => {
      (value.data as unknown[]).push(1);
    }).toThrow(TypeError);
  });

  it('keeps the most recently used within its entry and byte bounds', () => {
    const hot = new HotEntries<object>({ maxEntries: 2, maxBytes: 100_000 });
    hot.keep('a', page(1));
    hot.keep('b', page(1));
    hot.get('a');
    hot.keep('c', page(1));
    expect([hot.get('a'), hot.get('b'), hot.get('c')].map(Boolean)).toEqual([true, false, true]);
    const small = new HotEntries<object>({ maxEntries: 100, maxBytes: 2_000 });
    for (let i = 0; i < 20; i++) small.keep(`k${i}`, page(5));
    expect(small.bytes).toBeLessThanOrEqual(2_000);
    small.keep('huge', page(200));
    expect(small.get('huge')).toBeUndefined();
  });
});

describe('ResponseCache with answers kept parsed', () => {
  const entry = (n: number): CacheEntry => ({ body: page(n), fetched_at: 'now' });

  it('answers a hit without reading the store, and the answer cannot be changed by a caller', async () => {
    let reads = 0;
    const map = new Map<string, unknown>();
    const store = new Keyv({
      store: {
        get: async (k: string) => {
          reads++;
          return map.get(k);
        },
        set: async (k: string, v: unknown) => {
          map.set(k, v);
          return true;
        },
        delete: async (k: string) => map.delete(k),
        clear: async () => map.clear(),
      },
    });
    const cache = new ResponseCache({ store });
    await cache.getOrFetch('k', 'computed', async () => entry(3));
    await cache.settled();
    const before = reads;
    const hit = await cache.getOrFetch('k', 'computed', async () => entry(9));
    expect(hit.cached).toBe(true);
    expect(reads).toBe(before);
    expect(() => {
      (hit.entry.body as { data: unknown[] }).data.pop();
    }).toThrow(TypeError);
  });

  it('keeps no more parsed than the cache may hold: past its one entry, the older answer is read from the store', async () => {
    let reads = 0;
    const store = new Keyv();
    const get = store.get.bind(store);
    store.get = ((...args: Parameters<typeof get>) => {
      reads += 1;
      return get(...args);
    }) as typeof store.get;
    const cache = new ResponseCache({ store, maxEntries: 1 });
    await cache.getOrFetch('a', 'computed', async () => entry(1));
    await cache.getOrFetch('b', 'computed', async () => entry(2));
    await cache.settled();
    const before = reads;
    expect((await cache.getOrFetch('b', 'computed', async () => entry(9))).entry).toEqual(entry(2));
    expect(reads).toBe(before);
    expect((await cache.getOrFetch('a', 'computed', async () => entry(9))).entry).toEqual(entry(1));
    expect(reads).toBe(before + 1);
  });
});

describe('answers kept parsed, with a store shared by two processes', () => {
  it('past its TTL, a kept answer gives way to the fresher one another process stored: no upstream request', async () => {
    let clock = 0;
    const shared = new Keyv();
    const a = new ResponseCache({ store: shared, ttlMs: { computed: 1000 }, now: () => clock });
    const b = new ResponseCache({ store: shared, ttlMs: { computed: 1000 }, now: () => clock });
    const answer = (n: number): CacheEntry => ({ body: { n }, fetched_at: String(n) });
    await a.getOrFetch('k', 'computed', async () => answer(1));
    await a.settled();
    clock = 1500; // A's kept answer is past its TTL; B refreshes and stores a fresher one
    await b.getOrFetch('k', 'computed', async () => answer(2));
    await b.settled();
    let fetched = 0;
    const seen = await a.getOrFetch('k', 'computed', async () => {
      fetched++;
      return answer(3);
    });
    expect(seen).toMatchObject({ cached: true, entry: { body: { n: 2 } } });
    expect(fetched).toBe(0);
  });
});
