// The built binary over Streamable HTTP, on its embedded sandbox, driven by the SDK client.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { TOOLS } from '../../tools/index.js';
import { httpClient, useHttpServer } from '../support/mcp.js';
import { INITIALIZE, raw } from '../support/raw-http.js';

const server = useHttpServer(['--sandbox'], {});

function post(headers: Record<string, string>, body: string) {
  return raw(server.url, { headers, body });
}

describe('HTTP transport', () => {
  it('prints how to connect, with the sandbox key it uses', () => {
    expect(server.stderr()).toContain('claude mcp add --transport http');
    expect(server.stderr()).toContain('@modelcontextprotocol/inspector');
    expect(server.stderr()).toMatch(/sandbox API at http:\/\/127\.0\.0\.1:\d+ .*key sbx_/);
  });

  it('lists and calls tools through StreamableHTTPClientTransport', async () => {
    const client = await httpClient(server.url, 'http-test');
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
    const port = new URL(server.url).port;
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
    const res = await fetch(new URL('/healthz', server.url));
    expect(res.status).toBe(200);
  });
});
