import { describe, expect, it, vi } from 'vitest';
import { AbortedError, type ApiError } from '../../src/api/errors.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { clientFor, rejectionOf, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const leagues = { path: '/v1/leagues', method: 'GET' } as const;

describe('caller cancellation', () => {
  it("the caller's AbortSignal aborts the upstream request in flight → AbortedError", async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }).delay(10_000);
    const controller = new AbortController();
    const pending = rejectionOf(
      clientFor(upstream).call('leagues', LeaguesResponse, { signal: controller.signal }),
    );
    await vi.waitFor(() => expect(upstream.sent).toHaveLength(1));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as ApiError).kind).toBe('aborted');
    // The upstream attempt itself saw the abort (not a timeout, not a network error), and no retry followed.
    expect(upstream.events.map((e) => e.status)).toEqual(['aborted']);
    expect(upstream.sent).toHaveLength(1);
  });

  it('an already-aborted signal sends nothing', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    const error = await rejectionOf(
      clientFor(upstream).call('leagues', LeaguesResponse, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(AbortedError);
    expect(upstream.sent).toHaveLength(0);
  });

  it('an abort during the retry backoff ends the call without another request', async () => {
    upstream.pool.intercept(leagues).reply(503, {});
    upstream.pool.intercept(leagues).reply(200, { data: [] });
    const controller = new AbortController();
    const client = clientFor(upstream, { retryBaseMs: 30_000, maxRetryAfterMs: 120_000 });
    const pending = rejectionOf(client.call('leagues', LeaguesResponse, { signal: controller.signal }));
    await vi.waitFor(() => expect(upstream.events).toHaveLength(1));
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
    expect(upstream.sent).toHaveLength(1);
  });

  it('an aborted call caches nothing: the next call goes upstream', async () => {
    upstream.pool.intercept(leagues).reply(200, { data: [] }).delay(10_000);
    upstream.pool.intercept(leagues).reply(200, { data: [{ name: 'Ligue 1' }] });
    const client = clientFor(upstream);
    const controller = new AbortController();
    const pending = rejectionOf(client.call('leagues', LeaguesResponse, { signal: controller.signal }));
    await vi.waitFor(() => expect(upstream.sent).toHaveLength(1));
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
    await vi.waitFor(() => expect(upstream.events).toHaveLength(1));
    await new Promise((resolve) => setImmediate(resolve)); // let the cancelled flight settle
    const result = await client.call('leagues', LeaguesResponse);
    expect(result.source.cached).toBe(false);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });
});
