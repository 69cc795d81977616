// Watchlists in Redis, shared by every replica: one hash per owner (field = hash of the name, value =
// the document's JSON). A change is an optimistic transaction: WATCH the owner's hash, read, compute,
// MULTI/EXEC the write; EXEC fails if any replica wrote that hash meanwhile, and the change is computed
// again from the new state (bounded retries). No Lua, no lock to expire or leak when a replica dies.
// WATCH belongs to a connection, so this store has its own connection and runs one transaction at a
// time on it; reads go on it too. Durable once Redis acknowledges (on disk as Redis's AOF is set).
//
// Redis may stop answering with the connection open (frozen, stalled network): every command waits at
// most the store timeout (FOOTBALL_MCP_STORE_TIMEOUT_MS, through the guard the cache uses: one timeout,
// one outage log). Past it the connection is dropped, with whatever it still had queued or WATCHed, so
// nothing of an operation given up on is sent later: a change given up on before its EXEC was sent is
// not made, one given up on after is reported as unknown, never as done or as lost. Operations queued
// behind it fail unsent at once rather than wait one more timeout each; the next one connects anew.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_STORE_TIMEOUT_MS, StoreGuard, StoreTimeout } from './guard.js';
import {
  applyChange,
  byName,
  checkOwner,
  DEFAULT_WATCHLIST_LIMITS,
  fieldOf,
  KeyedMutex,
  ownerId,
  parseDocument,
  type WatchlistChange,
  type WatchlistDoc,
  WatchlistError,
  type WatchlistLimits,
  type WatchlistStore,
} from './watchlists.js';

export const PREFIX = 'fsm-watchlists:';
export const SECRET_KEY = 'fsm-watchlists-secret';
const ATTEMPTS = 25;
/** node-redis's refusals to send a command at all (not connected, or closed). */
const UNSENT = new Set(['ClientOfflineError', 'ClientClosedError']);

/** The few commands used, as node-redis v5 (through @keyv/redis) offers them. */
interface RedisLike {
  connect(): Promise<unknown>;
  destroy?(): void;
  close?(): Promise<unknown>;
  quit?(): Promise<unknown>;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: { NX?: true; condition?: 'NX' }): Promise<string | null>;
  hGet(key: string, field: string): Promise<string | null | undefined>;
  hGetAll(key: string): Promise<Record<string, string>>;
  hLen(key: string): Promise<number>;
  hDel(key: string, field: string): Promise<number>;
  watch(key: string): Promise<unknown>;
  unwatch(): Promise<unknown>;
  multi(): { hSet(key: string, field: string, value: string): { exec(): Promise<unknown> } };
}

export interface RedisWatchlistOptions {
  limits?: WatchlistLimits;
  clock?: () => Date;
  /**
   * The timeout of every command and the outage log: the guard of the cache on the same Redis (see
   * open.ts). Without one, a silent guard of its own with the default timeout (DEFAULT_STORE_TIMEOUT_MS).
   */
  guard?: StoreGuard;
}

/** One operation's use of the connection: the commands it sends, and whether its EXEC went out. */
interface Turn {
  /**
   * Sends one command within the store timeout; a StoreFailure if it fails or goes unanswered. `write`:
   * the command that makes the change (MULTI/EXEC, HDEL), whose failure may leave it made.
   */
  send<T>(command: (client: RedisLike) => Promise<T>, write?: boolean): Promise<T>;
}

/** A command that failed or went unanswered; `write` when it was the one making the change. */
class StoreFailure extends Error {
  constructor(
    readonly reason: unknown,
    readonly write: boolean,
  ) {
    super('watchlist store failure');
  }
}

export class RedisWatchlistStore implements WatchlistStore {
  readonly kind = 'redis';
  readonly limits: WatchlistLimits;
  private readonly queue = new KeyedMutex();
  private readonly clock: () => Date;
  /** The connection in use; undefined once dropped, until the next operation connects anew. */
  private client: RedisLike | undefined;
  /** Connections dropped so far: an operation that waited while one was dropped fails unsent. */
  private drops = 0;
  /** Closed: no operation connects again (a new connection would be left open after the exit's close). */
  private closed = false;

