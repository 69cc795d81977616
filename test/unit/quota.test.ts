import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  NotFoundError,
  QuotaExhaustedError,
  RateLimitedError,
  UnauthorizedError,
} from '../../src/api/errors.js';
import { QuotaTracker } from '../../src/api/quota.js';
import { LeaguesResponse, RankingsResponse } from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';
import { clientFor, mockUpstream, rejectionOf, type Upstream } from './helpers.js';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const RESET = '2026-03-02T00:00:00.000Z';
/** The UTC midnight after T0: the reset assumed when a spent quota gives none. */
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

function rate(limit: string, remaining: string, reset = RESET) {
  return {
    headers: { 'x-ratelimit-limit': limit, 'x-ratelimit-remaining': remaining, 'x-ratelimit-reset': reset },
  };
}

describe('QuotaTracker reading headers', () => {
  it('starts empty', () => {
    expect(tracker.current()).toEqual({
      limit: null,
      remaining: null,
      reset: null,
      unlimited: false,
      observed_at: null,
    });
    expect(() => tracker.assertAvailable()).not.toThrow();
  });

  it('answers arriving out of order never raise what is left within one quota period', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 1 }), (order) => {
        const seen = new QuotaTracker(() => now);
        for (const left of order) seen.observe(200, rate('10', String(left)).headers);
        expect(seen.current().remaining).toBe(Math.min(...order));
        // A new period (another reset) is taken as it comes.
        seen.observe(200, rate('10', '9', '2026-03-03T00:00:00.000Z').headers);
        expect(seen.current().remaining).toBe(9);
      }),
      propertyRuns('quota out of order', 50),
    );
  });

  it('reads limit, remaining and an ISO reset, stamped with the injected clock', () => {
    tracker.observe(200, rate('10000', '9876').headers);
    expect(tracker.current()).toEqual({
      limit: 10000,
      remaining: 9876,
      reset: RESET,
      unlimited: false,
      observed_at: '2026-03-01T12:00:00.000Z',
    });
  });

  it('normalises an ISO reset with an offset to UTC', () => {
    tracker.observe(200, rate('10', '5', '2026-03-02T01:00:00+01:00').headers);
    expect(tracker.current().reset).toBe(RESET);
  });

  it('accepts an epoch-seconds reset', () => {
    tracker.observe(200, rate('10', '5', String(Date.parse(RESET) / 1000)).headers);
    expect(tracker.current().reset).toBe(RESET);
  });

  it('reads header values given as arrays', () => {
    tracker.observe(200, { 'x-ratelimit-limit': ['100', '100'], 'x-ratelimit-remaining': ['7'] });
    expect(tracker.current()).toMatchObject({ limit: 100, remaining: 7 });
  });

  for (const word of ['unlimited', 'Unlimited', 'none', 'infinity', '-1']) {
    it(`"${word}" means unlimited: limit and remaining null`, () => {
      tracker.observe(200, rate('10000', '10').headers);
      tracker.observe(200, rate(word, word).headers);
      expect(tracker.current()).toMatchObject({ limit: null, remaining: null, unlimited: true });
      expect(() => tracker.assertAvailable()).not.toThrow();
    });
  }

  it('keeps the last good reset beside an unreadable one, and keeps what could not be read', () => {
    tracker.observe(200, rate('10', '5').headers);
    tracker.observe(200, rate('10', '4', 'tomorrow-ish').headers);
    expect(tracker.current()).toMatchObject({ remaining: 4, reset: RESET, reset_unreadable: 'tomorrow-ish' });
  });

  it('a response without rate headers changes nothing', () => {
    tracker.observe(200, rate('10', '5').headers);
    const before = tracker.current();
    now += 1000;
    tracker.observe(200, { 'content-type': 'application/json' });
    expect(tracker.current()).toEqual(before);
  });

  it('a 429 without rate headers means remaining 0 (and keeps the known reset)', () => {
    tracker.observe(200, rate('10', '3').headers);
    tracker.observe(429, {});
    expect(tracker.current()).toMatchObject({ remaining: 0, reset: RESET });
    expect(() => tracker.assertAvailable()).toThrow(QuotaExhaustedError);
  });

  it('a 401 is not read at all, even when it says remaining 0', () => {
    tracker.observe(200, rate('10', '3').headers);
    tracker.observe(401, rate('0', '0').headers);
    expect(tracker.current()).toMatchObject({ limit: 10, remaining: 3 });
    expect(() => tracker.assertAvailable()).not.toThrow();
  });

  it('refuses while remaining is 0 and the reset is ahead; allows once the clock passes it', () => {
    tracker.observe(200, rate('10', '0').headers);
    const error = (() => {
      try {
        tracker.assertAvailable();
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(QuotaExhaustedError);
    expect((error as QuotaExhaustedError).resetAt).toBe(RESET);
    now = Date.parse(RESET) + 1;
    expect(() => tracker.assertAvailable()).not.toThrow();
  });

  it('remaining 0 without any reset does not refuse (nothing tells when to try again)', () => {
    tracker.observe(200, { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0' });
    expect(() => tracker.assertAvailable()).not.toThrow();
  });
});

describe('ApiClient and the quota', () => {
  it('reads X-RateLimit-* from a 200 and returns them with the data', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '9999'));
    const result = await clientFor(upstream, { quota: tracker }).call('leagues', LeaguesResponse);
    expect(result.quota).toMatchObject({ limit: 10000, remaining: 9999, reset: RESET, unlimited: false });
  });

  it('reads X-RateLimit-* from an error response (a 404 carrying remaining 5)', async () => {
    upstream.pool.intercept(leagues).reply(404, {}, rate('10000', '5'));
    const client = clientFor(upstream, { quota: tracker });
    expect(await rejectionOf(client.call('leagues', LeaguesResponse))).toBeInstanceOf(NotFoundError);
    expect(client.quota.current()).toMatchObject({ limit: 10000, remaining: 5, reset: RESET });
  });

  it('reads unlimited plans', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('unlimited', 'unlimited'));
    const result = await clientFor(upstream, { quota: tracker }).call('leagues', LeaguesResponse);
    expect(result.quota).toMatchObject({ limit: null, remaining: null, unlimited: true });
  });

  it('a 429 carries the reset time it announced', async () => {
    upstream.pool.intercept(leagues).reply(429, {}, rate('10000', '0'));
    const error = await rejectionOf(clientFor(upstream, { quota: tracker }).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).resetAt).toBe(RESET);
  });

  it('after remaining 0 with a future reset, the next call is refused locally and nothing is sent', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '0'));
    upstream.pool.intercept(rankings).reply(200, { data: [] }, rate('10000', '0')).persist();
    const client = clientFor(upstream, { quota: tracker });
    const first = await client.call('leagues', LeaguesResponse);
    expect(first.quota.remaining).toBe(0);
    const error = await rejectionOf(
      client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } }),
    );
    expect(error).toBeInstanceOf(QuotaExhaustedError);
    expect((error as QuotaExhaustedError).resetAt).toBe(RESET);
    expect(upstream.sent).toHaveLength(1);
  });

  it('once the injected clock passes the reset, requests go out again', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '0'));
    upstream.pool
      .intercept(rankings)
      .reply(200, { data: [] }, rate('10000', '9999', '2026-03-03T00:00:00.000Z'));
    const client = clientFor(upstream, { quota: tracker });
    await client.call('leagues', LeaguesResponse);
    now = Date.parse(RESET) + 1_000;
    const result = await client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } });
    expect(result.quota.remaining).toBe(9999);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a later response saying remaining > 0 lifts the refusal', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '0'));
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('20000', '15000'));
    upstream.pool.intercept(rankings).reply(200, { data: [] }, rate('20000', '14999'));
    const client = clientFor(upstream, { quota: tracker });
    await client.call('leagues', LeaguesResponse);
    // A probe learns early of a new plan...
    const probed = await client.call('leagues', LeaguesResponse, { probe: true, fresh: true });
    expect(probed.quota).toMatchObject({ limit: 20000, remaining: 15000 });
    // ...and ordinary calls go out again, the clock still before the old reset.
    const result = await client.call('rankings', RankingsResponse, { query: { role: 'mezzala' } });
    expect(result.quota.remaining).toBe(14999);
    expect(upstream.sent).toHaveLength(3);
  });

  it("a 401 response's headers (remaining 0) do not latch: the next call goes out", async () => {
    upstream.pool.intercept(leagues).reply(401, {}, rate('0', '0'));
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '42'));
    const client = clientFor(upstream, { quota: tracker });
    expect(await rejectionOf(client.call('leagues', LeaguesResponse))).toBeInstanceOf(UnauthorizedError);
    const result = await client.call('leagues', LeaguesResponse);
    expect(result.quota.remaining).toBe(42);
    expect(upstream.sent).toHaveLength(2);
  });

  it('probe: true sends even while the local quota says 0', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '0'));
    upstream.pool.intercept(rankings).reply(200, { data: [] }, rate('10000', '0'));
    const client = clientFor(upstream, { quota: tracker });
    await client.call('leagues', LeaguesResponse);
    const result = await client.call('rankings', RankingsResponse, { probe: true });
    expect(result.source.cached).toBe(false);
    expect(upstream.sent).toHaveLength(2);
  });

  it('cache hits are still served while the quota is exhausted', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [{ name: 'Ligue 1' }] }, rate('10000', '0'));
    const client = clientFor(upstream, { quota: tracker });
    const first = await client.call('leagues', LeaguesResponse);
    const second = await client.call('leagues', LeaguesResponse);
    expect(second.source.cached).toBe(true);
    expect(second.data).toEqual(first.data);
    expect(second.quota.remaining).toBe(0);
    expect(upstream.sent).toHaveLength(1);
  });

  it('fresh: true does not bypass the local refusal', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }, rate('10000', '0')).persist();
    const client = clientFor(upstream, { quota: tracker });
    await client.call('leagues', LeaguesResponse);
    const error = await rejectionOf(client.call('leagues', LeaguesResponse, { fresh: true }));
    expect(error).toBeInstanceOf(QuotaExhaustedError);
    expect(upstream.sent).toHaveLength(1);
  });
});

// A 429 of the spent daily quota that gives no X-RateLimit-Reset: the quota is daily, so the client
// assumes it resets at the next UTC midnight and refuses locally until then, instead of sending every call.
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
