import type { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/http/auth.js';
import { poolable, ServerPool } from '../../src/http/server-pool.js';

/** What the pool uses of a server: its low-level onclose hook and isConnected(). */
function fakeServer(name: string) {
  const low: { onclose?: () => void } = {};
  const server = { name, server: low, connected: false, isConnected: () => server.connected };
  return server;
}
type Fake = ReturnType<typeof fakeServer>;

const alice: Credentials = { upstreamKey: 'a', fingerprint: 'fa' };
const bob: Credentials = { upstreamKey: 'b', fingerprint: 'fb' };
const tick = () => new Promise((resolve) => setImmediate(resolve));

function pool(maxIdle = 256) {
  const built: string[] = [];
  const p = new ServerPool(
    (credentials) => {
      built.push(credentials.fingerprint);
      return fakeServer(`${credentials.fingerprint}#${built.length}`) as unknown as McpServer;
    },
    { maxIdle },
  );
  const lease = (c: Credentials, era: 'legacy' | 'modern' = 'legacy') => p.lease(c, era) as unknown as Fake;
  /** The SDK closing the exchange: the server's onclose runs, then the pool takes it back. */
  const end = async (server: Fake) => {
    server.server.onclose?.();
    await tick();
  };
  return { p, built, lease, end };
}

describe('poolable', () => {
  it('takes single requests that leave nothing on the server', () => {
    for (const method of [
      'tools/call',
      'tools/list',
      'prompts/get',
      'resources/read',
      'ping',
      'server/discover',
    ]) {
      expect(poolable({ jsonrpc: '2.0', id: 1, method }), method).toBe(true);
    }
  });

  it('refuses initialize, logging/setLevel, notifications, batches and anything unknown', () => {
    expect(poolable({ jsonrpc: '2.0', id: 1, method: 'initialize' })).toBe(false);
    expect(poolable({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel' })).toBe(false);
    expect(poolable({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(false);
    expect(poolable([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }])).toBe(false);
    expect(poolable({ jsonrpc: '2.0', id: 1, method: 'x/unknown' })).toBe(false);
    expect(poolable(null)).toBe(false);
  });
});

describe('ServerPool', () => {
  it('hands a server back out once its exchange is over, never while it serves', async () => {
    const { built, lease, end } = pool();
    const first = lease(alice);
    const second = lease(alice);
    expect(second).not.toBe(first);
    await end(first);
    expect(lease(alice)).toBe(first);
    expect(built).toEqual(['fa', 'fa']);
  });

  it('keeps callers and protocol eras apart', async () => {
    const { lease, end } = pool();
    const legacy = lease(alice, 'legacy');
    await end(legacy);
    expect(lease(bob, 'legacy')).not.toBe(legacy);
    expect(lease(alice, 'modern')).not.toBe(legacy);
    expect(lease(alice, 'legacy')).toBe(legacy);
  });

  it('does not take back a server that is connected again, nor keep more than maxIdle', async () => {
    const { p, lease, end } = pool(2);
    const reconnected = lease(alice);
    reconnected.server.onclose?.();
    reconnected.connected = true;
    await tick();
    expect(p.size).toBe(0);
    const servers = [lease(alice), lease(alice), lease(bob)];
    for (const server of servers) await end(server);
    expect(p.size).toBe(2);
    // The least recently returned (alice's first) went: alice's second and bob's stay.
    expect(lease(bob)).toBe(servers[2]);
    expect(lease(alice)).toBe(servers[1]);
  });
});
