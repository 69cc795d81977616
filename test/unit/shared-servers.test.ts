// Stateless 2025-wire calls on long-lived servers (src/http/shared-servers.ts): which requests they
// take, answers back to the right client whatever ids clients pick, progress on a stream, a closed
// request cancels its call. Real HTTP on loopback, a real McpServer with test tools.
import { createServer, type IncomingMessage, type Server, request as send } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLegacyRequest } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/http/auth.js';
import { isLegacyPost, SharedServers, sharedRequest } from '../../src/http/shared-servers.js';
import { echoServer } from '../support/echo-server.js';
import { raw } from '../support/raw-http.js';

const alice: Credentials = { upstreamKey: 'a', fingerprint: 'fa' };
const CALL = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'x' } },
};
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function request(headers: Record<string, string> = JSON_HEADERS, method = 'POST'): IncomingMessage {
  return { method, headers } as unknown as IncomingMessage;
}

describe('isLegacyPost', () => {
  it("classifies a POST as the SDK's isLegacyRequest does, from the Node request and the parsed body", async () => {
    const envelope = (version: string) => ({
      ...CALL,
      params: { ...CALL.params, _meta: { 'io.modelcontextprotocol/protocolVersion': version } },
    });
    const cases: [Record<string, string>, unknown][] = [
      [JSON_HEADERS, { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }],
      [JSON_HEADERS, CALL],
      [JSON_HEADERS, [CALL]],
      [JSON_HEADERS, envelope('2026-07-28')],
      [JSON_HEADERS, envelope('2099-01-01')],
      [{ ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28' }, CALL],
      [{ ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28' }, envelope('2026-07-28')],
      [{ ...JSON_HEADERS, 'mcp-protocol-version': '2025-06-18' }, envelope('2026-07-28')],
      [{ ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call' }, CALL],
      [JSON_HEADERS, { jsonrpc: '2.0', method: 'notifications/initialized' }],
      [JSON_HEADERS, 'not json-rpc'],
    ];
    for (const [headers, body] of cases) {
      const web = new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const expected = await isLegacyRequest(web, body);
      expect(isLegacyPost(request(headers), body), JSON.stringify([headers, body])).toBe(expected);
    }
    expect(isLegacyPost(request(), undefined)).toBe(true);
  });
});

describe('sharedRequest', () => {
  it('takes one 2025-wire request of a method that leaves nothing on the server', () => {
    expect(sharedRequest(request(), CALL)).toBe(CALL);
    const ping = { jsonrpc: '2.0', id: 'p', method: 'ping' };
    expect(sharedRequest(request({ ...JSON_HEADERS, 'mcp-protocol-version': '2025-06-18' }), ping)).toBe(
      ping,
    );
  });

  it('leaves to the SDK what it answers itself', () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
    const modern = {
      ...CALL,
      params: { ...CALL.params, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    };
    const cases: [IncomingMessage, unknown][] = [
      [request(), init],
      [request(), { jsonrpc: '2.0', method: 'notifications/initialized' }],
      [request(), [CALL]],
      [request(), modern],
      [request({ ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28' }), CALL],
      [request({ ...JSON_HEADERS, 'mcp-protocol-version': '1999-01-01' }), CALL],
      [request({ ...JSON_HEADERS, accept: 'application/json' }), CALL],
      [request({ ...JSON_HEADERS, 'content-type': 'text/plain' }), CALL],
      [request(JSON_HEADERS, 'GET'), CALL],
      [request(), { jsonrpc: '1.0', id: 1, method: 'tools/call' }],
    ];
    for (const [req, body] of cases) expect(sharedRequest(req, body), JSON.stringify(body)).toBeUndefined();
  });
});

describe('SharedServers over HTTP', () => {
  let http: Server;
  let url: string;
  let built = 0;
  const aborted: string[] = [];
  const started: string[] = [];
  const servers = new SharedServers(() => {
    built += 1;
    return echoServer(aborted, undefined, started);
  }, 64);

  beforeAll(async () => {
    http = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => {
        const body = JSON.parse(text) as unknown;
        const call = sharedRequest(req, body);
        if (!call) return void res.writeHead(400).end();
        const auth = { token: '', clientId: alice.fingerprint, scopes: [] };
        void servers.serve(res, call, alice, auth);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });

  afterAll(async () => {
    await servers.close();
    await new Promise((resolve) => http.close(resolve));
  });

  const call = (id: number | string, text: string, extra: Record<string, unknown> = {}) =>
    raw(url, {
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text, ...extra } },
      }),
    });

  it('answers concurrent calls with the same id each to its own client, on one server', async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((text, i) => call(7, text, { delayMs: 40 - i * 10 })),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json');
      const message = JSON.parse(answer.body);
      expect(message.id).toBe(7);
      expect(message.result.content[0].text).toBe(['a', 'b', 'c', 'd'][i]);
    }
    expect(servers.size).toBe(1);
    expect(built).toBe(1);
  });

  it('streams what goes out before the answer (progress) as SSE, then the answer', async () => {
    const answer = await raw(url, {
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'p1',
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'streamed' }, _meta: { progressToken: 't' } },
      }),
    });
    expect(answer.headers['content-type']).toBe('text/event-stream');
    const events = answer.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    expect(events[0]).toMatchObject({ method: 'notifications/progress', params: { progressToken: 't' } });
    expect(events[1]).toMatchObject({ id: 'p1', result: { content: [{ text: 'streamed' }] } });
  });

  it('cancels the call of a client that closes its request', async () => {
    const target = new URL(url);
    const req = send({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: JSON_HEADERS,
    });
    req.on('error', () => undefined);
    req.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'gone', delayMs: 10_000 } },
      }),
    );
    await expect.poll(() => started).toContain('gone');
    req.destroy();
    await expect.poll(() => aborted).toContain('gone');
    // The server goes on serving the others.
    expect(JSON.parse((await call(2, 'after')).body).result.content[0].text).toBe('after');
  });
});

describe('SharedServers past their bound', () => {
  it('lets the least recently used caller go: its next call gets a new server, the others keep theirs', async () => {
    let built = 0;
    const servers = new SharedServers(() => {
      built += 1;
      return echoServer([]);
    }, 2);
    const http = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => {
        const call = sharedRequest(req, JSON.parse(text) as unknown);
        if (!call) return void res.writeHead(400).end();
        const fingerprint = String(req.headers['x-caller']);
        const auth = { token: '', clientId: fingerprint, scopes: [] };
        void servers.serve(res, call, { upstreamKey: fingerprint, fingerprint }, auth);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    const callAs = async (caller: string) => {
      const answer = await raw(url, {
        headers: { ...JSON_HEADERS, 'x-caller': caller },
        body: JSON.stringify({ ...CALL, params: { name: 'echo', arguments: { text: caller } } }),
      });
      expect(JSON.parse(answer.body).result.content[0].text).toBe(caller);
    };
    try {
      for (const caller of ['a', 'b', 'a', 'c']) await callAs(caller);
      // b, the least recently used, went for c; a, used after b, stayed.
      expect([servers.size, built]).toEqual([2, 3]);
      await callAs('a');
      expect(built).toBe(3);
      await callAs('b');
      expect(built).toBe(4);
    } finally {
      await servers.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
