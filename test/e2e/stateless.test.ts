// The stateless HTTP server answers every request with a server that serves nothing else meanwhile,
// taken from a pool of idle ones (src/http/server-pool.ts): nothing one request told it may show in
// the answer to the next. What shows is the chart SVG in _meta, only for clients that render MCP Apps.
import { describe, expect, it } from 'vitest';
import { CHART_META_KEY } from '../../src/charts/app.js';
import { RENDERS_APPS, useHttpServer } from '../support/mcp.js';
import { raw } from '../support/raw-http.js';

const server = useHttpServer(['--sandbox', '--stateless'], { FOOTBALL_MCP_IMAGES: 'false' });

const RANK = { name: 'rank_players_by_role', arguments: { role: 'gardien_moderne', limit: 2 } };

/** The JSON-RPC answer of a JSON body or of the SSE stream carrying it. */
function answer(body: string): { result?: { _meta?: Record<string, unknown>; isError?: boolean } } {
  const data = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))
    .find((line) => line.includes('"id"'));
  return JSON.parse(data ?? body);
}

async function post(message: unknown, headers: Record<string, string> = {}) {
  const response = await raw(server.url, { headers, body: JSON.stringify(message) });
  expect(response.status, response.body).toBe(200);
  return answer(response.body);
}

/** A 2026-07-28 tools/call: the client says who it is and what it renders on the request itself. */
function modernCall(id: number, capabilities: object) {
  const message = {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      ...RANK,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': capabilities,
      },
    },
  };
  return post(message, {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': RANK.name,
  });
}

describe('stateless HTTP keeps nothing of one request for the next', () => {
  it('2025 wire: an initialize declaring MCP Apps does not reach the calls after it', async () => {
    for (let i = 0; i < 3; i++) {
      const init = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: RENDERS_APPS,
          clientInfo: { name: 'raw', version: '1' },
        },
      });
      expect(init.result).toBeDefined();
      const call = await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: RANK });
      expect(call.result?.isError).toBeFalsy();
      expect(call.result?._meta?.[CHART_META_KEY]).toBeUndefined();
    }
  });

  it('2026-07-28 wire: each call gets the chart SVG only if its own envelope declares MCP Apps', async () => {
    for (let i = 0; i < 3; i++) {
      const withApps = await modernCall(10 + i, RENDERS_APPS);
      expect(withApps.result?._meta?.[CHART_META_KEY]).toMatchObject({
        svg: expect.stringContaining('<svg'),
      });
      const without = await modernCall(20 + i, {});
      expect(without.result?.isError).toBeFalsy();
      expect(without.result?._meta?.[CHART_META_KEY]).toBeUndefined();
    }
  });
});
