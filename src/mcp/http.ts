import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';
import { StartError } from '../start-error.js';
import type { Stores } from '../store/open.js';
import {
  type AccessPolicy,
  assertBindAllowed,
  authenticate,
  type Credentials,
  headerValue,
  tokenAccepted,
} from './auth.js';
import type { SharedUpstream } from './deps.js';
import { Drain } from './drain.js';
import { json, readJson, reject } from './http-io.js';
import type { Metrics } from './metrics.js';
import { hostAllowed, type OriginPolicy, originAllowed } from './origin.js';
import { createServer } from './server.js';
import { SessionStore } from './sessions.js';

export interface HttpOptions extends OriginPolicy {
  port: number;
  /** Largest accepted request body, bytes. */
  maxBodyBytes?: number;
  /** No sessions: a fresh server and transport per request. */
  stateless?: boolean;
  access?: AccessPolicy;
  maxSessions?: number;
  sessionIdleMs?: number;
  /** How long a shutdown waits for calls in flight. */
  shutdownGraceMs?: number;
}

export interface HttpServices {
  upstream: SharedUpstream;
  stores: Stores;
  metrics: Metrics;
  logger: Logger;
}

export interface RunningHttp {
  url: string;
  port: number;
  /** Stops accepting, lets calls in flight finish (within the grace), closes the sessions. */
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';

/**
 * Streamable HTTP on `/mcp` (stateful sessions, or stateless), `/healthz`, `/readyz`, `/metrics`.
 * Every caller gets deps of its own upstream key; the pool, cache and quota store are shared.
 */
export async function serveHttp(services: HttpServices, options: HttpOptions): Promise<RunningHttp> {
  const { upstream, stores, metrics, logger } = services;
  const access = options.access ?? { tokens: [], requireCallerKey: false };
  assertBindAllowed(options.bindHost, access);
  const maxBody = options.maxBodyBytes ?? 1_000_000;
  const sessions = options.stateless
    ? undefined
    : new SessionStore({ max: options.maxSessions ?? 1000, idleMs: options.sessionIdleMs ?? 1_800_000 });
  const drain = new Drain();
  const newServer = (credentials: Credentials) =>
    createServer(upstream.depsFor(credentials.upstreamKey), {
      onToolCall: (tool, outcome) => metrics.toolCall(tool, outcome),
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    // Probes carry the pod's address as Host: they pass before the DNS-rebinding checks, and say nothing secret.
    if (req.method === 'GET' && path === '/healthz') return json(res, 200, { status: 'ok' });
    if (req.method === 'GET' && path === '/readyz') {
      const storeUp = await stores.ping();
      const ready = storeUp && !drain.shuttingDown;
      return json(res, ready ? 200 : 503, {
        status: ready ? 'ready' : 'not ready',
        store: storeUp ? 'up' : 'down',
        shutting_down: drain.shuttingDown,
      });
    }
    if (!hostAllowed(req.headers.host, options)) return reject(res, 403, 'Host not allowed');
    if (!originAllowed(req.headers.origin, options)) return reject(res, 403, 'Origin not allowed');
    if (drain.shuttingDown)
      return reject(res, 503, 'Shutting down: retry on another replica', { connection: 'close' });
    if (req.method === 'GET' && path === '/metrics') {
      if (!tokenAccepted(req, access))
        return unauthorized(res, 'Unauthorized: /metrics needs Authorization: Bearer <server token>');
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      return void res.end(metrics.render(sessions ? { sessions: sessions.size } : {}));
    }
    if (path !== MCP_PATH) return json(res, 404, { error: `not found: the MCP endpoint is ${MCP_PATH}` });
    const auth = authenticate(req, access);
    if (!auth.ok) return unauthorized(res, auth.message);

    let body: unknown;
    if (req.method === 'POST') {
      drain.track(res);
      const read = await readJson(req, maxBody);
      if (read.error) return reject(res, read.error.status, read.error.message);
      body = read.value;
    }
    if (!sessions) return handleStateless(req, res, body, auth.credentials);
    return handleStateful(sessions, req, res, body, auth.credentials);
  };

  const handleStateless = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    credentials: Credentials,
  ) => {
    if (req.method !== 'POST') {
      return reject(
        res,
        405,
        'Method not allowed: this server is stateless (no sessions, no GET stream); use POST',
        {
          allow: 'POST',
        },
      );
    }
    const server = newServer(credentials);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handleStateful = async (
    store: SessionStore,
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    credentials: Credentials,
  ) => {
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
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return reject(res, 400, 'Bad request: no mcp-session-id header and not an initialize request');
    }
    if (!(await store.hasRoom())) {
      return reject(res, 503, 'Too many open sessions: close unused ones, or raise --max-sessions', {
        'retry-after': '30',
      });
    }
    const server = newServer(credentials);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) =>
        store.add(id, { transport, server, fingerprint: credentials.fingerprint }),
    });
    transport.onclose = () => {
      if (transport.sessionId) store.delete(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const http = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error('http request failed', { error: logger.redact(String(error)) });
      if (!res.headersSent) reject(res, 500, 'Internal server error');
      else res.end();
    });
  });
  await listen(http, options);
  const port = (http.address() as AddressInfo).port;
  const hostForUrl = options.bindHost.includes(':') ? `[${options.bindHost}]` : options.bindHost;
  return {
    url: `http://${hostForUrl}:${port}${MCP_PATH}`,
    port,
    async close() {
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      const finished = await drain.close(options.shutdownGraceMs ?? 15_000);
      if (!finished) logger.warn('shutdown: calls still in flight after the grace period were cut');
      await sessions?.closeAll();
      http.closeAllConnections();
      await stopped;
    },
  };
}

function unauthorized(res: ServerResponse, message: string): void {
  reject(res, 401, message, { 'www-authenticate': 'Bearer realm="football-scout-mcp"' });
}

async function listen(http: ReturnType<typeof createHttpServer>, options: HttpOptions): Promise<void> {
  await new Promise<void>((resolve, rejectListen) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      rejectListen(
        error.code === 'EADDRINUSE'
          ? new StartError(
              `port ${options.port} is already in use on ${options.bindHost}: pass --port <free port> (or 0 for any)`,
            )
          : error,
      ),
    );
    http.listen(options.port, options.bindHost, () => resolve());
  });
}
