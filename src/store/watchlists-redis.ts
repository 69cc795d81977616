// Watchlists in Redis, shared by every replica. Per owner: an index hash `fsm-watchlists:{<owner>}:index`
// (field = hash of the name, value = the list's WatchlistInfo, a few hundred bytes) and one string per
// list, `fsm-watchlists:{<owner>}:<hash of the name>` (its document's JSON). Listing reads the index only,
// so a key with 50 lists of 200 players and 8 snapshots (about 40 MB) lists them in one small command;
// a list is read whole only when it is asked for. (The braces keep an owner's keys in one cluster slot.)
//
// A change is an optimistic transaction: WATCH the owner's index and the list's key, read, compute,
// MULTI/EXEC the document and its index entry together; EXEC fails if any replica wrote them meanwhile,
// and the change is computed again from the new state (bounded retries). No Lua, no lock to expire or
// leak when a replica dies. WATCH belongs to a connection, so this store has its own connection and runs
// one transaction at a time on it; reads go on it too. Durable once Redis acknowledges (on disk as
// Redis's AOF is set).
//
// Lists stored by earlier versions, all in one hash per owner (`fsm-watchlists:<owner>`, field = hash of
// the name), are still read: `get` reads there when the list has no key of its own, a change writes the
// list in the new layout and removes its old field in the same transaction, and listing moves every old
// field over, one list per transaction, before it answers (the newer of the two when a replica of the
// earlier version wrote one again meanwhile).
//
// Redis may stop answering with the connection open (frozen, stalled network): every command waits at
// most the watchlists' own timeout (FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS, a guard apart from the
// cache's: reading one large list never counts as the cache's Redis being down, and the cache's short
// timeout never cuts a large list short). Past it the connection is dropped, with whatever it still had
// queued or WATCHed, so nothing of an operation given up on is sent later: a change given up on before
// its EXEC was sent is not made, one given up on after is reported as unknown, never as done or as lost.
// Operations queued behind it fail unsent at once rather than wait one more timeout each; the next one
// connects anew.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreGuard, StoreTimeout } from './guard.js';
import { redisClientOptions } from './redis-client.js';
import { damagedInfo, damagedMessage, infoOf, parseInfo, type WatchlistInfo } from './watchlist-info.js';
import {
  applyChange,
  byName,
  checkOwner,
  DEFAULT_WATCHLIST_LIMITS,
  fieldOf,
  KeyedMutex,
  ownerId,
  readStored,
  type WatchlistChange,
  type WatchlistDoc,
  WatchlistError,
  type WatchlistLimits,
  type WatchlistStore,
  watchlistName,
} from './watchlists.js';

/** Every watchlist key starts so: the hash per owner of earlier versions, and each list's own key now. */
export const PREFIX = 'fsm-watchlists:';
/** The hash per owner of earlier versions: read, and emptied as its lists move to their own keys. */
const LEGACY_PREFIX = PREFIX;
export const SECRET_KEY = 'fsm-watchlists-secret';
const ATTEMPTS = 25;
/** The longest wait for one watchlist command unless set (FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS), ms. */
export const DEFAULT_WATCHLIST_STORE_TIMEOUT_MS = 2000;
/** node-redis's refusals to send a command at all (not connected, or closed). */
const UNSENT = new Set(['ClientOfflineError', 'ClientClosedError']);

/** The keys of one owner's watchlists. */
function keysOf(owner: string) {
  const base = `fsm-watchlists:{${checkOwner(owner)}}`;
  return {
    index: `${base}:index`,
    list: (field: string) => `${base}:${field}`,
    legacy: LEGACY_PREFIX + owner,
  };
}

interface MultiLike {
  set(key: string, value: string): MultiLike;
  del(key: string): MultiLike;
  hSet(key: string, field: string, value: string): MultiLike;
  hDel(key: string, field: string): MultiLike;
  exec(): Promise<unknown[]>;
}

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
  hKeys(key: string): Promise<string[]>;
  watch(keys: string | string[]): Promise<unknown>;
  unwatch(): Promise<unknown>;
  multi(): MultiLike;
}

