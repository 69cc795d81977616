// Plain 2026-07-28 requests answered by a server kept per caller (src/http/modern-shared.ts): every
// request, whatever its envelope, headers or method, is answered byte for byte as the SDK's own
// createMcpHandler answers it (status, media type, body), on both HTTP modes; the plain ones connect
// one server for many calls instead of one per call. Real HTTP on loopback, a real McpServer.
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  request as send,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, type McpServer } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Credentials } from '../../src/http/auth.js';
import { modernAnswerStatus, modernRequest } from '../../src/http/modern-shared.js';
import { type McpHandler, statefulHandler, statelessHandler } from '../../src/http/modes.js';
import { SessionStore } from '../../src/http/sessions.js';
import { isLegacyPost } from '../../src/http/shared-servers.js';
import { createServer as createMcpServer } from '../../src/mcp/server.js';
import { TOOLS } from '../../tools/index.js';
import { echoServer } from '../support/echo-server.js';
import { depsFor } from '../support/mcp.js';
import { raw } from '../support/raw-http.js';
import { propertyRuns } from '../support/sample.js';

const alice: Credentials = { upstreamKey: 'a', fingerprint: 'fa' };
const REVISION = '2026-07-28';
const LIMITS = { maxIdleServers: 4, maxSharedServers: 4 };

type Serve = (req: IncomingMessage, res: ServerResponse, body: unknown) => Promise<void> | void;

async function listen(serve: Serve): Promise<{ http: Server; url: string }> {
  const http = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      void serve(req, res, body);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp` };
}

/** Servers made and connections made by a handler, to tell a kept server from one per call. */
const aborted: string[] = [];

function counted() {
  const counts = { servers: 0, connects: 0 };
  const newServer = (_credentials: Credentials, modernRevision?: string): McpServer => {
    const server = echoServer(aborted, modernRevision);
    counts.servers += 1;
    const connect = server.connect.bind(server);
    server.connect = (transport) => {
      counts.connects += 1;
      return connect(transport);
    };
    return server;
  };
  return { counts, newServer };
}

const envelope = (extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': REVISION,
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
  ...extra,
});

interface Draw {
  id: number | string;
  method: string;
  name: string;
  args: Record<string, unknown>;
  meta: string;
  versionHeader: string;
  methodHeader: string;
  nameHeader: string;
  progress: boolean;
  accept: string;
}

const anyDraw: fc.Arbitrary<Draw> = fc.record({
  id: fc.oneof(fc.integer({ min: 1, max: 1e6 }), fc.constantFrom('a', 'x-1')),
  method: fc.constantFrom(
    'tools/call',
    'tools/call',
    'tools/call',
    'tools/list',
    'prompts/list',
    'prompts/get',
    'resources/list',
    'resources/read',
    'resources/templates/list',
    'completion/complete',
    'server/discover',
    'ping',
    'initialize',
    'logging/setLevel',
    'no/such',
  ),
  name: fc.constantFrom('echo', 'echo', 'missing', ' echo'),
  args: fc.constantFrom({ text: 'x' }, { text: 'y', delayMs: 0 }, { text: 1 }, {}),
  meta: fc.constantFrom(
    'valid',
    'valid',
    'valid',
    'none',
    'version-only',
    'legacy',
    'future',
    'bad-caps',
    'log',
  ),
  versionHeader: fc.constantFrom('match', 'match', 'match', 'absent', '2025-06-18', '2099-01-01'),
  methodHeader: fc.constantFrom('match', 'match', 'match', 'absent', 'other'),
  nameHeader: fc.constantFrom('match', 'match', 'match', 'absent', 'other', 'spaced', 'base64'),
  progress: fc.boolean(),
  accept: fc.constantFrom('application/json, text/event-stream', 'application/json'),
});

/** Half the draws plainly well-formed but for their method, name, arguments and progress. */
const drawArb: fc.Arbitrary<Draw> = fc.oneof(
  anyDraw,
  anyDraw.map((draw) => ({
    ...draw,
    meta: draw.meta === 'log' ? 'log' : 'valid',
    versionHeader: 'match',
    methodHeader: 'match',
    nameHeader: 'match',
    accept: 'application/json, text/event-stream',
  })),
);

function compose(draw: Draw): { headers: Record<string, string>; body: unknown } {
  const meta: Record<string, unknown> | undefined = {
    valid: envelope(),
    none: undefined,
    'version-only': { 'io.modelcontextprotocol/protocolVersion': REVISION },
    legacy: envelope({ 'io.modelcontextprotocol/protocolVersion': '2025-06-18' }),
    future: envelope({ 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }),
    'bad-caps': envelope({ 'io.modelcontextprotocol/clientCapabilities': 'all' }),
    log: envelope({ 'io.modelcontextprotocol/logLevel': 'debug' }),
  }[draw.meta];
  const withProgress = meta && draw.progress ? { ...meta, progressToken: 7 } : meta;
  const named = draw.method === 'resources/read' ? { uri: `test://${draw.name}` } : { name: draw.name };
  const params: Record<string, unknown> = {
    ...(['tools/call', 'prompts/get', 'resources/read'].includes(draw.method) ? named : {}),
    ...(draw.method === 'tools/call' ? { arguments: draw.args } : {}),
    ...(withProgress ? { _meta: withProgress } : {}),
  };
  const nameValue = String(params.name ?? params.uri ?? draw.name);
  const headers: Record<string, string> = { accept: draw.accept };
  const version =
    draw.versionHeader === 'match'
      ? REVISION
      : draw.versionHeader === 'absent'
        ? undefined
        : draw.versionHeader;
  if (version !== undefined) headers['mcp-protocol-version'] = version;
  const methodHeader = { match: draw.method, absent: undefined, other: 'tools/list' }[draw.methodHeader];
  if (methodHeader !== undefined) headers['mcp-method'] = methodHeader;
  const nameHeader = {
    match: nameValue,
    absent: undefined,
    other: 'other',
    spaced: ` ${nameValue} `,
    base64: `=?base64?${Buffer.from(nameValue).toString('base64')}?=`,
  }[draw.nameHeader];
  if (nameHeader !== undefined) headers['mcp-name'] = nameHeader.trim() === '' ? 'x' : nameHeader;
  return { headers, body: { jsonrpc: '2.0', id: draw.id, method: draw.method, params } };
}

