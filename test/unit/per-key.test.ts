// PerKeyLimiter: each key holds at most its share of the shared requester; a slot is held until the
// answer's body is read or destroyed, then passes to the key's next waiter; idle keys are forgotten.
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { KeyBusyError } from '../../src/api/errors.js';
import { PerKeyLimiter } from '../../src/api/per-key.js';
import type { Requester } from '../../src/api/pool.js';

/** A shared requester whose answers the test gives by hand, in the order requests arrive. */
function manualRequester() {
  const pending: { path: string; answer(body?: string): Readable; fail(error: Error): void }[] = [];
  const requester: Requester = {
    request: (options) =>
      new Promise<Dispatcher.ResponseData>((resolve, reject) => {
        pending.push({
          path: String(options.path),
          answer: (text = '{}') => {
            const body = Readable.from([Buffer.from(text)]);
            resolve({ statusCode: 200, headers: {}, body } as unknown as Dispatcher.ResponseData);
            return body;
          },
          fail: reject,
        });
      }),
    close: async () => undefined,
  };
  return { requester, pending };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const req = (path: string, signal?: AbortSignal) =>
  ({ origin: 'http://up', path, method: 'GET', ...(signal ? { signal } : {}) }) as Dispatcher.RequestOptions;

describe('PerKeyLimiter', () => {
  it('lets each key hold only its share; another key goes straight through', async () => {
    const { requester, pending } = manualRequester();
    const limiter = new PerKeyLimiter(requester, { maxInFlight: 2, maxQueued: 10 });
    const a = limiter.forKey('a');
    for (let i = 0; i < 5; i++) void a.request(req(`/a${i}`));
    void limiter.forKey('b').request(req('/b0'));
    await flush();
    expect(pending.map((p) => p.path)).toEqual(['/a0', '/a1', '/b0']);
    expect(limiter.load('a')).toEqual({ inFlight: 2, queued: 3 });
  });

  it('holds the slot until the body is read whole, then gives it to the oldest waiter', async () => {
    const { requester, pending } = manualRequester();
    const limiter = new PerKeyLimiter(requester, { maxInFlight: 1, maxQueued: 10 });
    const a = limiter.forKey('a');
    const first = a.request(req('/a0'));
    void a.request(req('/a1'));
    void a.request(req('/a2'));
    await flush();
    pending[0]?.answer('{"x":1}');
    const response = await first;
    await flush();
    expect(pending).toHaveLength(1);
    for await (const _ of response.body) {
      // read whole
    }
    await flush();
    expect(pending.map((p) => p.path)).toEqual(['/a0', '/a1']);
  });

  it('a destroyed body or a failed request frees the slot too', async () => {
    const { requester, pending } = manualRequester();
    const limiter = new PerKeyLimiter(requester, { maxInFlight: 1, maxQueued: 10 });
    const a = limiter.forKey('a');
    const first = a.request(req('/a0'));
    const second = a.request(req('/a1'));
    void a.request(req('/a2'));
    await flush();
    pending[0]?.answer().destroy();
    await first;
    await flush();
    expect(pending).toHaveLength(2);
    pending[1]?.fail(new Error('reset'));
    await expect(second).rejects.toThrow('reset');
    await flush();
    expect(pending).toHaveLength(3);
  });

  it('refuses past the queue bound with KeyBusyError, at once', async () => {
    const { requester } = manualRequester();
    const limiter = new PerKeyLimiter(requester, { maxInFlight: 1, maxQueued: 1 });
    const a = limiter.forKey('a');
    void a.request(req('/a0'));
    void a.request(req('/a1'));
    const error = await a.request(req('/a2')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeyBusyError);
    expect((error as KeyBusyError).kind).toBe('busy');
  });

  it('a waiter whose signal aborts leaves the queue, with the abort reason', async () => {
    const { requester, pending } = manualRequester();
    const limiter = new PerKeyLimiter(requester, { maxInFlight: 1, maxQueued: 10 });
    const a = limiter.forKey('a');
    void a.request(req('/a0'));
    const controller = new AbortController();
    const waiting = a.request(req('/a1', controller.signal));
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    expect(limiter.load('a')).toEqual({ inFlight: 1, queued: 0 });
    pending[0]?.answer().destroy();
    await flush();
    expect(limiter.load('a')).toEqual({ inFlight: 0, queued: 0 });
  });

  it('forgets a key once idle, so many keys seen once leave nothing behind', async () => {
    const { requester, pending } = manualRequester();
    const limiter = new PerKeyLimiter(requester, { maxInFlight: 1, maxQueued: 1 });
    for (let i = 0; i < 100; i++) void limiter.forKey(`k${i}`).request(req(`/k${i}`));
    await flush();
    for (const p of pending) p.answer().destroy();
    await flush();
    expect((limiter as unknown as { keys: Map<string, unknown> }).keys.size).toBe(0);
  });
});
