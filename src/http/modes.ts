// The two ways /mcp answers, both on the SDK v2 entry points:
// - stateless: createMcpHandler serves every POST on its own, the 2026-07-28 revision (per-request
//   _meta envelope) and the 2025 revisions (initialize, then any POST to any replica) alike;
// - stateful: 2025-era clients get one MCP session each (Mcp-Session-Id, GET stream, DELETE) on the
//   Streamable HTTP transport; 2026-07-28 requests, which have no sessions, go to createMcpHandler.
// In both, plain requests that leave nothing on a server are answered by a long-lived server of the
// caller instead (shared-servers.ts for the 2025 wire, modern-shared.ts for 2026-07-28).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  type McpServer,
  type McpServerFactory,
} from '@modelcontextprotocol/server';
import { type Credentials, headerValue } from './auth.js';
import { reject } from './http-io.js';
import type { KeyChecks, KeyStanding } from './key-standing.js';
import { MODERN, MODERN_REVISION, modernRequest } from './modern-shared.js';
import { poolable, ServerPool } from './server-pool.js';
import { SessionTransport } from './session-transport.js';
import type { SessionStore } from './sessions.js';
import { isLegacyPost, SharedServers, sharedRequest } from './shared-servers.js';

export interface McpHandler {
  handle(req: IncomingMessage, res: ServerResponse, body: unknown, credentials: Credentials): Promise<void>;
  /** Ends what is still open: sessions (stateful) and the SDK handler's exchanges. */
  close(): Promise<void>;
}

/** A server for a caller; with `modernRevision`, one to be bound to that 2026-07-28-era revision. */
export type NewServer = (credentials: Credentials, modernRevision?: string) => McpServer;
type OnError = (error: Error) => void;

/** How many MCP servers are kept between requests (the settings of the same names). */
export interface ServerLimits {
  /** Idle servers kept for requests served one at a time (server-pool.ts). */
  maxIdleServers: number;
  /** Long-lived servers of the stateless 2025 wire, one per caller (shared-servers.ts). */
  maxSharedServers: number;
}

/**
 * The SDK hands a request's authInfo to the server factory; toNodeHandler takes it from `req.auth`.
 * It carries our credentials (already checked by auth.ts), nothing the SDK verifies or sends out.
 */
type WithAuth = IncomingMessage & { auth?: AuthInfo };

interface Caller {
  credentials: Credentials;
  /** Whether the request may be answered by a pooled server (server-pool.ts). */
  pooled: boolean;
}

function attach(req: IncomingMessage, credentials: Credentials, body: unknown): void {
  const caller: Caller = { credentials, pooled: poolable(body) };
  (req as WithAuth).auth = { token: '', clientId: credentials.fingerprint, scopes: [], extra: { caller } };
}

function callerOf(authInfo: AuthInfo | undefined): Caller {
  const caller = authInfo?.extra?.caller as Caller | undefined;
  // Every request reaching the handler went through attach(): this is a wiring error, not a caller's.
  if (!caller) throw new Error('MCP request without credentials');
  return caller;
}

/** The SDK's HTTP entry (both protocol eras, or 2026-07-28 only), mounted on node:http. */
function sdkHandler(
  newServer: NewServer,
  legacy: 'stateless' | 'reject',
  onerror: OnError,
  limits: Pick<ServerLimits, 'maxIdleServers'>,
) {
  const pool = new ServerPool(newServer, { maxIdle: limits.maxIdleServers });
  const factory: McpServerFactory = ({ authInfo, era }) => {
    const { credentials, pooled } = callerOf(authInfo);
    return pooled ? pool.lease(credentials, era) : newServer(credentials);
  };
  const handler = createMcpHandler(factory, { legacy, onerror });
  return {
    serve: toNodeHandler(handler, { onerror }),
    async close() {
      await handler.close();
      pool.clear();
    },
  };
}

/**
 * Nothing kept between requests: any replica can answer any POST, of either protocol era. The calls
 * of either wire that leave nothing on a server are answered by a long-lived server of the caller
 * (shared-servers.ts, modern-shared.ts); the rest by the SDK's per-request serving.
 */
export function statelessHandler(newServer: NewServer, onerror: OnError, limits: ServerLimits): McpHandler {
  const sdk = sdkHandler(newServer, 'stateless', onerror, limits);
  const shared = new SharedServers(newServer, limits.maxSharedServers);
  const modern = new SharedServers((c) => newServer(c, MODERN_REVISION), limits.maxSharedServers, MODERN);
  return {
    async handle(req, res, body, credentials) {
      if (req.method !== 'POST') {
        const message = 'Method not allowed: this server is stateless (no sessions, no GET stream); use POST';
        return reject(res, 405, message, { allow: 'POST' });
      }
      attach(req, credentials, body);
      const request = sharedRequest(req, body);
      if (request) return shared.serve(res, request, credentials, (req as WithAuth).auth as AuthInfo);
      const plainModern = modernRequest(req, body);
      if (plainModern) return modern.serve(res, plainModern, credentials, (req as WithAuth).auth as AuthInfo);
      await sdk.serve(req, res, body);
    },
    async close() {
      await Promise.all([sdk.close(), shared.close(), modern.close()]);
    },
  };
}

/** What the API has said of caller keys, and how to ask it: for sessions on probation (sessions.ts). */
export interface Probation {
  standing: KeyStanding;
  checks: KeyChecks;
  /** The probation idle time, ms: what a caller refused for want of room on probation is told to wait. */
  idleMs: number;
}

