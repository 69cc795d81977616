import { access, constants } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import Keyv from 'keyv';
import { memoryCacheStore, NATIVE_JSON } from '../api/cache.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { sha256 } from '../lib/canonical.js';
import { StartError } from '../start-error.js';
import { FileKeyvStore } from './file-keyv.js';
import { ensureDir } from './fs.js';
import {
  DEFAULT_STORE_TIMEOUT_MS,
  guardKeyv,
  StoreGuard,
  type StoreGuardOptions,
  withTimeout,
} from './guard.js';
import { checkRedisSecret, fileListsWithoutSecret, missingFileSecret, type SecretProbe } from './orphans.js';
import { redisClientOptions } from './redis-client.js';
import { checkEvictionPolicy, type PolicyClient } from './redis-policy.js';
import { UnusableWatchlistStore } from './unusable.js';
import { DEFAULT_WATCHLIST_LIMITS, type WatchlistLimits, type WatchlistStore } from './watchlists.js';
import { MemoryWatchlistStore } from './watchlists-memory.js';

/** Where answers, quota states and watchlists live: this process, a directory, or Redis shared by replicas. */
export interface Stores {
  kind: 'memory' | 'file' | 'redis';
  /** Cached upstream answers, keyed by a hash that includes the API key's tag. */
  cache: Keyv;
  /** Quota state per API key tag. */
  quota: Keyv;
  /** User data: watchlists per owner (a keyed hash of the API key). Never expires, never evicted. */
  watchlists: WatchlistStore;
  /** What to show in logs: never a password. */
  label: string;
  /** True when the store answers; readiness asks this. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Most cached answers kept. */
  maxEntries: number;
  /** Most bytes of cached answers kept (memory: DEFAULT_CACHE_MAX_BYTES if unset); 0: see ResponseCache. */
  maxBytes?: number;
  /**
   * Redis: the longest wait for one operation of the cache or quota states before the call goes on
   * uncached (see guard.ts).
   */
  timeoutMs?: number;
  /**
   * Redis: the longest wait for one command of a watchlist operation before it fails, apart from the
   * cache's (DEFAULT_WATCHLIST_STORE_TIMEOUT_MS unless set): a list can be megabytes.
   */
  watchlistTimeoutMs?: number;
  /** Told once when Redis stops answering and once when it answers again. */
  logger?: StoreGuardOptions['logger'];
  /**
   * The upstream the cache and quota states belong to (its address, or the embedded sandbox's seed,
   * dialect and week): a store that outlives the process, or is shared, must never answer for another
   * upstream. Watchlists are not partitioned (they belong to the API key).
   */
  partition?: string;
  watchlists?: WatchlistLimits;
  /** Most quota states kept, one per API key (memory and file; Redis expires them): --max-known-keys. */
  maxKnownKeys?: number;
  /** Told when the file store fails to write or sweep (the call still succeeds: a cache miss later). */
  onError?: (error: unknown) => void;
  /**
   * A Redis of its own for watchlists (--watchlist-store), for when the store's Redis may evict keys:
   * the store then keeps cached answers and quota states only.
   */
  watchlistStore?: string;
}

/** Caller keys whose quota state is kept (and, over HTTP, what the API said of them), unless set. */
export const DEFAULT_MAX_KNOWN_KEYS = 10_000;
/** A quota state on disk is well under this many bytes. */
const QUOTA_ENTRY_BYTES = 1_000;

const CACHE_NAMESPACE = 'fsm-cache';
const QUOTA_NAMESPACE = 'fsm-quota';
/** Cached answers and quota states are swept for expired entries this often (file store), ms. */
const SWEEP_INTERVAL_MS = 3600_000;

function namespaces(partition: string | undefined): { cache: string; quota: string } {
  const suffix = partition ? `:${sha256(partition).slice(0, 12)}` : '';
  return { cache: CACHE_NAMESPACE + suffix, quota: QUOTA_NAMESPACE + suffix };
}

