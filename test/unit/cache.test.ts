import Keyv from 'keyv';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CacheEntry, DEFAULT_TTLS_MS, ResponseCache } from '../../src/api/cache.js';
import { ApiClient } from '../../src/api/client.js';
import { NotFoundError, UpstreamServerError } from '../../src/api/errors.js';
import { LeaguesResponse, ListResponse, RankingsResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { BoundedMap } from '../../src/lib/bounded-map.js';
import { clientFor, mockUpstream, ORIGIN, rejectionOf, type Upstream } from './helpers.js';

let upstream: Upstream;

beforeEach(() => {
  upstream = mockUpstream();
});

afterEach(async () => {
  vi.useRealTimers();
  await upstream.agent.close();
});

const leagues = { path: '/v1/leagues', method: 'GET' } as const;
const rankings = { path: /^\/v1\/rankings/, method: 'GET' } as const;
const scouting = { path: '/v1/scouting', method: 'POST' } as const;

describe('response cache through ApiClient', () => {
  it('serves a second identical call from the cache with the same fetched_at', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [{ name: 'Ligue 1' }] });
    const client = clientFor(upstream);
    const first = await client.call('leagues', LeaguesResponse);
    const second = await client.call('leagues', LeaguesResponse);
    expect(first.source.cached).toBe(false);
    expect(second.source.cached).toBe(true);
    expect(second.source.fetched_at).toBe(first.source.fetched_at);
    expect(second.data).toEqual(first.data);
    expect(upstream.sent).toHaveLength(1);
  });

  it('different queries are separate entries; the same query in another order is one entry', async () => {
    upstream.pool.intercept(rankings).reply(200, { data: [] }).times(2);
    const client = clientFor(upstream);
    await client.call('rankings', RankingsResponse, { query: { role: 'mezzala', saison: '25-26' } });
    const sameOtherOrder = await client.call('rankings', RankingsResponse, {
      query: { saison: '25-26', role: 'mezzala', league: undefined },
    });
    expect(sameOtherOrder.source.cached).toBe(true);
    const other = await client.call('rankings', RankingsResponse, {
      query: { role: 'faux_9', saison: '25-26' },
    });
    expect(other.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('different bodies are separate entries; key order in a body is irrelevant', async () => {
    upstream.pool.intercept(scouting).reply(200, { data: [] }).times(2);
    const client = clientFor(upstream);
    await client.call('scouting', ScoutingResponse, {
      body: { saison: '25-26', roles: ['mezzala'], limit: 5 },
    });
    const reordered = await client.call('scouting', ScoutingResponse, {
      body: { limit: 5, roles: ['mezzala'], saison: '25-26' },
    });
    expect(reordered.source.cached).toBe(true);
    const different = await client.call('scouting', ScoutingResponse, {
      body: { limit: 5, roles: ['faux_9'], saison: '25-26' },
    });
    expect(different.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('array order in a body matters (it is data, not key order)', async () => {
    upstream.pool.intercept(scouting).reply(200, { data: [] }).times(2);
    const client = clientFor(upstream);
    await client.call('scouting', ScoutingResponse, { body: { roles: ['mezzala', 'faux_9'] } });
    await client.call('scouting', ScoutingResponse, { body: { roles: ['faux_9', 'mezzala'] } });
    expect(upstream.sent).toHaveLength(2);
  });

  it('different routes are separate entries, also with equal queries', async () => {
    upstream.pool.intercept({ path: '/v1/seasons', method: 'GET' }).reply(200, { data: [] });
    upstream.pool.intercept({ path: '/v1/glossary', method: 'GET' }).reply(200, { data: [] });
    const client = clientFor(upstream);
    await client.call('seasons', ListResponse);
    const glossary = await client.call('glossary', ListResponse);
    expect(glossary.source.cached).toBe(false);
    expect(upstream.sent.map((r) => r.path)).toEqual(['/v1/seasons', '/v1/glossary']);
  });

  it('different path ids are separate entries', async () => {
    upstream.pool
      .intercept({ path: /^\/v1\/players\/.+\/history$/, method: 'GET' })
      .reply(200, { data: [] })
      .times(2);
    const client = clientFor(upstream);
    const schema = ListResponse;
    await client.call('playerHistory', schema, { params: { id: 'p1' } });
    const other = await client.call('playerHistory', schema, { params: { id: 'p2' } });
    expect(other.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('two clients with different API keys sharing one cache never share an entry', async () => {
    upstream.pool
      .intercept({ ...leagues, headers: { 'x-api-key': 'key_alpha_111' } })
      .reply(200, { data: [{ name: 'Ligue 1' }] });
    upstream.pool
      .intercept({ ...leagues, headers: { 'x-api-key': 'key_beta_222' } })
      .reply(200, { data: [{ name: 'Serie A' }] });
    const cache = new ResponseCache();
    const alpha = clientFor(upstream, { apiKey: 'key_alpha_111', cache });
    const beta = clientFor(upstream, { apiKey: 'key_beta_222', cache });
    const a = await alpha.call('leagues', LeaguesResponse);
    const b = await beta.call('leagues', LeaguesResponse);
    expect(b.source.cached).toBe(false);
    expect(b.data.data[0]?.name).toBe('Serie A');
    expect(a.data.data[0]?.name).toBe('Ligue 1');
    expect(upstream.sent).toHaveLength(2);
    // Each key then reads its own entry.
    expect((await alpha.call('leagues', LeaguesResponse)).data.data[0]?.name).toBe('Ligue 1');
    expect((await beta.call('leagues', LeaguesResponse)).data.data[0]?.name).toBe('Serie A');
    expect(upstream.sent).toHaveLength(2);
  });

  it('control: two clients with the same key sharing one cache do share entries', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    const cache = new ResponseCache();
    await clientFor(upstream, { cache }).call('leagues', LeaguesResponse);
    const second = await clientFor(upstream, { cache }).call('leagues', LeaguesResponse);
    expect(second.source.cached).toBe(true);
    expect(upstream.sent).toHaveLength(1);
  });

  it('a different base URL with the same key is a separate entry', async () => {
    upstream.pool.intercept({ path: '/v1/leagues', method: 'GET' }).reply(200, { data: [] });
    upstream.pool.intercept({ path: '/staging/v1/leagues', method: 'GET' }).reply(200, { data: [] });
    const cache = new ResponseCache();
    await clientFor(upstream, { cache }).call('leagues', LeaguesResponse);
    const staging = await clientFor(upstream, { cache, baseUrl: `${ORIGIN}/staging` }).call(
      'leagues',
      LeaguesResponse,
    );
    expect(staging.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a 500 is not cached: the next call goes upstream', async () => {
    upstream.pool.intercept(leagues).reply(500, {});
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    const client = clientFor(upstream, { retries: 0 });
    expect(await rejectionOf(client.call('leagues', LeaguesResponse))).toBeInstanceOf(UpstreamServerError);
    const result = await client.call('leagues', LeaguesResponse);
    expect(result.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a 404 is not cached: the next call goes upstream', async () => {
    upstream.pool.intercept({ path: '/v1/players/p9/history', method: 'GET' }).reply(404, {});
    upstream.pool.intercept({ path: '/v1/players/p9/history', method: 'GET' }).reply(200, { data: [] });
    const client = clientFor(upstream);
    const schema = ListResponse;
    expect(await rejectionOf(client.call('playerHistory', schema, { params: { id: 'p9' } }))).toBeInstanceOf(
      NotFoundError,
    );
    const result = await client.call('playerHistory', schema, { params: { id: 'p9' } });
    expect(result.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a body of the wrong shape is not cached', async () => {
    upstream.pool.intercept(leagues).reply(200, { nope: true });
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    const client = clientFor(upstream);
    await rejectionOf(client.call('leagues', LeaguesResponse));
    expect((await client.call('leagues', LeaguesResponse)).source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('TTL 0 for a kind disables caching for that kind only', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }).times(2);
    upstream.pool.intercept(rankings).reply(200, { data: [] });
    const client = clientFor(upstream, { cache: new ResponseCache({ ttlMs: { reference: 0 } }) });
    await client.call('leagues', LeaguesResponse);
    const again = await client.call('leagues', LeaguesResponse);
    expect(again.source.cached).toBe(false);
    await client.call('rankings', RankingsResponse);
    expect((await client.call('rankings', RankingsResponse)).source.cached).toBe(true);
    expect(upstream.sent).toHaveLength(3);
  });

  it('fresh: true bypasses the read and its answer refreshes the cache', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [{ name: 'Old' }] });
    upstream.pool.intercept(leagues).reply(200, { data: [{ name: 'New' }] });
    const client = clientFor(upstream);
    await client.call('leagues', LeaguesResponse);
    const fresh = await client.call('leagues', LeaguesResponse, { fresh: true });
    expect(fresh.source.cached).toBe(false);
    expect(fresh.data.data[0]?.name).toBe('New');
    const after = await client.call('leagues', LeaguesResponse);
    expect(after.source.cached).toBe(true);
    expect(after.data.data[0]?.name).toBe('New');
    expect(upstream.sent).toHaveLength(2);
  });

  it('an entry past maxEntries is evicted, oldest first', async () => {
    upstream.pool.intercept(rankings).reply(200, { data: [] }).times(4);
    const cache = new ResponseCache({ maxEntries: 2 });
    const client = clientFor(upstream, { cache });
    const call = (role: string) => client.call('rankings', RankingsResponse, { query: { role } });
    await call('a');
    await call('b');
    await call('c'); // evicts a, once written
    await cache.settled();
    expect((await call('c')).source.cached).toBe(true);
    expect((await call('a')).source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(4);
  });

  it('the client never stores the API key in a cache key', async () => {
    const store = new Map<string, unknown>();
    const cache = new ResponseCache({ store: new Keyv({ store }) });
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    await clientFor(upstream, { cache }).call('leagues', LeaguesResponse);
    await cache.settled();
    expect(store.size).toBe(1);
    for (const key of store.keys()) expect(key).not.toContain('key_secret_123');
  });

  it('a client without a configured key has its own partition (no key → never a cached answer)', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    const cache = new ResponseCache();
    await clientFor(upstream, { cache }).call('leagues', LeaguesResponse);
    const keyless = new ApiClient({
      baseUrl: ORIGIN,
      apiKey: undefined,
      dispatcher: upstream.dispatcher,
      cache,
    });
    const error = await rejectionOf(keyless.call('leagues', LeaguesResponse));
    expect((error as { kind?: string }).kind).toBe('unauthorized');
  });
});

describe('ResponseCache TTLs', () => {
  const entry = (body: unknown): CacheEntry => ({ body, fetched_at: '2026-01-01T00:00:00.000Z' });

  it('defaults: reference 24 h, computed 6 h, account 5 min', () => {
    expect(DEFAULT_TTLS_MS).toEqual({ reference: 86_400_000, computed: 21_600_000, account: 300_000 });
  });

  it('an entry expires after its kind TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T00:00:00.000Z'));
    const cache = new ResponseCache({ ttlMs: { account: 60_000 } });
    let calls = 0;
    const fetcher = async () => entry(++calls);
    await cache.getOrFetch('k', 'account', fetcher);
    vi.setSystemTime(new Date('2026-03-01T00:00:59.000Z'));
    expect(await cache.getOrFetch('k', 'account', fetcher)).toMatchObject({
      cached: true,
      entry: { body: 1 },
    });
    vi.setSystemTime(new Date('2026-03-01T00:01:01.000Z'));
    expect(await cache.getOrFetch('k', 'account', fetcher)).toMatchObject({
      cached: false,
      entry: { body: 2 },
    });
    expect(calls).toBe(2);
  });

  it('clear() empties the cache', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const fetcher = async () => entry(++calls);
    await cache.getOrFetch('k', 'computed', fetcher);
    await cache.clear();
    expect((await cache.getOrFetch('k', 'computed', fetcher)).cached).toBe(false);
    expect(calls).toBe(2);
  });
});

describe('ResponseCache writes behind the answer', () => {
  const entry = (body: unknown): CacheEntry => ({ body, fetched_at: '2026-01-01T00:00:00.000Z' });

  /** A store whose writes wait until `release` (a slow disk), and one that fails every write. */
  function slowStore() {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const map = new Map<string, unknown>();
    const store = new Keyv({
      store: {
        get: async (k: string) => map.get(k),
        set: async (k: string, v: unknown) => {
          await gate;
          map.set(k, v);
          return true;
        },
        delete: async (k: string) => map.delete(k),
        clear: async () => map.clear(),
      },
    });
    return { store, map, release };
  }

  it('answers a miss before the store has it, serves it as cached meanwhile, and settles the write', async () => {
    const { store, map, release } = slowStore();
    const cache = new ResponseCache({ store });
    let calls = 0;
    const fetcher = async () => entry(++calls);
    expect(await cache.getOrFetch('k', 'computed', fetcher)).toEqual({ entry: entry(1), cached: false });
    expect(map.size).toBe(0);
    expect(await cache.getOrFetch('k', 'computed', fetcher)).toEqual({ entry: entry(1), cached: true });
    expect(await cache.peek('k', 'computed')).toEqual(entry(1));
    const settled = cache.settled();
    release();
    await settled;
    expect(map.size).toBe(1);
    expect(await cache.getOrFetch('k', 'computed', fetcher)).toEqual({ entry: entry(1), cached: true });
    expect(calls).toBe(1);
  });

  it("a batch item's entry is put behind too: served at once, written once the store takes it", async () => {
    const { store, map, release } = slowStore();
    const cache = new ResponseCache({ store });
    cache.put('item', 'computed', entry('row'));
    expect(await cache.peek('item', 'computed')).toEqual(entry('row'));
    expect(map.size).toBe(0);
    const settled = cache.settled();
    release();
    await settled;
    expect(map.size).toBe(1);
    expect(await cache.peek('item', 'computed')).toEqual(entry('row'));
  });

  it('a failed write is not a failed call: the answer is given, the next call fetches again', async () => {
    const store = new Keyv({
      store: {
        get: async () => undefined,
        set: async () => {
          throw new Error('disk full');
        },
        delete: async () => true,
        clear: async () => undefined,
      },
    });
    store.on('error', () => {});
    const cache = new ResponseCache({ store });
    let calls = 0;
    const fetcher = async () => entry(++calls);
    expect((await cache.getOrFetch('k', 'computed', fetcher)).entry).toEqual(entry(1));
    await cache.settled();
    expect((await cache.getOrFetch('k', 'computed', fetcher)).entry).toEqual(entry(2));
  });
});

describe('BoundedMap', () => {
  it('evicts the oldest entries past maxEntries', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.get('a')).toBeUndefined();
  });

  it('setting an existing key makes it the newest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });

  it('maxEntries 0 keeps nothing', () => {
    const map = new BoundedMap<string, number>(0);
    map.set('a', 1);
    expect(map.size).toBe(0);
  });
});
