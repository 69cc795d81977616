import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { McpServer } from '@modelcontextprotocol/server';

export interface Session {
  transport: NodeStreamableHTTPServerTransport;
  server: McpServer;
  /** Credentials hash of the caller that opened it (auth.ts). */
  fingerprint: string;
  lastSeen: number;
  /** Requests and streams of this session still open; a busy session is never idle. */
  active: number;
}

export interface SessionLimits {
  max: number;
  idleMs: number;
  now?: () => number;
}

/** Open MCP sessions, with a cap and eviction of those idle for longer than `idleMs`. */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly limits: SessionLimits) {
    this.now = limits.now ?? Date.now;
    this.timer = setInterval(() => void this.evictIdle(), Math.min(30_000, Math.max(250, limits.idleMs / 4)));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  /** False when full even after evicting the idle ones. */
  async hasRoom(): Promise<boolean> {
    if (this.sessions.size < this.limits.max) return true;
    await this.evictIdle();
    return this.sessions.size < this.limits.max;
  }

  add(id: string, session: Omit<Session, 'lastSeen' | 'active'>): void {
    this.sessions.set(id, { ...session, lastSeen: this.now(), active: 0 });
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  touch(session: Session): void {
    session.lastSeen = this.now();
  }

  /** Marks a request of the session as started; the returned function marks it done. */
  begin(session: Session): () => void {
    session.active += 1;
    session.lastSeen = this.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      session.active -= 1;
      session.lastSeen = this.now();
    };
  }

  async evictIdle(): Promise<void> {
    const cutoff = this.now() - this.limits.idleMs;
    const idle = [...this.sessions.entries()].filter(([, s]) => s.active === 0 && s.lastSeen < cutoff);
    for (const [id] of idle) this.sessions.delete(id);
    await Promise.all(idle.map(([, s]) => closeSession(s)));
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map(closeSession));
  }
}

async function closeSession(session: Session): Promise<void> {
  await session.transport.close().catch(() => undefined);
  await session.server.close().catch(() => undefined);
}
