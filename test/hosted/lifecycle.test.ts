// Shutdown, session eviction and cap, /metrics and /readyz, on the built binary.
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { keyLabel, keyTag } from '../../src/lib/canonical.js';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/server.js';
import { call, spawnHttpServer, stop, structured, useHttpServer, useSandbox } from '../support/mcp.js';
import { delayingProxy, httpClient, INITIALIZE, metricValue, raw } from './support.js';

const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('graceful shutdown', () => {
  const sandbox = useSandbox();

  /** The built server on the sandbox behind a proxy holding each request `delayMs`, both stopped after the test. */
  async function behindSlowUpstream(delayMs: number, args: string[] = []) {
    const slow = await delayingProxy(sandbox.url, delayMs);
    const server = await spawnHttpServer(['--base-url', slow.url, ...args], {
      FOOTBALL_API_KEY: SANDBOX_DEMO_KEY,
    });
    onTestFinished(async () => {
      await stop(server.child);
      await slow.close();
    });
    return { slow, server };
  }

  it('on SIGTERM, finishes the call in flight, answers probes and refuses new work with 503, exits 0', async () => {
    const { slow, server } = await behindSlowUpstream(1500);
    const client = await httpClient(server.url);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));

    const reachedUpstream = slow.nextRequest();
    const pending = call(client, 'list_leagues');
    await reachedUpstream;
    server.child.kill('SIGTERM');
    await waitFor(async () => server.stderr().includes('shutting down'), 'the shutdown to start');
    // The listener stays open through the drain: a balancer's probe learns "not ready", not a refusal.
    const ready = await fetch(new URL('/readyz', server.url));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not ready', shutting_down: true });
    expect((await fetch(new URL('/healthz', server.url))).status).toBe(200);
    const refused = await raw(server.url, { body: INITIALIZE });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    expect(refused.body).toContain('Shutting down');

    const result = structured(await pending);
    expect(result.data.length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
  });

  it('answers a call cut at the end of the grace with a JSON-RPC error in its stream', async () => {
    const { slow, server } = await behindSlowUpstream(8_000, ['--shutdown-grace-s', '1']);
    const client = await httpClient(server.url);
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));

    const reachedUpstream = slow.nextRequest();
    const pending = call(client, 'list_leagues').then(
      () => undefined,
      (error: Error & { code?: number }) => error,
    );
    await reachedUpstream;
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const error = await pending;
    expect(error?.message).toMatch(/shutting down/i);
    expect(error?.code).toBe(-32000);
    expect(performance.now() - signalled).toBeLessThan(4_000);
    expect(await exited).toBe(0);
  });

  it('stateless: a cut call is answered with a JSON-RPC error carrying its id', async () => {
    const { slow, server } = await behindSlowUpstream(8_000, ['--shutdown-grace-s', '1', '--stateless']);
    const reachedUpstream = slow.nextRequest();
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 77,
      method: 'tools/call',
      params: { name: 'list_leagues', arguments: {} },
    });
    const pending = raw(server.url, { body, headers: { 'mcp-protocol-version': '2025-06-18' } });
    await reachedUpstream;
    server.child.kill('SIGTERM');
    const answer = await pending;
    expect(answer.status).toBe(200);
    const messages = answer.body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5)));
    const fromBody = messages.length > 0 ? messages : [JSON.parse(answer.body)];
    expect(fromBody).toContainEqual(
      expect.objectContaining({ id: 77, error: expect.objectContaining({ code: -32000 }) }),
    );
    expect(answer.body).toMatch(/shutting down/i);
  });
});

describe('sessions', () => {
  // Every server started here is stopped, even when a test fails half-way.
  const started: ChildProcess[] = [];
  const spawnServer = async (args: string[]) => {
    const server = await spawnHttpServer(args, {});
    started.push(server.child);
    return server;
  };

  afterAll(async () => {
    await Promise.all(started.map(stop));
  });

  it('closes a session idle for longer than --session-idle-s', async () => {
    const idle = await spawnServer(['--sandbox', '--session-idle-s', '1']);
    const client = await httpClient(idle.url);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId ?? '';
    expect(sessionId).not.toBe('');
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    // Watched through /metrics: a request on the session itself would keep it alive.
    const open = async () =>
      metricValue(await (await fetch(new URL('/metrics', idle.url))).text(), 'football_scout_sessions_open');
    await waitFor(async () => (await open()) === 0, 'the idle session to be evicted');
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' };
    expect((await raw(idle.url, { body: TOOLS_LIST, headers })).status).toBe(404);
    await client.close().catch(() => undefined);
  });

  it('refuses a session past --max-sessions with 503, and takes one again after a close', async () => {
    const server = await spawnServer(['--sandbox', '--max-sessions', '2']);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const opened = await raw(server.url, { body: INITIALIZE });
      expect(opened.status).toBe(200);
      ids.push(String(opened.headers['mcp-session-id']));
    }
    const third = await raw(server.url, { body: INITIALIZE });
    expect(third.status).toBe(503);
    expect(third.body).toContain('--max-sessions');
    const closed = await raw(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': ids[0] ?? '', 'mcp-protocol-version': '2025-06-18' },
    });
    expect(closed.status).toBe(200);
    expect((await raw(server.url, { body: INITIALIZE })).status).toBe(200);
  });
});

const LABEL_SECRET = 'lifecycle-test-label-secret-0001';

describe('/metrics and /readyz', () => {
  const server = useHttpServer(['--sandbox'], { FOOTBALL_MCP_KEY_LABEL_SECRET: LABEL_SECRET });

  it('counts tool calls, upstream requests, cache hits and the quota per key label', async () => {
    const client = await httpClient(server.url);
    const first = structured(await call(client, 'list_leagues'));
    await call(client, 'list_leagues');
    expect(
      (await call(client, 'rank_players_by_role', { role: 'lateral_offensif', season: '1999' })).isError,
    ).toBe(true);
    await client.close();

    const res = await fetch(new URL('/metrics', server.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(metricValue(text, 'football_scout_tool_calls_total{tool="list_leagues",outcome="ok"}')).toBe(2);
    expect(
      metricValue(text, 'football_scout_tool_calls_total{tool="rank_players_by_role",outcome="error"}'),
    ).toBe(1);
    expect(metricValue(text, 'football_scout_upstream_requests_total{status="200"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(metricValue(text, 'football_scout_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'football_scout_cache_hit_ratio')).toBeGreaterThan(0);
    // The label is keyed with the deployment's secret: a list of candidate keys does not find it.
    const tag = keyLabel(SANDBOX_DEMO_KEY, LABEL_SECRET);
    expect(text).not.toContain(keyTag(SANDBOX_DEMO_KEY));
    expect(metricValue(text, `football_scout_quota_remaining{key="${tag}"}`)).toBeLessThanOrEqual(
      first.quota.remaining,
    );
    expect(metricValue(text, `football_scout_quota_limit{key="${tag}"}`)).toBe(2500);
    expect(text).toContain('# TYPE football_scout_tool_calls_total counter');
    expect(text).not.toContain(SANDBOX_DEMO_KEY);
  });

  it('is ready on the memory store', async () => {
    const res = await fetch(new URL('/readyz', server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ready', store: 'up', shutting_down: false });
  });
});
