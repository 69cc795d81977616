// Cancelling an MCP request cancels its upstream request: the upstream sees the connection close.
import { expect, it } from 'vitest';
import { sandboxClient } from '../support/mcp.js';
import { useUpstream } from '../support/upstream.js';

const events: string[] = [];
// An upstream that never answers, and records when the client hangs up.
const upstream = useUpstream((req) => {
  events.push(`request ${req.url}`);
  req.socket.once('close', () => events.push('closed'));
});

it('aborting tools/call closes the upstream request', async () => {
  const { client, close } = await sandboxClient(upstream.url, 'cancel-test-key', {
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
