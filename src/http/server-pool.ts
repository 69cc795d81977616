// Idle servers for the SDK's per-request serving. createMcpHandler asks its factory for a server on
// every request (both protocol eras); building one (20 tools, prompts, resources) costs more CPU
// than the cached call it then answers. The SDK lets a factory hand back a server that is not
// serving anything (createMcpHandler only refuses one still connected, and McpServer.connect takes
// a new transport once close() has run), so a server whose exchange is over goes back here, and
// the next request of the same caller and era takes it.
//
// Only requests that leave nothing on the server are served by a pooled one: initialize stores the
// client's identity and capabilities, logging/setLevel a level, and a later request of another
// client must not see them (a fresh server sees none). Those get a fresh server, never pooled.
import type { McpServer } from '@modelcontextprotocol/server';
import type { Credentials } from './auth.js';

export type Era = 'legacy' | 'modern';

/** Methods whose handling leaves no state on the server. */
const STATELESS_METHODS = new Set([
  'tools/call',
  'tools/list',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'completion/complete',
  'ping',
  'server/discover',
]);

/** True when `body` is one JSON-RPC request a pooled server may answer. */
export function poolable(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { method, id } = body as { method?: unknown; id?: unknown };
  return id !== undefined && typeof method === 'string' && STATELESS_METHODS.has(method);
}

export interface PoolLimits {
  /** Idle servers kept in all, over every caller and era. */
  maxIdle: number;
}

export class ServerPool {
  /** Idle servers by caller and era; the Map's order is least recently used first. */
  private readonly idle = new Map<string, McpServer[]>();
  private idleCount = 0;

  constructor(
    private readonly build: (credentials: Credentials) => McpServer,
    private readonly limits: PoolLimits,
  ) {}

  get size(): number {
    return this.idleCount;
  }

  /** A server for one exchange: an idle one of this caller and era if any, else a new one. */
  lease(credentials: Credentials, era: Era): McpServer {
    // Era apart: serving 2026-07-28 adds server/discover and the 2026 revision to a server.
    const key = `${era}\n${credentials.fingerprint}`;
    const list = this.idle.get(key);
    let server = list?.pop();
    if (server) this.idleCount -= 1;
    if (list?.length === 0) this.idle.delete(key);
    if (!server || server.isConnected()) server = this.build(credentials);
    const lent = server;
    lent.server.onclose = () => {
      lent.server.onclose = undefined;
      // After the close that ended the exchange has run to its end (the SDK closes twice).
      setImmediate(() => this.giveBack(key, lent));
    };
    return lent;
  }

  private giveBack(key: string, server: McpServer): void {
    if (server.isConnected()) return;
    const list = this.idle.get(key) ?? [];
    this.idle.delete(key);
    this.idle.set(key, list);
    list.push(server);
    this.idleCount += 1;
    while (this.idleCount > this.limits.maxIdle) this.dropOldest();
  }

  private dropOldest(): void {
    const [key, list] = this.idle.entries().next().value as [string, McpServer[]];
    list.shift();
    this.idleCount -= 1;
    if (list.length === 0) this.idle.delete(key);
  }

  clear(): void {
    this.idle.clear();
    this.idleCount = 0;
  }
}
