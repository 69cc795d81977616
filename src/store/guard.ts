import type Keyv from 'keyv';

// A store that stops answering without closing its connection (Redis frozen by SIGSTOP, a stalled
// network, a saturated server) makes every command wait as long as it does: 45 s was measured, on every
// tool call. For data the server can do without (cached answers, shared quota states) a late answer is
// worth nothing, so each operation gets a short timeout, after which the call goes on without the store.
//
// Why here, around the Keyv stores, rather than inside ResponseCache and QuotaTracker: one guard per
// store sees the outage of all its users at once, so (1) it is logged once per outage, not per call or
// per user; (2) while the store is known to be down, operations are not sent at all (only a periodic
// probe), so calls pay nothing and no command piles up in the Redis client's queue; (3) any later user of
// the store gets the same behaviour without code of its own; (4) the in-memory store, which cannot hang,
// is not wrapped and pays nothing. Not for data that must not be lost (a dropped write is silent): that
// data (watchlists) uses strict() on a guard of its own (its own, longer timeout: a large list must not
// count as the cache's store being down), an error for the caller instead of a fallback.

export const DEFAULT_STORE_TIMEOUT_MS = 250;

export interface StoreGuardOptions {
  /** The longest wait for one operation before the call goes on without the store. */
  timeoutMs: number;
  /** What the store is, for the log: never a password (see redisLabel). */
  label: string;
  /** Told once when the store stops answering and once when it answers again. */
  logger?: { warn(message: string): void; info(message: string): void };
  /** The setting of the timeout, named in the log (default FOOTBALL_MCP_STORE_TIMEOUT_MS). */
  setting?: string;
  /** What the log says goes on while the store is down, and what resumes (default: the cache's). */
  effects?: { down: string; up: string };
  /** While down, one operation is let through this often to see whether the store is back. */
  probeEveryMs?: number;
  now?: () => number;
}

/** The health of one store, shared by every Keyv on it: up, or down since a time, probed now and then. */
export class StoreGuard {
  private downSince: number | undefined;
  private probing = false;
  private nextProbeAt = 0;
  private readonly probeEveryMs: number;
  private readonly now: () => number;

  constructor(private readonly options: StoreGuardOptions) {
    this.probeEveryMs = options.probeEveryMs ?? Math.max(1000, 4 * options.timeoutMs);
    this.now = options.now ?? Date.now;
  }

  get down(): boolean {
    return this.downSince !== undefined;
  }

  /** The longest wait for one operation, ms (FOOTBALL_MCP_STORE_TIMEOUT_MS). */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /**
   * Runs `operation` within the timeout; on a timeout or an error, or while the store is down and no
   * probe is due, answers `fallback` instead (a read misses, a write is dropped).
   */
  async run<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    if (this.downSince !== undefined) {
      if (this.probing || this.now() < this.nextProbeAt) return fallback;
      this.probing = true;
    }
    const probe = this.probing;
    try {
      const value = await withTimeout(operation(), this.options.timeoutMs);
      this.recovered();
      return value;
    } catch (error) {
      this.failed(error);
      return fallback;
    } finally {
      if (probe) this.probing = false;
    }
  }

  /**
   * For data that must not be lost (watchlists): runs `operation` within the timeout and lets its outcome
   * through, a StoreTimeout past the timeout (`onTimeout` is called first, at once, to stop what the
   * operation would still send). Always sent, even while the store is down: a user's change is worth one
   * timeout. A timeout counts for the store's health as in run() (the outage logged once), an answer as its
   * recovery; the operation's own errors are the caller's to tell apart, and count for nothing here.
   */
  async strict<T>(operation: () => Promise<T>, onTimeout?: () => void): Promise<T> {
    let value: T;
    try {
      value = await withTimeout(operation(), this.options.timeoutMs, onTimeout);
    } catch (error) {
      if (error instanceof StoreTimeout) this.failed(error);
      throw error;
    }
    this.recovered();
    return value;
  }

  private failed(error: unknown): void {
    this.nextProbeAt = this.now() + this.probeEveryMs;
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    // The error's code or class only: a message may quote the address, password included.
    const code = (error as { code?: unknown })?.code;
    const what =
      error instanceof StoreTimeout
        ? `not answering within ${this.options.timeoutMs} ms (${this.options.setting ?? 'FOOTBALL_MCP_STORE_TIMEOUT_MS'})`
        : `failing (${typeof code === 'string' ? code : error instanceof Error ? error.name : 'error'})`;
    this.options.logger?.warn(
      `store ${this.options.label} ${what}: ${this.options.effects?.down ?? 'calls go on uncached (cache reads miss, writes and quota sharing are skipped)'}, until it answers again`,
    );
  }

  private recovered(): void {
    if (this.downSince === undefined) return;
    const seconds = Math.round((this.now() - this.downSince) / 1000);
    this.downSince = undefined;
    this.options.logger?.info(
      `store ${this.options.label} answers again after ${seconds} s: ${this.options.effects?.up ?? 'caching and quota sharing resume'}`,
    );
  }
}

/** No answer within the store timeout. */
export class StoreTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'StoreTimeout';
  }
}

/**
 * `promise`, or a StoreTimeout after `ms` (`onTimeout` called first). When the timer fires, answers already
 * received are read first (one turn of the event loop): a timer late because the process was busy (a long
 * render, a collection) is not a silent store.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          onTimeout?.();
          reject(new StoreTimeout(ms));
        }),
      ms,
    );
    // A late answer (or failure) of an operation already given up on is dropped here.
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Puts the operations the server uses (get, set, delete, has, clear) of `keyv` under `guard`, in place:
 * everything else (hooks, events, the adapter for pings) stays as it was.
 */
export function guardKeyv(keyv: Keyv, guard: StoreGuard): Keyv {
  const wrap = (name: 'get' | 'set' | 'delete' | 'has' | 'clear', fallback: (args: unknown[]) => unknown) => {
    const original = (keyv[name] as AnyMethod).bind(keyv);
    Object.defineProperty(keyv, name, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => guard.run(() => original(...args), fallback(args)),
    });
  };
  // A batch read misses item by item.
  wrap('get', ([key]) => (Array.isArray(key) ? key.map(() => undefined) : undefined));
  wrap('set', () => false);
  wrap('delete', () => false);
  wrap('has', () => false);
  wrap('clear', () => undefined);
  return keyv;
}
