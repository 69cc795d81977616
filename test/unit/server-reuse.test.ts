// A pooled server serves one exchange after another (server-pool.ts): the SDK takes a new transport once
// close() has run, and warns only against an instance still serving. What it keeps per exchange must
// then be let go at each close, or a long run grows (the SDK's known leak of one instance reused):
// after many exchanges on one real McpServer its per-exchange tables are as empty as a new one's.
import { InMemoryTransport, type JSONRPCMessage, McpServer } from '@modelcontextprotocol/server';
import { expect, it } from 'vitest';
import { z } from 'zod';
import type { Credentials } from '../../src/http/auth.js';
import { ServerPool } from '../../src/http/server-pool.js';

const EXCHANGES = 300;
const caller: Credentials = { upstreamKey: 'k', fingerprint: 'f' };

/** The sizes of every Map and Set the server's protocol layer holds, by field name. */
function tables(server: McpServer): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const [name, value] of Object.entries(server.server as unknown as Record<string, unknown>))
    if (value instanceof Map || value instanceof Set) sizes[name] = value.size;
  return sizes;
}

it(`one server through ${EXCHANGES} exchanges keeps no more than a new one`, async () => {
  let built = 0;
  const build = () => {
    built++;
    const server = new McpServer({ name: 'reuse', version: '1' }, { capabilities: { tools: {} } });
    server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
    return server;
  };
  const pool = new ServerPool(build, { maxIdle: 4 });
  const fresh = tables(build());
  expect(Object.keys(fresh).length).toBeGreaterThan(3);
  built = 0;
  let first: McpServer | undefined;
  for (let i = 0; i < EXCHANGES; i++) {
    const server = pool.lease(caller, 'legacy');
    first ??= server;
    const [client, side] = InMemoryTransport.createLinkedPair();
    const answered = new Promise<JSONRPCMessage>((resolve) => {
      client.onmessage = resolve;
    });
    await server.connect(side);
    await client.start();
    await client.send({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: `call ${i}` } },
    });
    expect(JSON.stringify(await answered)).toContain(`call ${i}`);
    await client.close();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(built).toBe(1);
  expect(first?.isConnected()).toBe(false);
  expect(tables(first as McpServer)).toEqual(fresh);
});
