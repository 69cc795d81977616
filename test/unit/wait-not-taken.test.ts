// A Retry-After longer than the client waits: the server neither waits nor asks again, and says so
// (with when the API expects requests again), instead of "even after waiting as it asked".
import { expect, it } from 'vitest';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createLogger } from '../../src/log.js';
import { errorText } from '../../src/mcp/result.js';
import { clientFor, JSON_HEADERS, rejectionOf, useMockUpstream } from './helpers.js';

const leagues = { path: '/v1/leagues', method: 'GET' } as const;
const logger = createLogger('silent');
const upstream = useMockUpstream();

it.each([
  ['a burst 429', 429, { 'x-ratelimit-remaining': '40' }, /HTTP 429\), not the daily quota/],
  ['a 503', 503, {}, /failing \(HTTP 503\)/],
])(
  '%s asking for 999 999 s: one request, and the words say the server did not wait',
  async (_n, status, extra, what) => {
    upstream.pool
      .intercept(leagues)
      .reply(status, '{"error":{"code":"slow_down"}}', {
        headers: { ...JSON_HEADERS, ...extra, 'retry-after': '999999' },
      })
      .persist();
    const before = Date.now();
    const error = await rejectionOf(clientFor(upstream, { retries: 2 }).call('leagues', LeaguesResponse));
    const text = errorText(error, logger);
    expect(text).toMatch(what);
    expect(text).toContain('asked to wait 999999 s');
    expect(text).toContain('did not wait and did not ask again');
    expect(text).not.toMatch(/even after waiting|retries did not help/);
    const at = /from (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/.exec(text)?.[1];
    expect(Date.parse(`${at?.replace(' ', 'T')}Z`) - before).toBeGreaterThanOrEqual(999_998_000);
    expect(upstream.sent).toHaveLength(1);
  },
);

it('a burst 429 whose short wait was taken still says so', async () => {
  upstream.pool
    .intercept(leagues)
    .reply(429, '{}', { headers: { ...JSON_HEADERS, 'x-ratelimit-remaining': '40', 'retry-after': '0' } })
    .persist();
  const error = await rejectionOf(clientFor(upstream, { retries: 1 }).call('leagues', LeaguesResponse));
  expect(errorText(error, logger)).toContain('even after waiting as it asked');
  expect(upstream.sent).toHaveLength(2);
});
