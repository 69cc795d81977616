// Stateless calls of the 2025 wire served by long-lived servers, one per caller, each connected once
// to a transport that carries many HTTP exchanges at a time. The SDK's stateless serving
// (createMcpHandler's legacy fallback) builds, for every POST, a web Request from the Node request, a
// transport, a connection of the server to it, a web Response and its stream, then converts that
// back to Node and tears it all down: 1.15 ms of server CPU per cached call against 0.91 on a session
// (same run, profiled). Here a call is one JSON-RPC request delivered to an already connected server
// and its answer written straight to the Node response.
//
// Only what createMcpHandler would route to its legacy serving and a pooled server could answer
// (server-pool.ts: one request of a method that leaves nothing on the server) comes here, and only
// when it is plainly well-formed; everything else (initialize, notifications, batches, any request
// the SDK would refuse) still goes to the SDK, which answers it as before. The 2026-07-28 wire's plain
// requests take servers of their own, bound to that revision (modern-shared.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AuthInfo,
  classifyInboundRequest,
  isJSONRPCRequest,
  isJsonContentType,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type McpServer,
  type MessageClassification,
  PerRequestHTTPServerTransport,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { LRUCache } from 'lru-cache';
import { isPlainObject } from '../lib/plain-object.js';
import { type Credentials, headerValue } from './auth.js';
import { Exchanges } from './exchange.js';
import { MODERN_REVISION, modernAnswerStatus } from './modern-shared.js';
import { poolable } from './server-pool.js';

/**
 * The JSON-RPC request this server may answer itself, or undefined when the SDK must: a POST the SDK
 * would serve as a 2025-era stateless request (no _meta envelope claim), with the media types its
 * transport requires, a protocol version it supports, and one request of a method that leaves
 * nothing on the server.
 */
export function sharedRequest(req: IncomingMessage, body: unknown): JSONRPCRequest | undefined {
  if (req.method !== 'POST' || !poolable(body) || !isJsonContentType(req.headers['content-type'])) return;
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return;
  const version = headerValue(req, 'mcp-protocol-version');
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return;
  // A plain request is one already (plainlyLegacy parsed it); anything else as the SDK classifies it.
  if (plainlyLegacy(req, body)) return body as JSONRPCRequest;
  return isLegacyPost(req, body) && isJSONRPCRequest(body) ? body : undefined;
}

/**
 * Whether the SDK serves this POST as a 2025-era request: its own classification (the _meta envelope
 * claim, the MCP-Protocol-Version header), as its isLegacyRequest makes it, but from the Node request
 * and the body already parsed rather than a web Request built for it.
 */
export function isLegacyPost(req: IncomingMessage, body: unknown): boolean {
  if (body === undefined || plainlyLegacy(req, body)) return true;
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    ...optional('protocolVersionHeader', headerValue(req, 'mcp-protocol-version')),
    ...optional('mcpMethodHeader', headerValue(req, 'mcp-method')),
    ...optional('mcpNameHeader', headerValue(req, 'mcp-name')),
    body,
  });
  return route.kind === 'legacy';
}

/** The protocol versions a 2025-era request may name in its header. */
const LEGACY_VERSIONS: ReadonlySet<string> = new Set(
  SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version < MODERN_REVISION),
);

/**
 * A POST the SDK's classification calls 2025-era beyond doubt, told without it: one JSON-RPC request
 * (not an initialize) with no _meta envelope claim, under no protocol header or a 2025-era one. The
 * SDK's classification first parses every body as a result and as an error, two schema parses that
 * fail on every request: ~5% of a cached call's CPU. Anything else is left to it, and a generated
 * test holds the two to the same answer (test/unit/legacy-post.test.ts).
 */
function plainlyLegacy(req: IncomingMessage, body: unknown): boolean {
  if (!isPlainObject(body) || body.method === 'initialize') return false;
  const version = headerValue(req, 'mcp-protocol-version');
  if (version !== undefined && !LEGACY_VERSIONS.has(version)) return false;
  const { params } = body;
  if (params !== undefined && !isPlainObject(params)) return false;
  const meta = params?._meta;
  if (meta !== undefined && (!isPlainObject(meta) || PROTOCOL_VERSION_META_KEY in meta)) return false;
  return isJSONRPCRequest(body);
}

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

