// Cancelling an MCP request cancels its upstream request: the upstream sees the connection close.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxClient } from '../support/mcp.js';

let upstream: Server;
let baseUrl: string;
const events: string[] = [];

beforeAll(async () => {
  // An upstream that never answers, and records when the client hangs up.
  upstream = createServer((req) => {
    events.push(`request ${req.url}`);
    req.socket.once('close', () => events.push('closed'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

it('aborting tools/call closes the upstream request', async () => {
  const { client, close } = await sandboxClient(baseUrl, 'cancel-test-key', {
    config: { timeoutMs: 60_000 },
  });
  const controller = new AbortController();
  const pending = client.callTool(
    { name: 'rank_players_by_role', arguments: { role: 'faux_9' } },
    { signal: controller.signal },
  );
  await expect.poll(() => events.length).toBeGreaterThan(0);
  expect(events[0]).toMatch(/^request \/v1\/rankings\?/);
  controller.abort();
  await expect(pending).rejects.toThrow();
  await expect.poll(() => events).toContain('closed');
  await close();
});
