import type { McpServer } from '@modelcontextprotocol/server';
import type { SessionTransport } from './session-transport.js';

export interface Session {
  transport: SessionTransport;
  server: McpServer;
  /** Credentials hash of the caller that opened it (auth.ts). */
  fingerprint: string;
  lastSeen: number;
  /** Requests and streams of this session still open; a busy session is never idle. */
  active: number;
  /** The caller key of a session on probation (its key not yet accepted by the API); unset otherwise. */
  probationKey?: string;
}

export interface ProbationLimits {
  /** Most sessions on probation at once (they count in `max` too). */
  max: number;
  /** Idle time after which a session on probation is closed. */
  idleMs: number;
  /** Whether the API has accepted the key since: the session is then a normal one. */
  accepted(key: string): boolean;
}

export interface SessionLimits {
  max: number;
  idleMs: number;
  /** Sessions of keys the API has not accepted yet; without it every session is a normal one. */
  probation?: ProbationLimits;
  now?: () => number;
}

/**
 * Open MCP sessions, with a cap and eviction of those idle for longer than `idleMs`; sessions on
 * probation have a cap and an idle time of their own until their key is accepted.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  /** Ids of the sessions on probation. */
  private readonly onProbation = new Set<string>();
  /** Places held by initializes being answered (reserve), all and on probation. */
  private pending = 0;
  private pendingProbation = 0;
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly limits: SessionLimits) {
    this.now = limits.now ?? Date.now;
    const shortest = Math.min(limits.idleMs, limits.probation?.idleMs ?? limits.idleMs);
    this.timer = setInterval(() => void this.evictIdle(), Math.min(30_000, Math.max(250, shortest / 4)));
    this.timer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Sessions on probation now (after promoting those whose key was accepted since). */
  get probationSize(): number {
    this.promote();
    return this.onProbation.size;
  }

  get(id: string): Session | undefined {
    const session = this.sessions.get(id);
    const key = session?.probationKey;
    if (session && key !== undefined && this.limits.probation?.accepted(key)) {
      delete session.probationKey;
      this.onProbation.delete(id);
    }
    return session;
  }

  /** False when full even after evicting the idle ones; `probation` also asks for room on probation. */
  async hasRoom(probation = false): Promise<boolean> {
    if (this.fits(probation)) return true;
    await this.evictIdle();
    return this.fits(probation);
  }

  /**
   * Holds a place for a session about to open (its initialize is being answered), so that concurrent
   * initializes cannot all see the same free place; undefined when full even after evicting the idle
   * ones. The returned function gives the place back (call it once the session is added, or failed).
   */
  async reserve(probation = false): Promise<(() => void) | undefined> {
    if (!(await this.hasRoom(probation))) return undefined;
    const onProbation = probation && this.limits.probation !== undefined;
    this.pending += 1;
    if (onProbation) this.pendingProbation += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.pending -= 1;
      if (onProbation) this.pendingProbation -= 1;
    };
  }

  private fits(probation: boolean): boolean {
    if (this.sessions.size + this.pending >= this.limits.max) return false;
    if (!probation || !this.limits.probation) return true;
    return this.probationSize + this.pendingProbation < this.limits.probation.max;
  }

  add(id: string, session: Omit<Session, 'lastSeen' | 'active'>): void {
    this.sessions.set(id, { ...session, lastSeen: this.now(), active: 0 });
    if (session.probationKey !== undefined && this.limits.probation) this.onProbation.add(id);
  }

  delete(id: string): void {
    this.sessions.delete(id);
    this.onProbation.delete(id);
  }

  /** Sessions whose key the API has accepted since they opened become normal ones. */
  private promote(): void {
    const probation = this.limits.probation;
    if (!probation) return;
    for (const id of this.onProbation) {
      const session = this.sessions.get(id);
      if (!session || session.probationKey === undefined || probation.accepted(session.probationKey)) {
        this.onProbation.delete(id);
        if (session) delete session.probationKey;
      }
    }
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
    this.promote();
    const now = this.now();
    const cutoff = now - this.limits.idleMs;
    const probationCutoff = now - (this.limits.probation?.idleMs ?? this.limits.idleMs);
    const idle = [...this.sessions.entries()].filter(
      ([id, s]) => s.active === 0 && s.lastSeen < (this.onProbation.has(id) ? probationCutoff : cutoff),
    );
    for (const [id] of idle) this.delete(id);
    await Promise.all(idle.map(([, s]) => closeSession(s)));
  }

  async closeAll(): Promise<void> {
    clearInterval(this.timer);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    this.onProbation.clear();
    await Promise.all(all.map(closeSession));
  }
}

async function closeSession(session: Session): Promise<void> {
  await session.transport.close().catch(() => undefined);
  await session.server.close().catch(() => undefined);
}
