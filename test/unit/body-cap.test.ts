// Upstream bodies are read under a byte cap: an answer over it (declared or streamed) is refused with a
// typed, non-retried error, and an endless body is cut after about the cap instead of filling memory.
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiError, TooLargeError } from '../../src/api/errors.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { clientFor, JSON_HEADERS, rejectionOf, type Upstream, useMockUpstream } from './helpers.js';

const CAP = 1024 * 1024;
const leagues = { path: '/v1/leagues', method: 'GET' } as const;

const upstream = useMockUpstream();

/** A JSON answer of exactly `bytes` bytes: {"data":[],"pad":"xxxx…"}. */
function answerOf(bytes: number): Buffer {
  const head = '{"data":[],"pad":"';
  const tail = '"}';
  return Buffer.from(head + 'x'.repeat(bytes - head.length - tail.length) + tail);
}

describe('the upstream body cap', () => {
  it('reads an answer of exactly the cap', async () => {
    upstream.pool.intercept(leagues).reply(200, answerOf(CAP), { headers: JSON_HEADERS });
    const result = await clientFor(upstream, { maxBodyBytes: CAP }).call('leagues', z.looseObject({}));
    expect((result.data as { pad: string }).pad.length).toBe(CAP - 20);
  });

  it('refuses an answer one byte over the cap (no Content-Length): too_large, not retried', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(200, answerOf(CAP + 1), { headers: JSON_HEADERS })
      .persist();
    const error = await rejectionOf(
      clientFor(upstream, { maxBodyBytes: CAP, retries: 2 }).call('leagues', LeaguesResponse),
    );
    expect(error).toBeInstanceOf(TooLargeError);
    expect((error as ApiError).kind).toBe('too_large');
    expect((error as TooLargeError).limitBytes).toBe(CAP);
    expect((error as ApiError).message).toContain(String(CAP));
    expect((error as ApiError).message).toContain('--max-upstream-bytes');
    expect((error as ApiError).message).toContain('FOOTBALL_API_MAX_BODY_BYTES');
    expect(upstream.sent).toHaveLength(1);
  });

  it('refuses early from a Content-Length over the cap, whatever follows (a declared 2 GiB)', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(200, '{"data":[]}', { headers: { ...JSON_HEADERS, 'content-length': String(2 * 1024 ** 3) } });
    const error = await rejectionOf(
      clientFor(upstream, { maxBodyBytes: CAP }).call('leagues', LeaguesResponse),
    );
    expect(error).toBeInstanceOf(TooLargeError);
    expect((error as TooLargeError).declaredBytes).toBe(2 * 1024 ** 3);
    expect(upstream.events.map((e) => e.status)).toEqual([200]);
  });

  it('an error status over the cap is refused the same way (a 500 is not retried then)', async () => {
    upstream.pool
      .intercept(leagues)
      .reply(500, answerOf(CAP + 10))
      .persist();
    const error = await rejectionOf(
      clientFor(upstream, { maxBodyBytes: CAP, retries: 2 }).call('leagues', LeaguesResponse),
    );
    expect((error as ApiError).kind).toBe('too_large');
    expect(upstream.sent).toHaveLength(1);
  });

  it('cuts an endless streamed body after about the cap and lets go of it', async () => {
    const source = endlessSource(upstream);
    const started = performance.now();
    const error = await rejectionOf(
      clientFor(upstream, { maxBodyBytes: CAP, dispatcher: source.dispatcher }).call(
        'leagues',
        z.looseObject({}),
      ),
    );
    expect((error as ApiError).kind).toBe('too_large');
    // The body was destroyed: the source saw the abort and stopped producing.
    expect(source.aborted()).toBe(true);
    // Read at most the cap plus what the stream buffers ahead (its high-water mark and one chunk).
    expect(source.sentBytes()).toBeLessThan(CAP + 4 * CHUNK);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

const CHUNK = 64 * 1024;
/** Stops a source the client never stops, so a failing test fails instead of eating all memory. */
const SAFETY_BYTES = 64 * CAP;

/**
 * A dispatcher whose answer to every request is a 200 with a body that never ends: 64 KiB chunks,
 * produced as fast as the reader takes them (backpressure honoured), until the reader aborts.
 */
function endlessSource(upstream: Upstream) {
  let sent = 0;
  let aborted = false;
  const dispatcher = upstream.agent.compose(
    () => (_opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
      let paused = false;
      let ended = false;
      const controller = {
        abort(reason: Error) {
          if (aborted || ended) return;
          aborted = true;
          queueMicrotask(() => handler.onResponseError?.(controller as never, reason));
        },
        pause() {
          paused = true;
        },
        resume() {
          if (!paused) return;
          paused = false;
          setImmediate(pump);
        },
        get paused() {
          return paused;
        },
        get aborted() {
          return aborted;
        },
        reason: null,
      };
      const chunk = Buffer.alloc(CHUNK, 0x20);
      const pump = () => {
        while (!paused && !aborted && !ended) {
          if (sent >= SAFETY_BYTES) {
            ended = true;
            handler.onResponseEnd?.(controller as never, {});
            return;
          }
          sent += chunk.length;
          handler.onResponseData?.(controller as never, chunk);
        }
      };
      handler.onRequestStart?.(controller as never, {});
      handler.onResponseStart?.(controller as never, 200, { 'content-type': 'application/json' }, 'OK');
      setImmediate(pump);
      return true;
    },
  );
  return { dispatcher, sentBytes: () => sent, aborted: () => aborted };
}
