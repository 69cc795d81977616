// A session's plain single requests (session-transport.ts) are answered as JSON on their own
// response, a progress turns the answer into an SSE stream, and everything of the session (its
// notifications, other calls at the same time with the same id) keeps working. Built server, real HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { useHttpServer } from '../support/mcp.js';
import { raw } from '../support/raw-http.js';

const server = useHttpServer(['--sandbox'], { FOOTBALL_MCP_IMAGES: 'false' });
let session: string;
const VERSION = '2025-06-18';

const post = (message: unknown, headers: Record<string, string> = {}) =>
  raw(server.url, {
    body: JSON.stringify(message),
    headers: {
      'mcp-protocol-version': VERSION,
      ...(session ? { 'mcp-session-id': session } : {}),
      ...headers,
    },
  });

/** The JSON-RPC messages of an answer, JSON or SSE. */
function messages(body: string, contentType: unknown): Array<Record<string, unknown>> {
  if (String(contentType).includes('application/json')) return [JSON.parse(body)];
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
}

interface ToolResult {
  isError?: boolean;
  structuredContent: { data: Array<{ service_id: string | null }> };
}

/** The tool result a message carries, its tables read as rows; fails the test when it carries none. */
function resultOf(message: Record<string, unknown> | undefined): ToolResult {
  if (!message?.result) throw new Error(`no result in ${JSON.stringify(message)}`);
  const result = message.result as ToolResult;
  return {
    ...result,
    structuredContent: untabulate(result.structuredContent) as ToolResult['structuredContent'],
  };
}

beforeAll(async () => {
  const init = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'plain', version: '1' } },
  });
  session = String(init.headers['mcp-session-id']);
  expect(session).toMatch(/.+/);
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
}, 30_000);

describe('plain requests of a session', () => {
  it('a tool call is answered as JSON with its own id', async () => {
    const call = {
      name: 'rank_players_by_role',
      arguments: { role: 'regista', league: 'Ligue 1', limit: 3 },
    };
    const answer = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: call });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    const [message] = messages(answer.body, answer.headers['content-type']);
    expect(message).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { structuredContent: { data: { columns: expect.any(Array), rows: expect.any(Array) } } },
    });
    expect(resultOf(message).isError).toBeFalsy();
  });

  it('concurrent calls with the same id each get their own answer', async () => {
    const ask = (limit: number) =>
      post({
        jsonrpc: '2.0',
        id: 'same',
        method: 'tools/call',
        params: { name: 'rank_players_by_role', arguments: { role: 'regista', league: 'Ligue 1', limit } },
      });
    const answers = await Promise.all([ask(1), ask(2), ask(3)]);
    const rows = answers.map((a) => {
      const [m] = messages(a.body, a.headers['content-type']);
      expect(m).toMatchObject({ id: 'same' });
      return resultOf(m).structuredContent.data.length;
    });
    expect(rows).toEqual([1, 2, 3]);
  });

  it('a call asking for progress gets its progress, then its answer, on an SSE stream', async () => {
    const answer = await post({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: {
        name: 'scouting_report',
        arguments: { player_id: await someLinkedPlayer() },
        _meta: { progressToken: 'p9' },
      },
    });
    expect(answer.headers['content-type']).toMatch(/text\/event-stream/);
    const all = messages(answer.body, answer.headers['content-type']);
    expect(all.some((m) => m.method === 'notifications/progress')).toBe(true);
    expect(all.at(-1)).toMatchObject({ id: 9, result: { structuredContent: expect.any(Object) } });
    expect(resultOf(all.at(-1)).isError).toBeFalsy();
  });

  it('what belongs to the session still goes through the SDK: a batch, and a request of another session is refused', async () => {
    const batch = await post([{ jsonrpc: '2.0', id: 11, method: 'ping' }]);
    expect(batch.status).toBe(200);
    // The SDK's transport answers as an SSE stream; a plain exchange would answer it as JSON.
    expect(batch.headers['content-type']).toMatch(/text\/event-stream/);
    expect(messages(batch.body, batch.headers['content-type'])).toEqual([
      expect.objectContaining({ id: 11, result: {} }),
    ]);
    const other = await raw(server.url, {
      body: JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'ping' }),
      headers: { 'mcp-protocol-version': VERSION, 'mcp-session-id': 'not-a-session' },
    });
    expect(other.status).toBe(404);
  });
});

async function someLinkedPlayer(): Promise<string> {
  const answer = await post({
    jsonrpc: '2.0',
    id: 8,
    method: 'tools/call',
    params: { name: 'rank_players_by_role', arguments: { role: 'regista', league: 'Ligue 1', limit: 10 } },
  });
  const [m] = messages(answer.body, answer.headers['content-type']);
  const linked = resultOf(m).structuredContent.data.find((r) => r.service_id);
  if (!linked?.service_id) throw new Error('no linked regista in Ligue 1');
  return linked.service_id;
}
