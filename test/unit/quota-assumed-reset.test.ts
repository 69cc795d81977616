// A 429 of the spent daily quota that gives no X-RateLimit-Reset: the quota is daily, so the client
// assumes it resets at the next UTC midnight and refuses locally until then, instead of sending every call.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuotaExhaustedError, RateLimitedError } from '../../src/api/errors.js';
import { QuotaTracker } from '../../src/api/quota.js';
import { LeaguesResponse, RankingsResponse } from '../../src/api/schemas.js';
import { clientFor, mockUpstream, rejectionOf, type Upstream } from './helpers.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const MIDNIGHT = '2026-03-02T00:00:00.000Z';

let upstream: Upstream;
let now: number;
let tracker: QuotaTracker;

beforeEach(() => {
  upstream = mockUpstream();
  now = T0;
  tracker = new QuotaTracker(() => now);
});

afterEach(async () => {
  await upstream.agent.close();
});

const leagues = { path: '/v1/leagues', method: 'GET' } as const;
const rankings = { path: /^\/v1\/rankings/, method: 'GET' } as const;
const SPENT_NO_RESET = { headers: { 'x-ratelimit-limit': '10000', 'x-ratelimit-remaining': '0' } };

describe('a 429 at remaining 0 without X-RateLimit-Reset', () => {
  it('assumes the next UTC midnight: the next call is refused locally, naming that time', async () => {
    upstream.pool.intercept(leagues).reply(429, {}, SPENT_NO_RESET);
    upstream.pool.intercept(rankings).reply(200, { data: [] }).persist();
    const client = clientFor(upstream, { quota: tracker });
    const first = await rejectionOf(client.call('leagues', LeaguesResponse));
    expect(first).toBeInstanceOf(RateLimitedError);
    expect((first as RateLimitedError).resetAt).toBe(MIDNIGHT);

    now += 3_600_000;
    const refused = await rejectionOf(
      client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } }),
    );
    expect(refused).toBeInstanceOf(QuotaExhaustedError);
    expect((refused as QuotaExhaustedError).resetAt).toBe(MIDNIGHT);
    expect((refused as QuotaExhaustedError).assumed).toBe(true);
    expect((refused as QuotaExhaustedError).message).toContain(MIDNIGHT);
    expect((refused as QuotaExhaustedError).message).toMatch(/assum/);
    expect(upstream.sent).toHaveLength(1);
    expect(client.quota.current()).toMatchObject({ remaining: 0, reset: MIDNIGHT, reset_assumed: true });
  });

  it('sends again once the clock passes the assumed reset', async () => {
    upstream.pool.intercept(leagues).reply(429, {}, SPENT_NO_RESET);
    upstream.pool
      .intercept(rankings)
      .reply(200, { data: [] }, { headers: { 'x-ratelimit-remaining': '9999' } });
    const client = clientFor(upstream, { quota: tracker });
    await rejectionOf(client.call('leagues', LeaguesResponse));
    now = Date.parse(MIDNIGHT) + 1;
    const result = await client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } });
    expect(result.quota.remaining).toBe(9999);
    expect(result.quota.reset_assumed).toBeUndefined();
    expect(upstream.sent).toHaveLength(2);
  });

  it('a 429 with no rate headers at all (and no Retry-After) assumes the same', async () => {
    upstream.pool.intercept(leagues).reply(429, {});
    const client = clientFor(upstream, { quota: tracker });
    await rejectionOf(client.call('leagues', LeaguesResponse));
    expect(await rejectionOf(client.call('leagues', LeaguesResponse, { fresh: true }))).toBeInstanceOf(
      QuotaExhaustedError,
    );
    expect(upstream.sent).toHaveLength(1);
  });

  it('a reset already past is no reset: the next midnight is assumed', () => {
    tracker.observe(200, { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '2026-03-01T00:00:00.000Z' });
    tracker.observe(429, SPENT_NO_RESET.headers);
    expect(tracker.current()).toMatchObject({ remaining: 0, reset: MIDNIGHT, reset_assumed: true });
    expect(() => tracker.assertAvailable()).toThrow(QuotaExhaustedError);
  });

  it('a reset the API gives is used as given, not assumed', () => {
    tracker.observe(429, { ...SPENT_NO_RESET.headers, 'x-ratelimit-reset': '2026-03-01T18:00:00.000Z' });
    expect(tracker.current()).toMatchObject({ reset: '2026-03-01T18:00:00.000Z' });
    expect(tracker.current().reset_assumed).toBeUndefined();
  });

  it('a future reset learned earlier is kept, not replaced by an assumption', () => {
    tracker.observe(200, { 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '2026-03-01T20:00:00.000Z' });
    tracker.observe(429, SPENT_NO_RESET.headers);
    expect(tracker.current()).toMatchObject({ remaining: 0, reset: '2026-03-01T20:00:00.000Z' });
    expect(tracker.current().reset_assumed).toBeUndefined();
  });

  it('a burst 429 (Retry-After, no quota headers) still latches nothing', () => {
    tracker.observe(429, { 'retry-after': '2' });
    expect(tracker.current().reset).toBeNull();
    expect(() => tracker.assertAvailable()).not.toThrow();
  });

  it('a 200 at remaining 0 without a reset still does not refuse (the next answer will say)', () => {
    tracker.observe(200, SPENT_NO_RESET.headers);
    expect(() => tracker.assertAvailable()).not.toThrow();
  });
});
