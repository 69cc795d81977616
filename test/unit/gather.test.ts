import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { countFromCache, countSent, tallyRequests } from '../../src/api/request-tally.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { Gathering } from '../../tools/kit/gather.js';

const context = { signal: new AbortController().signal, progress: () => undefined } as unknown as ToolContext;

describe('Gathering', () => {
  it('answers a failed required part only once the other parts, stopped, have settled', async () => {
    const gathering = new Gathering(2, context);
    const events: string[] = [];
    // A part that ends only when stopped, a moment later (as a request in flight ends when aborted).
    const slow = gathering.optional('slow', (signal) => {
      return new Promise<ApiResult<string>>((_, reject) => {
        signal.addEventListener('abort', () =>
          setImmediate(() => {
            events.push('slow settled');
            reject(signal.reason);
          }),
        );
      });
    });
    const failing = gathering.required('record', () =>
      Promise.reject(new ApiError('not_found', 'no such player', { status: 404 })),
    );
    await expect(failing.finally(() => events.push('required failed'))).rejects.toThrow('no such player');
    await expect(slow).rejects.toBeDefined();
    expect(events).toEqual(['slow settled', 'required failed']);
  });

  it('reports the run’s tally as its cost, and a stale part in its source', async () => {
    const quota = { limit: null, remaining: null, reset: null, unlimited: false, observed_at: null };
    const { value } = await tallyRequests(async () => {
      // Requests the client counted outside any part (a hint's lookup) belong to the call's cost too.
      countSent();
      const gathering = new Gathering(2, context);
      await gathering.optional('fresh', async () => {
        countFromCache();
        return { data: 1, quota, source: { cached: true, fetched_at: '2026-11-25T10:00:00Z' } };
      });
      await gathering.optional('stale', async () => {
        countSent();
        countFromCache();
        return {
          data: 2,
          quota,
          source: { cached: true, fetched_at: '2026-11-24T10:00:00Z', stale: true, age_s: 90 },
        };
      });
      return { cost: gathering.cost(), source: gathering.source() };
    });
    expect(value.cost).toEqual({ sent: 2, from_cache: 2 });
    expect(value.source).toEqual({
      cached: true,
      fetched_at: '2026-11-24T10:00:00Z',
      stale: true,
      age_s: 90,
    });
  });
});
