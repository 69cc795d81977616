// Malformed and truncated JSON-RPC over stdio and HTTP: the built server stays up and answers the
// next valid request.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_ENTRY, spawnHttpServer, stop } from '../support/mcp.js';
import { raw } from '../support/raw-http.js';
import { testServerEnv } from '../support/server-env.js';

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

/** `value` inside `depth` arrays, as JSON text. */
const nested = (depth: number, value = '1') => `${'['.repeat(depth)}${value}${']'.repeat(depth)}`;

const BROKEN_MESSAGES = [
  `{"jsonrpc":"2.0","id":${nested(100_000)},"method":"ping"}`,
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
      env: testServerEnv(),
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
    expect(roles).toMatchObject({
      result: {
        structuredContent: { data: { forward: expect.objectContaining({ faux_9: expect.any(String) }) } },
      },
    });
    expect(child.exitCode).toBeNull();
    expect(stderr).not.toMatch(/unhandled/i);
  });
});

describe('HTTP', () => {
  it('refuses a message nested past the bound with 400 and a JSON-RPC error naming the bound and its setting', async () => {
    const server = await spawnHttpServer(['--sandbox'], {});
    children.push(server.child);
    for (const body of [
      `{"jsonrpc":"2.0","id":${nested(100_000)},"method":"ping"}`,
      `{"jsonrpc":"2.0","id":1,"method":"initialize","params":${nested(65, '{}')}}`,
    ]) {
      const answer = await raw(server.url, { body });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: expect.stringMatching(/more than 64 levels.*--max-json-depth/) },
      });
    }
    // Within the bound, the same message is read (and answered by the MCP layer, not refused for depth).
    const within = await raw(server.url, { body: JSON.stringify(INITIALIZE) });
    expect(within.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('takes its bound from --max-json-depth', async () => {
    const server = await spawnHttpServer(['--sandbox', '--max-json-depth', '2'], {});
    children.push(server.child);
    const answer = await raw(server.url, { body: JSON.stringify(INITIALIZE) });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.message).toMatch(/more than 2 levels/);
  });
});

async function _post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const answer = await raw(url, { body, headers });
  return { ...answer, session: answer.headers['mcp-session-id'] as string | undefined };
}