export interface RedisWatchlistOptions {
  limits?: WatchlistLimits;
  clock?: () => Date;
  /**
   * The timeout of every command and the outage log: the watchlists' own guard (see open.ts), never the
   * cache's. Without one, a silent guard with DEFAULT_WATCHLIST_STORE_TIMEOUT_MS.
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
      const client = createClient(redisClientOptions(url)) as unknown as RedisLike;
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
    const guard =
      options.guard ??
      new StoreGuard({ timeoutMs: DEFAULT_WATCHLIST_STORE_TIMEOUT_MS, label: 'redis watchlists' });
    return new RedisWatchlistStore(newClient, client, secret, guard, options);
  }

  ownerOf(apiKey: string, scope = ''): string {
    return ownerId(this.secret, apiKey, scope);
  }

  // Keys and fields are computed before a command is sent: a refused owner or name is not a Redis failure.
  async list(owner: string): Promise<WatchlistInfo[]> {
    const keys = keysOf(owner);
    const [index, legacy] = await this.exclusive((turn) =>
      Promise.all([turn.send((c) => c.hGetAll(keys.index)), turn.send((c) => c.hKeys(keys.legacy))]),
    );
    const infos = new Map<string, WatchlistInfo>();
    const unreadable: string[] = [];
    for (const [field, json] of Object.entries(index)) {
      const info = parseInfo(json);
      if (info) infos.set(field, info);
      else unreadable.push(field);
    }
    // Lists of the earlier layout, and entries that do not read: indexed anew from their documents.
    for (const field of new Set([...legacy, ...unreadable])) {
      const info = await this.reindex(owner, field);
      if (info) infos.set(field, info);
      else infos.delete(field);
    }
    return [...infos.values()].sort(byName);
  }

  async get(owner: string, name: string): Promise<WatchlistDoc | undefined> {
    const keys = keysOf(owner);
    const field = fieldOf(name);
    const [json, legacy] = await this.exclusive(async (turn) => {
      const own = await turn.send((c) => c.get(keys.list(field)));
      return [own, own === null ? await turn.send((c) => c.hGet(keys.legacy, field)) : undefined] as const;
    });
    try {
      return readDoc(json ?? legacy ?? undefined, watchlistName(name));
    } catch (error) {
      // Listing reads the index only: mark the list damaged there, so listing names it from now on.
      await this.reindex(owner, field).catch(() => undefined);
      throw error;
    }
  }

  async update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined> {
    const keys = keysOf(owner);
    const field = fieldOf(name);
    const given = watchlistName(name);
    const outcome = await this.transaction(
      [keys.index, keys.list(field), keys.legacy],
      async (turn) => {
        const [json, legacy, indexed, legacyFields] = await Promise.all([
          turn.send((c) => c.get(keys.list(field))),
          turn.send((c) => c.hGet(keys.legacy, field)),
          turn.send((c) => c.hKeys(keys.index)),
          turn.send((c) => c.hKeys(keys.legacy)),
        ]);
        const current = newer(readDoc(json ?? undefined, given), readDoc(legacy ?? undefined, given));
        const others = new Set([...indexed, ...legacyFields]);
        others.delete(field);
        const next = applyChange(current, name, change, this.limits, others.size, this.clock().toISOString());
        if (!next) return { write: undefined, doc: current };
        const info = infoOf(next.doc, Buffer.byteLength(next.json));
        return {
          doc: next.doc,
          write: (multi: MultiLike) => {
            multi.set(keys.list(field), next.json).hSet(keys.index, field, JSON.stringify(info));
            if (legacy !== null && legacy !== undefined) multi.hDel(keys.legacy, field);
          },
        };
      },
      `watchlist "${given}"`,
    );
    return outcome;
  }

  async delete(owner: string, name: string): Promise<boolean> {
    const keys = keysOf(owner);
    const field = fieldOf(name);
    // A write of its own: unanswered, it may have been made. Damaged or not, the list goes.
    const replies = await this.exclusive((turn) =>
      turn.send(
        (c) => c.multi().del(keys.list(field)).hDel(keys.index, field).hDel(keys.legacy, field).exec(),
        true,
      ),
    );
    return replies.some((reply) => Number(reply) > 0);
  }

  /**
   * Moves one list of the earlier layout to its own key (the newer of the two if both exist) and writes
   * its index entry; also renews an index entry that does not read. Undefined when the list is gone.
   */
  private reindex(owner: string, field: string): Promise<WatchlistInfo | undefined> {
    const keys = keysOf(owner);
    return this.transaction(
      [keys.index, keys.list(field), keys.legacy],
      async (turn) => {
        const [json, legacy, known] = await Promise.all([
          turn.send((c) => c.get(keys.list(field))),
          turn.send((c) => c.hGet(keys.legacy, field)),
          turn.send((c) => c.hGet(keys.index, field)),
        ]);
        const own = json === null ? undefined : readStored(json);
        const old = legacy === null || legacy === undefined ? undefined : readStored(legacy);
        const ownDoc = own && 'doc' in own ? own.doc : undefined;
        const oldDoc = old && 'doc' in old ? old.doc : undefined;
        const doc = newer(ownDoc, oldDoc);
        const text = doc === oldDoc && doc ? (legacy ?? '') : (json ?? legacy ?? '');
        if (!own && !old) {
          return { doc: undefined, write: (multi: MultiLike) => void multi.hDel(keys.index, field) };
        }
        const info = doc
          ? infoOf(doc, Buffer.byteLength(text))
          : damagedInfo(
              text,
              `stored in Redis under ${json === null ? `${keys.legacy}, field ${field}` : keys.list(field)}: ${
                ((own ?? old) as { problem: string }).problem
              }`,
              `${json === null ? `field ${field} of ${keys.legacy}` : `key ${keys.list(field)}`} in Redis`,
              parseInfo(known ?? '') ?? undefined,
            );
        return {
          doc: info,
          write: (multi: MultiLike) => {
            // The old field's text moves when it is the version kept (a damaged one too, when alone).
            if (old && (doc ? doc === oldDoc : json === null)) multi.set(keys.list(field), legacy ?? '');
            multi.hSet(keys.index, field, JSON.stringify(info));
            if (old) multi.hDel(keys.legacy, field);
          },
        };
      },
      'the watchlists',
    );
  }

