// The in-memory cache is bounded by bytes as well as by entries: large answers evict the oldest first,
// an answer larger than a quarter of the budget is not kept at all, and the total stays under the budget.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { NATIVE_JSON, ResponseCache } from '../../src/api/cache.js';
import { BoundedMap, Utf8BoundedMap } from '../../src/lib/bounded-map.js';
import { memoryStores, openStores } from '../../src/store/open.js';

const MiB = 1024 * 1024;

function bigEntry(bytes: number, seed = 'x') {
  return { body: { data: [{ pad: seed.repeat(bytes) }] }, fetched_at: '2026-03-01T12:00:00.000Z' };
}

describe('BoundedMap with a byte budget', () => {
  it('evicts the oldest entries first to stay under the budget', () => {
    const map = new BoundedMap<string, string>(1000, { maxBytes: 1000 });
    for (let i = 0; i < 10; i++) map.set(`k${i}`, 'a'.repeat(200));
    expect(map.bytes).toBeLessThanOrEqual(1000);
    expect([...map.keys()]).toEqual(['k5', 'k6', 'k7', 'k8', 'k9']);
  });

  it('does not keep a value larger than a quarter of the budget, and drops what that key held', () => {
    const map = new BoundedMap<string, string>(1000, { maxBytes: 1000 });
    map.set('small', 'a'.repeat(100));
    map.set('k', 'b'.repeat(100));
    map.set('k', 'c'.repeat(251));
    expect(map.get('k')).toBeUndefined();
    expect(map.get('small')).toHaveLength(100);
    expect(map.bytes).toBe(100);
  });

  it('counts a value again when its key is set anew, and forgets it on delete and clear', () => {
    const map = new BoundedMap<string, string>(1000, { maxBytes: 1000 });
    map.set('k', 'a'.repeat(100));
    map.set('k', 'a'.repeat(50));
    expect(map.bytes).toBe(50);
    map.set('j', 'a'.repeat(10));
    map.delete('k');
    expect(map.bytes).toBe(10);
    map.clear();
    expect(map.bytes).toBe(0);
  });

  it('counts two bytes a character for text V8 stores two bytes wide', () => {
    const map = new BoundedMap<string, string>(1000, { maxBytes: 10_000 });
    map.set('latin', 'é'.repeat(100));
    map.set('wide', 'ć'.repeat(100));
    expect(map.bytes).toBe(300);
  });

  it('keeps the entry-count bound too', () => {
    const map = new BoundedMap<string, string>(3, { maxBytes: 1_000_000 });
    for (let i = 0; i < 5; i++) map.set(`k${i}`, 'v');
    expect([...map.keys()]).toEqual(['k2', 'k3', 'k4']);
    expect(map.bytes).toBe(3);
  });
});

describe('Utf8BoundedMap (the memory store of cached answers)', () => {
  it('keeps text as UTF-8 outside the heap, counts those bytes and gives the same text back', () => {
    const map = new Utf8BoundedMap(10, { maxBytes: 10_000 });
    const text = JSON.stringify({ name: 'Łukasz Mbondé', note: 'ascii '.repeat(100) });
    map.set('k', text);
    expect(map.get('k')).toBe(text);
    // Two bytes a character on the heap (one character is outside Latin-1); as UTF-8 about one.
    expect(map.bytes).toBe(Buffer.byteLength(text, 'utf8'));
    expect(map.bytes).toBeLessThan(text.length * 1.05);
    expect(map.get('missing')).toBeUndefined();
  });

  it('serves a Keyv as its memory store: entries round-trip, budget in UTF-8 bytes', async () => {
    const stores = memoryStores(100, { maxBytes: 1_000_000 });
    const value = { body: { data: [{ name: 'Ștefan Đorđević' }] }, fetched_at: 'now' };
    await stores.cache.set('k', value);
    expect(await stores.cache.get('k')).toEqual(value);
  });
});

describe('the memory store under large answers', () => {
  it('many 3 MiB answers keep the cache under a 16 MiB budget; the newest are served', async () => {
    const stores = memoryStores(5000, { maxBytes: 16 * MiB });
    const cache = new ResponseCache({ store: stores.cache });
    for (let i = 0; i < 20; i++) {
      await cache.getOrFetch(`answer-${i}`, 'computed', async () => bigEntry(3 * MiB, String(i % 10)));
    }
    await cache.settled();
    const map = stores.cache.store as BoundedMap<string, string>;
    expect(map.bytes).toBeLessThanOrEqual(16 * MiB);
    expect(map.size).toBe(5);
    expect(await cache.peek('answer-19', 'computed')).toBeDefined();
    expect(await cache.peek('answer-0', 'computed')).toBeUndefined();
  });

  it('an answer over a quarter of the budget is served but not cached: the next call fetches again', async () => {
    const stores = memoryStores(5000, { maxBytes: 16 * MiB });
    const cache = new ResponseCache({ store: stores.cache });
    let fetches = 0;
    const fetcher = async () => {
      fetches += 1;
      return bigEntry(5 * MiB);
    };
    const first = await cache.getOrFetch('huge', 'computed', fetcher);
    // The write runs after the answer; until it is done the answer is served from memory.
    await cache.settled();
    const second = await cache.getOrFetch('huge', 'computed', fetcher);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(false);
    expect(fetches).toBe(2);
    expect((stores.cache.store as BoundedMap<string, string>).bytes).toBe(0);
  });

  it("ResponseCache's own default store is bounded by bytes too", async () => {
    const cache = new ResponseCache({ maxBytes: 8 * MiB });
    for (let i = 0; i < 10; i++) await cache.getOrFetch(`a${i}`, 'computed', async () => bigEntry(MiB));
    const store = (cache as unknown as { store: Keyv }).store;
    expect((store.store as BoundedMap<string, string>).bytes).toBeLessThanOrEqual(8 * MiB);
  });

  it('a Keyv over a BoundedMap stores the serialized text, which is what is counted', async () => {
    const map = new BoundedMap<string, string>(10, { maxBytes: 1_000_000 });
    const keyv = new Keyv({ store: map, namespace: 'n', ...NATIVE_JSON });
    await keyv.set('k', { a: 'b'.repeat(100) });
    expect(map.bytes).toBe(JSON.stringify({ value: { a: 'b'.repeat(100) } }).length);
  });
});

describe('a zero bound keeps nothing, in every store', () => {
  for (const bound of [{ maxEntries: 0 }, { maxBytes: 0 }]) {
    it(`${Object.keys(bound)[0]} 0 on a file store: every call asks the upstream, nothing is written`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'fsm-zero-'));
      const stores = await openStores(`file:${dir}`, { maxEntries: 5000, ...bound });
      try {
        const cache = new ResponseCache({ store: stores.cache, maxEntries: 5000, ...bound });
        let fetches = 0;
        const fetcher = async () => {
          fetches += 1;
          return bigEntry(100);
        };
        for (let i = 0; i < 3; i++) await cache.getOrFetch('k', 'computed', fetcher);
        await cache.settled();
        expect(fetches).toBe(3);
        const files = await readdir(join(dir, 'cache')).catch(() => []);
        // The sweep's lock aside: no entry.
        expect(files.filter((name) => !name.startsWith('.'))).toEqual([]);
      } finally {
        await stores.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  }
});