/**
 * A transport without sessions that serves many HTTP exchanges at once on one connected server.
 * Requests of different clients may carry the same JSON-RPC id: each is given one of its own on the
 * way in (the server keys its handlers by id) and its own back on the way out.
 *
 * For the 2026-07-28 wire (`modern`), it is given the SDK's classification of the revision: as a
 * PerRequestHTTPServerTransport so classified, it binds the server connected to it to that revision
 * (Server.connect), and each request goes in with the classification, as the SDK's own transport
 * sends it, for the protocol layer's era check; its answers take the HTTP status the SDK gives them.
 */
export class SharedTransport extends PerRequestHTTPServerTransport implements Transport {
  private readonly exchanges: Exchanges;
  private closed = false;
  /** Set when the server is let go: it closes once its last exchange is over. */
  private retiring = false;
  /** Told once this transport has closed (besides onclose, which the server takes for itself). */
  whenClosed?: () => void;

  constructor(private readonly modern?: MessageClassification) {
    super({ classification: modern ?? { era: 'legacy' } });
    this.exchanges = new Exchanges('', modern ? modernAnswerStatus : undefined);
    this.exchanges.onIdle = () => {
      if (this.retiring) void this.close();
    };
  }

  get busy(): number {
    return this.exchanges.size;
  }

  override async start(): Promise<void> {}

  override async handleMessage(): Promise<Response> {
    throw new Error('a shared transport serves exchanges (serve), not single messages');
  }

  serve(res: ServerResponse, request: JSONRPCRequest, authInfo: AuthInfo): void {
    if (this.closed) throw new Error('shared transport is closed');
    const extra = this.modern ? { classification: this.modern } : {};
    this.exchanges.serve(res, request, this.onmessage, authInfo, extra);
  }

  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    // Nothing else has a stream to go on (no sessions, no GET stream): dropped, as the SDK does.
    this.exchanges.deliver(message, options);
  }

  /** Closes now when idle, else once the last exchange is over. */
  retire(): void {
    this.retiring = true;
    if (this.exchanges.size === 0) void this.close();
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.exchanges.abandonAll('The server closed before answering: retry');
    this.onclose?.();
    this.whenClosed?.();
  }
}

interface Shared {
  server: McpServer;
  transport: SharedTransport;
  ready: Promise<void>;
}

/** One long-lived server per caller (their credentials pick the upstream key), at most `max` kept. */
export class SharedServers {
  /** Past `max`, the least recently used is retired. */
  private readonly byCaller: LRUCache<string, Shared>;
  private readonly retired = new Set<McpServer>();

  /** `modern`: the 2026-07-28 revision the servers are bound to (see SharedTransport). */
  constructor(
    private readonly build: (credentials: Credentials) => McpServer,
    max: number,
    private readonly modern?: MessageClassification,
  ) {
    this.byCaller = new LRUCache<string, Shared>({
      max,
      dispose: (shared, _key, reason) => {
        if (reason === 'evict') this.retire(shared);
      },
    });
  }

  get size(): number {
    return this.byCaller.size;
  }

  async serve(
    res: ServerResponse,
    request: JSONRPCRequest,
    credentials: Credentials,
    authInfo: AuthInfo,
  ): Promise<void> {
    const key = credentials.fingerprint;
    let shared = this.byCaller.get(key);
    if (!shared) {
      const server = this.build(credentials);
      const transport = new SharedTransport(this.modern);
      shared = { server, transport, ready: server.connect(transport) };
      this.byCaller.set(key, shared);
    }
    await shared.ready;
    shared.transport.serve(res, request, authInfo);
  }

  /** Lets a server go once the calls it is answering are done. */
  private retire(oldest: Shared): void {
    this.retired.add(oldest.server);
    oldest.transport.whenClosed = () => this.retired.delete(oldest.server);
    oldest.transport.retire();
  }

  async close(): Promise<void> {
    const all = [...[...this.byCaller.values()].map((s) => s.server), ...this.retired];
    this.byCaller.clear();
    this.retired.clear();
    await Promise.all(all.map((server) => server.close().catch(() => undefined)));
  }
}
