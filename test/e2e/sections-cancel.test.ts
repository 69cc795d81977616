// Sections run in parallel and stop together: cancelling the call, or the main record failing,
// closes every section's upstream request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxClient, textOf } from '../support/mcp.js';

let upstream: Server;
let baseUrl: string;
const events: string[] = [];

beforeAll(async () => {
  // Team records of ids starting with "gone" are 404 at once; everything else never answers.
  upstream = createServer((req, res) => {
    const path = req.url?.split('?')[0] ?? '';
    events.push(`request ${path}`);
    if (/^\/v1\/teams\/gone[^/]*$/.test(path)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"status":404}}');
      return;
    }
    req.socket.once('close', () => events.push(`closed ${path}`));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const closed = () => events.filter((e) => e.startsWith('closed'));

it('cancelling get_team closes the record and every section request', async () => {
  events.length = 0;
  const { client, close } = await sandboxClient(baseUrl, 'cancel-test-key', {
    config: { timeoutMs: 60_000 },
  });
  const controller = new AbortController();
  const pending = client.callTool(
    { name: 'get_team', arguments: { team_id: 't1', sections: ['squad', 'similar'] } },
    { signal: controller.signal },
  );
  await expect.poll(() => events.length).toBe(3);
  controller.abort();
  await expect(pending).rejects.toThrow();
  await expect
    .poll(() => closed().sort())
    .toEqual(['closed /v1/teams/t1', 'closed /v1/teams/t1/similar', 'closed /v1/teams/t1/squad']);
  await close();
});

it('an unknown team fails the call with its hint and stops the sections still running', async () => {
  events.length = 0;
  const { client, close } = await sandboxClient(baseUrl, 'cancel-test-key', {
    config: { timeoutMs: 60_000, retries: 0 },
  });
  const result = (await client.callTool({
    name: 'get_team',
    arguments: { team_id: 'gone1', sections: ['squad'], other_team_id: 't2' },
  })) as CallToolResult;
  expect(result.isError).toBe(true);
  expect(textOf(result)).toContain('search_teams');
  await expect
    .poll(() => closed().sort())
    .toEqual(['closed /v1/teams/gone1/head-to-head/t2', 'closed /v1/teams/gone1/squad']);
  await close();
});