  /**
   * One optimistic transaction: WATCH `watched`, `compute` from what it reads, then send its `write`
   * (if any) in MULTI/EXEC; computed again when another replica wrote a watched key meanwhile.
   */
  private async transaction<T>(
    watched: string[],
    compute: (turn: Turn) => Promise<{ doc: T; write: ((multi: MultiLike) => void) | undefined }>,
    what: string,
  ): Promise<T> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const outcome = await this.exclusive(async (turn) => {
        await turn.send((c) => c.watch(watched));
        try {
          const { doc, write } = await compute(turn);
          if (!write) {
            await turn.send((c) => c.unwatch());
            return { done: true as const, doc };
          }
          await turn.send((c) => {
            const multi = c.multi();
            write(multi);
            return multi.exec();
          }, true);
          return { done: true as const, doc };
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
    throw new WatchlistError('busy', `${what} kept changing under other replicas: try again`);
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
    const hint = timedOut ? ' (if Redis is only slow, raise FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS)' : '';
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

/** The stored document, or WatchlistError('damaged') naming the list when it does not read. */
function readDoc(json: string | undefined, name: string): WatchlistDoc | undefined {
  if (json === undefined) return undefined;
  const read = readStored(json);
  if ('doc' in read) return read.doc;
  throw new WatchlistError('damaged', damagedMessage(name, `as stored in Redis: ${read.problem}`));
}

/** The later written of two versions of one list (a replica of the earlier version may write the old one). */
function newer(a: WatchlistDoc | undefined, b: WatchlistDoc | undefined): WatchlistDoc | undefined {
  if (!a || !b) return a ?? b;
  return b.updated_at > a.updated_at ? b : a;
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
