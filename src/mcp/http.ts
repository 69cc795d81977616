import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../log.js';
import { StartError } from '../start-error.js';
import type { ToolDeps } from './context.js';
import { hostAllowed, type OriginPolicy, originAllowed } from './origin.js';
import { createServer, type ServerOptions } from './server.js';

export interface HttpOptions extends OriginPolicy {
  port: number;
  /** Largest accepted request body, bytes. */
  maxBodyBytes?: number;
  /** What each session's server exposes (tool selection). */
  server?: ServerOptions;
}

export interface RunningHttp {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
}

const MCP_PATH = '/mcp';

/** Streamable HTTP on `/mcp` (stateful: one MCP session per client), `/healthz` for probes. */
export async function serveHttp(deps: ToolDeps, options: HttpOptions, logger: Logger): Promise<RunningHttp> {
  const sessions = new Map<string, Session>();
  const maxBody = options.maxBodyBytes ?? 1_000_000;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!hostAllowed(req.headers.host, options)) return reject(res, 403, 'Host not allowed');
    if (!originAllowed(req.headers.origin, options)) return reject(res, 403, 'Origin not allowed');
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/healthz' && req.method === 'GET') return json(res, 200, { status: 'ok' });
    if (path !== MCP_PATH) return json(res, 404, { error: `not found: the MCP endpoint is ${MCP_PATH}` });

    const sessionId = header(req, 'mcp-session-id');
    let body: unknown;
    if (req.method === 'POST') {
      const read = await readJson(req, maxBody);
      if (read.error) return reject(res, read.error.status, read.error.message);
      body = read.value;
    }
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session) return reject(res, 404, 'Session not found: initialize a new session');
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return reject(res, 400, 'Bad request: no mcp-session-id header and not an initialize request');
    }
    const server = createServer(deps, options.server);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
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
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartError(
              `port ${options.port} is already in use on ${options.bindHost}: pass --port <free port> (or 0 for any)`,
            )
          : error,
      ),
    );
    http.listen(options.port, options.bindHost, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const hostForUrl = options.bindHost.includes(':') ? `[${options.bindHost}]` : options.bindHost;
  return {
    url: `http://${hostForUrl}:${port}${MCP_PATH}`,
    port,
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.transport.close()));
      sessions.clear();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

type ReadResult = { value: unknown; error?: undefined } | { error: { status: number; message: string } };

async function readJson(req: IncomingMessage, maxBytes: number): Promise<ReadResult> {
  const tooLarge = { error: { status: 413, message: `Request body larger than ${maxBytes} bytes` } };
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Keep draining past the limit (without storing) so the 413 reaches the client.
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  if (size > maxBytes) return tooLarge;
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch {
    return { error: { status: 400, message: 'Parse error: the body is not JSON' } };
  }
}

function json(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

/** A JSON-RPC error body, as MCP clients expect from the endpoint. */
function reject(res: ServerResponse, status: number, message: string): void {
  json(res, status, { jsonrpc: '2.0', error: { code: status === 400 ? -32700 : -32000, message }, id: null });
}
