// A stateful session's plain requests (src/http/session-transport.ts) through the real statefulHandler
// (modes.ts) on loopback HTTP: a client cancels one by its own id, as 2025-era clients do (a
// notifications/cancelled POSTed on the session), and the call stops; the answer has its length; a call
// still running when its session ends gets the closing error, as JSON or at the end of its SSE stream.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Credentials } from '../../src/http/auth.js';
import { statefulHandler } from '../../src/http/modes.js';
import { SessionStore } from '../../src/http/sessions.js';
import { echoServer } from '../support/echo-server.js';
import { raw } from '../support/raw-http.js';

const alice: Credentials = { upstreamKey: 'a', fingerprint: 'fa' };
const VERSION = '2025-06-18';
const aborted: string[] = [];
const started: string[] = [];

const newServer = () => echoServer(aborted, undefined, started);

describe('plain requests of a session', () => {
  let http: Server;
  let url: string;
  let session = '';
  const store = new SessionStore({ max: 10, idleMs: 60_000 });
  const handler = statefulHandler(store, newServer, () => undefined, {
    maxIdleServers: 4,
    maxSharedServers: 4,
  });
  const post = (message: unknown) =>
    raw(url, {
      body: JSON.stringify(message),
      headers: { 'mcp-protocol-version': VERSION, ...(session ? { 'mcp-session-id': session } : {}) },
    });

  const openSession = async () => {
    session = '';
    const init = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    session = String(init.headers['mcp-session-id']);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  };
  const endSession = async () => {
    const closed = await raw(url, {
      method: 'DELETE',
      headers: { 'mcp-protocol-version': VERSION, 'mcp-session-id': session },
    });
    expect(closed.status).toBe(200);
  };

  beforeAll(async () => {
    http = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => void handler.handle(req, res, text ? JSON.parse(text) : undefined, alice));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });

  // Each case on a session of its own: some end theirs, and the cases hold in any order.
  beforeEach(openSession);

  afterAll(async () => {
    await handler.close();
    await new Promise((resolve) => http.close(resolve));
  });

  it('answers as JSON with its length', async () => {
    const answer = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'quick', delayMs: 0 } },
    });
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1, result: { content: [{ text: 'quick' }] } });
  });

  it("stops a call the client cancels by its own id, and answers the session's next call", async () => {
    const slow = post({
      jsonrpc: '2.0',
      id: 'slow-1',
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'cancelled', delayMs: 10_000 } },
    });
    await expect.poll(() => started).toContain('cancelled');
    await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'slow-1' } });
    await expect.poll(() => aborted).toContain('cancelled');
    const next = await post({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'next', delayMs: 0 } },
    });
    expect(JSON.parse(next.body)).toMatchObject({ id: 2, result: { content: [{ text: 'next' }] } });
    // No answer is owed to a cancelled request: its HTTP request ends, holding the session busy no longer.
    expect((await slow).status).toBe(204);
  });

  it('answers a call still running when its session ends with the closing error, as JSON', async () => {
    const slow = post({
      jsonrpc: '2.0',
      id: 'left-1',
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'left', delayMs: 10_000 } },
    });
    await expect.poll(() => started).toContain('left');
    await endSession();
    const answer = await slow;
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({
      jsonrpc: '2.0',
      id: 'left-1',
      error: { code: -32000, message: expect.stringContaining('session ended') },
    });
  });

  it('ends the SSE stream of a call still running when its session ends with the closing error', async () => {
    const slow = post({
      jsonrpc: '2.0',
      id: 'left-2',
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { text: 'left-sse', delayMs: 10_000 },
        _meta: { progressToken: 'p' },
      },
    });
    await expect.poll(() => started).toContain('left-sse');
    await endSession();
    const answer = await slow;
    expect(answer.headers['content-type']).toMatch(/text\/event-stream/);
    const events = answer.body
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    expect(events[0]).toMatchObject({ method: 'notifications/progress' });
    expect(events.at(-1)).toMatchObject({ id: 'left-2', error: { code: -32000 } });
  });
});
