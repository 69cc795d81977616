// Hosted mode shares one connection pool among every caller key. One key whose calls hang upstream must
// not take every connection: key B's call answers promptly while key A has 150 calls pending.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiError } from '../../src/api/errors.js';
import { createSharedUpstream, type SharedUpstream } from '../../src/app/deps.js';
import { createLogger } from '../../src/log.js';
import { memoryStores } from '../../src/store/open.js';
import { defaultConfig } from '../support/mcp.js';
import { within } from '../support/within.js';

const KEY_A = 'key_a_hangs_000000000';
const KEY_B = 'key_b_answers_0000000';
const Loose = z.looseObject({});

let server: Server;
let base: string;
/** A's requests the server holds unanswered, as they arrive. */
const held: ServerResponse[] = [];
let shared: SharedUpstream | undefined;
const controllers: AbortController[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.headers['x-api-key'] === KEY_A) {
      held.push(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[{"name":"Ligue 1"}]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const controller of controllers.splice(0)) controller.abort();
  for (const res of held.splice(0)) res.destroy();
  await shared?.close();
  shared = undefined;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function upstream(overrides: Parameters<typeof defaultConfig>[0] = {}) {
  const config = defaultConfig({ timeoutMs: 60_000, retries: 0, ...overrides });
  shared = createSharedUpstream(
    config,
    { baseUrl: base, apiKey: undefined },
    createLogger('silent'),
    memoryStores(config.cacheMaxEntries, { maxBytes: config.cacheMaxBytes }),
  );
  return shared;
}

/** `count` calls of key A, each a different request (no single-flight merging), all left pending. */
function hangA(sharedUpstream: SharedUpstream, count: number) {
  const api = sharedUpstream.depsFor(KEY_A).api;
  return Array.from({ length: count }, (_, i) => {
    const controller = new AbortController();
    controllers.push(controller);
    const call = api.call('rankings', Loose, {
      query: { role: 'mezzala', limit: i + 1 },
      signal: controller.signal,
    });
    call.catch(() => undefined);
    return call;
  });
}

describe('per-key fairness on the shared pool', () => {
  it("key B's call answers promptly while key A has 150 calls hung upstream", async () => {
    const up = upstream();
    const pending = hangA(up, 150);
    // A holds at most its share of the connections; the rest of its calls wait in its own queue.
    await expect.poll(() => held.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(8);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held.length).toBe(8);

    const started = performance.now();
    const result = await within(3_000, up.depsFor(KEY_B).api.call('leagues', Loose));
    const ms = performance.now() - started;
    expect(result.source.cached).toBe(false);
    expect(ms).toBeLessThan(1_000);
    console.info(`key B answered in ${Math.round(ms)} ms while key A had ${pending.length} calls pending`);

    // A's calls are still pending, not failed: they were only queued.
    const settled = await Promise.race([
      Promise.allSettled(pending).then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 100)),
    ]);
    expect(settled).toBe(false);
  });

  it("a key's queue is bounded: past it a call fails at once with a clear, distinct error", async () => {
    const up = upstream({ maxInFlightPerKey: 2, maxQueuedPerKey: 3 });
    hangA(up, 5);
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(2);
    const started = performance.now();
    let error: ApiError | undefined;
    try {
      await up.depsFor(KEY_A).api.call('rankings', Loose, { query: { role: 'mezzala', limit: 99 } });
    } catch (e) {
      error = e as ApiError;
    }
    expect(performance.now() - started).toBeLessThan(500);
    expect(error?.kind).toBe('busy');
    expect(error?.message).toMatch(/2 in flight and 3 waiting/);
    expect(error?.message).toContain('FOOTBALL_API_MAX_QUEUED_PER_KEY');
    // Another key is not touched.
    await within(3_000, up.depsFor(KEY_B).api.call('leagues', Loose));
  });

  it('a queued call whose caller cancels leaves the queue; one in flight that ends lets the next go', async () => {
    const up = upstream({ maxInFlightPerKey: 1, maxQueuedPerKey: 5 });
    const [first, second] = hangA(up, 2);
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(1);
    // The first (in flight) is answered: the second is sent.
    const res = held[0] as ServerResponse;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[]}');
    await first;
    await expect.poll(() => held.length, { timeout: 5_000 }).toBe(2);
    controllers[1]?.abort();
    await expect(second).rejects.toMatchObject({ kind: 'aborted' });
  });
});