/**
 * Sessions opened by initialize, bound to the credentials that opened them; 2026-07-28 requests per request.
 * With `probation`, a session of a caller key the API has not accepted yet is opened on probation.
 */
export function statefulHandler(
  store: SessionStore,
  newServer: NewServer,
  onerror: OnError,
  limits: ServerLimits,
  probation?: Probation,
): McpHandler {
  const sdk = sdkHandler(newServer, 'reject', onerror, limits);
  const modern = new SharedServers((c) => newServer(c, MODERN_REVISION), limits.maxSharedServers, MODERN);
  return {
    async handle(req, res, body, credentials) {
      const sessionId = headerValue(req, 'mcp-session-id');
      if (sessionId) {
        const session = store.get(sessionId);
        if (!session) return reject(res, 404, 'Session not found: initialize a new session');
        if (session.fingerprint !== credentials.fingerprint) {
          return reject(
            res,
            403,
            'This session was opened with other credentials: send the same token and key',
          );
        }
        // Only calls keep a session busy: an open GET stream alone does not stop it from going idle.
        if (req.method === 'POST') res.once('close', store.begin(session));
        else store.touch(session);
        const plain = sharedRequest(req, body);
        if (plain) return session.transport.serve(res, plain);
        return session.transport.handleRequest(req, res, body);
      }
      // A plain request of the 2026-07-28 wire, classified once (modernRequest asks the SDK).
      const plainModern = modernRequest(req, body);
      if (plainModern) {
        attach(req, credentials, body);
        return modern.serve(res, plainModern, credentials, (req as WithAuth).auth as AuthInfo);
      }
      // The SDK's own classification (the _meta envelope claim, the MCP-Protocol-Version header).
      if (req.method === 'POST' && !isLegacyPost(req, body)) {
        attach(req, credentials, body);
        return sdk.serve(req, res, body);
      }
      if (req.method !== 'POST' || !isInitializeRequest(body)) {
        return reject(res, 400, 'Bad request: no mcp-session-id header and not an initialize request');
      }
      const admitted = await admit(store, credentials.upstreamKey, probation);
      if (!admitted.ok) return reject(res, admitted.status, admitted.message, admitted.headers);
      const { release } = admitted;
      const probationKey = admitted.probation ? credentials.upstreamKey : undefined;
      const server = newServer(credentials);
      const sdkTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          store.add(id, {
            transport,
            server,
            fingerprint: credentials.fingerprint,
            ...(probationKey !== undefined ? { probationKey } : {}),
          });
          release();
        },
      });
      const transport = new SessionTransport(sdkTransport);
      transport.onclose = () => {
        if (transport.sessionId) store.delete(transport.sessionId);
        void server.close();
      };
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res, body);
      } finally {
        // Added by now, or never will be.
        release();
      }
    },
    async close() {
      await store.closeAll();
      await Promise.all([sdk.close(), modern.close()]);
    },
  };
}

type Admission =
  | { ok: true; probation: boolean; release: () => void }
  | { ok: false; status: number; message: string; headers: Record<string, string> };

const FULL = 'Too many open sessions: close unused ones, or raise --max-sessions';

/**
 * Whether a new session may open, and on probation or not; a place is held for it until released. The
 * server's own key, and a caller key the API has accepted, open normal sessions; another caller key opens
 * one on probation while there is room there, and is checked in the background with one request to the
 * API (KeyChecks). When there is no room, the key may prove itself the same way, waited for: accepted, it
 * opens a normal session; refused (401), it is refused new sessions for a while (--refused-key-s).
 */
async function admit(
  store: SessionStore,
  key: string | undefined,
  probation: Probation | undefined,
): Promise<Admission> {
  const full = (message: string, retryAfterS: number): Admission => ({
    ok: false,
    status: 503,
    message,
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) },
  });
  const normal = async (): Promise<Admission> => {
    const release = await store.reserve();
    return release ? { ok: true, probation: false, release } : full(FULL, 30);
  };
  if (!probation || key === undefined || probation.standing.isAccepted(key)) return normal();
  const refused = (ms: number): Admission => ({
    ok: false,
    status: 401,
    message: `Unauthorized: the Football API refused this key (401); no new session with it for ${Math.ceil(ms / 1000)} s. Check the key (X-API-Key).`,
    headers: {
      'retry-after': String(Math.ceil(ms / 1000)),
      'www-authenticate': 'Bearer realm="football-scout-mcp"',
    },
  });
  const refusedMs = probation.standing.refusedFor(key);
  if (refusedMs > 0) return refused(refusedMs);
  const release = await store.reserve(true);
  if (release) {
    // Asked at once rather than at the first call, which may come long after the probation idle time:
    // a real key is promoted in one round trip. A refused one's session stays until idle, its calls
    // answered with the API's refusal, and the key opens no other for a while.
    void probation.checks.check(key, { background: true });
    return { ok: true, probation: true, release };
  }
  const verdict = await probation.checks.check(key);
  if (verdict === 'accepted') return normal();
  if (verdict === 'refused') return refused(probation.standing.refusedFor(key));
  return full(
    'Too many open sessions of keys the Football API has not accepted yet (--max-probation-sessions), ' +
      `and this key could not be checked now${verdict === 'busy' ? ' (other keys are being checked)' : ''}: retry shortly`,
    verdict === 'busy' ? 2 : probation.idleMs / 1000,
  );
}
