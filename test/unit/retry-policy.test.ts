// When the client asks again: a gateway's error page like any 5xx, a burst 429 waited out (its
// Retry-After in seconds or as an HTTP date, measured against the answer's own clock), the daily quota
// never waited unless its reset is at hand; and what it says when retries run out.
import { describe, expect, it } from 'vitest';
import { RateLimitedError, UpstreamServerError } from '../../src/api/errors.js';
import { retryAfterMs, retryDelayMs } from '../../src/api/retry-policy.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { clientFor, rejectionOf, useMockUpstream } from './helpers.js';

const leagues = { path: '/v1/leagues', method: 'GET' } as const;
const LEAGUES = { data: [{ name: 'Ligue 1' }] };
const PAGE = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
const HTML = { 'content-type': 'text/html' };
const logger = createLogger('silent');

const upstream = useMockUpstream();

describe("a gateway's error page", () => {
  it.each([502, 503, 504])('an HTML %s is retried, and the next answer read', async (status) => {
    upstream.pool.intercept(leagues).reply(status, PAGE, { headers: HTML });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });

  it('when retries run out, the error says the gateway failed, with its status; never "not JSON"', async () => {
    upstream.pool.intercept(leagues).reply(502, PAGE, { headers: HTML }).times(3);
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(UpstreamServerError);
    expect((error as UpstreamServerError).message).toBe('upstream gateway failed (HTTP 502)');
    const text = errorText(error, logger);
    expect(text).toMatch(/gateway in front of the Football API failed \(HTTP 502\)/);
    expect(text).not.toMatch(/not JSON|BASE_URL/);
    expect(upstream.sent).toHaveLength(3);
  });

  it.each([520, 522, 524, 599])('a %s (a CDN in front) is retried like any 5xx', async (status) => {
    upstream.pool.intercept(leagues).reply(status, PAGE, { headers: HTML });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a 501 (not implemented) is not retried: the same request cannot be served', async () => {
    upstream.pool.intercept(leagues).reply(501, {}).times(3);
    await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(upstream.sent).toHaveLength(1);
  });
});

describe('a burst 429', () => {
  const left = { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '42' };

  it("waits out an HTTP-date Retry-After measured against the answer's Date, whatever the local clock", async () => {
    // The server's clock is an hour ahead of ours: against our clock the date is an hour away (past
    // any wait allowed, so a healthy API would look broken); against the answer's own Date, 1 s.
    const served = Date.now() + 3_600_000;
    const headers = {
      ...left,
      date: new Date(served).toUTCString(),
      'retry-after': new Date(Math.floor(served / 1000) * 1000 + 1000).toUTCString(),
    };
    expect(retryAfterMs(headers)).toBe(1000);
    upstream.pool.intercept(leagues).reply(429, {}, { headers });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const started = Date.now();
    const result = await clientFor(upstream, { maxRetryAfterMs: 5_000 }).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(upstream.sent).toHaveLength(2);
  });

  it('without Retry-After, but with quota left, is retried with backoff', async () => {
    upstream.pool.intercept(leagues).reply(429, {}, { headers: left });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const result = await clientFor(upstream).call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });

  it('a Retry-After longer than maxRetryAfterMs is not waited: the error says burst and the wait', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(429, {}, { headers: { ...left, 'retry-after': '30' } })
      .times(3);
    const error = await rejectionOf(
      clientFor(upstream, { maxRetryAfterMs: 1_000 }).call('leagues', LeaguesResponse),
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).daily).toBe(false);
    expect(errorText(error, logger)).toContain(
      'asked to wait 30 s before the next request, longer than this server waits',
    );
    expect(upstream.sent).toHaveLength(1);
  });
});

describe('the daily quota stays the daily quota', () => {
  it('a 429 at remaining 0 with its reset hours away is the daily error with the reset, not waited', async () => {
    const reset = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const spent = {
      'x-ratelimit-limit': '100',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': reset,
      'retry-after': '1',
    };
    upstream.pool.intercept(leagues).reply(429, {}, { headers: spent }).times(3);
    const error = await rejectionOf(clientFor(upstream).call('leagues', LeaguesResponse));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).daily).toBe(true);
    expect((error as RateLimitedError).resetAt).toBe(reset);
    expect(upstream.sent).toHaveLength(1);
  });

  it('a 429 at remaining 0 whose reset is a second away (a window, in seconds) is waited out', async () => {
    const window = { 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' };
    upstream.pool.intercept(leagues).reply(429, {}, { headers: window });
    upstream.pool.intercept(leagues).reply(200, LEAGUES);
    const client = clientFor(upstream, { maxRetryAfterMs: 5_000 });
    const result = await client.call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });
});

describe('retryDelayMs, for other callers (doctor)', () => {
  const quota = { limit: 100, remaining: 50, reset: null, unlimited: false, observed_at: null };
  const policy = { retries: 2, retryBaseMs: 100, maxRetryAfterMs: 2_000 };

  it('gives the Retry-After of a burst, nothing once the retries are spent', () => {
    const answer = { status: 429, headers: { 'retry-after': '1' }, quota };
    expect(retryDelayMs(answer, 0, policy)).toBe(1000);
    expect(retryDelayMs(answer, 2, policy)).toBeUndefined();
  });

  it('uncountedOnly: a gateway 5xx and a burst 429 yes; a counted 5xx, a network error no', () => {
    const only = { ...policy, uncountedOnly: true };
    expect(retryDelayMs({ status: 502, headers: {}, quota }, 0, only)).toBeDefined();
    expect(retryDelayMs({ status: 429, headers: { 'retry-after': '0' }, quota }, 0, only)).toBe(0);
    const counted = { 'x-ratelimit-remaining': '49' };
    expect(retryDelayMs({ status: 500, headers: counted, quota }, 0, only)).toBeUndefined();
    expect(retryDelayMs('network', 0, only)).toBeUndefined();
  });
});
