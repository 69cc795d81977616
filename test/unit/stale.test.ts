// Serving stale: past its TTL, a cached answer stands in for an upstream outage, never for a refusal.
import { describe, expect, it } from 'vitest';
import { type CacheEntry, ResponseCache } from '../../src/api/cache.js';
import {
  type ApiError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  UpstreamServerError,
} from '../../src/api/errors.js';

const entry = (body: unknown): CacheEntry => ({ body, fetched_at: '2026-03-01T00:00:00.000Z' });

function setup(staleMaxAgeMs: number) {
  let now = Date.parse('2026-03-01T00:00:00.000Z');
  const cache = new ResponseCache({ ttlMs: { computed: 60_000 }, staleMaxAgeMs, now: () => now });
  return {
    cache,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const failWith = (error: ApiError) => async (): Promise<CacheEntry> => {
  throw error;
};

describe('stale answers', () => {
  it.each([
    ['a 5xx', new UpstreamServerError(503)],
    ['a network error', new NetworkError(new Error('ECONNRESET'))],
    ['a timeout', new TimeoutError(100)],
  ])('serve an expired answer, marked stale with its age, on %s', async (_, error) => {
    const { cache, advance } = setup(3600_000);
    await cache.getOrFetch('k', 'computed', async () => entry(1));
    advance(90_000);
    const lookup = await cache.getOrFetch('k', 'computed', failWith(error));
    expect(lookup).toEqual({ entry: entry(1), cached: true, stale: { age_s: 90 } });
  });

  it.each([
    ['a 404', new NotFoundError()],
    ['a 429', new RateLimitedError(null)],
  ])('never stand in for %s', async (_, error) => {
    const { cache, advance } = setup(3600_000);
    await cache.getOrFetch('k', 'computed', async () => entry(1));
    advance(90_000);
    await expect(cache.getOrFetch('k', 'computed', failWith(error))).rejects.toBe(error);
  });

  it('are not served past the maximum age, nor when it is 0', async () => {
    for (const maxAge of [0, 30_000]) {
      const { cache, advance } = setup(maxAge);
      await cache.getOrFetch('k', 'computed', async () => entry(1));
      advance(60_000 + maxAge + 1000);
      const error = new UpstreamServerError(502);
      await expect(cache.getOrFetch('k', 'computed', failWith(error))).rejects.toBe(error);
    }
  });

  it('do not stop a healthy upstream from refreshing an expired answer', async () => {
    const { cache, advance } = setup(3600_000);
    await cache.getOrFetch('k', 'computed', async () => entry(1));
    advance(90_000);
    expect(await cache.getOrFetch('k', 'computed', async () => entry(2))).toEqual({
      entry: entry(2),
      cached: false,
    });
    advance(1000);
    expect(await cache.getOrFetch('k', 'computed', failWith(new TimeoutError(1)))).toEqual({
      entry: entry(2),
      cached: true,
    });
  });
});
