// The built binary over Streamable HTTP, on its embedded sandbox, driven by the SDK client.
import type { ChildProcess } from 'node:child_process';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { TOOLS } from '../../tools/index.js';
import { spawnHttpServer, stop } from '../support/mcp.js';
import { INITIALIZE, raw } from '../support/raw-http.js';

let url: string;
let child: ChildProcess;
let stderr: () => string;

function post(headers: Record<string, string>, body: string) {
  return raw(url, { headers, body });
}

beforeAll(async () => {
  ({ url, child, stderr } = await spawnHttpServer(['--sandbox'], {}));
});

afterAll(async () => {
  await stop(child);
});

describe('HTTP transport', () => {
  it('prints how to connect, with the sandbox key it uses', () => {
    expect(stderr()).toContain('claude mcp add --transport http');
    expect(stderr()).toContain('@modelcontextprotocol/inspector');
    expect(stderr()).toMatch(/sandbox API at http:\/\/127\.0\.0\.1:\d+ .*key sbx_/);
  });

  it('lists and calls tools through StreamableHTTPClientTransport', async () => {
    const client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(TOOLS.length);
    const result = (await client.callTool({
      name: 'rank_players_by_role',
      arguments: { role: 'lateral_offensif', league: 'Bundesliga', limit: 4 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((untabulate(result.structuredContent) as { data: unknown[] }).data).toHaveLength(4);
    await client.close();
  });

  it('accepts a loopback Origin and rejects a foreign Host or Origin (DNS rebinding)', async () => {
    const port = new URL(url).port;
    const ok = await post({ origin: 'http://localhost:6274' }, INITIALIZE);
    expect(ok.status).toBe(200);
    const badHost = await post({ host: `evil.example:${port}` }, INITIALIZE);
    expect(badHost.status).toBe(403);
    const badOrigin = await post({ origin: 'http://evil.example' }, INITIALIZE);
    expect(badOrigin.status).toBe(403);
    expect(badOrigin.body).toContain('Origin not allowed');
  });

  it('answers 413 to an oversized body and 400 to a non-initialize request without session', async () => {
    const big = await post(
      {},
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', pad: 'x'.repeat(1_100_000) }),
    );
    expect(big.status).toBe(413);
    const noSession = await post({}, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(noSession.status).toBe(400);
  });

  it('serves /healthz', async () => {
    const res = await fetch(new URL('/healthz', url));
    expect(res.status).toBe(200);
  });
});
