// SIGTERM over stdio, on the built binary: calls in flight are answered before the exit, within the grace
// (--shutdown-grace-s, as over HTTP); those still running at its end get a JSON-RPC error, not silence.
// Before, the process exited 21 ms after the signal with none of three calls answered.

import { setTimeout as sleep } from 'node:timers/promises';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { BUILT_ENTRY } from '../support/mcp.js';
import { stdioClient } from '../support/stdio.js';

const ROLES = ['gardien_moderne', 'lateral_offensif', 'defenseur_relanceur'];

let sandbox: RunningSandbox | undefined;
let transport: StdioClientTransport | undefined;

afterEach(async () => {
  await transport?.close().catch(() => undefined);
  await sandbox?.close();
  sandbox = undefined;
  transport = undefined;
});

/** The built binary over stdio against a sandbox answering every request `latencyMs` late. */
async function slowServer(latencyMs: number, args: string[] = []) {
  sandbox = await startSandbox({ port: 0, faults: { latencyMs } });
  const started = await stdioClient('stdio-shutdown-test', {
    args: [BUILT_ENTRY, '--store', 'memory', ...args],
    env: { FOOTBALL_API_BASE_URL: sandbox.url, FOOTBALL_API_KEY: sandbox.demoKey },
  });
  ({ transport } = started);
  const { client, stderr } = started;
  const closed = new Promise<number>((resolve) => {
    client.onclose = () => resolve(performance.now());
  });
  return { client, pid: transport.pid ?? 0, closed, stderr, upstream: sandbox };
}

async function whenUpstreamHas(upstream: RunningSandbox, count: number): Promise<void> {
  for (let i = 0; i < 200 && upstream.requestCount() < count; i++) await sleep(25);
  expect(upstream.requestCount()).toBeGreaterThanOrEqual(count);
}

const rank = (client: Client, role: string) =>
  client.callTool({
    name: 'rank_players_by_role',
    arguments: { role, league: 'Ligue 1', limit: 3 },
  }) as Promise<CallToolResult>;

describe('stdio shutdown', () => {
  it('on SIGTERM answers the calls in flight, then exits', async () => {
    const { client, pid, closed, stderr, upstream } = await slowServer(1_500);
    const calls = ROLES.map((role) => rank(client, role));
    await whenUpstreamHas(upstream, ROLES.length);
    const signalled = performance.now();
    process.kill(pid, 'SIGTERM');
    for (let i = 0; i < 100 && !stderr().includes('shutting down'); i++) await sleep(10);
    // A request sent during the drain is refused at once, with a JSON-RPC error naming the shutdown.
    await expect(client.listTools()).rejects.toThrow(/shutting down/i);
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const result of results) {
      const value = (result as PromiseFulfilledResult<CallToolResult>).value;
      expect(value.isError).toBeFalsy();
      expect((untabulate(value.structuredContent) as { data: unknown[] }).data).toHaveLength(3);
    }
    expect((await closed) - signalled).toBeLessThan(5_000);
    expect(stderr()).toContain('shutting down');
  });

  it('answers calls still running at the end of the grace with a JSON-RPC error', async () => {
    const { client, pid, closed, upstream } = await slowServer(8_000, ['--shutdown-grace-s', '1']);
    const calls = ROLES.map((role) => rank(client, role));
    await whenUpstreamHas(upstream, ROLES.length);
    const signalled = performance.now();
    process.kill(pid, 'SIGTERM');
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const result of results) {
      const reason = (result as PromiseRejectedResult).reason as Error & { code?: number };
      expect(reason.message).toMatch(/shutting down/i);
      expect(reason.code).toBe(-32000);
    }
    const exitedAfter = (await closed) - signalled;
    expect(exitedAfter).toBeGreaterThan(900);
    expect(exitedAfter).toBeLessThan(4_000);
  });
});
