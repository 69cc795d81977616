// A run's limit on a cached answer's age (src/api/max-age.ts), honoured by every lookup of the cache:
// a whole answer, and the items of a batch read one by one.
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { type CacheEntry, ResponseCache } from '../../src/api/cache.js';
import { UpstreamServerError } from '../../src/api/errors.js';
import { withMaxAge } from '../../src/api/max-age.js';

function clock() {
  let at = 1_000_000;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('a run with a cache age limit', () => {
  const entry = (n: number): CacheEntry => ({ body: n, fetched_at: new Date(n).toISOString() });

  it('asks again for an answer older than the limit, and serves a younger one', async () => {
    const time = clock();
    const cache = new ResponseCache({ now: time.now });
    let fetched = 0;
    const fetch = async () => entry(++fetched);
    await cache.getOrFetch('k', 'computed', fetch);
    await cache.settled();
    time.pass(60_000);
    // No limit: within its TTL, from the cache.
    expect((await cache.getOrFetch('k', 'computed', fetch)).cached).toBe(true);
    // A minute old: a limit of 2 min serves it, one of 30 s asks again, 0 always asks.
    expect((await withMaxAge(120_000, () => cache.getOrFetch('k', 'computed', fetch))).cached).toBe(true);
    expect((await withMaxAge(30_000, () => cache.getOrFetch('k', 'computed', fetch))).cached).toBe(false);
    expect(fetched).toBe(2);
    await cache.settled();
    expect((await withMaxAge(0, () => cache.getOrFetch('k', 'computed', fetch))).cached).toBe(false);
    expect(fetched).toBe(3);
    // The limit belongs to its run only.
    await cache.settled();
    expect((await cache.getOrFetch('k', 'computed', fetch)).cached).toBe(true);
  });

  it('peeks (the items of a batch) under the limit too', async () => {
    const time = clock();
    const cache = new ResponseCache({ now: time.now });
    cache.put('item', 'reference', entry(1));
    await cache.settled();
    time.pass(10_000);
    expect(await cache.peek('item', 'reference')).toBeDefined();
    expect(await withMaxAge(5_000, () => cache.peek('item', 'reference'))).toBeUndefined();
    expect(await withMaxAge(0, () => cache.peek('item', 'reference'))).toBeUndefined();
  });

  it('still serves an answer past the limit, marked stale, when the upstream fails', async () => {
    const time = clock();
    const cache = new ResponseCache({ now: time.now });
    await cache.getOrFetch('k', 'computed', async () => entry(1));
    await cache.settled();
    time.pass(90_000);
    const failing = async (): Promise<CacheEntry> => {
      throw new UpstreamServerError(503);
    };
    const served = await withMaxAge(0, () => cache.getOrFetch('k', 'computed', failing));
    expect(served).toMatchObject({ cached: true, stale: { age_s: 90 } });
  });

  it('asks without reading the store first when it takes nothing cached, which it reads on an outage', async () => {
    const time = clock();
    const map = new Map<string, unknown>();
    let reads = 0;
    const store = new Keyv({
      store: {
        get: (key: string) => {
          reads += 1;
          return map.get(key);
        },
        set: (key: string, value: unknown) => map.set(key, value),
        delete: (key: string) => map.delete(key),
        clear: () => map.clear(),
      } as unknown as Map<string, unknown>,
    });
    const first = new ResponseCache({ store, now: time.now });
    await first.getOrFetch('k', 'computed', async () => entry(1));
    await first.settled();
    time.pass(30_000);
    // Another process sharing the store: nothing of it kept in memory, every lookup a store read.
    const other = new ResponseCache({ store, now: time.now });
    reads = 0;
    let fetched = 0;
    const fetch = async () => entry(++fetched);
    for (const ask of [
      () => withMaxAge(0, () => other.getOrFetch('k', 'computed', fetch)),
      () => other.getOrFetch('k', 'computed', fetch, { fresh: true }),
    ]) {
      expect((await ask()).cached).toBe(false);
      await other.settled();
    }
    // A batch's items looked at one by one: none taken, none read.
    const looker = new ResponseCache({ store, now: time.now });
    expect(await withMaxAge(0, () => looker.peek('k', 'computed'))).toBeUndefined();
    expect([fetched, reads]).toEqual([2, 0]);
    // An outage: the entry is read then, and stands in as stale.
    const third = new ResponseCache({ store, now: time.now, staleMaxAgeMs: 60_000 });
    const failing = async (): Promise<CacheEntry> => {
      throw new UpstreamServerError(503);
    };
    const served = await withMaxAge(0, () => third.getOrFetch('k', 'computed', failing));
    expect(served).toMatchObject({ cached: true, stale: { age_s: 0 } });
    expect(reads).toBe(1);
    // Read first under any other limit: a younger answer than it asks may be there.
    const fourth = new ResponseCache({ store, now: time.now });
    expect((await withMaxAge(60_000, () => fourth.getOrFetch('k', 'computed', fetch))).cached).toBe(true);
    expect(reads).toBe(2);
  });
});
