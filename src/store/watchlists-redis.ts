// Watchlists in Redis, shared by every replica: one hash per owner (field = hash of the name, value =
// the document's JSON). A change is an optimistic transaction: WATCH the owner's hash, read, compute,
// MULTI/EXEC the write; EXEC fails if any replica wrote that hash meanwhile, and the change is computed
// again from the new state (bounded retries). No Lua, no lock to expire or leak when a replica dies.
// WATCH belongs to a connection, so this store has its own connection and runs one transaction at a
// time on it; reads go on it too. Durable once Redis acknowledges (on disk as Redis's AOF is set).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
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

const PREFIX = 'fsm-watchlists:';
const SECRET_KEY = 'fsm-watchlists-secret';
const ATTEMPTS = 25;

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
}

export class RedisWatchlistStore implements WatchlistStore {
  readonly kind = 'redis';
  readonly limits: WatchlistLimits;
  private readonly connection = new KeyedMutex();
  private readonly clock: () => Date;

  private constructor(
    private readonly client: RedisLike,
    private readonly secret: string,
    options: RedisWatchlistOptions,
  ) {
    this.limits = options.limits ?? DEFAULT_WATCHLIST_LIMITS;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Connects its own client to `url` and loads (or creates, once for all replicas) the secret. */
  static async open(url: string, options: RedisWatchlistOptions = {}): Promise<RedisWatchlistStore> {
    const { createClient } = await import('@keyv/redis');
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
    await client.connect();
    // SET NX: the first replica's secret wins, every other one reads it.
    await client.set(SECRET_KEY, randomBytes(32).toString('hex'), { NX: true });
    const secret = await client.get(SECRET_KEY);
    if (!secret) throw new Error('the Redis store did not keep the watchlist secret');
    return new RedisWatchlistStore(client, secret, options);
  }

  ownerOf(apiKey: string, scope = ''): string {
    return ownerId(this.secret, apiKey, scope);
  }

  async list(owner: string): Promise<WatchlistDoc[]> {
    const all = await this.exclusive(() => this.client.hGetAll(PREFIX + checkOwner(owner)));
    return Object.values(all)
      .map((json) => readDoc(json))
      .sort(byName);
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    const json = await this.exclusive(() => this.client.hGet(PREFIX + checkOwner(owner), fieldOf(name)));
    return json ? readDoc(json) : undefined;
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    const key = PREFIX + checkOwner(owner);
    const field = fieldOf(name);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const outcome = await this.exclusive(async () => {
        await this.client.watch(key);
        try {
          const [json, count] = await Promise.all([this.client.hGet(key, field), this.client.hLen(key)]);
          const current = json ? readDoc(json) : undefined;
          const others = count - (current ? 1 : 0);
          const next = applyChange(current, name, change, this.limits, others, this.clock().toISOString());
          if (!next) {
            await this.client.unwatch();
            return { done: true as const, doc: current };
          }
          await this.client.multi().hSet(key, field, next.json).exec();
          return { done: true as const, doc: next.doc };
        } catch (error) {
          await this.client.unwatch().catch(() => undefined);
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
    const removed = await this.exclusive(() => this.client.hDel(PREFIX + checkOwner(owner), fieldOf(name)));
    return removed > 0;
  }

  async close(): Promise<void> {
    await this.exclusive(async () => {
      try {
        if (this.client.close) await this.client.close();
        else if (this.client.quit) await this.client.quit();
      } catch {
        this.client.destroy?.();
      }
    });
  }

  /** One command sequence at a time on this store's connection (a WATCH spans several). */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.connection.run('connection', task);
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