export function memoryStores(
  maxEntries: number,
  options: { maxBytes?: number; watchlists?: WatchlistLimits; maxKnownKeys?: number } = {},
): Stores {
  return {
    kind: 'memory',
    cache: memoryCacheStore(maxEntries, options.maxBytes, CACHE_NAMESPACE),
    // One small entry per API key seen; bounded all the same.
    quota: new Keyv({
      store: new BoundedMap(options.maxKnownKeys ?? DEFAULT_MAX_KNOWN_KEYS),
      namespace: QUOTA_NAMESPACE,
    }),
    watchlists: new MemoryWatchlistStore(options.watchlists ?? DEFAULT_WATCHLIST_LIMITS),
    label: 'memory',
    ping: async () => true,
    close: async () => undefined,
  };
}

/** A store directory that cannot be used: where, and why. */
export class StoreDirError extends StartError {
  constructor(
    readonly dir: string,
    readonly reason: string,
  ) {
    super(
      `cannot use the store directory ${dir}: ${reason}; fix it, or set --store / FOOTBALL_MCP_STORE (file:<directory>, memory or redis://host:port)`,
    );
    this.name = 'StoreDirError';
  }
}

/**
 * What runs when the default store directory cannot be used: answers and quota states in memory (lost
 * at exit, and nothing the user asked to keep), watchlists refused with the reason. Never watchlists in
 * memory: that would tell the assistant "no watchlists" while lists are on disk, and acknowledge adds
 * that vanish at exit.
 */
export function storesWithoutWatchlists(
  failure: StoreDirError,
  maxEntries: number,
  options: { maxBytes?: number; watchlists?: WatchlistLimits; maxKnownKeys?: number } = {},
): Stores {
  const stores = memoryStores(maxEntries, options);
  return {
    ...stores,
    watchlists: new UnusableWatchlistStore(
      'file',
      `the watchlist store ${failure.dir} cannot be used: ${failure.reason}`,
      options.watchlists,
    ),
    label: `memory (store directory ${failure.dir} unusable)`,
  };
}

/**
 * `memory`, `file:<dir>` or `redis://[user:password@]host:port[/db]` (also `rediss://`); with
 * `options.watchlistStore`, watchlists in that Redis instead.
 */
export async function openStores(spec: string, options: StoreOptions): Promise<Stores> {
  const url = options.watchlistStore;
  if (url === undefined) return openMain(spec, options, true);
  if (!/^rediss?:\/\//.test(url)) {
    throw new StartError(
      `--watchlist-store / FOOTBALL_MCP_WATCHLIST_STORE: "${redisLabel(url)}" is not redis://host:port`,
    );
  }
  const { watchlists, client } = await openRedisWatchlists(url, options);
  const closeOwn = () => Promise.all([watchlists.close(), client.close()]).catch(() => undefined);
  let main: Stores;
  try {
    main = await openMain(spec, options, false);
  } catch (error) {
    await closeOwn();
    throw error;
  }
  const closeMain = main.close.bind(main);
  const pingMain = main.ping.bind(main);
  return {
    ...main,
    watchlists,
    label: `${main.label}, watchlists ${redisLabel(url)}`,
    // Ready only while both answer: watchlist tools cannot go on without theirs.
    async ping() {
      const own = withTimeout(client.ping(), 2000).then(
        (answer) => answer === 'PONG',
        () => false,
      );
      return (await Promise.all([pingMain(), own])).every(Boolean);
    },
    async close() {
      await Promise.all([closeMain(), closeOwn()]);
    },
  };
}

/**
 * Watchlists alone in the Redis at `url`, with a guard of their own, once its policy is known to keep them;
 * and a client of the server's own there, for readiness.
 */
