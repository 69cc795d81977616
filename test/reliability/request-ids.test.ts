// The ids the server gives a session's plain requests (session-transport.ts) cannot be picked by a
// client: a batch through the SDK's transport with any id gets its own answer, and the call in flight
// keeps its own. Built server, real HTTP, a slow upstream so the call is surely in flight.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { type DelayingProxy, delayingProxy } from '../hosted/support.js';
import { spawnHttpServer, stop } from '../support/mcp.js';
import { type RawResponse, raw } from '../support/raw-http.js';

const VERSION = '2025-06-18';
/** Ids a client might try, guessing how the server names its own. */
const GUESSES = ['fsm-plain-1', 'fsm-plain-2', 1, 2];

let sandbox: RunningSandbox;
let proxy: DelayingProxy;
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  proxy = await delayingProxy(sandbox.url, 1_500);
  ({ url, child } = await spawnHttpServer([], {
    FOOTBALL_API_BASE_URL: proxy.url,
    FOOTBALL_API_KEY: SANDBOX_DEMO_KEY,
  }));
}, 30_000);

afterAll(async () => {
  await stop(child);
  await proxy.close();
  await sandbox.close();
});

async function openSession(): Promise<(message: unknown) => Promise<RawResponse>> {
  let session = '';
  const post = (message: unknown) =>
    raw(url, {
      body: JSON.stringify(message),
      headers: { 'mcp-protocol-version': VERSION, ...(session ? { 'mcp-session-id': session } : {}) },
    });
  const init = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'ids', version: '1' } },
  });
  session = String(init.headers['mcp-session-id']);
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return post;
}

function messages(answer: RawResponse): Array<Record<string, unknown>> {
  if (String(answer.headers['content-type']).includes('application/json')) return [JSON.parse(answer.body)];
  return answer.body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)));
}

/** `answer`, or a failure naming `what` when it has not come within `ms`. */
function within<T>(answer: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

describe("a session's internal request ids", () => {
  it('a batch whose ids a client guessed gets its own answers while a plain call is in flight', async () => {
    const post = await openSession();
    const reached = proxy.nextRequest();
    const call = post({
      jsonrpc: '2.0',
      id: 'mine',
      method: 'tools/call',
      params: { name: 'list_leagues', arguments: { limit: 3 } },
    });
    await reached;
    const batch = await within(
      post(GUESSES.map((id) => ({ jsonrpc: '2.0', id, method: 'ping' }))),
      10_000,
      'the batch',
    );
    const answered = messages(batch);
    expect(answered).toHaveLength(GUESSES.length);
    for (const id of GUESSES) expect(answered).toContainEqual(expect.objectContaining({ id, result: {} }));

    const [own] = messages(await within(call, 20_000, 'the plain call'));
    expect(own).toMatchObject({
      id: 'mine',
      result: { structuredContent: { data: { columns: expect.any(Array), rows: expect.any(Array) } } },
    });
  }, 40_000);
});