  private constructor(
    private readonly newClient: () => RedisLike,
    client: RedisLike,
    private readonly secret: string,
    private readonly guard: StoreGuard,
    options: RedisWatchlistOptions,
  ) {
    this.client = client;
    this.limits = options.limits ?? DEFAULT_WATCHLIST_LIMITS;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Connects its own client to `url` and loads (or creates, once for all replicas) the secret. */
  static async open(url: string, options: RedisWatchlistOptions = {}): Promise<RedisWatchlistStore> {
    const { createClient } = await import('@keyv/redis');
    const newClient = () => {
      const client = createClient({
        url,
        disableOfflineQueue: true,
        socket: {
          connectTimeout: 3000,
          reconnectStrategy: (retries: number) => Math.min(2000, 50 * 2 ** retries),
        },
      }) as unknown as RedisLike;
      // Connection errors surface as failed commands; an unheard 'error' event would end the process.
      client.on('error', () => undefined);
      return client;
    };
    const client = newClient();
    await client.connect();
    // SET NX: the first replica's secret wins, every other one reads it.
    await client.set(SECRET_KEY, randomBytes(32).toString('hex'), { NX: true });
    const secret = await client.get(SECRET_KEY);
    if (!secret) throw new Error('the Redis store did not keep the watchlist secret');
    const guard = options.guard ?? new StoreGuard({ timeoutMs: DEFAULT_STORE_TIMEOUT_MS, label: 'redis' });
    return new RedisWatchlistStore(newClient, client, secret, guard, options);
  }

  ownerOf(apiKey: string, scope = ''): string {
    return ownerId(this.secret, apiKey, scope);
  }

  // Keys and fields are computed before a command is sent: a refused owner or name is not a Redis failure.
  async list(owner: string): Promise<WatchlistDoc[]> {
    const key = PREFIX + checkOwner(owner);
    const all = await this.exclusive((turn) => turn.send((c) => c.hGetAll(key)));
    return Object.values(all)
      .map((json) => readDoc(json))
      .sort(byName);
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    const key = PREFIX + checkOwner(owner);
    const field = fieldOf(name);
    const json = await this.exclusive((turn) => turn.send((c) => c.hGet(key, field)));
    return json ? readDoc(json) : undefined;
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    const key = PREFIX + checkOwner(owner);
    const field = fieldOf(name);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const outcome = await this.exclusive(async (turn) => {
        await turn.send((c) => c.watch(key));
        try {
          const [json, count] = await Promise.all([
            turn.send((c) => c.hGet(key, field)),
            turn.send((c) => c.hLen(key)),
          ]);
          const current = json ? readDoc(json) : undefined;
          const others = count - (current ? 1 : 0);
          const next = applyChange(current, name, change, this.limits, others, this.clock().toISOString());
          if (!next) {
            await turn.send((c) => c.unwatch());
            return { done: true as const, doc: current };
          }
          await turn.send((c) => c.multi().hSet(key, field, next.json).exec(), true);
          return { done: true as const, doc: next.doc };
        } catch (error) {
          // After a timeout the connection is gone, and its WATCH with it: nothing is sent.
          await turn.send((c) => c.unwatch()).catch(() => undefined);
          if (isWatchError(error)) return { done: false as const };
          throw error;
        }
      });
      if (outcome.done) return outcome.doc;
      await sleep(Math.round(Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
    throw new WatchlistError('busy', `watchlist "${name}" kept changing under other replicas: try again`);
  }

  async delete(owner: string, name: string): Promise<boolean> {
    const key = PREFIX + checkOwner(owner);
    const field = fieldOf(name);
    // A write of its own: unanswered, it may have been made.
    const removed = await this.exclusive((turn) => turn.send((c) => c.hDel(key, field), true));
    return removed > 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    // After the operations queued (each bounded), and bounded itself: a frozen Redis does not hold the exit.
    await this.queue
      .run('connection', async () => {
        const client = this.client;
        this.client = undefined;
        if (!client) return;
        try {
          const closing = client.close ? client.close() : client.quit?.();
          await this.guard.strict(
            () => closing ?? Promise.resolve(),
            () => destroy(client),
          );
        } catch {
          destroy(client);
        }
      })
      .catch(() => undefined);
  }

  /**
   * Runs `task` on this store's connection, one operation at a time (a WATCH spans several commands),
   * every command within the store timeout. Redis's failures come out as WatchlistError: 'unavailable'
   * (nothing was changed) or 'outcome_unknown' (the EXEC, or a delete, was sent and not answered).
   */
  private exclusive<T>(task: (turn: Turn) => Promise<T>): Promise<T> {
    const drops = this.drops;
    return this.queue.run('connection', async () => {
      if (this.closed) {
        throw new WatchlistError('unavailable', 'the watchlist store is closed (the server is stopping)');
      }
      try {
        // The connection was dropped while this waited: Redis is not answering, and waiting one more
        // timeout behind each queued operation would only hold the callers longer. Nothing was sent.
        if (this.drops !== drops) throw new StoreFailure(new StoreTimeout(this.guard.timeoutMs), false);
        const client = await this.connection();
        let over = false;
        const turn: Turn = {
          send: async (command, write = false) => {
            if (over) throw new StoreFailure(new StoreTimeout(this.guard.timeoutMs), false);
            try {
              return await this.guard.strict(
                () => command(client),
                () => {
                  over = true;
                  this.drop(client);
                },
              );
            } catch (error) {
              if (isWatchError(error)) throw error;
              throw new StoreFailure(error, write);
            }
          },
        };
        return await task(turn);
      } catch (error) {
        throw error instanceof StoreFailure ? this.failure(error) : error;
      }
    });
  }

  /** The connection, a new one if the last was dropped (connected within the store timeout). */
  private async connection(): Promise<RedisLike> {
    if (this.client) return this.client;
    const client = this.newClient();
    try {
      await this.guard.strict(
        () => client.connect(),
        () => {
          this.drops += 1;
          destroy(client);
        },
      );
    } catch (error) {
      destroy(client);
      throw new StoreFailure(error, false);
    }
    this.client = client;
    return client;
  }

  /** Gives up on the connection: its queued commands fail unsent, its WATCH ends with it. */
  private drop(client: RedisLike): void {
    if (this.client === client) {
      this.client = undefined;
      this.drops += 1;
    }
    destroy(client);
  }

  /** What the caller is told: whether anything may have changed, and what to do. */
  private failure({ reason, write }: StoreFailure): WatchlistError {
    const timedOut = reason instanceof StoreTimeout;
    const what = timedOut ? `did not answer within ${reason.timeoutMs} ms` : `failed (${errorCode(reason)})`;
    const hint = timedOut ? ' (if Redis is only slow, raise FOOTBALL_MCP_STORE_TIMEOUT_MS)' : '';
    // Refused (an error reply) or never sent (no connection), the change was not made; unanswered or cut
    // off on the way, it may have been.
    if (write && !isErrorReply(reason) && !UNSENT.has(errorCode(reason))) {
      return new WatchlistError(
        'outcome_unknown',
        `the watchlist store (Redis) ${what} after the change was sent${hint}`,
      );
    }
    return new WatchlistError('unavailable', `the watchlist store (Redis) ${what}${hint}`);
  }
}

function readDoc(json: string): WatchlistDoc {
  const doc = parseDocument(json);
  if (!doc) throw new WatchlistError('invalid_document', 'an unreadable watchlist is stored in Redis');
  return doc;
}

function isWatchError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'WatchError' || error.constructor.name === 'WatchError');
}

/** Ends a connection at once, its pending commands failed unsent (node-redis throws if already closed). */
function destroy(client: RedisLike): void {
  try {
    client.destroy?.();
  } catch {
    // closed already
  }
}

/** The error's code or class only: a message may quote the address, password included. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.constructor.name || error.name : 'error';
}

/** Redis answered with an error (ErrorReply and its kinds): the command was refused, not left hanging. */
function isErrorReply(error: unknown): boolean {
  for (let proto = Object.getPrototypeOf(error); proto; proto = Object.getPrototypeOf(proto)) {
    if (proto.constructor?.name === 'ErrorReply') return true;
  }
  return false;
}
