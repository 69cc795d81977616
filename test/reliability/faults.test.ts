// Every fault the sandbox can inject ends as a clear isError, after a bounded number of upstream
// attempts, and an expired cached answer stands in for an outage, marked stale.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../src/config.js';
import type { FaultOptions } from '../../src/sandbox/faults.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { call, depsFor, inMemoryClient, structured, textOf } from '../support/mcp.js';

const SHORT: Partial<Config> = { timeoutMs: 300, retries: 1 };
// A hang detector, not a timing assertion: two 300 ms attempts and one backoff of at most 500 ms,
// with seconds to spare for a slow machine.
const BUDGET_MS = 6_000;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

/** One list_leagues call on a fresh server with `faults` on every request of `upstream`. */
async function callUnder(
  faults: FaultOptions | undefined,
  config: Partial<Config> = SHORT,
  upstream: RunningSandbox = sandbox,
) {
  upstream.setFaults(faults);
  const deps = depsFor(upstream.url, upstream.demoKey, config);
  const client = await inMemoryClient(deps);
  const before = upstream.requestCount();
  const started = performance.now();
  try {
    const result = await call(client, 'list_leagues');
    return {
      result,
      attempts: upstream.requestCount() - before,
      ms: performance.now() - started,
      deps,
      client,
    };
  } finally {
    upstream.setFaults(undefined);
  }
}

describe('injected faults', () => {
  // Concurrent, each on a sandbox of its own (faults are a sandbox's): the cases mostly wait out
  // timeouts and backoffs.
  it.concurrent.for<[string, FaultOptions, RegExp, number]>([
    ['503 on every request', { errors: { 503: 1 } }, /failing \(HTTP 503\).*retries did not help/, 2],
    ['500 on every request', { errors: { 500: 1 } }, /failing \(HTTP 500\)/, 2],
    ['connection resets', { reset: 1 }, /could not be reached, even after retries/, 2],
    ['truncated bodies', { truncate: 1 }, /could not be reached, even after retries/, 2],
    ['slow-drip bodies', { drip: 1, dripMs: 200 }, /did not answer in time.*FOOTBALL_API_TIMEOUT_MS/, 2],
    ['added latency past the timeout', { latencyMs: 1_000 }, /did not answer in time/, 2],
    ['malformed bodies', { malformed: 1 }, /answer this server cannot read/, 1],
    ['404 on every request', { errors: { 404: 1 } }, /no such resource/, 1],
    // Storm 429s show quota left and a Retry-After: a burst limit, waited out and retried, not the daily quota.
    [
      'a 429 storm',
      { storm: { every: 1, length: 1 } },
      /limiting how fast.*HTTP 429.*not the daily quota/,
      2,
    ],
  ])('%s: a clear isError, bounded attempts', async ([, faults, message, attempts], { expect }) => {
    const own = await startSandbox({ port: 0 });
    try {
      const run = await callUnder(faults, SHORT, own);
      expect(run.result.isError).toBe(true);
      expect(textOf(run.result)).toMatch(message);
      expect(run.attempts).toBe(attempts);
      expect(run.ms).toBeLessThan(BUDGET_MS);
      // The same server answers the next call once the fault is gone: nothing latched.
      expect(structured(await call(run.client, 'list_leagues')).data.length).toBeGreaterThan(0);
      await run.client.close();
      await run.deps.api.close();
    } finally {
      await own.close();
    }
  });

  it('latency under the timeout only slows answers down', async () => {
    const run = await callUnder({ latencyMs: [20, 80] });
    expect(structured(run.result).source.cached).toBe(false);
    expect(run.attempts).toBe(1);
    await run.client.close();
  });

  it('retries are bounded by the retries setting, whatever the fault rate', async () => {
    for (const retries of [0, 3]) {
      const run = await callUnder({ errors: { 502: 1 } }, { ...SHORT, retries, timeoutMs: 200 });
      expect(run.result.isError).toBe(true);
      expect(run.attempts).toBe(retries + 1);
      await run.client.close();
    }
  });
});

describe('stale answers', () => {
  // The answers' age is told by the clock the cache reads (Date): moved on past the TTL at once, instead
  // of waiting it out. Timers stay real: requests, retries and timeouts run as ever.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const expire = () => vi.setSystemTime(Date.now() + 1_100);

  it('an expired answer is served, marked stale with its age, while the API fails', async () => {
    const deps = depsFor(sandbox.url, sandbox.demoKey, { ...SHORT, cacheTtlReference: 1 });
    const client = await inMemoryClient(deps);
    const fresh = structured(await call(client, 'list_leagues'));
    expire();
    sandbox.setFaults({ errors: { 503: 1 } });
    try {
      const result = await call(client, 'list_leagues');
      const body = structured(result);
      expect(body.data).toEqual(fresh.data);
      expect(body.source).toMatchObject({ cached: true, stale: true, fetched_at: fresh.source.fetched_at });
      expect(body.source.age_s).toBeGreaterThanOrEqual(1);
      expect(textOf(result)).toMatch(/STALE answer from .* served because the Football API is failing/);
    } finally {
      sandbox.setFaults(undefined);
    }
    const healed = structured(await call(client, 'list_leagues'));
    expect(healed.source).toEqual({ cached: false, fetched_at: expect.any(String), sent: 1 });
    await client.close();
  });

  it('is not served when disabled, nor for a refusal (4xx)', async () => {
    for (const [config, faults] of [
      [{ cacheStaleMaxAge: 0 }, { errors: { 503: 1 } }],
      [{}, { errors: { 404: 1 } }],
    ] as const) {
      const deps = depsFor(sandbox.url, sandbox.demoKey, { ...SHORT, cacheTtlReference: 1, ...config });
      const client = await inMemoryClient(deps);
      structured(await call(client, 'list_leagues'));
      expire();
      sandbox.setFaults(faults);
      try {
        expect((await call(client, 'list_leagues')).isError).toBe(true);
      } finally {
        sandbox.setFaults(undefined);
      }
      await client.close();
    }
  });
});