/** What a client sees of an answer; the SSE stream's keep-alive comments aside. */
async function answer(url: string, headers: Record<string, string>, body: unknown) {
  const got = await raw(url, { body: JSON.stringify(body), headers });
  return {
    status: got.status,
    type: String(got.headers['content-type'] ?? '').split(';')[0],
    body: got.body,
  };
}

describe('2026-07-28 requests on servers kept per caller', () => {
  const sdk = { url: '', http: undefined as Server | undefined };
  const ours: Array<{ mode: string; url: string; http: Server; handler: McpHandler }> = [];
  const stateless = counted();
  const stateful = counted();

  beforeAll(async () => {
    const reference = createMcpHandler(() => echoServer([]), { legacy: 'stateless' });
    const serveSdk = toNodeHandler(reference);
    Object.assign(sdk, await listen((req, res, body) => serveSdk(req, res, body)));
    const modes: Array<[string, McpHandler]> = [
      ['stateless', statelessHandler(stateless.newServer, () => undefined, LIMITS)],
      [
        'stateful',
        statefulHandler(
          new SessionStore({ max: 10, idleMs: 60_000 }),
          stateful.newServer,
          () => undefined,
          LIMITS,
        ),
      ],
    ];
    for (const [mode, handler] of modes) {
      const served = await listen((req, res, body) => handler.handle(req, res, body, alice));
      ours.push({ mode, handler, ...served });
    }
  });

  afterAll(async () => {
    for (const { http, handler } of ours) {
      await handler.close();
      await new Promise((resolve) => http.close(resolve));
    }
    await new Promise((resolve) => sdk.http?.close(resolve));
  });

  it("answers every 2026-07-28 request as the SDK's own entry does, plain or not", async () => {
    let plain = 0;
    await fc.assert(
      fc.asyncProperty(drawArb, async (draw) => {
        const { headers, body } = compose(draw);
        const req = { method: 'POST', headers: { 'content-type': 'application/json', ...headers } };
        // The 2025 wire's requests are another path's (shared-servers.ts, session-transport.ts).
        if (isLegacyPost(req as unknown as IncomingMessage, body)) return;
        const expected = await answer(sdk.url, headers, body);
        for (const { mode, url } of ours) {
          const got = await answer(url, headers, body);
          expect({ mode, ...got }).toEqual({ mode, ...expected });
        }
        if (modernRequest(req as unknown as IncomingMessage, body)) plain += 1;
      }),
      propertyRuns('2026-07-28 requests against the SDK entry', 150),
    );
    // Not a vacuous property: a fair share of the draws took the shared servers.
    expect(plain).toBeGreaterThan(10);
  });

  it('connects one server per caller for many plain calls', async () => {
    const before = { stateless: { ...stateless.counts }, stateful: { ...stateful.counts } };
    for (let i = 0; i < 12; i++) {
      const { headers, body } = compose({
        id: i + 1,
        method: 'tools/call',
        name: 'echo',
        args: { text: `t${i}` },
        meta: 'valid',
        versionHeader: 'match',
        methodHeader: 'match',
        nameHeader: 'match',
        progress: false,
        accept: 'application/json, text/event-stream',
      });
      for (const { url } of ours) {
        const got = await answer(url, headers, body);
        expect(got.body).toContain(`"text":"t${i}"`);
      }
    }
    // At most the one server of this caller, connected once (the first test may have made it).
    expect(stateless.counts.connects - before.stateless.connects).toBeLessThanOrEqual(1);
    expect(stateful.counts.connects - before.stateful.connects).toBeLessThanOrEqual(1);
  });
});

