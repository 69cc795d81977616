// The two ways /mcp answers: one MCP session per client (stateful), or a fresh server per POST (stateless).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { McpServer } from '@modelcontextprotocol/server';
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { type Credentials, headerValue } from './auth.js';
import { reject } from './http-io.js';
import type { SessionStore } from './sessions.js';

export type McpHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  credentials: Credentials,
) => Promise<void>;

type NewServer = (credentials: Credentials) => McpServer;

/** Nothing kept between requests: any replica can answer any POST. */
export function statelessHandler(newServer: NewServer): McpHandler {
  return async (req, res, body, credentials) => {
    if (req.method !== 'POST') {
      const message = 'Method not allowed: this server is stateless (no sessions, no GET stream); use POST';
      return reject(res, 405, message, { allow: 'POST' });
    }
    const server = newServer(credentials);
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}

/** Sessions opened by initialize, bound to the credentials that opened them. */
export function statefulHandler(store: SessionStore, newServer: NewServer): McpHandler {
  return async (req, res, body, credentials) => {
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
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
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
}