async function openRedisWatchlists(
  url: string,
  options: StoreOptions,
): Promise<{ watchlists: WatchlistStore; client: { ping(): Promise<string>; close(): Promise<void> } }> {
  const { createClient } = await import('@keyv/redis');
  const { RedisWatchlistStore, SECRET_KEY, PREFIX } = await import('./watchlists-redis.js');
  const label = redisLabel(url);
  const unreachable = () =>
    new StartError(
      `cannot reach the watchlist store at ${label}: start Redis there, or fix --watchlist-store / FOOTBALL_MCP_WATCHLIST_STORE (redis://host:port)`,
    );
  const client = createClient(redisClientOptions(url));
  client.on('error', () => undefined);
  try {
    await withTimeout(client.connect(), 5000);
    await checkEvictionPolicy(client, label, options.logger);
    await checkRedisSecret(client, label, SECRET_KEY, PREFIX);
  } catch (error) {
    client.destroy();
    throw error instanceof StartError ? error : unreachable();
  }
  const guard = new StoreGuard({
    timeoutMs: options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
    label,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  try {
    const watchlists = await RedisWatchlistStore.open(url, {
      limits: options.watchlists ?? DEFAULT_WATCHLIST_LIMITS,
      guard,
    });
    // destroy, not close: closing waits on a Redis that may be gone.
    return { watchlists, client: { ping: () => client.ping(), close: async () => client.destroy() } };
  } catch {
    client.destroy();
    throw unreachable();
  }
}

/** The store `spec` names; its watchlists too unless `withWatchlists` is false (kept elsewhere). */
async function openMain(spec: string, options: StoreOptions, withWatchlists: boolean): Promise<Stores> {
  const limits = options.watchlists ?? DEFAULT_WATCHLIST_LIMITS;
  if (spec === 'memory')
    return memoryStores(options.maxEntries, {
      watchlists: limits,
      ...(options.maxKnownKeys !== undefined ? { maxKnownKeys: options.maxKnownKeys } : {}),
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    });
  if (spec.startsWith('file:')) return openFile(spec.slice('file:'.length), options, limits);
  if (/^rediss?:\/\//.test(spec)) return openRedis(spec, options, limits, withWatchlists);
  throw new StartError(
    `--store / FOOTBALL_MCP_STORE: "${spec}" is not memory, file:<directory> or redis://host:port`,
  );
}

/**
 * A directory that outlives the process and may be shared by several (two assistants open at once):
 * <dir>/cache and <dir>/quota (one file per entry, see file-keyv.ts), <dir>/watchlists (see
 * watchlists-file.ts) and <dir>/secret.
 */
export async function openFile(dir: string, options: StoreOptions, limits: WatchlistLimits): Promise<Stores> {
  if (dir.trim() === '')
    throw new StartError(
      '--store / FOOTBALL_MCP_STORE: file: needs a directory, e.g. file:/var/cache/football-scout-mcp',
    );
  const root = resolve(dir);
  // Loaded only when asked for: the memory and Redis stores need neither.
  const { FileWatchlistStore } = await import('./watchlists-file.js');
  let watchlists: WatchlistStore;
  try {
    await ensureDir(root, true);
    await access(root, constants.R_OK | constants.W_OK);
    const orphaned = await fileListsWithoutSecret(root);
    if (orphaned > 0) throw new Error(missingFileSecret(root, orphaned));
    watchlists = await FileWatchlistStore.open(root, { limits });
  } catch (error) {
    throw new StoreDirError(root, (error as Error).message);
  }
  const ns = namespaces(options.partition);
  const cacheStore = new FileKeyvStore({
    dir: join(root, 'cache'),
    maxEntries: options.maxEntries,
    maxBytes: options.maxBytes ?? 0,
    sweepIntervalMs: SWEEP_INTERVAL_MS,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const quotaStore = new FileKeyvStore({
    dir: join(root, 'quota'),
    maxEntries: options.maxKnownKeys ?? DEFAULT_MAX_KNOWN_KEYS,
    maxBytes: (options.maxKnownKeys ?? DEFAULT_MAX_KNOWN_KEYS) * QUOTA_ENTRY_BYTES,
    sweepIntervalMs: SWEEP_INTERVAL_MS,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  await Promise.all([cacheStore.init(), quotaStore.init()]);
  const cache = new Keyv({ store: cacheStore, namespace: ns.cache, ...NATIVE_JSON });
  const quota = new Keyv({ store: quotaStore, namespace: ns.quota });
  return {
    kind: 'file',
    cache,
    quota,
    watchlists,
    label: `file:${root}`,
    async ping() {
      try {
        await access(root, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([cacheStore.disconnect(), quotaStore.disconnect(), watchlists.close()]);
    },
  };
}

async function openRedis(
  url: string,
  options: StoreOptions,
  limits: WatchlistLimits,
  withWatchlists: boolean,
): Promise<Stores> {
  // Loaded only when asked for: the memory store needs no Redis client.
  const { createKeyv } = await import('@keyv/redis');
  const { DEFAULT_WATCHLIST_STORE_TIMEOUT_MS, RedisWatchlistStore, SECRET_KEY, PREFIX } = await import(
    './watchlists-redis.js'
  );
  const label = redisLabel(url);
  const keyvOptions = { connectionTimeout: 3000, throwOnConnectError: true };
  // Without the offline queue a command fails at once while Redis is down: a cache miss, not a hung call.
  const client = { url, disableOfflineQueue: true };
  const ns = namespaces(options.partition);
  const cache = createKeyv(client, { ...keyvOptions, namespace: ns.cache });
  cache.serialize = NATIVE_JSON.serialize;
  cache.deserialize = NATIVE_JSON.deserialize;
  const quota = createKeyv(client, { ...keyvOptions, namespace: ns.quota });
  // Connected but silent (frozen, stalled) Redis must not hang the calls: one guard for all three.
  const guard = new StoreGuard({
    timeoutMs: options.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
    label,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  guardKeyv(cache, guard);
  guardKeyv(quota, guard);
  const unreachable = () =>
    new StartError(
      `cannot reach the store at ${label}: start Redis there, or fix --store / FOOTBALL_MCP_STORE (memory, file:<directory> or redis://host:port)`,
    );
  const ping = async () => {
    try {
      return (await Promise.all([cache, quota].map(pingOne))).every(Boolean);
    } catch {
      return false;
    }
  };
  const closeKeyv = () => Promise.all([cache.disconnect(), quota.disconnect()]).catch(() => undefined);
  if (!(await ping())) {
    await closeKeyv();
    throw unreachable();
  }
  // A guard of their own: a large list read slowly never marks the cache's Redis as down, and the cache's
  // short timeout never cuts a list short.
  const watchlistGuard = new StoreGuard({
    timeoutMs: options.watchlistTimeoutMs ?? DEFAULT_WATCHLIST_STORE_TIMEOUT_MS,
    label: `${label} (watchlists)`,
    setting: 'FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS',
    effects: { down: 'watchlist tools answer an error', up: 'watchlists resume' },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let watchlists: WatchlistStore;
  if (!withWatchlists) {
    // Kept in a Redis of their own (--watchlist-store): this one may evict.
    watchlists = new MemoryWatchlistStore(limits);
  } else {
    try {
      const client = await redisClient(cache);
      await checkEvictionPolicy(client, label, options.logger);
      await checkRedisSecret(client, label, SECRET_KEY, PREFIX);
    } catch (error) {
      await closeKeyv();
      throw error instanceof StartError ? error : unreachable();
    }
    try {
      watchlists = await RedisWatchlistStore.open(url, { limits, guard: watchlistGuard });
    } catch {
      await closeKeyv();
      throw unreachable();
    }
  }
  return {
    kind: 'redis',
    cache,
    quota,
    watchlists,
    label,
    ping,
    async close() {
      await Promise.all([closeKeyv(), watchlists.close().catch(() => undefined)]);
    },
  };
}

type RedisClient = PolicyClient & SecretProbe & { ping(): Promise<string> };

function redisClient(keyv: Keyv): Promise<RedisClient> {
  return (keyv.store as { getClient(): Promise<RedisClient> }).getClient();
}

async function pingOne(keyv: Keyv): Promise<boolean> {
  return (await withTimeout((await redisClient(keyv)).ping(), 2000)) === 'PONG';
}

/** The Redis address without credentials. */
export function redisLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis (unparsable address)';
  }
}
