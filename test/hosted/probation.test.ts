// Made-up caller keys cannot fill the sessions (--require-caller-key, on the built binary): 50 initializes
// with bogus keys used to fill --max-sessions 50 in 0.2 s, and a caller with a real key then got 503 for
// the 30 minutes of the session idle time. Sessions of a key the API has not accepted yet are on
// probation: a small budget of their own, a short idle time, promoted at the key's first success.
import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY, SANDBOX_PRO_LIGUE_KEY } from '../../src/sandbox/keys.js';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/server.js';
import { call, spawnHttpServer, stop, structured, useHttpServer, useSandbox } from '../support/mcp.js';
import { httpClient, INITIALIZE, metricValue, raw } from './support.js';

const sandbox = useSandbox();
const server = useHttpServer(
  () => ['--base-url', sandbox.url, '--require-caller-key', '--max-sessions', '50'],
  {
    // 10% of 50 on probation by default; a short probation idle time to watch it pass.
    FOOTBALL_MCP_PROBATION_IDLE_S: '2',
  },
);

const initialize = (key: string) => raw(server.url, { body: INITIALIZE, headers: { 'x-api-key': key } });

async function sessions(): Promise<{ open?: number; probation?: number }> {
  const text = await (await fetch(new URL('/metrics', server.url))).text();
  return {
    open: metricValue(text, 'football_scout_sessions_open'),
    probation: metricValue(text, 'football_scout_sessions_probation'),
  };
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('sessions of keys the API has not accepted', () => {
  it('50 bogus-key initializes take at most the probation budget; a real key still gets in', async () => {
    // A probation idle time far past the test: on a busy machine 50 initializes can take longer than the
    // 2 s of the other server, whose idle sessions closed meanwhile would give their room to later ones.
    const own = await spawnHttpServer(
      ['--base-url', sandbox.url, '--require-caller-key', '--max-sessions', '50'],
      { FOOTBALL_MCP_PROBATION_IDLE_S: '600' },
    );
    try {
      const initializeOn = (key: string) => raw(own.url, { body: INITIALIZE, headers: { 'x-api-key': key } });
      const bogus = await Promise.all(
        Array.from({ length: 50 }, (_, i) => initializeOn(`bogus_${String(i).padStart(20, '0')}`)),
      );
      const opened = bogus.filter((r) => r.status === 200).length;
      expect(opened).toBeLessThanOrEqual(5);
      for (const refused of bogus.filter((r) => r.status !== 200)) {
        expect([401, 503]).toContain(refused.status);
        expect(refused.headers['retry-after']).toBeDefined();
      }
      // A real key the server has never seen: the API accepts it, so it does not wait for room on probation.
      const real = await initializeOn(SANDBOX_DEMO_KEY);
      expect(real.status).toBe(200);
      const client = await httpClient(own.url, { 'x-api-key': SANDBOX_DEMO_KEY });
      expect(structured(await call(client, 'list_leagues')).data.length).toBeGreaterThan(0);
      await client.close();
    } finally {
      await stop(own.child);
    }
  });

  it('closes probation sessions after their short idle time', async () => {
    await Promise.all(
      Array.from({ length: 3 }, (_, i) => initialize(`bogus_idle_${String(i).padStart(16, '0')}`)),
    );
    // A session of a key the API accepted (a call answered), kept open.
    const accepted = await httpClient(server.url, { 'x-api-key': SANDBOX_DEMO_KEY });
    expect(structured(await call(accepted, 'list_leagues')).data.length).toBeGreaterThan(0);
    await waitFor(async () => (await sessions()).probation === 0, 'the probation sessions to be closed');
    // The demo key's session is not on probation: still open.
    expect((await sessions()).open).toBeGreaterThanOrEqual(1);
    await accepted.close();
    // A key the API cannot answer for now (503s): neither accepted nor refused, it stays on probation
    // until it has been idle for 2 s.
    sandbox.setFaults({ errors: { 503: 1 } });
    try {
      expect((await initialize('bogus_unchecked_key_0000000')).status).toBe(200);
      expect((await sessions()).probation).toBe(1);
      const opened = performance.now();
      await waitFor(async () => (await sessions()).probation === 0, 'the idle probation session to close');
      expect(performance.now() - opened).toBeGreaterThan(1_500);
    } finally {
      sandbox.setFaults(undefined);
    }
  });

  it('promotes the session of a new real key at once, so it keeps the normal idle time', async () => {
    const client = await httpClient(server.url, { 'x-api-key': SANDBOX_PRO_LIGUE_KEY });
    const id = (client.transport as StreamableHTTPClientTransport).sessionId;
    // A session opened after it stays on probation (the API cannot answer for its key now); once that
    // one has been closed for its idle time, this one has been idle longer, with no call yet. The key
    // was checked at initialize (one upstream request), so the session is a normal one and still there.
    sandbox.setFaults({ errors: { 503: 1 } });
    try {
      expect((await initialize('bogus_later_key_00000000000')).status).toBe(200);
    } finally {
      sandbox.setFaults(undefined);
    }
    await waitFor(async () => (await sessions()).probation === 0, 'the later probation session to close');
    expect(structured(await call(client, 'list_leagues')).data.length).toBeGreaterThan(0);
    expect((client.transport as StreamableHTTPClientTransport).sessionId).toBe(id);
    await client.close();
  });

  it('refuses new sessions for a while to a key the API refused with 401', async () => {
    const key = 'bogus_refused_key_000000000';
    const client = await httpClient(server.url, { 'x-api-key': key });
    expect((await call(client, 'list_leagues')).isError).toBe(true);
    await client.close().catch(() => undefined);
    const again = await initialize(key);
    expect(again.status).toBe(401);
    expect(again.body).toContain('refused this key');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Another key is not touched.
    expect((await initialize(SANDBOX_PRO_FULL_KEY)).status).toBe(200);
  });
});
