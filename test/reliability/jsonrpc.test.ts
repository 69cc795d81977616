// Malformed and truncated JSON-RPC over stdio and HTTP: the built server stays up and answers the
// next valid request.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_ENTRY, spawnHttpServer, stop } from '../support/mcp.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const LIST_ROLES = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'list_roles', arguments: {} },
};

const BROKEN_MESSAGES = [
  '{',
  'not json',
  JSON.stringify(INITIALIZE).slice(0, 40),
  '[]',
  '[1, 2',
  '{"jsonrpc":"2.0"}',
  '{"jsonrpc":"1.0","id":9,"method":"initialize"}',
  '{"jsonrpc":"2.0","id":{"x":1},"method":"tools/list"}',
  '\u0000\u00ff\ufffd garbage',
  `{"jsonrpc":"2.0","id":3,"method":"${'x'.repeat(100_000)}"}`,
  'null',
  '"just a string"',
];

const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map(stop));
});

describe('stdio', () => {
  it('skips every broken line and answers the next valid request', async () => {
    const child = spawn(process.execPath, [BUILT_ENTRY, '--sandbox'], {
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const answers = new Map<unknown, Record<string, unknown>>();
    let pending = '';
    const waiters: (() => void)[] = [];
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        const message = JSON.parse(pending.slice(0, nl)) as Record<string, unknown>;
        pending = pending.slice(nl + 1);
        answers.set(message.id, message);
        for (const wake of waiters.splice(0)) wake();
      }
    });
    const answerTo = async (id: number) => {
      while (!answers.has(id)) await new Promise<void>((resolve) => waiters.push(resolve));
      return answers.get(id) as Record<string, unknown>;
    };
    const send = (line: string) => child.stdin?.write(`${line}\n`);

    for (const line of BROKEN_MESSAGES) send(line);
    send(JSON.stringify(INITIALIZE));
    expect(await answerTo(1)).toMatchObject({ result: { serverInfo: { name: 'football-scout-mcp' } } });
    send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    for (const line of BROKEN_MESSAGES) send(line);
    send(JSON.stringify(LIST_ROLES));
    const roles = await answerTo(2);
    expect(roles).toMatchObject({ result: { structuredContent: { data: expect.any(Array) } } });
    expect(child.exitCode).toBeNull();
    expect(stderr).not.toMatch(/unhandled/i);
  });
});

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const target = new URL(url);
  return new Promise<{ status: number; body: string; session: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            session: res.headers['mcp-session-id'] as string,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('HTTP', () => {
  it('refuses every broken body with a 4xx JSON-RPC error and serves the next valid request', async () => {
    const { url, child, stderr } = await spawnHttpServer(['--sandbox'], {});
    children.push(child);
    for (const body of BROKEN_MESSAGES) {
      const answer = await post(url, body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect((await post(url, Buffer.alloc(2_000_000, 0x7b))).status).toBe(413);
    const init = await post(url, JSON.stringify(INITIALIZE));
    expect(init.status).toBe(200);
    const session = { 'mcp-session-id': init.session ?? '', 'mcp-protocol-version': '2025-06-18' };
    await post(url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), session);
    for (const body of BROKEN_MESSAGES) {
      const answer = await post(url, body, session);
      expect(answer.status, body.slice(0, 60)).toBeLessThan(500);
    }
    const roles = await post(url, JSON.stringify(LIST_ROLES), session);
    expect(roles.status).toBe(200);
    expect(roles.body).toContain('"structuredContent"');
    expect(child.exitCode).toBeNull();
    expect(stderr()).not.toMatch(/unhandled/i);
  });
});
