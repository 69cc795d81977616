// The run's tally of upstream requests, counted by the client: each HTTP request sent (retries too),
// each answer given without one (the cache, an identical request in flight, a stale answer on an outage).
import { describe, expect, it, vi } from 'vitest';
import { ResponseCache } from '../../src/api/cache.js';
import { BadRequestError, NotCachedError } from '../../src/api/errors.js';
import { cacheOnly, retriesSpent, tallyRequests } from '../../src/api/request-tally.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { fetchFits } from '../../tools/kit/fits.js';
import { clientFor, JSON_HEADERS, rejectionOf, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const leagues = { path: '/v1/leagues', method: 'GET' } as const;
const LEAGUES = { data: [{ name: 'Ligue 1' }] };
const signal = new AbortController().signal;

describe('the request tally', () => {
  it('counts each attempt sent, retries included, and a cached answer as from the cache', async () => {
    upstream.pool.intercept(leagues).reply(503, {});
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const api = clientFor(upstream);
    const cold = await tallyRequests(() => api.call('leagues', LeaguesResponse));
    expect(cold.requests).toEqual({ sent: 2, from_cache: 0 });
    const warm = await tallyRequests(() => api.call('leagues', LeaguesResponse));
    expect(warm.requests).toEqual({ sent: 0, from_cache: 1 });
    expect(upstream.sent).toHaveLength(2);
  });

  it('counts a refused request as sent: the upstream answered it', async () => {
    upstream.pool.intercept(leagues).reply(400, { error: 'bad', param: 'x' });
    const api = clientFor(upstream);
    const { requests } = await tallyRequests(async () => {
      expect(await rejectionOf(api.call('leagues', LeaguesResponse))).toBeInstanceOf(BadRequestError);
    });
    expect(requests).toEqual({ sent: 1, from_cache: 0 });
  });

  it('counts a stale answer served on a 5xx both ways: the attempts sent, the answer from the cache', async () => {
    let now = Date.parse('2026-03-01T00:00:00.000Z');
    const cache = new ResponseCache({
      ttlMs: { reference: 60_000 },
      staleMaxAgeMs: 3600_000,
      now: () => now,
    });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    upstream.pool.intercept(leagues).reply(503, {}).times(3);
    const api = clientFor(upstream, { cache });
    await api.call('leagues', LeaguesResponse);
    await cache.settled();
    now += 120_000;
    const { value, requests } = await tallyRequests(() => api.call('leagues', LeaguesResponse));
    expect(value.source.stale).toBe(true);
    expect(requests).toEqual({ sent: 3, from_cache: 1 });
    expect(upstream.sent).toHaveLength(4);
  });

  it('counts an answer shared with an identical request in flight as from the cache, in the run that joined', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Requests wait here until released: the first run's request is surely in flight when the second asks.
    let arrived = 0;
    const dispatcher = upstream.dispatcher.compose((dispatch) => (opts, handler) => {
      arrived += 1;
      void held.then(() => dispatch(opts, handler));
      return true;
    });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const api = clientFor(upstream, { dispatcher });
    const first = tallyRequests(() => api.call('leagues', LeaguesResponse));
    await vi.waitFor(() => expect(arrived).toBe(1));
    const second = tallyRequests(() => api.call('leagues', LeaguesResponse));
    release();
    expect((await first).requests).toEqual({ sent: 1, from_cache: 0 });
    expect((await second).requests).toEqual({ sent: 0, from_cache: 1 });
    expect(upstream.sent).toHaveLength(1);
  });

  it('counts a batch whose every item is cached as one answer from the cache', async () => {
    upstream.pool.intercept({ path: '/v1/fit-score', method: 'POST' }).reply(
      200,
      { data: [{ player_id: 'p1', service_id: 'ds_p1', name: 'P', fits: [] }] },
      {
        headers: JSON_HEADERS,
      },
    );
    const api = clientFor(upstream);
    const cold = await tallyRequests(() => fetchFits(api, { player_ids: ['p1'], club: 'FC Lens' }, signal));
    expect(cold.requests).toEqual({ sent: 1, from_cache: 0 });
    const warm = await tallyRequests(() => fetchFits(api, { player_ids: ['p1'], club: 'FC Lens' }, signal));
    expect(warm.requests).toEqual({ sent: 0, from_cache: 1 });
  });

  it('keeps runs apart, and counts nothing outside a run', async () => {
    upstream.pool.intercept(leagues).reply(200, LEAGUES).persist();
    const api = clientFor(upstream, { cache: new ResponseCache({ maxEntries: 0 }) });
    await api.call('leagues', LeaguesResponse);
    const [a, b] = await Promise.all([
      tallyRequests(() => api.call('leagues', LeaguesResponse)),
      tallyRequests(async () => {
        await api.call('leagues', LeaguesResponse);
        await api.call('leagues', LeaguesResponse);
      }),
    ]);
    expect(a.requests.sent + a.requests.from_cache).toBe(1);
    expect(b.requests.sent + b.requests.from_cache).toBe(2);
  });

  it('names each retry with what the attempt before it met', async () => {
    upstream.pool.intercept(leagues).reply(503, {});
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const api = clientFor(upstream);
    const { value } = await tallyRequests(async () => {
      await api.call('leagues', LeaguesResponse);
      return retriesSpent();
    });
    expect(value).toEqual([{ route: 'leagues', after: 'a 503' }]);
  });

  it('answers from the cache only when asked: a cached answer is given, the rest refused unsent and counted', async () => {
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const teams = { path: '/v1/teams?league=Ligue+1', method: 'GET' } as const;
    upstream.pool.intercept(teams).reply(200, { data: [] });
    const api = clientFor(upstream);
    await api.call('leagues', LeaguesResponse);
    const look = await cacheOnly(async () => {
      const cached = await api.call('leagues', LeaguesResponse);
      const missing = await rejectionOf(api.call('teams', LeaguesResponse, { query: { league: 'Ligue 1' } }));
      return { cached, missing };
    });
    expect(look.value?.cached.source.cached).toBe(true);
    expect(look.value?.missing).toBeInstanceOf(NotCachedError);
    expect(look).toMatchObject({ missed: 1, requests: { sent: 0, from_cache: 1 } });
    expect(upstream.sent).toHaveLength(1);
    // Outside the look, the same request is sent as usual.
    await api.call('teams', LeaguesResponse, { query: { league: 'Ligue 1' } });
    expect(upstream.sent).toHaveLength(2);
  });
});