describe('a 2026-07-28 call whose HTTP request is closed', () => {
  it('is cancelled on the shared server, as the SDK cancels it', async () => {
    const handler = statelessHandler(counted().newServer, () => undefined, LIMITS);
    const { http, url } = await listen((req, res, body) => handler.handle(req, res, body, alice));
    try {
      const { headers, body } = compose({
        id: 1,
        method: 'tools/call',
        name: 'echo',
        args: { text: 'left', delayMs: 60_000 },
        meta: 'valid',
        versionHeader: 'match',
        methodHeader: 'match',
        nameHeader: 'match',
        // Its progress opens the answer's stream: the call has started.
        progress: true,
        accept: 'application/json, text/event-stream',
      });
      expect(
        modernRequest(
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
          } as unknown as IncomingMessage,
          body,
        ),
      ).toBeDefined();
      const target = new URL(url);
      const req = send({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      });
      req.on('error', () => undefined);
      req.end(JSON.stringify(body));
      await new Promise((resolve) => req.once('response', resolve));
      req.destroy();
      await vi.waitFor(() => expect(aborted).toContain('left'), { timeout: 10_000 });
    } finally {
      await handler.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe("the gates of the SDK's entry this path does not run", () => {
  it('find nothing to check on our tools, resources and prompts: no Mcp-Param header, no scope challenge', () => {
    const server = createMcpServer(depsFor('http://127.0.0.1:9', 'k'), {
      tools: TOOLS,
      modernRevision: REVISION,
    });
    type Registered = Record<string, { scopeChallenge?: unknown }>;
    const inside = server as unknown as Record<
      '_registeredTools' | '_registeredResources' | '_registeredResourceTemplates' | '_registeredPrompts',
      Registered
    >;
    expect(Object.keys(inside._registeredTools).length).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(JSON.stringify(server.toolInputSchemaJson(tool.name))).not.toContain('x-mcp-header');
    }
    for (const kind of [
      '_registeredTools',
      '_registeredResources',
      '_registeredResourceTemplates',
      '_registeredPrompts',
    ] as const) {
      for (const [name, entry] of Object.entries(inside[kind])) {
        expect({ kind, name, scopeChallenge: entry.scopeChallenge }).toEqual({
          kind,
          name,
          scopeChallenge: undefined,
        });
      }
    }
  });
});

describe('modernAnswerStatus', () => {
  const error = (code: number) => ({ jsonrpc: '2.0' as const, id: 1, error: { code, message: 'm' } });
  it('says a refusal before dispatch in the status, and a missing capability always', () => {
    expect(modernAnswerStatus({ jsonrpc: '2.0', id: 1, result: {} }, true)).toBe(200);
    expect(modernAnswerStatus(error(-32601), true)).toBe(404);
    expect(modernAnswerStatus(error(-32601), false)).toBe(200);
    expect(modernAnswerStatus(error(-32602), true)).toBe(200);
    expect(modernAnswerStatus(error(-32021), false)).toBe(400);
  });
});
