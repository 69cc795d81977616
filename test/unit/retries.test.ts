import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  type ApiError,
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
  UpstreamServerError,
} from '../../src/api/errors.js';
import { LeaguesResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { clientFor, rejectionOf, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const LEAGUES = { data: [{ name: 'Ligue 1' }] };
const leagues = { path: '/v1/leagues', method: 'GET' } as const;

describe('retries on 5xx and network errors', () => {
  for (const status of [500, 502, 503, 504]) {
    it(`${status} is retried twice, then UpstreamServerError (3 requests)`, async () => {
      upstream.pool.intercept(leagues).reply(status, { error: 'down' }).times(3);
      const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
      expect(error).toBeInstanceOf(UpstreamServerError);
      expect((error as ApiError).status).toBe(status);
      expect(upstream.sent).toHaveLength(3);
      upstream.agent.assertNoPendingInterceptors();
    });
  }

  it('a 503 then a 200 succeeds on the second attempt', async () => {
    upstream.pool.intercept(leagues).reply(503, {});
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(result.data.data[0]?.name).toBe('Ligue 1');
    expect(upstream.sent).toHaveLength(2);
  });

  it('retries a POST on 5xx too, with the same body', async () => {
    upstream.pool.intercept({ path: '/v1/scouting', method: 'POST' }).reply(502, {});
    upstream.pool.intercept({ path: '/v1/scouting', method: 'POST' }).reply(200, { data: [] });
    await clientFor(upstream).call('scouting', ScoutingResponse, { body: { roles: ['mezzala'] } });
    expect(upstream.sent.map((r) => r.body)).toEqual(['{"roles":["mezzala"]}', '{"roles":["mezzala"]}']);
  });

  it('a network error is retried, and the next attempt can succeed', async () => {
    upstream.pool.intercept(leagues).replyWithError(new Error('boom'));
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
    expect(upstream.events.map((e) => e.status)).toEqual(['network', 200]);
  });

  it('persistent network errors end in NetworkError after 3 attempts', async () => {
    upstream.pool.intercept(leagues).replyWithError(new Error('boom')).times(3);
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(NetworkError);
    expect(upstream.sent).toHaveLength(3);
  });

  it('retries: 0 sends exactly one request', async () => {
    upstream.pool.intercept(leagues).reply(500, {}).times(3);
    const error = await rejectionOf(clientFor(upstream, { retries: 0 }).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(UpstreamServerError);
    expect(upstream.sent).toHaveLength(1);
  });

  it('retries: 1 sends exactly two requests', async () => {
    upstream.pool.intercept(leagues).reply(500, {}).times(3);
    await rejectionOf(clientFor(upstream, { retries: 1 }).call('leagues', LeaguesResponse));
    expect(upstream.sent).toHaveLength(2);
  });
});

describe('statuses that are never retried', () => {
  const cases = [
    { status: 400, type: BadRequestError },
    { status: 401, type: UnauthorizedError },
    { status: 403, type: ForbiddenError },
    { status: 404, type: NotFoundError },
  ] as const;
  for (const { status, type } of cases) {
    it(`${status} is not retried (1 request)`, async () => {
      upstream.pool
        .intercept(leagues)
        .reply(status, {}, { headers: { 'retry-after': '0' } })
        .times(3);
      const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
      expect(error).toBeInstanceOf(type);
      expect(upstream.sent).toHaveLength(1);
    });
  }

  it('a 429 with the daily quota at 0 is not retried, even with Retry-After', async () => {
    const spent = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'retry-after': '0' };
    upstream.pool.intercept(leagues).reply(429, {}, { headers: spent }).times(3);
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).daily).toBe(true);
    expect(upstream.sent).toHaveLength(1);
  });

  it('a 200 with an unreadable body is not retried', async () => {
    upstream.pool.intercept(leagues).reply(200, 'not json').times(3);
    await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(upstream.sent).toHaveLength(1);
  });
});

describe('burst 429s (quota left, or no quota headers and a Retry-After)', () => {
  it('with quota left and Retry-After, waits and retries', async () => {
    const left = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '42', 'retry-after': '0' };
    upstream.pool.intercept(leagues).reply(429, {}, { headers: left });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });

  it('without quota headers, does not lock the key out: the next call is sent', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(429, {}, { headers: { 'retry-after': '0' } })
      .times(2);
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const client = clientFor(upstream, { retries: 1 });
    const error = await rejectionOf(client.call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).daily).toBe(false);
    expect(client.quota.current().remaining).not.toBe(0);
    expect((await client.call('leagues', LeaguesResponse, { fresh: true })).data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(3);
  });
});

describe('Retry-After', () => {
  // With retryBaseMs far above maxRetryAfterMs the computed backoff alone ends the retries, so a
  // second request can only come from the client honouring the server's Retry-After.
  const slowBackoff = { retryBaseMs: 60_000, maxRetryAfterMs: 1_000 };

  it('control: without Retry-After, a backoff longer than maxRetryAfterMs ends the retries', async () => {
    upstream.pool.intercept(leagues).reply(503, {});
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const error = await rejectionOf(clientFor(upstream, slowBackoff).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(UpstreamServerError);
    expect(upstream.sent).toHaveLength(1);
  });

  it('Retry-After: 0 (seconds) is honoured: the retry goes out and succeeds', async () => {
    upstream.pool.intercept(leagues).reply(503, {}, { headers: { 'retry-after': '0' } });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream, slowBackoff).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });

  it('Retry-After as an HTTP date in the past means retry now', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(503, {}, { headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    await clientFor(upstream, slowBackoff).call('leagues', LeaguesResponse);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a Retry-After longer than maxRetryAfterMs stops the retries at once', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(503, {}, { headers: { 'retry-after': '3600' } })
      .times(3);
    const error = await rejectionOf(
      clientFor(upstream, { maxRetryAfterMs: 5_000 }).call('leagues', LeaguesResponse),
    );
    expect(error).toBeInstanceOf(UpstreamServerError);
    expect((error as ApiError).status).toBe(503);
    expect(upstream.sent).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('an attempt slower than timeoutMs ends in TimeoutError after the retries (3 attempts)', async () => {
    upstream.pool.intercept(leagues).reply(200, LEAGUES).delay(2_000).times(3);
    const error = await rejectionOf(clientFor(upstream, { timeoutMs: 20 }).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as ApiError).kind).toBe('timeout');
    expect(upstream.sent).toHaveLength(3);
    expect(upstream.events.map((e) => e.status)).toEqual(['timeout', 'timeout', 'timeout']);
  });

  it('a dispatcher slow to get ready (undici loading on the first request) does not eat the timeout', async () => {
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    // Like lazyPool: the first request waits for the dispatcher to load.
    let loading: Promise<void> | undefined;
    const ready = () => {
      loading ??= sleep(100);
      return loading;
    };
    const slowToLoad = {
      request: async (options: Dispatcher.RequestOptions) => {
        await ready();
        return upstream.dispatcher.request(options);
      },
      close: async () => {},
      ready,
    };
    const client = clientFor(upstream, { timeoutMs: 20, retries: 0, dispatcher: slowToLoad });
    const result = await client.call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(1);
  });

  it('a timeout followed by a prompt answer succeeds', async () => {
    upstream.pool.intercept(leagues).reply(200, LEAGUES).delay(2_000);
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream, { timeoutMs: 20 }).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });
});
