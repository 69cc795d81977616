import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.js';
import type { SharedUpstream } from '../mcp/context.js';
import { createServer, type ServerOptions } from '../mcp/server.js';
import { StartError } from '../start-error.js';
import type { Stores } from '../store/open.js';
import {
  type AccessPolicy,
  assertBindAllowed,
  authenticate,
  type Credentials,
  tokenAccepted,
} from './auth.js';
import { Drain } from './drain.js';
import { answerProbe } from './health.js';
import { BodyBudget, json, readJson, reject } from './http-io.js';
import { KeyChecks, type KeyStanding } from './key-standing.js';
import type { Metrics } from './metrics.js';
import { type ServerLimits, statefulHandler, statelessHandler } from './modes.js';
import { hostAllowed, type OriginPolicy, originAllowed } from './origin.js';
import { SessionStore } from './sessions.js';

export interface HttpOptions extends OriginPolicy {
  port: number;
  // Limits are required: their defaults live once, in the settings (src/config.ts).
  /** Largest accepted request body, bytes. */
  maxBodyBytes: number;
  /** Most arrays and objects one request body may nest inside one another. */
  maxJsonDepth: number;
  /** Most bytes of request bodies held while received, over all requests (at least maxBodyBytes). */
  bodyBudgetBytes: number;
  /** Most time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Most time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** No sessions: every POST served on its own by the SDK's createMcpHandler. */
  stateless?: boolean;
  access?: AccessPolicy;
  maxSessions: number;
  sessionIdleMs: number;
  /** Most sessions of caller keys the API has not accepted yet (default: a tenth of maxSessions). */
  maxProbationSessions?: number;
  /** Idle time after which a session on probation is closed. */
  probationIdleMs: number;
  /** How long a shutdown waits for calls in flight. */
  shutdownGraceMs: number;
  /** MCP servers kept between requests. */
  servers: ServerLimits;
  /** What each session's server exposes (tool selection). */
  server: Omit<ServerOptions, 'onToolCall'>;
}

export interface HttpServices {
  upstream: SharedUpstream;
  stores: Stores;
  metrics: Metrics;
  logger: Logger;
  /**
   * What the API has said of caller keys (told by each key's upstream client), and how to ask it about
   * one: with both, sessions of caller keys not yet accepted are opened on probation.
   */
  keys?: { standing: KeyStanding; ask: (key: string) => Promise<boolean> };
}

export interface RunningHttp {
  url: string;
  port: number;
  /**
   * Refuses new work (503; probes still answered), lets calls in flight finish within the grace, answers
   * those still running with a JSON-RPC error, then stops listening and closes the sessions.
   */
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';

/**
 * Streamable HTTP on `/mcp` (stateful sessions, or stateless), `/healthz`, `/readyz`, `/metrics`.
 * Every caller gets deps of its own upstream key; the pool, cache and quota store are shared.
 */
export async function serveHttp(services: HttpServices, options: HttpOptions): Promise<RunningHttp> {
  const { upstream, stores, metrics, logger, keys } = services;
  const access = options.access ?? { tokens: [], requireCallerKey: false };
  assertBindAllowed(options.bindHost, access);
  const maxBody = options.maxBodyBytes;
  const bodyLimits = { maxBytes: maxBody, maxDepth: options.maxJsonDepth };
  const budget = new BodyBudget(Math.max(options.bodyBudgetBytes, maxBody));
  const { maxSessions, probationIdleMs } = options;
  const sessions = options.stateless
    ? undefined
    : new SessionStore({
        max: maxSessions,
        idleMs: options.sessionIdleMs,
        ...(keys
          ? {
              probation: {
                max: options.maxProbationSessions ?? Math.max(1, Math.floor(maxSessions / 10)),
                idleMs: probationIdleMs,
                accepted: (key: string) => keys.standing.isAccepted(key),
              },
            }
          : {}),
      });
  const probation = keys && {
    standing: keys.standing,
    checks: new KeyChecks(keys.standing, keys.ask),
    idleMs: probationIdleMs,
  };
  if (sessions) metrics.watchSessions(() => ({ open: sessions.size, probation: sessions.probationSize }));
  const drain = new Drain();
  const newServer = (credentials: Credentials, modernRevision?: string) =>
    createServer(upstream.depsFor(credentials.upstreamKey, credentials.tokenId), {
      ...options.server,
      onToolCall: (tool, outcome) => metrics.toolCall(tool, outcome),
      ...(modernRevision ? { modernRevision } : {}),
    });

  // Out-of-band errors of the SDK's handler (a request it refused, a failed exchange): debug only,
  // the client has its answer already.
  const onerror = (error: Error) => logger.debug('mcp handler', { error: logger.redact(error.message) });
  const mcp = sessions
    ? statefulHandler(sessions, newServer, onerror, options.servers, probation)
    : statelessHandler(newServer, onerror, options.servers);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (await answerProbe(req, res, path, stores, drain)) return;
    if (!hostAllowed(req.headers.host, options)) {
      return reject(res, 403, 'Host not allowed: list it in --allowed-hosts (FOOTBALL_MCP_ALLOWED_HOSTS)');
    }
    if (!originAllowed(req.headers.origin, options)) {
      return reject(
        res,
        403,
        'Origin not allowed: list it in --allowed-origins (FOOTBALL_MCP_ALLOWED_ORIGINS)',
      );
    }
    if (drain.shuttingDown) {
      return reject(res, 503, 'Shutting down: retry on another replica', { connection: 'close' });
    }
    if (req.method === 'GET' && path === '/metrics') {
      if (!tokenAccepted(req, access)) {
        return unauthorized(res, 'Unauthorized: /metrics needs Authorization: Bearer <server token>');
      }
      const text = await metrics.render();
      res.writeHead(200, { 'content-type': metrics.contentType });
      return void res.end(text);
    }
    if (path !== MCP_PATH) return json(res, 404, { error: `not found: the MCP endpoint is ${MCP_PATH}` });
    const auth = authenticate(req, access);
    if (!auth.ok) return unauthorized(res, auth.message);
    let body: unknown;
    if (req.method === 'POST') {
      const flight = drain.track(res);
      const read = await readJson(req, bodyLimits, budget);
      if (read.error) {
        const { status, message, headers, code } = read.error;
        return reject(res, status, message, headers, code);
      }
      body = read.value;
      flight.carries(body);
    }
    return mcp.handle(req, res, body, auth.credentials);
  };

  const requestTimeout = options.requestTimeoutMs;
  const timeouts = {
    // Node's own 300 s held a stalled upload, and what it had sent, for five minutes.
    requestTimeout,
    headersTimeout: Math.min(options.headersTimeoutMs, requestTimeout),
    // How often both are checked; Node's 30 s would double a 30 s timeout.
    connectionsCheckingInterval: Math.min(1_000, requestTimeout),
  };
  const http = createHttpServer(timeouts, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // The shutdown answered it already; the SDK's late write to it is no failure.
      if (drain.wasCut(res)) return;
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
      // The listener stays open through the drain: /readyz says 503 and /healthz 200 to the balancer's
      // probes, new MCP work gets 503, while the calls in flight finish.
      const cut = await drain.close(options.shutdownGraceMs);
      if (cut > 0) {
        logger.warn(`shutdown: ${cut} call(s) still in flight after the grace period were cut`);
      }
      const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      await mcp.close();
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
